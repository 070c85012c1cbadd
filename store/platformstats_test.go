package store

import (
	"errors"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/estate-agency/estate/listing"
)

func TestPlatformStatsPerLanguage(t *testing.T) {
	s := open(t)
	at := time.Date(2026, 11, 18, 10, 0, 0, 0, time.UTC)
	nl := PlatformStats{FetchedAt: at, Visits: PlatformVisits{Total: 9}, Calendar: []PlatformEvent{{Date: at, Kind: "Bezichtiging", Status: "Gepland"}}}
	fr := PlatformStats{FetchedAt: at, Visits: PlatformVisits{Total: 9}, Calendar: []PlatformEvent{{Date: at, Kind: "Visite", Status: "Planifiée"}}}

	// An entry of before languages (bare id key) is read under "".
	legacy := []byte(`{"visits":{"total":3},"calendar":[{"date":"2026-11-01T10:00:00Z","kind":"Bezichtiging"}]}`)
	if err := s.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketPlatformStats).Put(platformStatsKey(7, ""), legacy)
	}); err != nil {
		t.Fatal(err)
	}
	if all, err := s.PlatformStatsLangs(7); err != nil || len(all) != 1 || all[""].Visits.Total != 3 {
		t.Fatalf("legacy entry: %+v, %v", all, err)
	}

	if _, err := s.PlatformStats(7, listing.NL); !errors.Is(err, ErrNotFound) {
		t.Errorf("nothing fetched in nl: %v; want ErrNotFound", err)
	}
	if err := s.PutPlatformStats(7, "", nl); err == nil {
		t.Error("an entry without a language was written")
	}
	for lang, ps := range map[listing.Lang]PlatformStats{listing.NL: nl, listing.FR: fr} {
		if err := s.PutPlatformStats(7, lang, ps); err != nil {
			t.Fatal(err)
		}
	}
	// A neighbour's entries do not mix in.
	if err := s.PutPlatformStats(8, listing.NL, PlatformStats{Visits: PlatformVisits{Total: 1}}); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		lang listing.Lang
		kind string
	}{{listing.NL, "Bezichtiging"}, {listing.FR, "Visite"}} {
		got, err := s.PlatformStats(7, tt.lang)
		if err != nil || len(got.Calendar) != 1 || got.Calendar[0].Kind != tt.kind || got.Visits.Total != 9 {
			t.Errorf("%s: %+v, %v; want kind %s", tt.lang, got, err, tt.kind)
		}
	}
	all, err := s.PlatformStatsLangs(7)
	if err != nil || len(all) != 2 || all[listing.FR].Calendar[0].Status != "Planifiée" {
		t.Errorf("all of 7: %+v, %v; want nl and fr, the legacy entry gone", all, err)
	}
	if all, err := s.PlatformStatsLangs(9); err != nil || len(all) != 0 {
		t.Errorf("all of 9: %+v, %v; want none", all, err)
	}
}
