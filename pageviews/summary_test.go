package pageviews_test

import (
	"testing"
	"time"

	"github.com/estate-agency/estate/pageviews"
)

func TestSummarize(t *testing.T) {
	brussels, _ := time.LoadLocation("Europe/Brussels")
	// Sunday 22 November 2026, 00:30 in Brussels (still Saturday the 21st in UTC).
	now := time.Date(2026, 11, 21, 23, 30, 0, 0, time.UTC)
	days := []pageviews.Day{
		{Day: "2026-09-30", Sources: map[string]int{"google": 4}},
		{Day: "2026-10-31", Sources: map[string]int{"immoweb": 2}},
		{Day: "2026-11-01", Sources: map[string]int{"immoweb": 1, "direct": 1}},
		{Day: "2026-11-15", Sources: map[string]int{"site": 3}},
		{Day: "2026-11-16", Sources: map[string]int{"facebook": 5}}, // Monday
		{Day: "2026-11-22", Sources: map[string]int{"direct": 2, "newsletter": 1}},
	}
	s := pageviews.Summarize(days, now, brussels)
	if s.Today != 3 || s.Week != 8 || s.Month != 13 || s.Total != 19 {
		t.Fatalf("today %d week %d month %d total %d", s.Today, s.Week, s.Month, s.Total)
	}
	if len(s.Last30) != 30 || s.Last30[0].Day != "2026-10-24" || s.Last30[29].Day != "2026-11-22" || s.Last30[29].Views != 3 {
		t.Fatalf("last 30 days: %+v … %+v", s.Last30[0], s.Last30[29])
	}
	in30 := 0
	for _, p := range s.Last30 {
		in30 += p.Views
	}
	if in30 != 15 {
		t.Fatalf("views in the last 30 days %d, want 15 (not September's)", in30)
	}
	if s.Sources[0] != (pageviews.SourceCount{Source: "facebook", Views: 5}) || s.Sources[1].Source != "google" || len(s.Sources) != 6 {
		t.Fatalf("sources %+v", s.Sources)
	}
	if empty := pageviews.Summarize(nil, now, brussels); empty.Total != 0 || len(empty.Last30) != 30 || empty.Sources != nil {
		t.Fatalf("no views: %+v", empty)
	}
}
