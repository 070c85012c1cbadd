package pageviews

import (
	"sort"
	"time"
)

// Day is one day's views of a property by source.
type Day struct {
	Day     string // yyyy-mm-dd
	Sources map[string]int
}

// Point is a day of the portal's graph.
type Point struct {
	Day   string `json:"day"`
	Views int    `json:"views"`
}

// SourceCount is how many views came from a source.
type SourceCount struct {
	Source string `json:"source"`
	Views  int    `json:"views"`
}

// Summary is what the owner portal shows of a property's views.
type Summary struct {
	Today int `json:"today"`
	// Week is since Monday, Month since the 1st, in the agency's time zone.
	Week  int `json:"week"`
	Month int `json:"month"`
	Total int `json:"total"`
	// Last30 are the last 30 days, today last, days without views at 0.
	Last30 []Point `json:"last30"`
	// Sources are every view by where it came from, most first.
	Sources []SourceCount `json:"sources"`
}

// Summarize counts a property's days as of now in loc.
func Summarize(days []Day, now time.Time, loc *time.Location) Summary {
	now = now.In(loc)
	today := now.Format(time.DateOnly)
	monday := now.AddDate(0, 0, -((int(now.Weekday()) + 6) % 7)).Format(time.DateOnly)
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, loc).Format(time.DateOnly)
	from := now.AddDate(0, 0, -29).Format(time.DateOnly)

	s := Summary{Last30: make([]Point, 30)}
	index := map[string]int{}
	for i := range 30 {
		d := now.AddDate(0, 0, i-29).Format(time.DateOnly)
		s.Last30[i].Day = d
		index[d] = i
	}
	bySource := map[string]int{}
	for _, d := range days {
		n := 0
		for src, v := range d.Sources {
			n += v
			bySource[src] += v
		}
		s.Total += n
		if d.Day > today {
			continue // a clock moved back: not counted in the periods
		}
		if d.Day == today {
			s.Today += n
		}
		if d.Day >= monday {
			s.Week += n
		}
		if d.Day >= first {
			s.Month += n
		}
		if d.Day >= from {
			s.Last30[index[d.Day]].Views += n
		}
	}
	for src, v := range bySource {
		s.Sources = append(s.Sources, SourceCount{Source: src, Views: v})
	}
	sort.Slice(s.Sources, func(i, j int) bool {
		if s.Sources[i].Views != s.Sources[j].Views {
			return s.Sources[i].Views > s.Sources[j].Views
		}
		return s.Sources[i].Source < s.Sources[j].Source
	})
	return s
}
