package httpd_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/mail/smtptest"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
)

// receiptEnv is the whole stack with its relay mailing to an in-process
// SMTP server, on the clock of the demo's visit slots.
type receiptEnv struct {
	url   string
	store *store.Store
	smtp  *smtptest.Server
	relay *leads.Relay
	// later moves the receipts' clock on.
	later atomic.Int64
}

func newReceiptEnv(t *testing.T) *receiptEnv {
	t.Helper()
	e := &receiptEnv{}
	now := func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	cfg.Forms.Captcha = "off"
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	smtp := smtptest.Start(t)
	sender, err := mail.NewSender(mail.Config{Host: smtp.Host(), Port: smtp.Port(), TLS: mail.TLSNone, From: "site@agency.example",
		AgencyTo: "office@agency.example", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	routes, err := site.NewRoutes(cfg.Site, cfg.Languages.Enabled, cfg.Languages.Default)
	if err != nil {
		t.Fatal(err)
	}
	m := &leads.Mailer{Spec: spec, Sender: sender, Catalog: st, Links: site.Links{Routes: routes}, Location: cfg.Sync.Timezone,
		Agency:   mail.AgencyView{Name: "Ardenne Immo", Phone: "061 00 00 00", Email: "info@agency.example", BaseURL: siteOrigin},
		AgencyTo: mail.Address{Name: "Ardenne Immo", Email: "office@agency.example"}}
	receipts, err := leads.NewReceipts([]byte(strings.Repeat("r", 32)), m, func() time.Time { return now().Add(time.Duration(e.later.Load())) })
	if err != nil {
		t.Fatal(err)
	}
	relay := leads.NewRelay(st, m, leads.RetryPolicy{Base: 10 * time.Millisecond}, slog.New(slog.DiscardHandler), leads.RelayClock(now))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { relay.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	svc := leads.NewService(spec, st, st, false, now)
	svc.Use(leads.Helpers{Receipts: receipts, Relay: relay})
	engine, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: testUI,
		Leads: svc, Receipts: receipts})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	t.Cleanup(srv.Close)
	e.url, e.store, e.smtp, e.relay = srv.URL, st, smtp, relay
	return e
}

// visitor is who books in these tests: none of it may reach a thank-you page.
var visitor = map[string]any{"title": "ms", "firstName": "Claire", "lastName": "Zoutelande", "email": "claire.zoutelande@example.be",
	"phone": "0470123456", "privacy": true, "remark": "Ik kom met mijn hond Bobbie"}

func (e *receiptEnv) send(t *testing.T, form, lang string, fields map[string]any) (redirect string) {
	t.Helper()
	all := map[string]any{}
	for k, v := range visitor {
		all[k] = v
	}
	for k, v := range fields {
		all[k] = v
	}
	status, out := (&formsEnv{url: e.url}).post(t, form, body(t, lang, all))
	if status != http.StatusCreated {
		t.Fatalf("%s: %d %v", form, status, out)
	}
	return out["redirect"].(string)
}

func (e *receiptEnv) receipt(t *testing.T, lang, token string) (int, map[string]any, http.Header) {
	t.Helper()
	resp, raw := get(t, e.url+"/api/receipt?"+url.Values{"lang": {lang}, "token": {token}}.Encode())
	var out map[string]any
	_ = json.Unmarshal([]byte(raw), &out)
	return resp.StatusCode, out, resp.Header
}

// noVisitor fails when a public answer carries anything the visitor typed.
func noVisitor(t *testing.T, what, body string) {
	t.Helper()
	for _, v := range []string{"Claire", "Zoutelande", "claire.zoutelande", "0470123456", "Bobbie"} {
		if strings.Contains(body, v) {
			t.Errorf("%s shows the visitor's %q", what, v)
		}
	}
}

var dtstart = regexp.MustCompile(`(?m)^DTSTART:(\S+)\r$`)

// A booked visit's thank-you page says it is booked, when (in the agency's
// zone, in the page's language), links back to the property and offers the
// same calendar event as the mails; its address shows nobody's identity and
// a guessed or altered one shows nothing.
func TestBookingThankYouSaysWhatHappened(t *testing.T) {
	e := newReceiptEnv(t)
	tests := []struct {
		lang, thanks, when, booked, calendar string
	}{
		{"nl", "/nl/bedankt/contact-appointment/", "zaterdag 12 december 2026 van 14.00 tot 14.45 uur", "Uw bezoek is geboekt", "Zet het bezoek in uw agenda"},
		{"fr", "/fr/merci/contact-appointment/", "samedi 12 décembre 2026 de 14h00 à 14h45", "Votre visite est réservée", "Ajouter la visite à votre agenda"},
	}
	for _, tc := range tests {
		t.Run(tc.lang, func(t *testing.T) {
			e.smtp.Clear()
			// One booking of a slot per person: each language's visitor is another Claire.
			redirect := e.send(t, "contact-appointment", tc.lang, map[string]any{"property": 4003, "slot": "3",
				"email": "claire.zoutelande." + tc.lang + "@example.be"})
			u, err := url.Parse(redirect)
			if err != nil || u.Path != tc.thanks || u.Query().Get("receipt") == "" {
				t.Fatalf("redirect %q: the thank-you page with its receipt", redirect)
			}
			noVisitor(t, "the redirect", redirect)
			token := u.Query().Get("receipt")

			status, r, header := e.receipt(t, tc.lang, token)
			if status != http.StatusOK || header.Get("Cache-Control") != "no-store" {
				t.Fatalf("%d %v %v", status, r, header)
			}
			raw, _ := json.Marshal(r)
			noVisitor(t, "the receipt", string(raw))
			visit, _ := r["visit"].(map[string]any)
			subject, _ := r["subject"].(map[string]any)
			if r["form"] != "contact-appointment" || visit == nil || subject == nil {
				t.Fatalf("receipt %s", raw)
			}
			if visit["start"] != "2026-12-12T13:00:00Z" || visit["end"] != "2026-12-12T13:45:00Z" || visit["when"] != tc.when {
				t.Errorf("visit %v, want 13:00Z and %q", visit, tc.when)
			}
			var detail struct{ Path string }
			getJSON(t, e.url+"/api/page?path="+url.QueryEscape(subject["url"].(string)), &detail)
			if detail.Path == "" || detail.Path != subject["url"] || subject["id"] != 4003.0 || !strings.HasPrefix(detail.Path, "/"+tc.lang+"/") {
				t.Errorf("subject %v: not the property's page (%q)", subject, detail.Path)
			}

			calendar := visit["calendar"].(string)
			resp, ics := get(t, e.url+calendar)
			if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/calendar") ||
				!strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment") || resp.Header.Get("Cache-Control") != "no-store" {
				t.Fatalf("%s: %d %v", calendar, resp.StatusCode, resp.Header)
			}
			noVisitor(t, "the .ics", ics)
			if m := dtstart.FindStringSubmatch(ics); m == nil || m[1] != "20261212T130000Z" {
				t.Errorf("the .ics starts %v:\n%s", m, ics)
			}

			// The mails carry the same event, to the visitor as an invitation.
			e.relay.Wake()
			msgs := e.smtp.Wait(t, 2, 10*time.Second)
			for _, msg := range msgs {
				p, err := msg.Parse()
				if err != nil {
					t.Fatal(err)
				}
				atts := p.Attachments()
				if len(atts) != 1 {
					t.Fatalf("mail to %v has %d attachments", msg.To, len(atts))
				}
				if mailed, shown := event(string(atts[0].Body)), event(ics); mailed != shown {
					t.Errorf("mail to %v: its event\n%s\nis not the page's\n%s", msg.To, mailed, shown)
				}
			}

			// Without scripts the page says the same.
			resp, html := get(t, e.url+redirect)
			if resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "no-store" {
				t.Errorf("page: %d %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
			}
			noscript := html[strings.Index(html, "<noscript>"):]
			noscript = noscript[:strings.Index(noscript, "</noscript>")]
			for _, want := range []string{tc.booked, tc.when, `href="` + subject["url"].(string) + `"`, `href="/api/receipt/visit.ics?`, tc.calendar} {
				if !strings.Contains(noscript, want) {
					t.Errorf("the page without scripts lacks %q:\n%s", want, noscript)
				}
			}
			noVisitor(t, "the page", html)
		})
	}

	t.Run("one visitor's page is nobody else's", func(t *testing.T) {
		first := e.send(t, "contact-appointment", "nl", map[string]any{"property": 4003, "slot": "3",
			"email": "claire.zoutelande.other@example.be"})
		second := e.send(t, "contact-appointment", "nl", map[string]any{"property": 4003, "slot": "4"})
		_, a := get(t, e.url+first)
		_, b := get(t, e.url+second)
		_, bare := get(t, e.url+"/nl/bedankt/contact-appointment/")
		if !strings.Contains(a, "12 december 2026") || !strings.Contains(b, "9 januari 2027") || strings.Contains(b, "12 december 2026") {
			t.Error("a thank-you page shows another booking")
		}
		if strings.Contains(bare, "december") || strings.Contains(bare, "januari") || !strings.Contains(bare, "Bedankt voor uw aanvraag voor een bezoek") {
			t.Errorf("the bare thank-you page:\n%s", bare)
		}
	})

	t.Run("guessed, altered and expired tokens show nothing", func(t *testing.T) {
		redirect := e.send(t, "contact-appointment", "nl", map[string]any{"property": 4021, "slot": "11"})
		u, _ := url.Parse(redirect)
		token := u.Query().Get("receipt")
		if _, html := get(t, e.url+redirect); !strings.Contains(html, "9 januari 2027") {
			t.Fatal("the genuine page does not show its visit")
		}
		payload, sum, _ := strings.Cut(token, ".")
		for _, bad := range []string{"", "1.2", payload + "." + sum[1:], strings.Replace(payload, payload[3:4], map[bool]string{true: "B", false: "A"}[payload[3] == 'A'], 1) + "." + sum} {
			if status, out, _ := e.receipt(t, "nl", bad); status != http.StatusNotFound {
				t.Errorf("token %q: %d %v", bad, status, out)
			}
			if resp, _ := get(t, e.url+"/api/receipt/visit.ics?token="+url.QueryEscape(bad)); resp.StatusCode != http.StatusNotFound {
				t.Errorf("calendar of %q: %d", bad, resp.StatusCode)
			}
			_, html := get(t, e.url+"/nl/bedankt/contact-appointment/?receipt="+url.QueryEscape(bad))
			if strings.Contains(html, "januari") || strings.Contains(html, "visit.ics") {
				t.Errorf("token %q: the page shows a booking", bad)
			}
		}
		// The receipt of a booking does not make another form's page say it.
		_, html := get(t, e.url+"/nl/bedankt/offer/?receipt="+url.QueryEscape(token))
		if strings.Contains(html, "januari") {
			t.Error("an offer's thank-you page shows a visit")
		}
		// A day later the address tells nothing any more.
		e.later.Store(int64(leads.ReceiptTTL + time.Minute))
		defer e.later.Store(0)
		if status, out, _ := e.receipt(t, "nl", token); status != http.StatusGone {
			t.Errorf("expired: %d %v", status, out)
		}
		if _, html := get(t, e.url+redirect); strings.Contains(html, "januari") {
			t.Error("an expired receipt's page shows the visit")
		}
	})
}

// event is a calendar file's event without what differs between sending
// and downloading: when it was written, and the invitation's attendee.
func event(ics string) string {
	var keep []string
	for _, line := range strings.Split(strings.ReplaceAll(ics, "\r\n ", ""), "\r\n") {
		if strings.HasPrefix(line, "DTSTAMP") || strings.HasPrefix(line, "ATTENDEE") || strings.HasPrefix(line, "METHOD") {
			continue
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, "\n")
}

// Each form about a property or project carries a receipt that says what
// its mails say: the documents mail of a property with documents lists them,
// the one of a property without says there are none; forms about nothing
// carry none.
func TestReceiptsOfEveryForm(t *testing.T) {
	e := newReceiptEnv(t)
	person := map[string]any{"street": "Kerkstraat 1", "zip": "6830", "city": "Bouillon", "remark": "Graag info"}
	tests := []struct {
		form      string
		fields    map[string]any
		kind      string
		goal      any // a property's, which list the page offers
		documents any // the receipt's count; nil: none
	}{
		{"contact-me", map[string]any{"property": 4003, "request": "info"}, "property", "sale", nil},
		{"request-documents", map[string]any{"property": 4003}, "property", "sale", 2.0},
		{"request-documents", map[string]any{"property": 4020}, "property", "sale", 0.0},
		{"offer", map[string]any{"property": 4003, "amount": 240000, "deposit": true}, "property", "sale", nil},
		{"rent-application", map[string]any{"property": 4107, "income1": 2800, "adults": 2, "pets": "no", "moveDate": "2027-03-01", "deposit": true}, "property", "rent", nil},
		{"send-to-friend", map[string]any{"property": 4003, "friendFirstName": "Lies", "friendLastName": "Maes", "friendEmail": "lies@example.be"}, "property", "sale", nil},
		{"contact-construction", map[string]any{"project": 7001}, "project", nil, nil},
		{"site-contact", nil, "", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.form+"/"+tc.kind, func(t *testing.T) {
			fields := map[string]any{}
			for k, v := range person {
				fields[k] = v
			}
			for k, v := range tc.fields {
				fields[k] = v
			}
			redirect := e.send(t, tc.form, "fr", fields)
			u, _ := url.Parse(redirect)
			if u.Path != "/fr/merci/"+tc.form+"/" {
				t.Fatalf("redirect %q", redirect)
			}
			token := u.Query().Get("receipt")
			if (token != "") != (tc.kind != "") {
				t.Fatalf("redirect %q: a receipt only for a form about something", redirect)
			}
			if token == "" {
				return
			}
			status, r, _ := e.receipt(t, "fr", token)
			raw, _ := json.Marshal(r)
			subject, _ := r["subject"].(map[string]any)
			if status != http.StatusOK || r["form"] != tc.form || subject == nil || subject["kind"] != tc.kind || r["visit"] != nil {
				t.Fatalf("%d %s", status, raw)
			}
			if subject["goal"] != tc.goal {
				t.Errorf("goal %v, want %v", subject["goal"], tc.goal)
			}
			if r["documents"] != tc.documents {
				t.Errorf("documents %v, want %v", r["documents"], tc.documents)
			}
			noVisitor(t, "the receipt", string(raw))
			if resp, _ := get(t, e.url+"/api/receipt/visit.ics?token="+url.QueryEscape(token)); resp.StatusCode != http.StatusNotFound {
				t.Errorf("a calendar for a form that booked nothing: %d", resp.StatusCode)
			}
		})
	}
}

// Without receipts (a server that has none wired) the answer is the bare thank-you page, as before.
func TestFormAnswerWithoutReceipts(t *testing.T) {
	e := newFormsEnvAt(t, nil, func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) })
	status, out := e.post(t, "contact-appointment", body(t, "nl", map[string]any{"property": 4003, "slot": "3", "title": "ms",
		"firstName": "Claire", "lastName": "Visite", "email": "claire@example.be", "phone": "0470123456", "privacy": true}))
	if status != http.StatusCreated || out["redirect"] != "/nl/bedankt/contact-appointment/" {
		t.Fatalf("%d %v", status, out)
	}
	resp, err := http.Get(e.url + "/api/receipt?token=x")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode == http.StatusOK {
		t.Error("/api/receipt answers without receipts")
	}
}
