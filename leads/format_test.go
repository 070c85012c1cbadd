package leads_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/demands"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
)

// Every mail of a lead writes what it prints as the site does: amounts as
// prices (nl € 400.000, fr 400 000 €), Belgian phone numbers grouped, a zone
// drawn on the map in words and never as coordinates. The demand register's
// visitor mail is its confirmation: the link, the login page and address,
// the profile page and how to unsubscribe. Sent over a real SMTP
// conversation.
func TestMailsFormatWhatTheyPrint(t *testing.T) {
	srv, m := smtpMailer(t)
	st := storetest.Open(t, listing.NL, listing.FR)
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	dem, err := demands.New(demands.Options{Store: st, Texts: spec, Key: bytes.Repeat([]byte{3}, 32), Log: slog.New(slog.DiscardHandler),
		Language: listing.NL, Links: demands.Links{Base: siteBase,
			Page: func(internal string, l listing.Lang) string { return siteBase + "/" + string(l) + internal }}})
	if err != nil {
		t.Fatal(err)
	}
	m.Confirmations = dem
	area := []any{[]any{49.8123456, 5.0654321}, []any{49.9, 5.1}, []any{49.85, 5.2}}
	person := map[string]any{"title": "ms", "firstName": "Anne", "lastName": "Dubois", "email": "anne@example.be", "phone": "0475123456"}
	with := func(extra map[string]any) map[string]any {
		f := map[string]any{}
		for k, v := range person {
			f[k] = v
		}
		for k, v := range extra {
			f[k] = v
		}
		return f
	}
	euro := map[string]string{"nl": "€ 400.000", "fr": "400\u202f000\u00a0€"}
	drawn := map[string]string{"nl": "getekend op de kaart", "fr": "tracée sur la carte"}
	login := map[string]string{"nl": siteBase + "/nl/login/", "fr": siteBase + "/fr/login/"}
	for _, lang := range []string{"nl", "fr"} {
		for _, tt := range []struct {
			name   string
			lead   store.Lead
			kind   string
			want   []string
			refuse []string
		}{
			{"offer, agency notice", store.Lead{Form: "offer", PropertyID: 4003, Fields: with(map[string]any{"amount": float64(400000)})},
				leads.KindAgency, []string{euro[lang], "0475 12 34 56"}, []string{"400000", "0475123456"}},
			{"offer, visitor's receipt", store.Lead{Form: "offer", PropertyID: 4003, Fields: with(map[string]any{"amount": float64(400000)})},
				leads.KindVisitor, []string{euro[lang], "0475 12 34 56"}, []string{"400000", "0475123456"}},
			{"rent application, agency notice", store.Lead{Form: "rent-application", PropertyID: 4003,
				Fields: with(map[string]any{"income1": float64(400000), "adults": float64(2)})},
				leads.KindAgency, []string{euro[lang]}, []string{"400000"}},
			{"demand register, agency notice", store.Lead{Form: "demand-register",
				Fields: with(map[string]any{"goal": "buy", "budget": float64(400000), "maxPrice": float64(400000), "area": area})},
				leads.KindAgency, []string{euro[lang], "0475 12 34 56", drawn[lang]}, []string{"400000", "49.8", "5.06", "0475123456"}},
			{"demand register, confirmation", store.Lead{Form: "demand-register",
				Fields: with(map[string]any{"goal": "buy", "budget": float64(400000), "area": area, "passwordHash": "$argon2id$x"})},
				leads.KindVisitor, []string{euro[lang], drawn[lang], siteBase + "/" + lang + demands.ConfirmPage + "#token=",
					login[lang], "anne@example.be", siteBase + "/" + lang + "/my-search/"},
				[]string{"400000", "49.8", "5.06", "0475123456"}},
		} {
			t.Run(lang+"/"+tt.name, func(t *testing.T) {
				srv.Clear()
				l := tt.lead
				l.Lang, l.Email, l.Received = lang, "anne@example.be", visitStart.AddDate(0, 0, -3)
				if l.ID, err = st.AddLead(store.NewLead{Lead: l}, l.Received); err != nil {
					t.Fatal(err)
				}
				if err := m.Deliver(context.Background(), l, tt.kind, 1); err != nil {
					t.Fatal(err)
				}
				got := srv.Wait(t, 1, 5*time.Second)
				p, err := got[0].Parse()
				if err != nil {
					t.Fatal(err)
				}
				for part, body := range map[string]string{"text": p.Text(), "html": p.HTML()} {
					for _, w := range tt.want {
						if !strings.Contains(body, w) {
							t.Errorf("%s: no %q in\n%s", part, w, body)
						}
					}
					for _, r := range tt.refuse {
						if strings.Contains(body, r) {
							t.Errorf("%s: %q printed raw in\n%s", part, r, body)
						}
					}
				}
			})
		}
	}
}
