package httpd_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/estate-agency/estate/captcha"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/mail/smtptest"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
)

func siteContact() map[string]any {
	return map[string]any{"title": "mr", "firstName": "Jan", "lastName": "Peeters", "email": "jan@example.be",
		"phone": "0470 12 34 56", "street": "Kerkstraat 1", "zip": "6830", "city": "Bouillon", "remark": "Graag info", "privacy": true}
}

func TestFormAnswers(t *testing.T) {
	e := newFormsEnv(t, nil)
	tests := []struct {
		name   string
		form   string
		body   []byte
		header []string
		status int
		check  func(t *testing.T, out map[string]any)
	}{
		{"accepted in nl", "site-contact", body(t, "nl", siteContact()), nil, 201, func(t *testing.T, out map[string]any) {
			if out["redirect"] != "/nl/bedankt/site-contact/" || out["id"] == "" {
				t.Errorf("answer %v", out)
			}
		}},
		{"accepted in fr", "site-contact", body(t, "fr", siteContact()), nil, 201, func(t *testing.T, out map[string]any) {
			if out["redirect"] != "/fr/merci/site-contact/" {
				t.Errorf("answer %v", out)
			}
		}},
		{"required fields in fr", "site-contact", body(t, "fr", map[string]any{}), nil, 422, func(t *testing.T, out map[string]any) {
			errs := out["errors"].(map[string]any)
			if errs["firstName"] != "Ce champ est obligatoire." || errs["privacy"] != "Cochez cette case pour continuer." {
				t.Errorf("errors %v", errs)
			}
			if !strings.HasPrefix(out["message"].(string), "Échec du formulaire de contact") {
				t.Errorf("message %v", out["message"])
			}
		}},
		{"invalid email in nl", "site-contact", body(t, "nl", with(siteContact(), "email", "jan@")), nil, 422, func(t *testing.T, out map[string]any) {
			if got := out["errors"].(map[string]any)["email"]; got != "Vul een geldig e-mailadres in." {
				t.Errorf("email error %v", got)
			}
		}},
		{"header injection in a name", "site-contact", body(t, "nl", with(siteContact(), "lastName", "X\r\nBcc: victim@example.com")), nil, 422, func(t *testing.T, out map[string]any) {
			if out["errors"].(map[string]any)["lastName"] == nil {
				t.Errorf("errors %v", out["errors"])
			}
		}},
		{"passwords must match", "demand-register", body(t, "nl", map[string]any{"password": "geheim123", "passwordConfirm": "geheim124"}), nil, 422, func(t *testing.T, out map[string]any) {
			if got := out["errors"].(map[string]any)["passwordConfirm"]; got != "De wachtwoorden komen niet overeen." {
				t.Errorf("confirm error %v", got)
			}
		}},
		{"an unknown property", "request-documents", body(t, "nl", map[string]any{"property": 999999, "title": "ms", "firstName": "An",
			"lastName": "B", "email": "an@example.be", "phone": "0470123456", "privacy": true}), nil, 422, func(t *testing.T, out map[string]any) {
			if got := out["errors"].(map[string]any)["property"]; got != "Dit pand wordt niet meer aangeboden." {
				t.Errorf("property error %v", got)
			}
		}},
		{"script-laden text is stored, never echoed", "site-contact", body(t, "nl", with(siteContact(), "remark", "<script>alert(1)</script>")), nil, 201, func(t *testing.T, out map[string]any) {
			if strings.Contains(toJSON(out), "script") {
				t.Errorf("answer echoes input: %v", out)
			}
		}},
		{"the honeypot", "site-contact", []byte(`{"lang":"nl","fields":{},"fax":"0123"}`), nil, 422, func(t *testing.T, out map[string]any) {
			// Refused as a whole: no field to blame, said with {} as for any refused form.
			if errs, ok := out["errors"].(map[string]any); !ok || len(errs) != 0 {
				t.Errorf("errors %v", out["errors"])
			}
		}},
		{"wrong types", "site-contact", []byte(`{"lang":"nl","fields":{"email":42,"privacy":"yes","title":["mr"]}}`), nil, 422, nil},
		{"malformed JSON", "site-contact", []byte(`{"lang":`), nil, 400, nil},
		{"not UTF-8", "site-contact", []byte("{\"lang\":\"nl\",\"fields\":{\"remark\":\"\xff\xfe\"}}"), nil, 400, nil},
		{"too large", "site-contact", append([]byte(`{"fields":{"remark":"`), bytes.Repeat([]byte("a"), 70000)...), nil, 413, nil},
		{"unknown form", "nope", body(t, "nl", siteContact()), nil, 404, nil},
		{"cross-site", "site-contact", body(t, "nl", siteContact()), []string{"Sec-Fetch-Site", "cross-site"}, 403, nil},
		{"not JSON", "site-contact", []byte(`a=b`), []string{"Content-Type", "application/x-www-form-urlencoded"}, 400, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, out := e.post(t, tt.form, tt.body, tt.header...)
			if status != tt.status {
				t.Fatalf("status %d, want %d: %v", status, tt.status, out)
			}
			if msg, _ := out["message"].(string); status >= 400 && (out["status"] != float64(status) || msg == "") {
				t.Errorf("an error answer without its status and words: %v", out)
			}
			if tt.check != nil {
				tt.check(t, out)
			}
		})
	}
}

func with(m map[string]any, k string, v any) map[string]any {
	m[k] = v
	return m
}

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestDocumentsAreRequestedOncePer30Days(t *testing.T) {
	e := newFormsEnv(t, nil)
	req := map[string]any{"property": 4030, "title": "ms", "firstName": "An", "lastName": "B", "email": "An@Example.be", "phone": "0470123456", "privacy": true}
	if status, out := e.post(t, "request-documents", body(t, "nl", req)); status != 201 || out["redirect"] != "/nl/bedankt/request-documents/" {
		t.Fatalf("first request: %d %v", status, out)
	}
	req["email"] = "an@example.be"
	status, out := e.post(t, "request-documents", body(t, "fr", req))
	if status != 422 || out["message"] != "Vous avez déjà demandé les documents pour ce bien." {
		t.Fatalf("second request: %d %v", status, out)
	}
	req["property"] = 4010
	if status, _ := e.post(t, "request-documents", body(t, "nl", req)); status != 201 {
		t.Fatalf("another property: %d", status)
	}
}

func TestRateLimitAnswers429(t *testing.T) {
	e := newFormsEnv(t, func(c *config.Config) { c.Forms.RatePerMinute, c.Forms.Burst = 1, 2 })
	var codes []int
	for range 3 {
		status, _ := e.post(t, "site-contact", body(t, "nl", siteContact()))
		codes = append(codes, status)
	}
	if codes[0] != 201 || codes[1] != 201 || codes[2] != 429 {
		t.Fatalf("statuses %v, want 201 201 429", codes)
	}
}

func TestEveryAcceptedLeadIsStoredWithItsDeliveries(t *testing.T) {
	e := newFormsEnv(t, func(c *config.Config) { c.Forms.RatePerMinute = 0 })
	const n = 40
	var wg sync.WaitGroup
	ids := make(chan string, n)
	for range n {
		wg.Go(func() {
			status, out := e.post(t, "site-contact", body(t, "nl", siteContact()))
			if status == 201 {
				ids <- out["id"].(string)
			}
		})
	}
	wg.Wait()
	close(ids)
	got := 0
	for range ids {
		got++
	}
	stored := 0
	err := e.store.EachLead(func(l store.Lead) error {
		stored++
		if len(l.Deliveries) != 2 || l.Email != "jan@example.be" || l.Fields["remark"] != "Graag info" {
			t.Errorf("lead %+v", l)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	pending, _, err := e.store.OutboxSize()
	if err != nil {
		t.Fatal(err)
	}
	if got != n || stored != n || pending != 2*n {
		t.Fatalf("201s %d, stored %d, outbox %d; want %d, %d, %d", got, stored, pending, n, n, 2*n)
	}
}

func TestCaptchaIsRequiredWhenOn(t *testing.T) {
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	guard := realCaptcha(t)
	svc := leads.NewService(spec, st, st, false, nil)
	svc.Use(leads.Helpers{Captcha: guard})
	engine, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: testUI,
		Leads: svc, Captcha: guard})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	defer srv.Close()
	e := &formsEnv{url: srv.URL, store: st}
	forged, _ := json.Marshal(map[string]any{"lang": "nl", "fields": siteContact(), "altcha": "eyJjaGFsbGVuZ2UiOnt9fQ=="})
	for _, b := range [][]byte{body(t, "nl", siteContact()), forged} {
		status, out := e.post(t, "site-contact", b)
		if status != 422 || out["errors"].(map[string]any)["altcha"] != "De antispamcontrole is mislukt: probeer het opnieuw." {
			t.Fatalf("%d %v", status, out)
		}
	}
	resp, err := http.Get(srv.URL + "/api/captcha")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("challenge: %d %q", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
}

// realCaptcha is the ALTCHA verifier the server runs; a visitor without a
// solution (or with a forged one) is refused.
func realCaptcha(t *testing.T) altcha {
	svc, err := captcha.New(bytes.Repeat([]byte("k"), 32), captcha.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return altcha{svc}
}

type altcha struct{ *captcha.Service }

func (a altcha) Challenge() (any, error) { return a.Service.Challenge() }

// FuzzSubmit posts any body to a form: the answer is always a 4xx or a
// 201, never a server error.
func FuzzSubmit(f *testing.F) {
	st, ix := syncDemo(f)
	cfg := loadShippedConfig(f)
	cfg.Forms.Captcha, cfg.Forms.RatePerMinute = "off", 0
	spec, err := leads.Load()
	if err != nil {
		f.Fatal(err)
	}
	engine, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: testUI,
		Leads: leads.NewService(spec, st, st, false, nil)})
	if err != nil {
		f.Fatal(err)
	}
	f.Add("site-contact", []byte(`{"lang":"nl","fields":{"email":"an@example.be","privacy":true}}`))
	f.Add("contact-appointment", []byte(`{"lang":"fr","fields":{"property":4030,"slot":"1"}}`))
	f.Add("offer", []byte("{\"fields\":{\"amount\":1e400,\"remark\":\"<script>\xff\"}}"))
	f.Fuzz(func(t *testing.T, form string, raw []byte) {
		req := httptest.NewRequest(http.MethodPost, "/api/forms/x", bytes.NewReader(raw))
		req.URL.Path = "/api/forms/" + strings.NewReplacer("/", "", "?", "", "#", "", "%", "").Replace(form)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		engine.ServeHTTP(rec, req)
		if rec.Code >= 500 || (rec.Code >= 200 && rec.Code < 400 && rec.Code != 201) {
			t.Fatalf("status %d for %q %q: %s", rec.Code, form, raw, rec.Body)
		}
	})
}

// Every form lands on a thank-you page of its own in every language.
func TestEveryFormHasAThankYouPage(t *testing.T) {
	cfg := loadShippedConfig(t)
	routes, err := site.NewRoutes(cfg.Site, cfg.Languages.Enabled, cfg.Languages.Default)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, form := range spec.Names() {
		for _, l := range cfg.Languages.Enabled {
			if p, ok := routes.Localize("/feedback/{form}/", l, map[string]string{"form": form}); !ok || !strings.HasSuffix(p, "/"+form+"/") {
				t.Errorf("%s in %s: %q %v", form, l, p, ok)
			}
		}
	}
}

// A booked visit empties the cached pages: the detail page's HTML shows
// the place taken at once, not once the cached page is rebuilt.
func TestBookingRenewsTheCachedDetailPage(t *testing.T) {
	before := func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }
	e := newFormsEnvAt(t, func(c *config.Config) { c.Forms.RatePerMinute = 0 }, before)
	var redirect struct{ Redirect string }
	getJSON(t, e.url+"/api/page?path=/property/4003/", &redirect)
	if redirect.Redirect == "" {
		t.Fatal("no detail page for 4003")
	}
	free := func() int {
		t.Helper()
		_, html := get(t, e.url+(&url.URL{Path: redirect.Redirect}).EscapedPath())
		var d site.PageData
		if err := json.Unmarshal([]byte(parseHead(t, html).pageData), &d); err != nil || d.Property == nil {
			t.Fatalf("page data: %v", err)
		}
		for _, s := range d.Property.VisitSlots {
			if s.ID == "3" {
				return s.Free
			}
		}
		t.Fatalf("no slot 3 in %+v", d.Property.VisitSlots)
		return 0
	}
	was := free()
	if free() != was || was == 0 {
		t.Fatalf("%d free places", was)
	}
	status, out := e.post(t, "contact-appointment", body(t, "nl", map[string]any{"property": 4003, "slot": "3", "title": "mr",
		"firstName": "Piet", "lastName": "Visit", "email": "visit@example.be", "phone": "0470123456", "privacy": true}))
	if status != 201 {
		t.Fatalf("booking: %d %v", status, out)
	}
	if now := free(); now != was-1 {
		t.Errorf("%d free places after a booking, want %d", now, was-1)
	}
}

// Fifty visitors book the last three places of a visit at once: three get
// it, the others read that the appointments are full.
func TestParallelBookingsNeverOverbook(t *testing.T) {
	before := func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }
	e := newFormsEnvAt(t, func(c *config.Config) { c.Forms.RatePerMinute = 0 }, before)
	var ok, full atomic.Int32
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			status, out := e.post(t, "contact-appointment", body(t, []string{"nl", "fr"}[i%2], map[string]any{
				"property": 4003, "slot": "3", "title": "mr", "firstName": "Piet", "lastName": "Visit", "email": fmt.Sprintf("v%d@example.be", i),
				"phone": "0470123456", "privacy": true}))
			switch {
			case status == 201:
				ok.Add(1)
			case status == 422 && (out["errors"].(map[string]any)["slot"] == "De afspraken zijn volzet" ||
				out["errors"].(map[string]any)["slot"] == "Les rendez-vous sont complets"):
				full.Add(1)
			default:
				t.Errorf("%d %v", status, out)
			}
		})
	}
	wg.Wait()
	if ok.Load() != 3 || full.Load() != 47 {
		t.Fatalf("booked %d, full %d; want 3 and 47", ok.Load(), full.Load())
	}
	if n, _ := e.store.SlotBookings(3); n != 3 {
		t.Fatalf("slot 3 has %d bookings", n)
	}
	// A slot the platform reports full is full on the site too.
	status, out := e.post(t, "contact-appointment", body(t, "nl", map[string]any{"property": 4003, "slot": 1, "title": "mr",
		"firstName": "Piet", "lastName": "Visit", "email": "late@example.be", "phone": "0470123456", "privacy": true}))
	if status != 422 || out["errors"].(map[string]any)["slot"] != "De afspraken zijn volzet" {
		t.Fatalf("full slot: %d %v", status, out)
	}
}

// One person holds one place of a visit slot: the same address, however
// typed, books it once; someone else still can, and the person can book
// another time.
func TestThePersonBooksAVisitSlotOnce(t *testing.T) {
	before := func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }
	e := newFormsEnvAt(t, func(c *config.Config) { c.Forms.RatePerMinute = 0 }, before)
	book := func(lang string, slot int, email, phone string) (int, map[string]any) {
		t.Helper()
		return e.post(t, "contact-appointment", body(t, lang, map[string]any{"property": 4003, "slot": fmt.Sprint(slot),
			"title": "mr", "firstName": "Piet", "lastName": "Twice", "email": email, "phone": phone, "privacy": true}))
	}
	steps := []struct {
		name         string
		lang         string
		slot         int
		email, phone string
		status       int
		slotError    string
	}{
		{"first booking", "nl", 3, "twice@example.be", "0470123456", 201, ""},
		{"same address again", "nl", 3, "twice@example.be", "0470123456", 422, "U hebt op dit tijdstip al een plaats geboekt."},
		{"same address in capitals, in French", "fr", 3, "Twice@Example.BE", "0470999999", 422, "Vous avez déjà réservé une place à ce moment-là."},
		{"someone else", "nl", 3, "other@example.be", "0470123456", 201, ""},
		{"the same person at another time", "nl", 2, "twice@example.be", "0470123456", 201, ""},
	}
	for _, st := range steps {
		status, out := book(st.lang, st.slot, st.email, st.phone)
		if status != st.status {
			t.Fatalf("%s: %d %v, want %d", st.name, status, out, st.status)
		}
		if st.slotError != "" && out["errors"].(map[string]any)["slot"] != st.slotError {
			t.Errorf("%s: errors %v", st.name, out["errors"])
		}
	}
	if n, _ := e.store.SlotBookings(3); n != 2 {
		t.Errorf("slot 3 has %d bookings, want 2", n)
	}
}

// The demand register offers the platform's types, and a detail page its
// visits with their free places.
func TestFormPagesCarryTheirChoices(t *testing.T) {
	e := newFormsEnv(t, nil)
	var reg struct {
		TypeTree []struct {
			ID       int
			Children []any
		}
	}
	getJSON(t, e.url+"/api/page?path=/nl/inschrijven/", &reg)
	if len(reg.TypeTree) < 3 {
		t.Fatalf("demand register types %+v", reg.TypeTree)
	}
	var detail struct {
		Property struct {
			VisitSlots []struct {
				ID   string
				Free int
			}
		}
	}
	getJSON(t, e.url+"/api/page?path=/property/4003/", &detail)
	var redirect struct{ Redirect string }
	getJSON(t, e.url+"/api/page?path=/property/4003/", &redirect)
	getJSON(t, e.url+"/api/page?path="+redirect.Redirect, &detail)
	if detail.Property.VisitSlots == nil {
		t.Fatalf("no visit slots on 4003: %+v", detail)
	}
}

// A testimonial waits for the agency's approval before the guestbook shows it.
func TestTestimonialsArePublishedOnlyOnceApproved(t *testing.T) {
	e := newFormsEnv(t, nil)
	status, out := e.post(t, "contact-testimonial", body(t, "fr", map[string]any{"name": "Marc D.", "email": "marc@example.be",
		"about": "Acheteur à Bouillon", "website": "https://marc.example/", "comment": "Service <b>impeccable</b>", "privacy": true}))
	if status != 201 {
		t.Fatalf("%d %v", status, out)
	}
	guestbook := func() []site.Testimonial {
		var d struct{ Testimonials []site.Testimonial }
		getJSON(t, e.url+"/api/page?path=/fr/temoignages/", &d)
		_, html := get(t, e.url+"/fr/temoignages/") // the HTML page is never cached with an old list
		if strings.Contains(html, "impeccable") != (len(d.Testimonials) > 0) {
			t.Errorf("HTML and page data disagree: %v", d.Testimonials)
		}
		return d.Testimonials
	}
	if got := guestbook(); len(got) != 0 {
		t.Fatalf("pending testimonial shown: %+v", got)
	}
	id, _ := strconv.ParseUint(out["id"].(string), 10, 64)
	if err := e.store.UpdateLead(id, func(l *store.Lead) error { l.Status = "published"; return nil }); err != nil {
		t.Fatal(err)
	}
	got := guestbook()
	if len(got) != 1 || got[0].Name != "Marc D." || got[0].Comment != "Service <b>impeccable</b>" || got[0].Website != "https://marc.example/" {
		t.Fatalf("guestbook %+v", got)
	}
}

// The whole way of a visit booking: the form, the lead, the relay, and the
// visitor's confirmation with its invitation arriving at an SMTP server.
func TestBookingConfirmationCarriesAnInvitation(t *testing.T) {
	before := func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }
	e := newFormsEnvAt(t, nil, before)
	spec, _ := leads.Load()
	smtp := smtptest.Start(t)
	sender, err := mail.NewSender(mail.Config{Host: smtp.Host(), Port: smtp.Port(), TLS: mail.TLSNone, From: "site@agency.example",
		AgencyTo: "office@agency.example"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := loadShippedConfig(t)
	routes, err := site.NewRoutes(cfg.Site, cfg.Languages.Enabled, cfg.Languages.Default)
	if err != nil {
		t.Fatal(err)
	}
	m := &leads.Mailer{Spec: spec, Sender: sender, Catalog: e.store, Links: site.Links{Routes: routes}, Location: cfg.Sync.Timezone,
		Agency: mail.AgencyView{Name: "Ardenne Immo", BaseURL: siteOrigin}, AgencyTo: mail.Address{Name: "Ardenne Immo", Email: "office@agency.example"}}
	relay := leads.NewRelay(e.store, m, leads.RetryPolicy{Base: 10 * time.Millisecond}, slog.New(slog.DiscardHandler), leads.RelayClock(before))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go relay.Run(ctx)

	status, out := e.post(t, "contact-appointment", body(t, "fr", map[string]any{"property": 4003, "slot": "3", "title": "ms",
		"firstName": "Claire", "lastName": "Visite", "email": "claire@example.be", "phone": "0470123456", "privacy": true}))
	if status != 201 || out["redirect"] != "/fr/merci/contact-appointment/" {
		t.Fatalf("%d %v", status, out)
	}
	relay.Wake()
	msgs := smtp.Wait(t, 2, 10*time.Second)
	for _, r := range msgs {
		p, err := r.Parse()
		if err != nil {
			t.Fatal(err)
		}
		atts := p.Attachments()
		if len(atts) != 1 || !strings.HasPrefix(atts[0].ContentType, "text/calendar") ||
			!strings.Contains(string(atts[0].Body), "DTSTART:20261212T130000Z") || !strings.Contains(string(atts[0].Body), "METHOD:REQUEST") {
			t.Errorf("mail to %v: attachments %+v", r.To, atts)
		}
		if r.To[0] == "claire@example.be" && !strings.Contains(p.Text(), "12 décembre 2026") {
			t.Errorf("confirmation text:\n%s", p.Text())
		}
	}
}
