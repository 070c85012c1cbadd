package platformsync

import (
	"slices"
	"time"

	"github.com/estate-agency/estate/platform"
)

// slotsAhead moves a bundled dataset's visit slots forward by whole weeks,
// keeping each one's weekday and local time in loc, until the first starts
// after now. A demo agency exported once then offers visits for as long as it
// is run, instead of none once its dates have passed.
func slotsAhead(items []platform.Appointment, now time.Time, loc *time.Location) []platform.Appointment {
	if len(items) == 0 {
		return items
	}
	first := slices.MinFunc(items, func(a, b platform.Appointment) int {
		return a.StartDate.In(loc).Compare(b.StartDate.In(loc))
	}).StartDate.In(loc)
	if first.After(now) {
		return items
	}
	weeks := int(now.Sub(first)/(7*24*time.Hour)) + 1
	// Around a change to or from summer time a week is an hour off 168 h.
	for !first.AddDate(0, 0, 7*weeks).After(now) {
		weeks++
	}
	out := slices.Clone(items)
	for i := range out {
		out[i].StartDate = platform.WallClock(out[i].StartDate.In(loc).AddDate(0, 0, 7*weeks))
		out[i].EndDate = platform.WallClock(out[i].EndDate.In(loc).AddDate(0, 0, 7*weeks))
	}
	return out
}
