package listing

import (
	"testing"
	"time"
)

func TestFormatDate(t *testing.T) {
	brussels := time.FixedZone("CET", 3600)
	tests := []struct {
		name string
		in   time.Time
		want string
	}{
		{"unpadded day and month", time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC), "5/1/2026"},
		{"two-digit day and month", time.Date(2025, 12, 31, 23, 59, 0, 0, time.UTC), "31/12/2025"},
		{"own location kept", time.Date(2026, 3, 1, 0, 30, 0, 0, brussels), "1/3/2026"},
		{"zero time", time.Time{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatDate(tt.in); got != tt.want {
				t.Errorf("FormatDate(%v) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
