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

var _ ownerreport.PlatformReader = (*store.Store)(nil)

// withPlatform is the fake store with the platform statistics cache.
type withPlatform struct {
	fakeStore
	stats map[int]map[listing.Lang]store.PlatformStats
	err   error
}

func (s withPlatform) PlatformStatsLangs(id int) (map[listing.Lang]store.PlatformStats, error) {
	if s.err != nil {
		return nil, s.err
	}
	return s.stats[id], nil
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
	st := withPlatform{fakeStore: base, stats: map[int]map[listing.Lang]store.PlatformStats{4003: {listing.NL: {
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
	}}}}
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

// TestDetailPlatformLanguage: the platform's texts are those of the page's
// language; without an entry in it, another language's is shown.
func TestDetailPlatformLanguage(t *testing.T) {
	base := fakeStore{props: map[int]listing.Property{4003: chalet}}
	at := now.AddDate(0, 0, -2)
	entry := func(fetched time.Time, kind, status, contact string) store.PlatformStats {
		return store.PlatformStats{
			FetchedAt: fetched, Visits: store.PlatformVisits{Today: 1, Week: 7, Month: 30, Total: 90},
			Calendar:      []store.PlatformEvent{{Date: at, Kind: kind, Status: status}},
			Communication: []store.PlatformEvent{{Date: at, Kind: contact}},
		}
	}
	nl := entry(now.Add(-time.Hour), "Bezichtiging", "Gepland", "Aanvraag via de website")
	fr := entry(now.Add(-2*time.Hour), "Visite", "Planifiée", "Demande via le site web")
	legacy := entry(now.Add(-48*time.Hour), "Bezichtiging", "Uitgevoerd", "E-mail verstuurd")
	tests := []struct {
		name                  string
		entries               map[listing.Lang]store.PlatformStats
		lang                  listing.Lang
		kind, status, contact string
		null                  bool
	}{
		{"nl page, nl entry", map[listing.Lang]store.PlatformStats{listing.NL: nl, listing.FR: fr}, listing.NL, "Bezichtiging", "Gepland", "Aanvraag via de website", false},
		{"fr page, fr entry", map[listing.Lang]store.PlatformStats{listing.NL: nl, listing.FR: fr}, listing.FR, "Visite", "Planifiée", "Demande via le site web", false},
		{"fr page, only nl: falls back", map[listing.Lang]store.PlatformStats{listing.NL: nl}, listing.FR, "Bezichtiging", "Gepland", "Aanvraag via de website", false},
		{"en page: the newest of the others", map[listing.Lang]store.PlatformStats{listing.NL: nl, listing.FR: fr, "": legacy}, listing.EN, "Bezichtiging", "Gepland", "Aanvraag via de website", false},
		{"fr page, only an entry of before languages", map[listing.Lang]store.PlatformStats{"": legacy}, listing.FR, "Bezichtiging", "Uitgevoerd", "E-mail verstuurd", false},
		{"none", map[listing.Lang]store.PlatformStats{}, listing.FR, "", "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := withPlatform{fakeStore: base, stats: map[int]map[listing.Lang]store.PlatformStats{4003: tt.entries}}
			d, err := ownerreport.New(forms(t), st, st, time.UTC, func() time.Time { return now }).Detail(tt.lang, 4003)
			if err != nil {
				t.Fatal(err)
			}
			p := d.Platform
			if tt.null {
				if p != nil {
					t.Errorf("platform %+v; want null", p)
				}
				return
			}
			if p == nil || len(p.Calendar) != 1 || len(p.Communication) != 1 {
				t.Fatalf("platform %+v", p)
			}
			if c := p.Calendar[0]; c.Kind != tt.kind || c.Status != tt.status || p.Communication[0].Kind != tt.contact {
				t.Errorf("calendar %+v, communication %+v; want %s, %s, %s", c, p.Communication[0], tt.kind, tt.status, tt.contact)
			}
			if p.Visits.Total != 90 || p.Visits.Month != 30 {
				t.Errorf("visits %+v", p.Visits)
			}
		})
	}
}
