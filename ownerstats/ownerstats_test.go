package ownerstats_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/ownerstats"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
	platformsync "github.com/estate-agency/estate/sync"
)

var _ ownerstats.Source = (*platformsync.DirSource)(nil)

type entry struct {
	id   int
	lang listing.Lang
}

type memStore struct {
	accounts []store.Account
	stats    map[entry]store.PlatformStats
}

func newMemStore(accounts ...store.Account) *memStore {
	return &memStore{accounts: accounts, stats: map[entry]store.PlatformStats{}}
}

func (m *memStore) Accounts() ([]store.Account, error) { return m.accounts, nil }
func (m *memStore) PlatformStats(id int, lang listing.Lang) (store.PlatformStats, error) {
	s, ok := m.stats[entry{id, lang}]
	if !ok {
		return s, store.ErrNotFound
	}
	return s, nil
}
func (m *memStore) PutPlatformStats(id int, lang listing.Lang, s store.PlatformStats) error {
	m.stats[entry{id, lang}] = s
	return nil
}

type fakeSource struct {
	fail  map[string]bool
	asked []int
	langs []listing.Lang
}

var errDown = errors.New("platform down")

func (f *fakeSource) err(m string) error {
	if f.fail[m] || f.fail["all"] {
		return errDown
	}
	return nil
}

// The platform's texts in a language.
var visitKind = map[listing.Lang]string{listing.NL: "Bezichtiging", listing.FR: "Visite"}
var plannedStatus = map[listing.Lang]string{listing.NL: "Gepland", listing.FR: "Planifiée"}

func (f *fakeSource) VisitStatistic(_ context.Context, l listing.Lang, id int) (platform.VisitStatistic, error) {
	f.asked, f.langs = append(f.asked, id), append(f.langs, l)
	return platform.VisitStatistic{Today: 1, Week: 2, Month: 3, Total: id}, f.err(platform.MethodVisitStatistic)
}

func (f *fakeSource) MediaStatistics(_ context.Context, _ listing.Lang, id int, from, to time.Time) (platform.Rows[platform.MediaDay], error) {
	day := to.Add(-time.Hour)
	day = time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, day.Location())
	return platform.Rows[platform.MediaDay]{Items: []platform.MediaDay{
		{ObjectID: id, Date: day, Medium: "Immoweb", Views: 3}, {ObjectID: id, Date: day, Medium: "Immoweb", Views: 2},
		{ObjectID: id + 1, Date: day, Medium: "Zimmo", Views: 9}, // another property's row: not this one's
	}}, f.err(platform.MethodMediaStatistics)
}

func (f *fakeSource) MediaOnline(context.Context, listing.Lang, int) (platform.Rows[platform.MediaOnline], error) {
	return platform.Rows[platform.MediaOnline]{Items: []platform.MediaOnline{{Medium: "Immoweb", From: time.Date(2026, 9, 1, 0, 0, 0, 0, time.UTC)}}}, f.err(platform.MethodMediaOnline)
}

func (f *fakeSource) CalendarHistory(_ context.Context, l listing.Lang, _ int, _, _ time.Time) (platform.Rows[platform.HistoryEntry], error) {
	return platform.Rows[platform.HistoryEntry]{Items: []platform.HistoryEntry{
		{Date: time.Date(2026, 10, 1, 10, 0, 0, 0, time.UTC), Kind: visitKind[l], Status: "done"},
		{Date: time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC), Kind: visitKind[l], Status: plannedStatus[l]},
	}}, f.err(platform.MethodCalendarHistories)
}

func (f *fakeSource) AutomaticHistory(context.Context, listing.Lang, int, time.Time, time.Time) (platform.Rows[platform.HistoryEntry], error) {
	return platform.Rows[platform.HistoryEntry]{Items: []platform.HistoryEntry{{Date: time.Date(2026, 10, 1, 10, 0, 0, 0, time.UTC), Kind: "email-out", Status: "x"}}}, f.err(platform.MethodAutomaticHistories)
}

var now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func TestRefresher(t *testing.T) {
	st := newMemStore(
		store.Account{ID: 1, Kind: "owner", Lang: "fr", Properties: []int{4003, 4030}},
		store.Account{ID: 2, Kind: "searcher", Properties: []int{99}},
		store.Account{ID: 3, Kind: "owner", Properties: []int{4003}}, // shared: fetched once
	)
	src := &fakeSource{fail: map[string]bool{}}
	langs := []listing.Lang{listing.NL, listing.FR}
	r := ownerstats.New(src, st, langs, time.UTC, func() time.Time { return now }, nil)
	if n := r.Run(context.Background()); n != 2 {
		t.Fatalf("refreshed %d", n)
	}
	// Each property once in each language, whatever the account's.
	if want := []int{4003, 4003, 4030, 4030}; !slices.Equal(src.asked, want) {
		t.Errorf("asked %v; want %v", src.asked, want)
	}
	if want := []listing.Lang{listing.NL, listing.FR, listing.NL, listing.FR}; !slices.Equal(src.langs, want) {
		t.Errorf("asked in %v; want %v", src.langs, want)
	}
	if len(st.stats) != 4 {
		t.Errorf("%d entries; want 2 properties × 2 languages", len(st.stats))
	}
	for _, tt := range []struct {
		lang           listing.Lang
		kind, upcoming string
	}{{listing.NL, "Bezichtiging", "Gepland"}, {listing.FR, "Visite", "Planifiée"}} {
		s := st.stats[entry{4003, tt.lang}]
		if !s.FetchedAt.Equal(now) || s.Visits.Total != 4003 || len(s.Media) != 1 || s.Media[0].Views != 5 || s.Media[0].Day != "2026-11-19" {
			t.Errorf("%s stats %+v", tt.lang, s)
		}
		if len(s.Calendar) != 2 || s.Calendar[0].Kind != tt.kind || s.Calendar[0].Status != tt.upcoming ||
			len(s.Communication) != 1 || s.Communication[0].Status != "" {
			t.Errorf("%s histories %+v / %+v; want %s, %s", tt.lang, s.Calendar, s.Communication, tt.kind, tt.upcoming)
		}
	}

	// A part that fails keeps its previous value; the others move on.
	src.fail[platform.MethodMediaStatistics] = true
	later := now.Add(time.Hour)
	r = ownerstats.New(src, st, langs, time.UTC, func() time.Time { return later }, nil)
	r.Run(context.Background())
	for _, l := range langs {
		if s := st.stats[entry{4003, l}]; !s.FetchedAt.Equal(later) || len(s.Media) != 1 || s.Media[0].Views != 5 {
			t.Errorf("%s after a failed part %+v", l, s)
		}
	}

	// Everything failing writes nothing.
	src.fail["all"] = true
	r = ownerstats.New(src, st, langs, time.UTC, func() time.Time { return later.Add(time.Hour) }, nil)
	if n := r.Run(context.Background()); n != 0 {
		t.Errorf("refreshed %d with the platform down", n)
	}
	if s := st.stats[entry{4003, listing.FR}]; !s.FetchedAt.Equal(later) {
		t.Errorf("the previous entry was replaced: %+v", s)
	}
	var nilR *ownerstats.Refresher
	if nilR.Run(context.Background()) != 0 || nilR.RefreshAll(context.Background(), 1) != nil {
		t.Error("a nil refresher ran")
	}
}

func TestRefreshAll(t *testing.T) {
	tests := []struct {
		name    string
		langs   []listing.Lang
		fail    bool
		want    []listing.Lang // the entries written
		wantErr bool
	}{
		{"every enabled language", []listing.Lang{listing.NL, listing.FR}, false, []listing.Lang{listing.NL, listing.FR}, false},
		{"three languages", []listing.Lang{listing.FR, listing.NL, listing.EN}, false, []listing.Lang{listing.FR, listing.NL, listing.EN}, false},
		{"unknown and repeated left out", []listing.Lang{"xx", listing.FR, listing.FR}, false, []listing.Lang{listing.FR}, false},
		{"none: Dutch", nil, false, []listing.Lang{listing.NL}, false},
		{"platform down", []listing.Lang{listing.NL, listing.FR}, true, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newMemStore()
			src := &fakeSource{fail: map[string]bool{"all": tt.fail}}
			r := ownerstats.New(src, st, tt.langs, time.UTC, func() time.Time { return now }, nil)
			err := r.RefreshAll(context.Background(), 4003)
			if (err != nil) != tt.wantErr {
				t.Errorf("err %v; want error %v", err, tt.wantErr)
			}
			var got []listing.Lang
			for _, l := range r.Langs() {
				if _, ok := st.stats[entry{4003, l}]; ok {
					got = append(got, l)
				}
			}
			if !slices.Equal(got, tt.want) || len(st.stats) != len(tt.want) {
				t.Errorf("entries in %v (%d); want %v", got, len(st.stats), tt.want)
			}
		})
	}
}

// TestDirSourceDemo refreshes the demo owner's properties from the
// committed demo agency: its days are moved to end yesterday.
func TestDirSourceDemo(t *testing.T) {
	loc, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		t.Fatal(err)
	}
	src, err := platformsync.NewDirSource("../testdata/platform", loc)
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2027, 3, 28, 12, 0, 0, 0, loc) // the day summer time starts
	src.StatsClock = func() time.Time { return clock }
	st := newMemStore(store.Account{Kind: "owner", Properties: []int{4003, 4030, 4001}})
	r := ownerstats.New(src, st, []listing.Lang{listing.NL, listing.FR}, loc, func() time.Time { return clock }, nil)
	if n := r.Run(context.Background()); n != 3 {
		t.Fatalf("refreshed %d", n)
	}
	s := st.stats[entry{4003, listing.NL}]
	if len(s.Media) == 0 || s.Media[len(s.Media)-1].Day != "2027-03-27" {
		t.Fatalf("media days end %+v", s.Media[len(s.Media)-1:])
	}
	media := map[string]bool{}
	for _, m := range s.Media {
		media[m.Medium] = true
	}
	if len(media) < 3 || s.Visits.Total == 0 || len(s.Online) == 0 || len(s.Calendar) == 0 || len(s.Communication) == 0 {
		t.Errorf("demo stats %d media, %+v", len(media), s)
	}
	if s := st.stats[entry{4001, listing.NL}]; len(s.Media) != 0 || s.Visits.Total != 0 {
		t.Errorf("a property without statistics: %+v", s)
	}

	// The same counts in each language, the platform's texts in the language.
	fr := st.stats[entry{4003, listing.FR}]
	if fr.Visits != s.Visits || len(fr.Media) != len(s.Media) || len(fr.Calendar) != len(s.Calendar) || len(fr.Communication) != len(s.Communication) {
		t.Errorf("fr counts differ from nl: %+v / %+v", fr.Visits, s.Visits)
	}
	kinds := func(ps store.PlatformStats) map[string]bool {
		k := map[string]bool{}
		for _, e := range append(slices.Clone(ps.Calendar), ps.Communication...) {
			k[e.Kind], k[e.Status] = true, true
		}
		return k
	}
	nlKinds, frKinds := kinds(s), kinds(fr)
	for _, w := range []string{"Bezichtiging", "Uitgevoerd", "Aanvraag via de website"} {
		if !nlKinds[w] || frKinds[w] {
			t.Errorf("%q: in nl %v, in fr %v; want nl only", w, nlKinds[w], frKinds[w])
		}
	}
	for _, w := range []string{"Visite", "Effectuée", "Demande via le site web"} {
		if !frKinds[w] || nlKinds[w] {
			t.Errorf("%q: in fr %v, in nl %v; want fr only", w, frKinds[w], nlKinds[w])
		}
	}

	// The visit counts agree with the media days: the week and the month
	// hold at least the views of the last 7 and 30 days.
	var week, month int
	for _, m := range s.Media {
		switch {
		case m.Day >= "2027-03-21":
			week += m.Views
			month += m.Views
		case m.Day >= "2027-02-26":
			month += m.Views
		}
	}
	v := s.Visits
	if v.Week < week || v.Month < month || v.Today < 0 || v.Today > v.Week || v.Week > v.Month || v.Month > v.Total {
		t.Errorf("visits %+v; the media days make %d in the week, %d in the month", v, week, month)
	}
	if v.Month > month+v.Today || v.Week > week+v.Today {
		t.Errorf("visits %+v count more than the media days (%d week, %d month) and today", v, week, month)
	}
}
