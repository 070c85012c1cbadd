package pagedata_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/pagedata"
)

// EachActiveProperty walks the fake store's properties of lang, in id order.
func (s *fakeStore) EachActiveProperty(lang listing.Lang, fn func(listing.Property) error) error {
	if s.err != nil {
		return s.err
	}
	for _, id := range slices.Sorted(func(yield func(int) bool) {
		for id := range s.props {
			if !yield(id) {
				return
			}
		}
	}) {
		if p := s.props[id]; p.Lang == lang {
			if err := fn(p); err != nil {
				return err
			}
		}
	}
	return nil
}

func TestSitemap(t *testing.T) {
	_, routes, pages := shipped(t)
	changed := house
	changed.Changed = time.Date(2026, 11, 3, 0, 30, 0, 0, time.FixedZone("CET", 3600))
	st := &fakeStore{props: map[int]listing.Property{7: changed}}
	set, err := pagedata.NewSitemap("https://agency.example/", routes, pages, st).Build()
	if err != nil {
		t.Fatal(err)
	}
	locs := map[string]pagedata.SitemapURL{}
	for _, u := range set.URLs {
		locs[u.Loc] = u
	}
	for _, want := range []string{"https://agency.example/nl/", "https://agency.example/fr/", "https://agency.example/nl/te-koop/"} {
		if _, ok := locs[want]; !ok {
			t.Errorf("no %s", want)
		}
	}
	for _, unwanted := range []string{"https://agency.example/nl/login/", "https://agency.example/nl/eigenaars/"} {
		if _, ok := locs[unwanted]; ok {
			t.Errorf("%s is listed: a login page and a redirect are not for search engines", unwanted)
		}
	}
	var detail *pagedata.SitemapURL
	for loc, u := range locs {
		if u.LastMod != "" {
			if detail != nil {
				t.Fatalf("two URLs with a date: %s and %s", detail.Loc, loc)
			}
			detail = &u
		}
	}
	if detail == nil {
		t.Fatal("the property is not listed with its date")
	}
	// The change is on 3 November in its own zone and on the 2nd in UTC: the date is UTC's, as before the move.
	if detail.LastMod != "2026-11-02" {
		t.Errorf("lastmod %q, want 2026-11-02", detail.LastMod)
	}
	langs := []string{}
	for _, l := range detail.Alternates {
		langs = append(langs, l.Hreflang)
	}
	if !slices.Equal(langs, []string{"nl", "x-default"}) {
		t.Errorf("alternates %v, want the one language and x-default", langs)
	}

	t.Run("a store error fails the whole sitemap", func(t *testing.T) {
		st := &fakeStore{err: errors.New("disk gone")}
		if _, err := pagedata.NewSitemap("https://agency.example", routes, pages, st).Build(); err == nil {
			t.Fatal("a sitemap without the listings, which would tell search engines they are gone")
		}
	})
}
