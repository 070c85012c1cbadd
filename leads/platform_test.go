package leads_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/mail/smtptest"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
)

// platformEnv is the leads' delivery against the HTTP fake of the
// platform, with a switch that takes the platform down.
type platformEnv struct {
	*relayEnv
	fake *fakeplatform.Server
	down atomic.Bool
}

const pushedProperty = 4003 // in testdata/platform

func newPlatformEnv(t *testing.T, timeout time.Duration) *platformEnv {
	t.Helper()
	st := storetest.Open(t, listing.NL, listing.FR)
	house := listing.Property{ID: pushedProperty, Lang: listing.FR, Title: "Maison à Bouillon", Type: "Maison", Goal: listing.Sale,
		Address: listing.Address{Zip: "6830", City: "Bouillon", CountryID: listing.CountryBelgium}}
	if _, err := st.ApplyLanguage(store.LangUpdate{Lang: listing.FR, Upsert: []listing.Property{house}, Now: time.Now()}); err != nil {
		t.Fatal(err)
	}
	ds, err := platform.LoadDir(filepath.Join("..", "testdata", "platform"))
	if err != nil {
		t.Fatal(err)
	}
	e := &platformEnv{fake: fakeplatform.New(ds, "demo", "demo-platform-pw")}
	psrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if e.down.Load() {
			// An outage: the connection drops before the request is read.
			if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
				conn.Close()
			}
			return
		}
		e.fake.ServeHTTP(w, r)
	}))
	t.Cleanup(psrv.Close)
	client, err := platform.New(platform.Config{BaseURL: psrv.URL, Customer: "demo", Password: "demo-platform-pw",
		RetryMax: -1, Timeout: timeout}, nil)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	smtp := smtptest.Start(t)
	sender, err := mail.NewSender(mail.Config{Host: smtp.Host(), Port: smtp.Port(), TLS: mail.TLSNone, From: "site@agency.example",
		AgencyTo: "office@agency.example", Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	m := &leads.Mailer{Spec: spec, Sender: sender, Catalog: st, Links: links{}, Platform: client, Location: time.UTC,
		PlatformIDs: leads.PlatformIDs{SiteID: 2, SourceID: 14},
		Agency:      mail.AgencyView{Name: "Ardenne Immo", Email: "office@agency.example", BaseURL: "https://agency.example"},
		AgencyTo:    mail.Address{Name: "Ardenne Immo", Email: "office@agency.example"}}
	relay := leads.NewRelay(st, m, leads.RetryPolicy{MaxAttempts: 5, Base: 20 * time.Millisecond, Max: 100 * time.Millisecond, Timeout: 5 * time.Second},
		slog.New(slog.DiscardHandler))
	svc := leads.NewService(spec, st, st, true, nil)
	svc.Use(leads.Helpers{Relay: relay})
	e.relayEnv = &relayEnv{store: st, svc: svc, smtp: smtp, relay: relay}
	return e
}

func (e *platformEnv) contact(t *testing.T) uint64 {
	t.Helper()
	raw := map[string]json.RawMessage{}
	for k, v := range map[string]any{"property": pushedProperty, "request": "visit", "firstName": "Anne", "lastName": "Lambert",
		"email": "anne@example.be", "phone": "061 46 12 34", "remark": "Le jardin est-il orienté au sud ?", "timeSlots": []string{"evening"},
		"privacy": true} {
		raw[k], _ = json.Marshal(v)
	}
	out, err := e.svc.Submit(context.Background(), leads.Submission{Form: "contact-me", Lang: listing.FR, Fields: raw})
	if err != nil {
		t.Fatal(err)
	}
	return out.Lead
}

// platformDelivery waits until the lead's platform delivery settles.
func (e *platformEnv) platformDelivery(t *testing.T, id uint64) store.Delivery {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		l, err := e.store.Lead(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range l.Deliveries {
			if d.Kind == leads.KindPlatform && d.Status != store.DeliveryPending {
				return d
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("platform delivery of lead %d still pending: %+v", id, l.Deliveries)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestContactReachesThePlatformOnce(t *testing.T) {
	e := newPlatformEnv(t, 2*time.Second)
	e.run(t)
	id := e.contact(t)
	if d := e.platformDelivery(t, id); d.Status != store.DeliverySent {
		t.Fatalf("delivery %+v", d)
	}
	w := e.fake.Writes("")
	if len(w) != 1 || w[0].Method != platform.MethodContactOnMe {
		t.Fatalf("writes %+v", w)
	}
	p := w[0].Params
	for k, want := range map[string]string{"Name": "Lambert", "FirstName": "Anne", "Email": "anne@example.be", "PhoneNumber": "061 46 12 34",
		"ObjectID": "4003", "LanguageIdFromParameter": "2", "SiteId": "2", "SourceId": "14", "CustomStr5": platform.LeadReference(id)} {
		if got := p.String(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	content := p.String("Content")
	for _, want := range []string{"Le jardin est-il orienté au sud ?", "https://agency.example/fr/p/4003/"} {
		if !strings.Contains(content, want) {
			t.Errorf("Content %q lacks %q", content, want)
		}
	}
	if p.Has("Lead") || p.Has("privacy") || p.String("Subject") == "" {
		t.Errorf("params %v", p.Names())
	}
}

// TestNoLeadLostOrDuplicated: under 500s, an outage and a platform that
// applies a call and then times out, every lead reaches the platform, and
// none twice.
func TestNoLeadLostOrDuplicated(t *testing.T) {
	t.Run("500s, then the platform answers", func(t *testing.T) {
		e := newPlatformEnv(t, 2*time.Second)
		e.fake.Fail(fakeplatform.Status(500).For(platform.MethodContactOnMe).First(3))
		e.run(t)
		id := e.contact(t)
		d := e.platformDelivery(t, id)
		if d.Status != store.DeliverySent || d.Attempts != 4 {
			t.Errorf("delivery %+v, want sent on the 4th attempt", d)
		}
		if n := len(e.fake.Writes(platform.MethodContactOnMe)); n != 1 {
			t.Errorf("%d contacts", n)
		}
	})
	t.Run("an outage, then the platform is back", func(t *testing.T) {
		e := newPlatformEnv(t, 2*time.Second)
		e.down.Store(true)
		e.run(t)
		id := e.contact(t)
		time.Sleep(150 * time.Millisecond)
		if l, _ := e.store.Lead(id); len(e.fake.Writes("")) != 0 || l.Deliveries[len(l.Deliveries)-1].Attempts == 0 {
			t.Fatalf("during the outage: %+v", l.Deliveries)
		}
		e.down.Store(false)
		if d := e.platformDelivery(t, id); d.Status != store.DeliverySent {
			t.Errorf("delivery %+v", d)
		}
		if n := len(e.fake.Writes(platform.MethodContactOnMe)); n != 1 {
			t.Errorf("%d contacts", n)
		}
	})
	t.Run("applied, then no answer in time", func(t *testing.T) {
		e := newPlatformEnv(t, 300*time.Millisecond)
		e.fake.Fail(fakeplatform.AppliedThenDelay(time.Minute).For(platform.MethodContactOnMe))
		e.run(t)
		id := e.contact(t)
		d := e.platformDelivery(t, id)
		if d.Status != store.DeliveryUnconfirmed || !strings.Contains(d.LastError, "not sent again") {
			t.Errorf("delivery %+v, want unconfirmed", d)
		}
		time.Sleep(300 * time.Millisecond) // relay cycles that must not resend it
		if n := e.fake.Calls(platform.MethodContactOnMe); n != 1 {
			t.Errorf("%d calls: an applied contact was sent again", n)
		}
		if pending, dead, _ := e.store.OutboxSize(); pending != 0 || dead != 0 {
			t.Errorf("outbox %d pending, %d dead", pending, dead)
		}
	})
	t.Run("refused: dead at the first answer", func(t *testing.T) {
		e := newPlatformEnv(t, 2*time.Second)
		e.fake.RefuseContacts("Error: E-mail address is blacklisted")
		e.run(t)
		id := e.contact(t)
		d := e.platformDelivery(t, id)
		if d.Status != store.DeliveryDead || d.Attempts != 1 || !strings.Contains(d.LastError, "refused by the platform") ||
			!strings.Contains(d.LastError, "blacklisted") {
			t.Errorf("delivery %+v", d)
		}
		if n := e.fake.Calls(platform.MethodContactOnMe); n != 1 {
			t.Errorf("%d calls", n)
		}
	})
}

func TestDemandCriteriaInThePlatformsTerms(t *testing.T) {
	l := store.Lead{ID: 9, Form: "demand-register", Lang: "nl", Email: "zoeker@example.be", Fields: map[string]any{
		"title": "mr", "firstName": "Jan", "lastName": "Peeters", "phone": "+32 470 12 34 56", "goal": "rent",
		"minPrice": 600.0, "maxPrice": 1200.0, "minRooms": 2.0, "minGarages": 1.0, "types": []any{"1", "2"},
		"zones": []any{"6830", "6880"}, "newsletter": true, "remark": "Liefst met tuin", "passwordHash": "$argon2id$…",
		"area": []any{[]any{49.8, 5.0}, []any{49.9, 5.1}, []any{49.7, 5.2}},
	}}
	d := leads.PlatformDemand(l, leads.PlatformIDs{SiteID: 2})
	if d.Goal != platform.GoalRent || d.TypeOfPropertyIDs != "1,2" || d.Zips != "6830,6880" || d.PriceMin != 600 || d.PriceMax != 1200 ||
		d.MinRooms != 2 || d.MinGarages != 1 || d.GSM != "+32 470 12 34 56" || d.PhoneNumber != "" || !d.IsReceivedEmail || d.SiteId != 2 ||
		d.Name != "Peeters" || d.AddressTitle == "" || d.AddressTitle == "mr" {
		t.Errorf("demand %+v", d)
	}
	if !strings.Contains(d.Comment, "Liefst met tuin") || !strings.Contains(d.Comment, "49.8") || d.Password != "" {
		t.Errorf("comment %q, password %q", d.Comment, d.Password)
	}
}

func TestUnsubscribeReachesThePlatform(t *testing.T) {
	e := newPlatformEnv(t, 2*time.Second)
	client, err := platform.New(platform.Config{BaseURL: "http://unused.invalid", Customer: "demo", Password: "demo-platform-pw"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The demand as DemandRegister leaves it, with the login the site derives.
	pw := client.DemandPassword("zoeker@example.be")
	srv := httptest.NewServer(e.fake)
	defer srv.Close()
	reg, err := platform.New(platform.Config{BaseURL: srv.URL, Customer: "demo", Password: "demo-platform-pw"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.RegisterDemand(context.Background(), listing.NL, platform.Demand{Person: platform.Person{Email: "zoeker@example.be"}, Goal: platform.GoalSale}); err != nil {
		t.Fatal(err)
	}
	if ds := e.fake.Demands(); len(ds) != 1 || ds[0].Password != pw {
		t.Fatalf("demands %+v", ds)
	}
	msg, err := leads.PlatformUnsubscribeMessage(leads.PlatformUnsubscribe{Email: "zoeker@example.be", Lang: "nl"})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.store.QueueMessage(1, leads.KindPlatformUnsubscribe, msg, time.Now()); err != nil {
		t.Fatal(err)
	}
	e.run(t)
	e.relay.Wake()
	e.waitDrained(t, 5*time.Second)
	if ds := e.fake.Demands(); !ds[0].Unsubscribed {
		t.Errorf("demand still subscribed at the platform: %+v", ds)
	}
}
