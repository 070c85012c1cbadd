package ownerstats_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/ownerstats"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/store"
	platformsync "github.com/estate-agency/estate/sync"
)

var _ ownerstats.Source = (*platformsync.DirSource)(nil)

type memStore struct {
	accounts []store.Account
	stats    map[int]store.PlatformStats
}

func (m *memStore) Accounts() ([]store.Account, error) { return m.accounts, nil }
func (m *memStore) PlatformStats(id int) (store.PlatformStats, error) {
	s, ok := m.stats[id]
	if !ok {
		return s, store.ErrNotFound
	}
	return s, nil
}
func (m *memStore) PutPlatformStats(id int, s store.PlatformStats) error {
	m.stats[id] = s
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

func (f *fakeSource) CalendarHistory(context.Context, listing.Lang, int, time.Time, time.Time) (platform.Rows[platform.HistoryEntry], error) {
	return platform.Rows[platform.HistoryEntry]{Items: []platform.HistoryEntry{
		{Date: time.Date(2026, 10, 1, 10, 0, 0, 0, time.UTC), Kind: "visit", Status: "done"},
		{Date: time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC), Kind: "visit", Status: "planned"},
	}}, f.err(platform.MethodCalendarHistories)
}

func (f *fakeSource) AutomaticHistory(context.Context, listing.Lang, int, time.Time, time.Time) (platform.Rows[platform.HistoryEntry], error) {
	return platform.Rows[platform.HistoryEntry]{Items: []platform.HistoryEntry{{Date: time.Date(2026, 10, 1, 10, 0, 0, 0, time.UTC), Kind: "email-out", Status: "x"}}}, f.err(platform.MethodAutomaticHistories)
}

var now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func TestRefresher(t *testing.T) {
	st := &memStore{stats: map[int]store.PlatformStats{}, accounts: []store.Account{
		{ID: 1, Kind: "owner", Lang: "fr", Properties: []int{4003, 4030}},
		{ID: 2, Kind: "searcher", Properties: []int{99}},
		{ID: 3, Kind: "owner", Properties: []int{4003}}, // shared: fetched once
	}}
	src := &fakeSource{fail: map[string]bool{}}
	r := ownerstats.New(src, st, listing.NL, time.UTC, func() time.Time { return now }, nil)
	if n := r.Run(context.Background()); n != 2 {
		t.Fatalf("refreshed %d", n)
	}
	if len(src.asked) != 2 || src.asked[0] != 4003 || src.asked[1] != 4030 || src.langs[0] != listing.FR {
		t.Errorf("asked %v in %v", src.asked, src.langs)
	}
	s := st.stats[4003]
	if !s.FetchedAt.Equal(now) || s.Visits.Total != 4003 || len(s.Media) != 1 || s.Media[0].Views != 5 || s.Media[0].Day != "2026-11-19" {
		t.Errorf("stats %+v", s)
	}
	if len(s.Calendar) != 2 || s.Calendar[0].Status != "planned" || len(s.Communication) != 1 || s.Communication[0].Status != "" {
		t.Errorf("histories %+v / %+v", s.Calendar, s.Communication)
	}

	// A part that fails keeps its previous value; the others move on.
	src.fail[platform.MethodMediaStatistics] = true
	later := now.Add(time.Hour)
	r = ownerstats.New(src, st, listing.NL, time.UTC, func() time.Time { return later }, nil)
	r.Run(context.Background())
	if s := st.stats[4003]; !s.FetchedAt.Equal(later) || len(s.Media) != 1 || s.Media[0].Views != 5 {
		t.Errorf("after a failed part %+v", s)
	}

	// Everything failing writes nothing.
	src.fail["all"] = true
	r = ownerstats.New(src, st, listing.NL, time.UTC, func() time.Time { return later.Add(time.Hour) }, nil)
	if n := r.Run(context.Background()); n != 0 {
		t.Errorf("refreshed %d with the platform down", n)
	}
	if s := st.stats[4003]; !s.FetchedAt.Equal(later) {
		t.Errorf("the previous entry was replaced: %+v", s)
	}
	var nilR *ownerstats.Refresher
	if nilR.Run(context.Background()) != 0 {
		t.Error("a nil refresher ran")
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
	st := &memStore{stats: map[int]store.PlatformStats{}, accounts: []store.Account{{Kind: "owner", Properties: []int{4003, 4030, 4001}}}}
	r := ownerstats.New(src, st, listing.NL, loc, func() time.Time { return clock }, nil)
	if n := r.Run(context.Background()); n != 3 {
		t.Fatalf("refreshed %d", n)
	}
	s := st.stats[4003]
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
	if s := st.stats[4001]; len(s.Media) != 0 || s.Visits.Total != 0 {
		t.Errorf("a property without statistics: %+v", s)
	}
}
