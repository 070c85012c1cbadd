package listing

import (
	"errors"
	"testing"
)

func TestOfferOf(t *testing.T) {
	tests := []struct {
		name      string
		status    int
		set, refs bool
		want      Offer
	}{
		{"active", PlatformActive, true, false, Offered},
		{"sold", PlatformSold, true, false, Closed},
		{"rented", PlatformRented, true, false, Closed},
		{"prospective", PlatformProspective, true, false, Unpublished},
		{"cancelled", PlatformCancelled, true, false, Unpublished},
		{"inactive", PlatformInactive, true, false, Unpublished},
		{"reference hidden", PlatformReference, true, false, Unpublished},
		{"reference shown", PlatformReference, true, true, Closed},
		{"a status the platform adds later", 9, true, true, Unpublished},
		{"no status at all: what the platform lists it publishes", 0, false, false, Offered},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := OfferOf(tt.status, tt.set, tt.refs); got != tt.want {
				t.Errorf("OfferOf(%d, %v, %v) = %v, want %v", tt.status, tt.set, tt.refs, got, tt.want)
			}
		})
	}
}

func TestAvailabilityFrom(t *testing.T) {
	tests := []struct {
		name  string
		offer Offer
		badge Badge
		goal  Goal
		want  Status
	}{
		{"offered", Offered, BadgeNone, Sale, Available},
		{"offered and new", Offered, BadgeNew, Sale, Available},
		{"offered, price reduced", Offered, BadgePriceDrop, Rent, Available},
		{"offered under option", Offered, BadgeOption, Sale, Option},
		{"offered but bannered sold", Offered, BadgeSold, Sale, Sold},
		{"a rental bannered sold has been let", Offered, BadgeSold, Rent, Rented},
		{"closed sale", Closed, BadgeNone, Sale, Sold},
		{"closed rental", Closed, BadgeNone, Rent, Rented},
		{"closed wins over option", Closed, BadgeOption, Sale, Sold},
		{"empty goal reads as sale", Closed, BadgeNone, Goal(""), Sold},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := AvailabilityFrom(tt.offer, tt.badge, tt.goal); got != tt.want {
				t.Errorf("AvailabilityFrom(%v, %q, %q) = %q, want %q", tt.offer, tt.badge, tt.goal, got, tt.want)
			}
		})
	}
}

func TestBadgeRules(t *testing.T) {
	defaults := DefaultBadgeRules()
	custom, err := NewBadgeRules(map[string][]string{
		MeaningNew:          {"Net binnen"},
		MeaningPriceReduced: {"17"},
		MeaningOption:       {},
	}, []int{4})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		rules       BadgeRules
		marquee     int
		marqueeName string
		sub         int
		subName     string
		want        Badge
	}{
		{"a default name", defaults, 12, "Nieuw", 0, "", BadgeNew},
		{"case, accents and punctuation do not count", defaults, 3, "  SOUS-OPTION ", 0, "", BadgeOption},
		{"french price drop", defaults, 99, "Prix en baisse", 0, "", BadgePriceDrop},
		{"sold in german", defaults, 2, "Verkauft", 0, "", BadgeSold},
		{"the number alone means nothing", defaults, 1, "", 0, "", BadgeNone},
		{"a name nobody uses", defaults, 5, "Exclusief", 0, "", BadgeNone},
		{"the substatus when the marquee says nothing", defaults, 0, "", 7, "Verhuurd", BadgeSold},
		{"a configured name", custom, 8, "Net binnen", 0, "", BadgeNew},
		{"a configured name replaces the defaults of its meaning", custom, 8, "Nieuw", 0, "", BadgeNone},
		{"a configured id", custom, 17, "Whatever", 0, "", BadgePriceDrop},
		{"an emptied meaning", custom, 3, "Optie", 0, "", BadgeNone},
		{"a meaning left out keeps the defaults", custom, 2, "Vendu", 0, "", BadgeSold},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.rules.Of(tt.marquee, tt.marqueeName, tt.sub, tt.subName); got != tt.want {
				t.Errorf("Of(%d, %q, %d, %q) = %q, want %q", tt.marquee, tt.marqueeName, tt.sub, tt.subName, got, tt.want)
			}
		})
	}

	t.Run("shown", func(t *testing.T) {
		for _, tt := range []struct {
			status  Status
			meaning Badge
			marquee int
			want    Badge
		}{
			{Available, BadgeNew, 1, BadgeNew},
			{Sold, BadgeNew, 1, BadgeSold},
			{Rented, BadgeNone, 0, BadgeRented},
			{Option, BadgeOption, 3, BadgeOption},
			{Available, BadgePriceDrop, 4, BadgeNone}, // marquee 4 is ignored
		} {
			if got := custom.Shown(tt.status, tt.meaning, tt.marquee); got != tt.want {
				t.Errorf("Shown(%q, %q, %d) = %q, want %q", tt.status, tt.meaning, tt.marquee, got, tt.want)
			}
		}
	})

	t.Run("an unknown meaning is refused", func(t *testing.T) {
		_, err := NewBadgeRules(map[string][]string{"reserved": {"Gereserveerd"}}, nil)
		var unknown *UnknownMeaningError
		if !errors.As(err, &unknown) || unknown.Meaning != "reserved" {
			t.Errorf("err = %v", err)
		}
	})
}
