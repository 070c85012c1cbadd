package listing

import (
	"strconv"
	"time"
)

// FormatDate formats a date day-month-year unpadded ("5/1/2026"), the way
// Belgian visitors write it. The day is read in t's own location: callers
// pass dates as the platform meant them. The zero time gives "" (no date).
func FormatDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return strconv.Itoa(t.Day()) + "/" + strconv.Itoa(int(t.Month())) + "/" + strconv.Itoa(t.Year())
}
