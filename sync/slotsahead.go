package platformsync

import (
	"slices"
	"time"

	"github.com/estate-agency/estate/sync/wire"
)

// slotsAhead moves a bundled dataset's visit slots forward by whole weeks,
// keeping each one's weekday and local time in loc, until the first starts
// after now. A demo agency exported once then offers visits for as long as it
// is run, instead of none once its dates have passed.
func slotsAhead(items []wire.Appointment, now time.Time, loc *time.Location) []wire.Appointment {
	if len(items) == 0 {
		return items
	}
	first := slices.MinFunc(items, func(a, b wire.Appointment) int { return a.StartDate.Compare(b.StartDate.Time) }).StartDate.In(loc)
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
		out[i].StartDate.Time = out[i].StartDate.In(loc).AddDate(0, 0, 7*weeks)
		out[i].EndDate.Time = out[i].EndDate.In(loc).AddDate(0, 0, 7*weeks)
	}
	return out
}
