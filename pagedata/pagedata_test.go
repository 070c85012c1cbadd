package pagedata_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/pagedata"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/ui"
)

// fakeStore holds one language's listings in memory; err fails every read.
type fakeStore struct {
	props        map[int]listing.Property
	projects     map[int]listing.Project
	slots        []listing.VisitSlot
	bookings     map[int]int
	testimonials []store.Lead
	err          error // every read
	bookingsErr  error
}

func (s *fakeStore) Property(_ listing.Lang, id int) (listing.Property, error) {
	if s.err != nil {
		return listing.Property{}, s.err
	}
	p, ok := s.props[id]
	if !ok {
		return p, store.ErrNotFound
	}
	return p, nil
}

func (s *fakeStore) PropertiesByID(_ listing.Lang, ids []int) ([]listing.Property, error) {
	if s.err != nil {
		return nil, s.err
	}
	var out []listing.Property
	for _, id := range ids {
		if p, ok := s.props[id]; ok {
			out = append(out, p)
		}
	}
	return out, nil
}

func (s *fakeStore) Types(listing.Lang) ([]listing.PropertyType, error) { return nil, s.err }
func (s *fakeStore) Cities(listing.Lang) ([]listing.City, error)        { return nil, s.err }

func (s *fakeStore) Project(_ listing.Lang, id int) (listing.Project, error) {
	if s.err != nil {
		return listing.Project{}, s.err
	}
	p, ok := s.projects[id]
	if !ok {
		return p, store.ErrNotFound
	}
	return p, nil
}

func (s *fakeStore) Projects(listing.Lang) ([]listing.Project, error) { return nil, s.err }

func (s *fakeStore) VisitSlots(int) ([]listing.VisitSlot, error) { return s.slots, s.err }

func (s *fakeStore) SlotBookings(slot int) (int, error) { return s.bookings[slot], s.bookingsErr }

func (s *fakeStore) PublishedTestimonials() ([]store.Lead, error) { return s.testimonials, s.err }

// fakeIndex finds every property of the fake store; err fails a search.
type fakeIndex struct {
	ids    []string
	counts map[string][2]int
	err    error
}

func (ix *fakeIndex) Find(context.Context, listing.Lang, index.SearchRequest) (index.SearchResult, error) {
	return index.SearchResult{IDs: ix.ids}, ix.err
}

func (ix *fakeIndex) CityCounts(listing.Lang) map[string][2]int { return ix.counts }

var brussels, _ = time.LoadLocation("Europe/Brussels")

// now is a New Year's Eve evening: 2026 in UTC, already 2027 in Brussels.
var now = time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC)

func newAssembler(t *testing.T, st *fakeStore, ix *fakeIndex) (*pagedata.Assembler, *site.Routes, *bytes.Buffer) {
	t.Helper()
	_, routes, pages := shipped(t)
	var log bytes.Buffer
	a, err := pagedata.New(routes, pages, st, ix, pagedata.Options{Location: brussels, Now: func() time.Time { return now }, Texts: uiTexts(t)},
		slog.New(slog.NewTextHandler(&log, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return a, routes, &log
}

// uiTexts are the UI's texts, as the server reads them.
func uiTexts(t *testing.T) pagedata.Texts {
	t.Helper()
	c, err := ui.Texts()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func localized(t *testing.T, routes *site.Routes, internal string, lang listing.Lang) string {
	t.Helper()
	p, ok := routes.Localize(internal, lang, nil)
	if !ok {
		t.Fatalf("no %s in %s", internal, lang)
	}
	return p
}

var house = listing.Property{ID: 7, Lang: listing.NL, Goal: listing.Sale, Type: "Huis", Title: "Mooi huis",
	Status: listing.Available, Address: listing.Address{City: "Bouillon", Zip: "6830"}}

func TestPageStatusesAndTitles(t *testing.T) {
	tests := []struct {
		name       string
		path       string
		st         *fakeStore
		wantStatus int
		wantLoc    string
		wantView   site.View
		wantTitle  string
		wantLog    string
	}{
		{name: "unknown path", path: "/nl/bestaat-niet/", st: &fakeStore{}, wantStatus: http.StatusNotFound,
			wantView: site.ViewNotFound, wantTitle: "Oeps, deze pagina bestaat niet meer"},
		{name: "unknown path in French", path: "/fr/n-existe-pas/", st: &fakeStore{}, wantStatus: http.StatusNotFound,
			wantView: site.ViewNotFound, wantTitle: "Oups, cette page n'existe plus"},
		{name: "unknown property", path: "/nl/te-koop/bouillon/huis/999/", st: &fakeStore{}, wantStatus: http.StatusNotFound,
			wantView: site.ViewNotFound, wantTitle: "Pand niet gevonden"},
		{name: "unknown property in French", path: "/fr/a-vendre/bouillon/maison/999/", st: &fakeStore{}, wantStatus: http.StatusNotFound,
			wantView: site.ViewNotFound, wantTitle: "Bien introuvable"},
		{name: "property the store fails to read", path: "/nl/te-koop/bouillon/huis/7/", st: &fakeStore{err: errors.New("disk on fire")},
			wantStatus: http.StatusNotFound, wantView: site.ViewNotFound, wantTitle: "Pand niet gevonden", wantLog: "disk on fire"},
		{name: "property under another slug", path: "/nl/te-koop/bouillon/ander/7/", st: &fakeStore{props: map[int]listing.Property{7: house}},
			wantStatus: http.StatusMovedPermanently, wantLoc: site.CanonicalDetail(house, listing.NL)},
		{name: "property", path: site.CanonicalDetail(house, listing.NL), st: &fakeStore{props: map[int]listing.Property{7: house}},
			wantStatus: http.StatusOK, wantView: site.ViewProperty},
		{name: "unknown project", path: "/nl/nieuwbouw/iets/999/", st: &fakeStore{}, wantStatus: http.StatusNotFound,
			wantView: site.ViewProject, wantTitle: "Oeps, deze pagina bestaat niet meer"},
		{name: "no trailing slash", path: "/nl/te-koop", st: &fakeStore{}, wantStatus: http.StatusMovedPermanently, wantLoc: "/nl/te-koop/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _, log := newAssembler(t, tt.st, &fakeIndex{})
			d, loc, status := a.Page(context.Background(), tt.path)
			if status != tt.wantStatus || loc != tt.wantLoc {
				t.Fatalf("status %d location %q, want %d %q", status, loc, tt.wantStatus, tt.wantLoc)
			}
			if tt.wantLoc != "" {
				return
			}
			if d.View != tt.wantView || d.Status != tt.wantStatus {
				t.Errorf("view %q status %d", d.View, d.Status)
			}
			if tt.wantTitle != "" && d.Title != tt.wantTitle {
				t.Errorf("title %q, want %q", d.Title, tt.wantTitle)
			}
			if d.Year != 2027 {
				t.Errorf("year %d: the footer's year is the agency's", d.Year)
			}
			if tt.wantLog == "" && log.Len() > 0 || !strings.Contains(log.String(), tt.wantLog) {
				t.Errorf("log %q, want %q", log.String(), tt.wantLog)
			}
		})
	}
}

func TestVisitSlots(t *testing.T) {
	at := func(h int) time.Time { return now.Add(time.Duration(h) * time.Hour) }
	slots := []listing.VisitSlot{
		{ID: 1, Start: at(-2), End: at(-1), Capacity: 5},          // past
		{ID: 2, Start: at(1), End: at(2), Capacity: 5, Booked: 1}, // 1 on the platform, 2 of ours
		{ID: 3, Start: at(3), End: at(4), Capacity: 2, Booked: 1}, // 1 + 3 of ours: none free
		{ID: 4, Start: at(5), End: at(6)},                         // no capacity: whoever comes
		{ID: 5, Start: now, End: at(1), Capacity: 5, Booked: 0},   // starts now: gone
	}
	tests := []struct {
		name   string
		prop   listing.Property
		st     fakeStore
		want   []site.VisitSlot
		logged string
	}{
		{name: "upcoming with their free places", prop: house, st: fakeStore{slots: slots, bookings: map[int]int{2: 2, 3: 3}},
			want: []site.VisitSlot{{ID: "2", Start: at(1), End: at(2), Free: 2}, {ID: "3", Start: at(3), End: at(4), Free: 0}, {ID: "4", Start: at(5), End: at(6), Free: 1}}},
		{name: "none", prop: house, st: fakeStore{}, want: []site.VisitSlot{}},
		{name: "bookings unreadable", prop: house, st: fakeStore{slots: slots, bookingsErr: errors.New("bookings gone")}, logged: "bookings gone"},
		{name: "sold: no visits", prop: func() listing.Property { p := house; p.Status = listing.Sold; return p }(), st: fakeStore{slots: slots}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := tt.st
			st.props = map[int]listing.Property{tt.prop.ID: tt.prop}
			a, _, log := newAssembler(t, &st, &fakeIndex{})
			d, _, status := a.Page(context.Background(), site.CanonicalDetail(tt.prop, listing.NL))
			if status != http.StatusOK || d.Property == nil {
				t.Fatalf("status %d", status)
			}
			if !reflect.DeepEqual(d.Property.VisitSlots, tt.want) {
				t.Errorf("slots %+v, want %+v", d.Property.VisitSlots, tt.want)
			}
			if !strings.Contains(log.String(), tt.logged) {
				t.Errorf("log %q, want %q", log.String(), tt.logged)
			}
		})
	}
}

func TestListParts(t *testing.T) {
	rent := listing.Property{ID: 8, Lang: listing.NL, Goal: listing.Rent, Type: "Studio", Title: "Studio",
		Status: listing.Available, Address: listing.Address{City: "Vresse", Zip: "5550"}}
	props := map[int]listing.Property{house.ID: house, rent.ID: rent}
	received := time.Date(2026, 3, 31, 23, 30, 0, 0, time.UTC) // 1/4 in Brussels
	testimonial := store.Lead{ID: 3, Received: received, Fields: map[string]any{"name": "An", "comment": "Top", "about": "Verkoop", "website": "https://an.be", "email": "an@example.com"}}
	counts := map[string][2]int{"6830|Bouillon": {3, 1}, "5550|Vresse": {2, 4}}
	tests := []struct {
		name     string
		internal string
		st       fakeStore
		ix       fakeIndex
		check    func(t *testing.T, d site.PageData)
		logged   string
	}{
		{name: "the home counts every town", internal: "/", ix: fakeIndex{counts: counts}, check: func(t *testing.T, d site.PageData) {
			if d.Counts == nil || *d.Counts != (site.Counts{Sale: 5, Rent: 5}) {
				t.Errorf("counts %+v", d.Counts)
			}
		}},
		{name: "a list links its first results", internal: "/for-sale/", st: fakeStore{props: props}, ix: fakeIndex{ids: []string{"7", "x", "8"}}, check: func(t *testing.T, d site.PageData) {
			want := []site.ListingLink{
				{Path: site.CanonicalDetail(house, listing.NL), Text: "Huis – 6830 Bouillon", Price: listing.PriceText(house.Price, house.Goal, listing.NL)},
				{Path: site.CanonicalDetail(rent, listing.NL), Text: "Studio – 5550 Vresse", Price: listing.PriceText(rent.Price, rent.Goal, listing.NL)},
			}
			if !reflect.DeepEqual(d.Listings, want) {
				t.Errorf("links %+v, want %+v", d.Listings, want)
			}
		}},
		{name: "a failed search costs the links, not the page", internal: "/for-sale/", st: fakeStore{props: props}, ix: fakeIndex{ids: []string{"7"}, err: errors.New("index closed")},
			logged: "index closed", check: func(t *testing.T, d site.PageData) {
				if d.Listings != nil || d.Status != http.StatusOK {
					t.Errorf("links %+v status %d", d.Listings, d.Status)
				}
			}},
		{name: "the guestbook's dates are the agency's", internal: "/guestbook/", st: fakeStore{testimonials: []store.Lead{testimonial}}, check: func(t *testing.T, d site.PageData) {
			want := []site.Testimonial{{ID: 3, Name: "An", About: "Verkoop", Website: "https://an.be", Comment: "Top", Date: "1/4/2026"}}
			if !reflect.DeepEqual(d.Testimonials, want) {
				t.Errorf("testimonials %+v, want %+v", d.Testimonials, want)
			}
		}},
		{name: "an unreadable guestbook is an empty one", internal: "/guestbook/", st: fakeStore{err: errors.New("bucket gone")}, logged: "bucket gone", check: func(t *testing.T, d site.PageData) {
			if d.Testimonials != nil || d.Status != http.StatusOK {
				t.Errorf("testimonials %+v status %d", d.Testimonials, d.Status)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, routes, log := newAssembler(t, &tt.st, &tt.ix)
			d, loc, status := a.Page(context.Background(), localized(t, routes, tt.internal, listing.NL))
			if loc != "" || status != http.StatusOK {
				t.Fatalf("location %q status %d", loc, status)
			}
			tt.check(t, d)
			if !strings.Contains(log.String(), tt.logged) || tt.logged == "" && log.Len() > 0 {
				t.Errorf("log %q, want %q", log.String(), tt.logged)
			}
		})
	}
}
