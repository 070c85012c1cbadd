package platformsync_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	platformsync "github.com/estate-agency/estate/sync"
)

// TestDirSourceHistoriesByLanguage: the dir source answers the histories
// from the file of the call's language, as the platform answers its texts
// in the call's LanguageId, and the counts whatever the language.
func TestDirSourceHistoriesByLanguage(t *testing.T) {
	dir := t.TempDir()
	ds := loadDemo(t)
	day := time.Date(2026, 11, 10, 0, 0, 0, 0, brussels)
	at := day.Add(10 * time.Hour)
	ds.Owner = platform.OwnerData{
		VisitStatistics: map[int]json.RawMessage{7: platform.VisitStatistic{Today: 1, Week: 5, Month: 20, Total: 60}.Wire()},
		MediaStatistics: map[int][]json.RawMessage{7: {platform.MediaDay{ObjectID: 7, Date: day, MediaID: 1, Medium: "Immoweb", Views: 4}.Wire(brussels)}},
	}
	for l, kinds := range map[listing.Lang][3]string{
		listing.NL: {"Bezichtiging", "Gepland", "Aanvraag via de website"},
		listing.FR: {"Visite", "Planifiée", "Demande via le site web"},
	} {
		ds.Owner.SetHistories(platform.MethodCalendarHistories, l, map[int][]json.RawMessage{7: {platform.HistoryEntry{Date: at, TypeID: 1, Kind: kinds[0], Status: kinds[1]}.Wire(brussels)}})
		ds.Owner.SetHistories(platform.MethodAutomaticHistories, l, map[int][]json.RawMessage{7: {platform.HistoryEntry{Date: at, TypeID: 11, Kind: kinds[2]}.Wire(brussels)}})
	}
	if err := ds.WriteDir(dir); err != nil {
		t.Fatal(err)
	}
	src, err := platformsync.NewDirSource(dir, brussels)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	tests := []struct {
		name                  string
		lang                  listing.Lang
		clock                 time.Time // StatsClock; zero: none
		kind, status, contact string
		date                  time.Time
	}{
		{"nl", listing.NL, time.Time{}, "Bezichtiging", "Gepland", "Aanvraag via de website", at},
		{"fr", listing.FR, time.Time{}, "Visite", "Planifiée", "Demande via le site web", at},
		{"en: none in the dataset", listing.EN, time.Time{}, "", "", "", time.Time{}},
		// The demo clock moves the dates so the media day is yesterday.
		{"fr, shifted", listing.FR, time.Date(2026, 11, 21, 12, 0, 0, 0, brussels), "Visite", "Planifiée", "Demande via le site web", at.AddDate(0, 0, 10)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src.StatsClock = nil
			if !tt.clock.IsZero() {
				clock := tt.clock
				src.StatsClock = func() time.Time { return clock }
			}
			cal, err := src.CalendarHistory(ctx, tt.lang, 7, time.Time{}, time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			auto, err := src.AutomaticHistory(ctx, tt.lang, 7, time.Time{}, time.Time{})
			if err != nil {
				t.Fatal(err)
			}
			if tt.kind == "" {
				if len(cal.Items) != 0 || len(auto.Items) != 0 {
					t.Errorf("histories %+v / %+v; want none", cal.Items, auto.Items)
				}
			} else {
				if len(cal.Items) != 1 || cal.Items[0].Kind != tt.kind || cal.Items[0].Status != tt.status || !cal.Items[0].Date.Equal(tt.date) {
					t.Errorf("calendar %+v; want %s %s at %v", cal.Items, tt.kind, tt.status, tt.date)
				}
				if len(auto.Items) != 1 || auto.Items[0].Kind != tt.contact {
					t.Errorf("communication %+v; want %s", auto.Items, tt.contact)
				}
			}
			// The counts do not depend on the language.
			v, err := src.VisitStatistic(ctx, tt.lang, 7)
			if err != nil || v.Total != 60 || v.Month != 20 {
				t.Errorf("visits %+v, %v", v, err)
			}
			media, err := src.MediaStatistics(ctx, tt.lang, 7, time.Time{}, time.Time{})
			if err != nil || len(media.Items) != 1 || media.Items[0].Views != 4 {
				t.Errorf("media %+v, %v", media.Items, err)
			}
		})
	}
}
