package ownerreport_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/ownerreport"
	"github.com/estate-agency/estate/pageviews"
	"github.com/estate-agency/estate/store"
)

type fakeStore struct {
	props map[int]listing.Property
	slots []listing.VisitSlot
	leads []store.Lead
	days  []pageviews.Day
	err   error // every read of page views
}

func (s fakeStore) Property(_ listing.Lang, id int) (listing.Property, error) {
	p, ok := s.props[id]
	if !ok {
		return p, store.ErrNotFound
	}
	return p, nil
}

func (s fakeStore) VisitSlots(int) ([]listing.VisitSlot, error) { return s.slots, nil }
func (s fakeStore) PageViews(int) ([]pageviews.Day, error)      { return s.days, s.err }
func (s fakeStore) LeadsAbout(int) ([]store.Lead, error)        { return s.leads, nil }

var now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// forms is the shipped form table, which names the owners' request kinds.
func forms(t *testing.T) *leads.Spec {
	t.Helper()
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

func at(h int) time.Time { return now.Add(time.Duration(h) * time.Hour) }

var chalet = listing.Property{ID: 4003, Lang: listing.NL, Goal: listing.Sale, Type: "Chalet", Title: "Chalet",
	Status: listing.Available, Address: listing.Address{City: "Bouillon", Zip: "6830"},
	Media: listing.Media{Documents: []listing.Document{{Name: "Plan", URL: "/demo/plan.pdf"}, {Name: "No link"}}}}

func TestProperties(t *testing.T) {
	gone := chalet
	gone.ID, gone.Withdrawn = 4030, true
	tests := []struct {
		name    string
		st      fakeStore
		ids     []int
		want    []int
		wantErr bool
	}{
		{name: "unsynced ones are left out", st: fakeStore{props: map[int]listing.Property{4003: chalet, 4030: gone}}, ids: []int{4030, 1, 4003}, want: []int{4030, 4003}},
		{name: "none", st: fakeStore{}, ids: nil, want: []int{}},
		{name: "page views unreadable", st: fakeStore{props: map[int]listing.Property{4003: chalet}, err: errors.New("bucket gone")}, ids: []int{4003}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ownerreport.New(forms(t), tt.st, tt.st, time.UTC, func() time.Time { return now })
			got, err := r.Properties(listing.NL, tt.ids)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err %v", err)
			}
			ids := []int{}
			for _, p := range got {
				ids = append(ids, p.ID)
				if p.ID == 4030 && (p.Status != "withdrawn" || p.URL != "") {
					t.Errorf("withdrawn: status %q url %q", p.Status, p.URL)
				}
				if p.ID == 4003 && (p.Status != "available" || p.URL != listing.DetailPath(chalet, listing.NL) || p.Title != "Chalet – Bouillon") {
					t.Errorf("chalet: %+v", p)
				}
			}
			if !tt.wantErr && !reflect.DeepEqual(ids, tt.want) {
				t.Errorf("ids %v, want %v", ids, tt.want)
			}
		})
	}
}

func TestDetail(t *testing.T) {
	slots := []listing.VisitSlot{
		{ID: 1, Start: at(-50), End: at(-49)},
		{ID: 2, Start: at(-26), End: at(-25)},
		{ID: 3, Start: at(24), End: at(25)},
		{ID: 4, Start: at(2), End: at(3)},
		{ID: 5, Start: at(-1), End: at(1)}, // under way: still to come
	}
	lead := func(slot int, form string) store.Lead {
		return store.Lead{Form: form, SlotID: slot, Received: at(-100 + slot), Fields: map[string]any{"name": "Secret"}}
	}
	st := fakeStore{props: map[int]listing.Property{4003: chalet}, slots: slots,
		leads: []store.Lead{lead(1, "contact-appointment"), lead(3, "contact-appointment"), lead(2, "contact-appointment"), lead(4, "contact-appointment"), lead(5, "contact-appointment"), lead(9, "contact-appointment"), lead(0, "contact-me")}}
	r := ownerreport.New(forms(t), st, st, time.UTC, func() time.Time { return now })

	t.Run("appointments: upcoming soonest first, then past latest first", func(t *testing.T) {
		d, err := r.Detail(listing.NL, 4003)
		if err != nil {
			t.Fatal(err)
		}
		want := []ownerreport.Appointment{
			{Start: at(-1), End: at(1), Status: "booked"}, {Start: at(2), End: at(3), Status: "booked"}, {Start: at(24), End: at(25), Status: "booked"},
			{Start: at(-26), End: at(-25), Status: "past"}, {Start: at(-50), End: at(-49), Status: "past"},
		}
		if !reflect.DeepEqual(d.Appointments, want) {
			t.Errorf("appointments %+v\nwant %+v", d.Appointments, want)
		}
		if len(d.History) != 7 || d.History[0].Kind != "visit-booked" || d.History[6].Kind != "information" {
			t.Errorf("history %+v", d.History)
		}
		if want := []ownerreport.KindCount{{Kind: "visit-booked", Count: 6}, {Kind: "information", Count: 1}}; !reflect.DeepEqual(d.Kinds, want) {
			t.Errorf("kinds %+v", d.Kinds)
		}
		if want := []ownerreport.Document{{Name: "Plan", URL: "/demo/plan.pdf"}}; !reflect.DeepEqual(d.Documents, want) {
			t.Errorf("documents %+v", d.Documents)
		}
		if d.Sources == nil || d.Last30 == nil {
			t.Errorf("sources %v last30 %v: lists, never null", d.Sources, d.Last30)
		}
	})
	t.Run("an unsynced property", func(t *testing.T) {
		if _, err := r.Detail(listing.NL, 1); !errors.Is(err, ownerreport.ErrNotFound) {
			t.Errorf("err %v", err)
		}
	})
}
