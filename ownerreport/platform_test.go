package ownerreport_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/ownerreport"
	"github.com/estate-agency/estate/store"
)

// withPlatform is the fake store with the platform statistics cache.
type withPlatform struct {
	fakeStore
	stats map[int]store.PlatformStats
	err   error
}

func (s withPlatform) PlatformStats(id int) (store.PlatformStats, error) {
	if s.err != nil {
		return store.PlatformStats{}, s.err
	}
	st, ok := s.stats[id]
	if !ok {
		return st, store.ErrNotFound
	}
	return st, nil
}

func TestDetailPlatform(t *testing.T) {
	brussels, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		t.Fatal(err)
	}
	// now is 2026-11-20 13:00 in Brussels: the 30 days are 10-21 … 11-19.
	base := fakeStore{props: map[int]listing.Property{4003: chalet}}
	var cal, com []store.PlatformEvent
	for i := range 60 {
		cal = append(cal, store.PlatformEvent{Date: now.AddDate(0, 0, -i), Kind: "Bezichtiging", Status: "Uitgevoerd"})
		com = append(com, store.PlatformEvent{Date: now.AddDate(0, 0, -i-1), Kind: "email-out"})
	}
	cal[3].Date = now.AddDate(0, 0, 5) // one to come: first
	st := withPlatform{fakeStore: base, stats: map[int]store.PlatformStats{4003: {
		FetchedAt: now.Add(-10*time.Minute + 123*time.Millisecond),
		Visits:    store.PlatformVisits{Today: 1, Week: 2, Month: 3, Total: 4},
		Media: []store.PlatformMedia{
			{Day: "2026-10-20", Medium: "Zimmo", Views: 100}, // 31 days ago: outside
			{Day: "2026-10-21", Medium: "Zimmo", Views: 2},
			{Day: "2026-11-19", Medium: "Immoweb", Views: 5},
			{Day: "2026-11-20", Medium: "Immoweb", Views: 50}, // today: outside
			{Day: "2026-11-01", Medium: "Immoweb", Views: 1},
		},
		Online: []store.PlatformOnline{
			{Medium: "Immoweb", From: time.Date(2026, 9, 1, 9, 0, 0, 0, brussels)},
			{Medium: "Immovlan", From: time.Date(2026, 8, 1, 9, 0, 0, 0, brussels), To: time.Date(2026, 8, 20, 23, 30, 0, 0, brussels)},
		},
		Calendar: cal, Communication: com,
	}}}
	r := ownerreport.New(forms(t), st, st, brussels, func() time.Time { return now })
	d, err := r.Detail(listing.NL, 4003)
	if err != nil {
		t.Fatal(err)
	}
	p := d.Platform
	if p == nil {
		t.Fatal("no platform statistics")
	}
	if len(p.Media) != 2 || p.Media[0].Medium != "Immoweb" || p.Media[1].Medium != "Zimmo" {
		t.Fatalf("media %+v", p.Media)
	}
	for _, m := range p.Media {
		if len(m.Days) != 30 || m.Days[0].Date != "2026-10-21" || m.Days[29].Date != "2026-11-19" {
			t.Errorf("%s days %v … %v (%d)", m.Medium, m.Days[0], m.Days[len(m.Days)-1], len(m.Days))
		}
	}
	if p.Media[0].Days[29].Views != 5 || p.Media[1].Days[0].Views != 2 || p.Media[0].Days[28].Views != 0 {
		t.Errorf("views %+v", p.Media)
	}
	if len(p.Calendar) != 50 || len(p.Communication) != 50 || !p.Calendar[0].Date.After(now) {
		t.Errorf("histories %d %d, first %v", len(p.Calendar), len(p.Communication), p.Calendar[0].Date)
	}
	for i := 1; i < 50; i++ {
		if p.Calendar[i].Date.After(p.Calendar[i-1].Date) || p.Communication[i].Date.After(p.Communication[i-1].Date) {
			t.Fatalf("not newest first at %d", i)
		}
	}

	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Platform map[string]json.RawMessage `json:"platform"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"fetchedAt": `"2026-11-20T12:50:00+01:00"`,
		"visits":    `{"today":1,"week":2,"month":3,"total":4}`,
		"online":    `[{"medium":"Immoweb","from":"2026-09-01"},{"medium":"Immovlan","from":"2026-08-01","to":"2026-08-20"}]`,
	}
	for k, v := range want {
		if string(raw.Platform[k]) != v {
			t.Errorf("%s = %s, want %s", k, raw.Platform[k], v)
		}
	}
	for _, k := range []string{"media", "calendar", "communication"} {
		if _, ok := raw.Platform[k]; !ok {
			t.Errorf("no %s", k)
		}
	}
	if !strings.Contains(string(raw.Platform["calendar"]), `"kind":"Bezichtiging","status":"Uitgevoerd"`) ||
		strings.Contains(string(raw.Platform["communication"]), "status") {
		t.Errorf("calendar/communication %s / %.200s", raw.Platform["calendar"][:200], raw.Platform["communication"])
	}
	if !strings.Contains(string(raw.Platform["media"]), `{"medium":"Immoweb","days":[{"date":"2026-10-21","views":0}`) {
		t.Errorf("media %.200s", raw.Platform["media"])
	}

	// None cached, or the cache unreadable: null, and the report still answers.
	for _, st := range []withPlatform{{fakeStore: base}, {fakeStore: base, err: errors.New("bucket gone")}} {
		d, err := ownerreport.New(forms(t), st, st, brussels, func() time.Time { return now }).Detail(listing.NL, 4003)
		if err != nil || d.Platform != nil {
			t.Errorf("platform %+v, %v", d.Platform, err)
		}
		b, _ := json.Marshal(d)
		if !strings.Contains(string(b), `"platform":null`) {
			t.Errorf("platform not null: %s", b)
		}
	}
	// A Reports without the cache: null.
	d, err = ownerreport.New(forms(t), base, base, brussels, func() time.Time { return now }).Detail(listing.NL, 4003)
	if err != nil || d.Platform != nil {
		t.Errorf("platform %+v, %v", d.Platform, err)
	}
}
