package listing

import "testing"

func TestAvailabilityFrom(t *testing.T) {
	tests := []struct {
		name              string
		statusID, marquee int
		goal              Goal
		want              Status
	}{
		{"status available", 1, 0, Sale, Available},
		{"status option", 2, 0, Sale, Option},
		{"status sold for sale", 3, 0, Sale, Sold},
		{"status sold for rent reads rented", 3, 0, Rent, Rented},
		{"status rented for rent", 4, 0, Rent, Rented},
		{"status rented for sale reads sold", 4, 0, Sale, Sold},
		{"status wins over sold marquee", 1, 2, Sale, Available},
		{"status wins over option marquee", 3, 3, Sale, Sold},
		{"no status, no marquee", 0, 0, Sale, Available},
		{"no status, new", 0, 1, Sale, Available},
		{"no status, sold marquee for sale", 0, 2, Sale, Sold},
		{"no status, sold marquee for rent", 0, 2, Rent, Rented},
		{"no status, option marquee", 0, 3, Rent, Option},
		{"no status, price reduced", 0, 10, Sale, Available},
		{"unknown status uses marquee", 9, 2, Sale, Sold},
		{"negative status uses marquee", -1, 3, Sale, Option},
		{"unknown marquee", 0, 7, Sale, Available},
		{"empty goal reads as sale", 0, 2, Goal(""), Sold},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := AvailabilityFrom(tt.statusID, tt.marquee, tt.goal); got != tt.want {
				t.Errorf("AvailabilityFrom(%d, %d, %q) = %q, want %q", tt.statusID, tt.marquee, tt.goal, got, tt.want)
			}
		})
	}
}
