package platform_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
)

func TestContactSendsFlatParameters(t *testing.T) {
	h := newHarness(t, testDataset(3), nil)
	ctx := context.Background()
	ct := platform.Contact{Person: platform.Person{Name: "Peeters", FirstName: "An", AddressTitle: "Mevrouw", Email: "an@example.be", PhoneNumber: "+32 470 12 34 56"},
		ObjectID: 2, Subject: "Informatieaanvraag", Content: "Is de tuin zuidgericht? & \"ja\"", CustomStr5: platform.LeadReference(42), SourceId: 3}
	if err := h.c.Contact(ctx, listing.FR, ct); err != nil {
		t.Fatal(err)
	}
	w := h.fake.Writes(platform.MethodContactOnMe)
	if len(w) != 1 {
		t.Fatalf("%d contacts", len(w))
	}
	p := w[0].Params
	for name, want := range map[string]string{"Name": "Peeters", "FirstName": "An", "Email": "an@example.be", "ObjectID": "2",
		"Content": "Is de tuin zuidgericht? & \"ja\"", "CustomStr5": "estate-lead-42", "LanguageIdFromParameter": "2", "LanguageId": "2", "SourceId": "3"} {
		if got := p.String(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}

	t.Run("a project goes to ContactOnMeProject", func(t *testing.T) {
		if err := h.c.Contact(ctx, listing.NL, platform.Contact{Person: platform.Person{Email: "an@example.be"}, ProjectIDs: "7"}); err != nil {
			t.Fatal(err)
		}
		if w := h.fake.Writes(platform.MethodContactOnMeProject); len(w) != 1 || w[0].Params.String("ProjectIDs") != "7" {
			t.Errorf("project contacts %+v", w)
		}
	})
	t.Run("a contact without an address is not sent", func(t *testing.T) {
		before := h.fake.Calls(platform.MethodContactOnMe)
		if err := h.c.Contact(ctx, listing.NL, platform.Contact{Person: platform.Person{Name: "X"}}); err == nil {
			t.Error("no error")
		}
		if h.fake.Calls(platform.MethodContactOnMe) != before {
			t.Error("sent anyway")
		}
	})
}

// TestContactOnceUnderFaults: a write is repeated only when the platform
// cannot have applied it, and never when it may have.
func TestContactOnceUnderFaults(t *testing.T) {
	ct := platform.Contact{Person: platform.Person{Email: "an@example.be"}, ObjectID: 1, CustomStr5: platform.LeadReference(7)}
	for _, tt := range []struct {
		name        string
		fault       fakeplatform.Fault
		wantErr     func(error) bool
		wantApplied int
	}{
		{"500 then success", fakeplatform.Status(500).For(platform.MethodContactOnMe).First(2), nil, 1},
		{"503 every time", fakeplatform.Status(503).For(platform.MethodContactOnMe), func(err error) bool {
			var u *platform.Unconfirmed
			return !errors.As(err, &u) && !platform.Refused(err)
		}, 0},
		{"429 then success", fakeplatform.RateLimit(0).For(platform.MethodContactOnMe).First(1), nil, 1},
		{"applied, then no answer in time", fakeplatform.AppliedThenDelay(time.Minute).For(platform.MethodContactOnMe), func(err error) bool {
			var u *platform.Unconfirmed
			return errors.As(err, &u)
		}, 1},
		{"refused", fakeplatform.SuccessFalse().For(platform.MethodContactOnMe), platform.Refused, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, testDataset(2), func(c *platform.Config) { c.Timeout = 300 * time.Millisecond })
			h.fake.Fail(tt.fault)
			err := h.c.Contact(context.Background(), listing.NL, ct)
			switch {
			case tt.wantErr == nil && err != nil:
				t.Fatal(err)
			case tt.wantErr != nil && !tt.wantErr(err):
				t.Fatalf("error %v (%T)", err, err)
			}
			if got := len(h.fake.Writes(platform.MethodContactOnMe)); got != tt.wantApplied {
				t.Errorf("applied %d times, want %d", got, tt.wantApplied)
			}
			if tt.name == "applied, then no answer in time" && h.fake.Calls(platform.MethodContactOnMe) != 1 {
				t.Errorf("sent %d times: an unanswered write was sent again", h.fake.Calls(platform.MethodContactOnMe))
			}
		})
	}
}

func TestContactDuringAnOutage(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens: every attempt fails before sending
	cfg := testConfig(t, "http://"+addr)
	c, _ := newClient(t, cfg)
	err = c.Contact(context.Background(), listing.NL, platform.Contact{Person: platform.Person{Email: "an@example.be"}})
	var u *platform.Unconfirmed
	if err == nil || errors.As(err, &u) || platform.Refused(err) {
		t.Fatalf("error %v: want a plain failure, to retry later", err)
	}
}

// TestContactConnectionCutAfterSending: a platform that drops the
// connection without a word is read as one that did not take the call
// (as in an outage); only a wait that ran out leaves it unconfirmed.
func TestContactConnectionCutAfterSending(t *testing.T) {
	fake := fakeplatform.New(testDataset(2), testCustomer, testPassword)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		fake.ServeHTTP(rec, r) // applied
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close() // and the answer lost on the way
		}
	}))
	defer srv.Close()
	cfg := testConfig(t, srv.URL)
	cfg.RetryMax = -1
	c, _ := newClient(t, cfg)
	err := c.Contact(context.Background(), listing.NL, platform.Contact{Person: platform.Person{Email: "an@example.be"}})
	var u *platform.Unconfirmed
	if err == nil || errors.As(err, &u) {
		t.Fatalf("error %v: a connection closed without an answer is taken as not applied, to retry", err)
	}
	if strings.Contains(err.Error(), "an@example.be") || strings.Contains(err.Error(), "json=") {
		t.Errorf("the error carries the call's parameters: %v", err)
	}
}

func TestDemandRegisterAndUnsubscribe(t *testing.T) {
	h := newHarness(t, testDataset(1), nil)
	ctx := context.Background()
	d := platform.Demand{Person: platform.Person{Name: "Peeters", Email: "An@Example.be"}, Goal: platform.GoalRent, TypeOfPropertyIDs: "1,2", Zips: "6830,6880", PriceMax: 1200, MinRooms: 2}
	for range 2 {
		if err := h.c.RegisterDemand(ctx, listing.NL, d); err != nil {
			t.Fatal(err)
		}
	}
	ds := h.fake.Demands()
	if len(ds) != 2 {
		t.Fatalf("%d demands", len(ds))
	}
	p := ds[0].Params
	for name, want := range map[string]string{"Goal": "1", "TypeOfPropertyIDs": "1,2", "Zips": "6830,6880", "PriceMax": "1200", "MinRooms": "2"} {
		if got := p.String(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if pw := p.String("Password"); pw == "" || pw != h.c.DemandPassword("an@example.be") {
		t.Errorf("Password %q: want the derived one, the same whatever the address's case", pw)
	}
	n, err := h.c.UnsubscribeDemands(ctx, listing.NL, "an@example.be")
	if err != nil || n != 2 {
		t.Fatalf("unsubscribed %d, %v", n, err)
	}
	for _, d := range h.fake.Demands() {
		if !d.Unsubscribed {
			t.Errorf("demand %d still subscribed", d.DemandID)
		}
	}
	if n, err := h.c.UnsubscribeDemands(ctx, listing.NL, "nobody@example.be"); err != nil || n != 0 {
		t.Errorf("unknown address: %d, %v", n, err)
	}
}
