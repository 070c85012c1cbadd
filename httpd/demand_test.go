package httpd_test

import (
	"errors"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/store"
)

// A searcher's postcode field, in the demand register and in the search
// profile: a town name of the towns index is kept as its postcode, an
// unknown one is a field error in the visitor's language.
func TestSearchPostcodesOverHTTP(t *testing.T) {
	unknown := map[string]string{
		"nl": "De gemeente ‘Nergensdorp’ kennen we niet: kies een van de suggesties of vul de postcode in.",
		"fr": "Nous ne connaissons pas la localité «\u00a0Nergensdorp\u00a0»\u202f: choisissez une des suggestions ou indiquez son code postal.",
	}
	register := func(lang string, zones []string) map[string]any {
		return map[string]any{"title": "ms", "firstName": "Anne", "lastName": "Dubois", "email": "anne-" + lang + "@example.be",
			"phone": "0475 12 34 56", "password": "anne-cherche-2026", "passwordConfirm": "anne-cherche-2026", "goal": "buy",
			"budget": 250000, "types": []string{"1"}, "zones": zones, "privacy": true}
	}
	t.Run("demand register", func(t *testing.T) {
		e := newFormsEnv(t, nil)
		for _, lang := range []string{"nl", "fr"} {
			status, out := e.post(t, "demand-register", body(t, lang, register(lang, []string{"Nergensdorp"})))
			errs, _ := out["errors"].(map[string]any)
			if status != http.StatusUnprocessableEntity || errs["zones"] != unknown[lang] {
				t.Errorf("%s unknown town: %d %v", lang, status, out)
			}
			if status, out := e.post(t, "demand-register", body(t, lang, register(lang, []string{"Bertrix", "l 1450"}))); status != http.StatusCreated {
				t.Fatalf("%s: %d %v", lang, status, out)
			}
		}
		var zones [][]any
		if err := e.store.EachLead(func(l store.Lead) error {
			zones = append(zones, l.Fields["zones"].([]any))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		want := [][]any{{"6880", "L-1450"}, {"6880", "L-1450"}}
		if !reflect.DeepEqual(zones, want) {
			t.Fatalf("stored zones %v, want %v", zones, want)
		}
	})
	t.Run("search profile", func(t *testing.T) {
		e := newAccountEnv(t)
		b := e.browser(t)
		if a := b.login("s@example.be", "searcher-password", ""); a.status != http.StatusOK {
			t.Fatalf("login: %d %v", a.status, a.body)
		}
		for _, lang := range []string{"nl", "fr"} {
			a := b.send(http.MethodPut, "/api/demand", map[string]any{"lang": lang, "frequency": "immediate",
				"criteria": map[string]any{"goal": "buy", "types": []int{1}, "zips": []string{"6830", "Nergensdorp"}}})
			errs, _ := a.body["errors"].(map[string]any)
			if a.status != http.StatusUnprocessableEntity || errs["zips"] != unknown[lang] {
				t.Errorf("%s unknown town: %d %v", lang, a.status, a.body)
			}
		}
		a := b.send(http.MethodPut, "/api/demand", map[string]any{"lang": "fr", "frequency": "immediate",
			"criteria": map[string]any{"goal": "buy", "types": []int{1}, "zips": []string{"Bertrix"}, "budget": 240000}})
		criteria, _ := a.body["criteria"].(map[string]any)
		if a.status != http.StatusOK || !reflect.DeepEqual(criteria["zips"], []any{"6880"}) || criteria["budget"] != float64(240000) {
			t.Fatalf("saved: %d %v", a.status, a.body)
		}
		a = b.do(http.MethodGet, "/api/demand?lang=nl", nil)
		criteria, _ = a.body["criteria"].(map[string]any)
		if !reflect.DeepEqual(criteria["zips"], []any{"6880"}) || criteria["budget"] != float64(240000) {
			t.Fatalf("read back: %v", a.body)
		}
	})
}

// An information request and the office contact need a name, an e-mail
// address or a phone number, and the message; not an address. The free
// valuation keeps the address of the property to value.
func TestFormsAskOnlyWhatTheyNeed(t *testing.T) {
	e := newFormsEnv(t, nil)
	inquiry := map[string]any{"firstName": "Els", "lastName": "Peeters", "phone": "0475 12 34 56", "remark": "Is het nog vrij?", "privacy": true}
	with := func(extra map[string]any) map[string]any {
		out := map[string]any{}
		for k, v := range inquiry {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	tests := []struct {
		lang, form string
		fields     map[string]any
		status     int
		errors     []string
	}{
		{"nl", "contact-me", with(map[string]any{"property": 4001, "request": "info"}), http.StatusCreated, nil},
		{"fr", "contact-me", with(map[string]any{"property": 4001, "request": "info", "phone": nil, "email": "els@example.be"}), http.StatusCreated, nil},
		{"fr", "site-contact", inquiry, http.StatusCreated, nil},
		{"nl", "contact-me", with(map[string]any{"property": 4001, "request": "info", "remark": ""}), http.StatusUnprocessableEntity, []string{"remark"}},
		{"fr", "site-contact", with(map[string]any{"phone": ""}), http.StatusUnprocessableEntity, []string{"email", "phone"}},
		{"nl", "contact-demand", with(map[string]any{"title": "ms", "email": "els@example.be"}), http.StatusUnprocessableEntity,
			[]string{"valuationCity", "valuationStreet", "valuationZip"}},
	}
	for _, tc := range tests {
		t.Run(tc.lang+" "+tc.form, func(t *testing.T) {
			status, out := e.post(t, tc.form, body(t, tc.lang, tc.fields))
			if status != tc.status {
				t.Fatalf("%d %v", status, out)
			}
			if status == http.StatusCreated {
				if redirect, _ := out["redirect"].(string); !strings.Contains(redirect, tc.form) {
					t.Errorf("redirect %q", redirect)
				}
				return
			}
			errs, _ := out["errors"].(map[string]any)
			var got []string
			for k := range errs {
				got = append(got, k)
			}
			if len(got) != len(tc.errors) {
				t.Fatalf("errors %v, want %v", errs, tc.errors)
			}
			for _, k := range tc.errors {
				if errs[k] == nil {
					t.Errorf("no error for %s: %v", k, errs)
				}
			}
		})
	}
}

func TestOneClickUnsubscribeNeedsOurSignature(t *testing.T) {
	e := newAccountEnv(t)
	a, err := e.store.AccountByEmail("s@example.be")
	if err != nil {
		t.Fatal(err)
	}
	post := func(token string) int {
		resp, err := http.Post(e.url+"/api/alerts/unsubscribe?token="+url.QueryEscape(token), "application/x-www-form-urlencoded",
			strings.NewReader("List-Unsubscribe=One-Click"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	good := e.demands.UnsubscribeToken(a.ID)
	other := e.demands.UnsubscribeToken(a.ID + 1)
	for _, bad := range []string{"", "x", good[:len(good)-2] + "AA", other[:12] + good[12:]} {
		if got := post(bad); got != http.StatusBadRequest {
			t.Fatalf("token %q: %d", bad, got)
		}
	}
	if got := post(good); got != http.StatusOK {
		t.Fatalf("good token: %d", got)
	}
	if a, _ = e.store.Account(a.ID); !a.Demand.Unsubscribed {
		t.Fatal("still subscribed")
	}
}

// The confirmation link of a demand register opens a page whose button
// POSTs the token with the page's CSRF token: the account opens then, once,
// in the visitor's words; without the CSRF token (a scanner, another site)
// nothing opens.
func TestDemandConfirmOverHTTP(t *testing.T) {
	e := newAccountEnv(t)
	hash, err := accounts.Hash("anne-cherche-2026")
	if err != nil {
		t.Fatal(err)
	}
	l := store.Lead{Form: "demand-register", Lang: "fr", Email: "anne@example.be", Received: time.Now(), Fields: map[string]any{
		"firstName": "Anne", "lastName": "Dubois", "goal": "buy", "zones": []any{"6880"}, "passwordHash": hash}}
	if l.ID, err = e.store.AddLead(store.NewLead{Lead: l, Kinds: []string{"agency"}}, time.Now()); err != nil {
		t.Fatal(err)
	}
	v, ok, err := e.demands.Confirmation(l)
	if err != nil || !ok {
		t.Fatalf("confirmation: %v %v", ok, err)
	}
	token := v.ConfirmURL[strings.Index(v.ConfirmURL, "#token=")+len("#token="):]
	b := e.browser(t)
	req := map[string]any{"token": token, "lang": "fr"}
	if a := b.do(http.MethodPost, "/api/alerts/confirm", req); a.status != http.StatusForbidden {
		t.Fatalf("without the CSRF token: %d %v", a.status, a.body)
	}
	if _, err := e.store.AccountByEmail("anne@example.be"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an account before the confirmation: %v", err)
	}
	b.refresh()
	a := b.send(http.MethodPost, "/api/alerts/confirm", req)
	if a.status != http.StatusOK || a.body["message"] != "Votre compte d'alertes est ouvert\u00a0: connectez-vous avec votre adresse e-mail et le mot de passe que vous avez choisi." ||
		a.body["login"] != "/fr/login/" || a.body["email"] != "anne@example.be" {
		t.Fatalf("confirm: %d %v", a.status, a.body)
	}
	if a := b.login("anne@example.be", "anne-cherche-2026", ""); a.status != http.StatusOK {
		t.Fatalf("login after the confirmation: %d %v", a.status, a.body)
	}
	a = b.send(http.MethodPost, "/api/alerts/confirm", map[string]any{"token": token, "lang": "nl"})
	if a.status != http.StatusBadRequest || !strings.HasPrefix(a.body["message"].(string), "Deze bevestigingslink is niet meer geldig") {
		t.Fatalf("the link twice: %d %v", a.status, a.body)
	}
}
