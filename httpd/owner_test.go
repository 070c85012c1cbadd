package httpd_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/leads"
)

// ownerLeadsEnv serves the whole stack with the forms and the accounts:
// visitors write through the real forms API, the owner of 4003 and 4030
// reads the portal.
func ownerLeadsEnv(t *testing.T, received time.Time) (*accountEnv, *formsEnv, *leads.Spec) {
	t.Helper()
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	cfg.Forms.Captcha = "off"
	log := slog.New(slog.DiscardHandler)
	svc, err := accounts.New(st, log, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Create("owner", "a@example.be", "owner-password", "nl", []int{4003, 4030}); err != nil {
		t.Fatal(err)
	}
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	// The demo's visit slots have fixed dates: the visitors write before them.
	forms := leads.NewService(spec, st, st, false, func() time.Time { return received })
	engine, err := httpd.New(cfg, httpd.Deps{
		Log: log, Search: ix, Catalog: st, Listings: st, UI: testUI, Leads: forms,
		Accounts: svc, CSRFKey: bytes.Repeat([]byte{7}, 32), Reports: st,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	t.Cleanup(srv.Close)
	return &accountEnv{url: srv.URL, store: st, svc: svc}, &formsEnv{url: srv.URL, store: st}, spec
}

// visitorFields fills every field of a form as a visitor would, from the
// forms contract itself so a field added later is typed in too. Whatever
// could identify the visitor or is their own words comes back as secrets.
func visitorFields(t *testing.T, form leads.Form, n int, set map[string]any) (map[string]any, []string) {
	t.Helper()
	fields := map[string]any{}
	var secrets []string
	// Letters only, so no JSON escaping hides a match; n keeps each visitor apart.
	marker := func(name string) string {
		return "Zorglub" + strings.ToUpper(name[:1]) + name[1:] + string(rune('a'+n))
	}
	for _, f := range form.Fields {
		if v, ok := set[f.Name]; ok {
			fields[f.Name] = v
			continue
		}
		switch f.Type {
		case leads.TypeProperty, leads.TypeProject, leads.TypeSlot, leads.TypePassword, leads.TypeArea:
			t.Fatalf("%s.%s: give it in set", form.Name, f.Name)
		case leads.TypeText, leads.TypeTextarea:
			fields[f.Name] = marker(f.Name)
			secrets = append(secrets, marker(f.Name))
		case leads.TypeEmail:
			v := fmt.Sprintf("zorglub.%s.%d@example.be", strings.ToLower(f.Name), n)
			fields[f.Name] = v
			secrets = append(secrets, v)
		case leads.TypePhone:
			v := fmt.Sprintf("0471 93 57 %02d", n)
			fields[f.Name] = v
			secrets = append(secrets, v, strings.ReplaceAll(v, " ", ""), fmt.Sprintf("9357%02d", n))
		case leads.TypeZip:
			fields[f.Name] = "6830"
		case leads.TypeURL:
			v := fmt.Sprintf("https://zorglub%d.example/", n)
			fields[f.Name] = v
			secrets = append(secrets, fmt.Sprintf("zorglub%d.example", n))
		case leads.TypeDate:
			v := fmt.Sprintf("2031-07-%02d", n+1)
			fields[f.Name] = v
			secrets = append(secrets, v)
		case leads.TypeSelect:
			fields[f.Name] = f.Options[0]
		case leads.TypeMulti, leads.TypeList:
			fields[f.Name] = f.Options[:1]
		case leads.TypeCheckbox:
			fields[f.Name] = true
		case leads.TypeNumber:
			v := 1.0
			if f.Min != nil {
				v = max(v, *f.Min)
			}
			// A figure the visitor typed (an offer, an income) large enough to be told apart.
			if f.Max == nil || *f.Max >= 1_000_000 {
				v = float64(731_900 + n)
				secrets = append(secrets, fmt.Sprint(int(v)))
			}
			fields[f.Name] = v
		default:
			t.Fatalf("%s.%s: no visitor value for type %s", form.Name, f.Name, f.Type)
		}
	}
	return fields, secrets
}

// The owner sees what happened about their property, never who wrote or
// what they wrote: the API itself carries no name, address, phone, e-mail,
// free text or figure a visitor typed, nor a friend's address.
func TestOwnerSeesRequestsWithoutTheVisitors(t *testing.T) {
	received := time.Date(2026, 11, 20, 14, 5, 0, 0, time.UTC)
	e, forms, spec := ownerLeadsEnv(t, received)

	const slot = 3 // a free slot of 4003 in testdata/platform
	type sent struct {
		form string
		set  map[string]any
		kind string
	}
	about4003 := []sent{
		{"contact-me", map[string]any{"request": "info"}, "information"},
		{"contact-me", map[string]any{"request": "info"}, "information"},
		{"contact-me", map[string]any{"request": "visit"}, "visit-request"},
		{"contact-appointment", map[string]any{"slot": slot}, "visit-booked"},
		{"request-documents", nil, "documents"},
		{"offer", nil, "offer"},
		{"rent-application", nil, "rent-application"},
		{"send-to-friend", nil, "send-to-friend"},
	}
	// Every form about a property is among them: a new one must be given a kind.
	for _, name := range spec.Names() {
		if f, _ := spec.Form(name); f.Subject == "property" &&
			!slices.ContainsFunc(about4003, func(s sent) bool { return s.form == name }) {
			t.Errorf("form %s is about a property but not sent here", name)
		}
	}
	var secrets []string
	submit := func(n int, s sent, property int) {
		t.Helper()
		form, ok := spec.Form(s.form)
		if !ok {
			t.Fatalf("no form %s", s.form)
		}
		set := map[string]any{"property": property}
		for k, v := range s.set {
			set[k] = v
		}
		fields, typed := visitorFields(t, form, n, set)
		if status, out := forms.post(t, s.form, body(t, "nl", fields)); status != http.StatusCreated {
			t.Fatalf("%s #%d: %d %v", s.form, n, status, out)
		}
		secrets = append(secrets, typed...)
	}
	for i, s := range about4003 {
		submit(i, s, 4003)
	}
	// Someone else's property: neither listed nor counted.
	submit(len(about4003), sent{form: "contact-me", set: map[string]any{"request": "info"}}, 4001)

	b := e.browser(t)
	if a := b.login("a@example.be", "owner-password", ""); a.status != http.StatusOK {
		t.Fatalf("login: %d %v", a.status, a.body)
	}
	for _, lang := range []string{"nl", "fr"} {
		t.Run(lang, func(t *testing.T) {
			raw := ownerDetailJSON(t, b, "/api/owner/properties/4003?lang="+lang)
			for _, s := range secrets {
				if strings.Contains(strings.ToLower(raw), strings.ToLower(s)) {
					t.Errorf("the owner's answer carries %q typed by a visitor", s)
				}
			}

			var detail struct {
				History      []map[string]any `json:"history"`
				Kinds        []map[string]any `json:"kinds"`
				Appointments []map[string]any `json:"appointments"`
			}
			if err := json.Unmarshal([]byte(raw), &detail); err != nil {
				t.Fatal(err)
			}
			// Each entry is an allow-list: a field added to leads later cannot show up.
			var kinds []string
			for _, h := range detail.History {
				if got := sortedKeys(h); !slices.Equal(got, []string{"date", "kind", "source", "state"}) {
					t.Errorf("history entry fields %v", got)
				}
				if h["date"] != received.Format(time.RFC3339) || h["source"] != "site" || h["state"] != "pending" {
					t.Errorf("history entry %v", h)
				}
				kind, _ := h["kind"].(string)
				kinds = append(kinds, kind)
			}
			var want []string
			for _, s := range about4003 {
				want = append(want, s.kind)
			}
			slices.Sort(kinds)
			slices.Sort(want)
			if !slices.Equal(kinds, want) {
				t.Errorf("history kinds %v, want %v", kinds, want)
			}

			// Most first; a tie in the order of the kinds.
			wantCounts := []map[string]any{
				{"kind": "information", "count": 2.0}, {"kind": "visit-request", "count": 1.0},
				{"kind": "visit-booked", "count": 1.0}, {"kind": "documents", "count": 1.0},
				{"kind": "offer", "count": 1.0}, {"kind": "rent-application", "count": 1.0},
				{"kind": "send-to-friend", "count": 1.0},
			}
			if got, _ := json.Marshal(detail.Kinds); !bytes.Equal(got, mustJSON(t, wantCounts)) {
				t.Errorf("kinds %s\nwant  %s", got, mustJSON(t, wantCounts))
			}

			if len(detail.Appointments) != 1 {
				t.Fatalf("appointments %v", detail.Appointments)
			}
			a := detail.Appointments[0]
			if got := sortedKeys(a); !slices.Equal(got, []string{"end", "start", "status"}) {
				t.Errorf("appointment fields %v", got)
			}
			if a["start"] != "2026-12-12T14:00:00+01:00" || a["end"] != "2026-12-12T14:45:00+01:00" {
				t.Errorf("appointment %v", a)
			}
		})
	}

	t.Run("another property's requests stay with it", func(t *testing.T) {
		var detail struct {
			History []any `json:"history"`
			Kinds   []any `json:"kinds"`
		}
		if err := json.Unmarshal([]byte(ownerDetailJSON(t, b, "/api/owner/properties/4030?lang=nl")), &detail); err != nil {
			t.Fatal(err)
		}
		if len(detail.History) != 0 || len(detail.Kinds) != 0 {
			t.Errorf("4030: %+v", detail)
		}
	})
}

// ownerDetailJSON is the raw body of an owner API answer.
func ownerDetailJSON(t *testing.T, b *browser, path string) string {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, b.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range b.cookies {
		req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, resp.StatusCode, raw)
	}
	return string(raw)
}

func sortedKeys(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}
