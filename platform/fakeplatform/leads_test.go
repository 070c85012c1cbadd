package fakeplatform

import (
	"context"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

func TestWrites(t *testing.T) {
	for _, tt := range []struct {
		name    string
		method  string
		params  []any
		ok      bool
		applied int
	}{
		{"a contact about a property", platform.MethodContactOnMe, []any{"Name", "Peeters", "Email", "a@example.be", "ObjectID", 1, "Content", "Is it still for sale?"}, true, 1},
		{"a contact without property", platform.MethodContactOnMe, []any{"PhoneNumber", "+32 470 12 34 56"}, true, 1},
		{"no e-mail nor phone", platform.MethodContactOnMe, []any{"Name", "Peeters"}, false, 0},
		{"an unknown property", platform.MethodContactOnMe, []any{"Email", "a@example.be", "ObjectID", 999}, false, 0},
		{"a parameter of our own", platform.MethodContactOnMe, []any{"Email", "a@example.be", "Lead", map[string]any{"ExternalID": "1"}}, false, 0},
		{"ProjectID on ContactOnMe", platform.MethodContactOnMe, []any{"Email", "a@example.be", "ProjectID", 7}, false, 0},
		{"a project contact", platform.MethodContactOnMeProject, []any{"Email", "a@example.be", "ProjectIDs", "7"}, true, 1},
		{"ObjectID on a project contact", platform.MethodContactOnMeProject, []any{"Email", "a@example.be", "ObjectID", 1}, false, 0},
		{"a demand", platform.MethodDemandRegister, []any{"Email", "a@example.be", "Password", "x", "Goal", 1, "Zips", "6830,6880"}, true, 1},
		{"a demand without password", platform.MethodDemandRegister, []any{"Email", "a@example.be", "Goal", 1}, false, 0},
		{"a booking", platform.MethodContactOnMe, []any{"Email", "a@example.be", "ObjectID", 1, "AppointmentID", 1}, true, 1},
		{"a booking of another property's slot", platform.MethodContactOnMe, []any{"Email", "a@example.be", "ObjectID", 2, "AppointmentID", 1}, false, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fake, srv := newTestServer(t)
			res := resultOf(t, tt.method, mustCall(t, srv.URL, tt.method, req(listing.NL).with(tt.params...)))
			if res.Success != tt.ok {
				t.Errorf("Success %v (%s), want %v", res.Success, res.Message, tt.ok)
			}
			if res.Success && string(res.Value) != "true" {
				t.Errorf("Value %s, want true", res.Value)
			}
			if got := len(fake.Writes(tt.method)); got != tt.applied {
				t.Errorf("%d applied, want %d", got, tt.applied)
			}
		})
	}
}

func TestWritesRepeatAndRefuse(t *testing.T) {
	fake, srv := newTestServer(t)
	contact := req(listing.FR).with("Email", "a@example.be", "ObjectID", 1)
	for range 2 {
		mustCall(t, srv.URL, platform.MethodContactOnMe, contact)
	}
	if n := len(fake.Writes(platform.MethodContactOnMe)); n != 2 {
		t.Errorf("%d contacts: a repeated call is a second contact, as on the platform", n)
	}
	if res := resultOf(t, platform.MethodContactOnMe, mustCall(t, srv.URL, platform.MethodContactOnMe, contact.with("CustomerPassword", "guess"))); res.Success {
		t.Error("a contact with the wrong password was taken")
	}
	fake.RefuseContacts("Error: invalid e-mail")
	if res := resultOf(t, platform.MethodContactOnMe, mustCall(t, srv.URL, platform.MethodContactOnMe, contact)); res.Success || res.Message != "Error: invalid e-mail" {
		t.Errorf("%+v, want the refusal", res)
	}
	if n := len(fake.Writes("")); n != 2 {
		t.Errorf("%d writes after refusals", n)
	}
}

func TestBookingFull(t *testing.T) {
	fake, srv := newTestServer(t)
	book := req(listing.NL).with("Email", "a@example.be", "ObjectID", 1, "AppointmentID", 1)
	for i := range 5 { // slot 1 takes 4
		res := resultOf(t, platform.MethodContactOnMe, mustCall(t, srv.URL, platform.MethodContactOnMe, book))
		if res.Success != (i < 4) {
			t.Errorf("booking %d: %+v", i+1, res)
		}
	}
	if n := len(fake.Writes("")); n != 4 {
		t.Errorf("%d bookings applied", n)
	}
}

func TestAppliedThenDelay(t *testing.T) {
	fake, srv := newTestServer(t)
	fake.Fail(AppliedThenDelay(time.Minute).For(platform.MethodContactOnMe).First(1))
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, err := call(t, ctx, srv.URL, platform.MethodContactOnMe, req(listing.NL).with("Email", "a@example.be")); err == nil {
		t.Fatal("answered")
	}
	if n := len(fake.Writes(platform.MethodContactOnMe)); n != 1 {
		t.Errorf("%d applied, want 1: the platform did the work", n)
	}
}

func TestDemandListAndUnsubscribe(t *testing.T) {
	fake, srv := newTestServer(t)
	for _, goal := range []int{0, 1} {
		mustCall(t, srv.URL, platform.MethodDemandRegister, req(listing.NL).with("Email", "a@example.be", "Password", "pw", "Goal", goal))
	}
	type entry struct{ DemandID, PersonId int }
	page := valueOf[struct{ Items []entry }](t, platform.MethodDemandList, mustCall(t, srv.URL, platform.MethodDemandList, req(listing.NL).with("Email", "A@example.be", "Password", "pw")))
	if len(page.Items) != 2 || page.Items[0].PersonId != page.Items[1].PersonId {
		t.Fatalf("demands %+v", page.Items)
	}
	if res := resultOf(t, platform.MethodDemandList, mustCall(t, srv.URL, platform.MethodDemandList, req(listing.NL).with("Email", "a@example.be", "Password", "nope"))); res.Success {
		t.Error("listed with a wrong password")
	}
	e := page.Items[0]
	valueOf[bool](t, platform.MethodUnsubscribeDemand, mustCall(t, srv.URL, platform.MethodUnsubscribeDemand, req(listing.NL).with("ID", e.PersonId, "DemandID", e.DemandID)))
	ds := fake.Demands()
	if !ds[0].Unsubscribed || ds[1].Unsubscribed {
		t.Errorf("demands %+v", ds)
	}
}
