package platformsync

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
)

// TestMappingNamesWhatIsWrong: a record that cannot be a listing is refused
// by mapping with a reason an admin can act on, the reason status shows.
func TestMappingNamesWhatIsWrong(t *testing.T) {
	good := platform.Property{ID: 4003, Zip: "6830", CountryID: listing.CountryBelgium}
	m := &mapper{lang: listing.NL, badges: listing.DefaultBadgeRules()}
	tests := []struct {
		name  string
		spoil func(d *platform.Property)
		want  string // "" for a valid record
	}{
		{"valid", func(*platform.Property) {}, ""},
		{"no position is fine", func(d *platform.Property) { d.GoogleX, d.GoogleY = 0, 0 }, ""},
		{"edge of the globe is fine", func(d *platform.Property) { d.GoogleX, d.GoogleY = -90, 180 }, ""},
		{"no ID", func(d *platform.Property) { d.ID = 0 }, "no ID"},
		{"negative ID", func(d *platform.Property) { d.ID = -1 }, "invalid ID -1"},
		{"latitude over 90", func(d *platform.Property) { d.GoogleX, d.GoogleY = 91.5, 5 }, "position 91.5,5 is off the globe"},
		{"longitude over 180", func(d *platform.Property) { d.GoogleX, d.GoogleY = 49.8, -181 }, "position 49.8,-181 is off the globe"},
		{"not a number", func(d *platform.Property) { d.GoogleX = platform.Number(math.NaN()) }, "off the globe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := good
			tt.spoil(&d)
			_, _, err := m.property(d, nil)
			if got := errString(err); got != tt.want && (tt.want == "" || !strings.Contains(got, tt.want)) {
				t.Errorf("property error %q, want %q", got, tt.want)
			}
			var p platform.Project
			p.ID, p.GoogleX, p.GoogleY = d.ID, d.GoogleX, d.GoogleY
			_, _, err = m.project(p, nil)
			if got := errString(err); got != tt.want && (tt.want == "" || !strings.Contains(got, tt.want)) {
				t.Errorf("project error %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWhereOneBadRecordEnds draws the line the README states: up to 10 % of
// a list (at least one record) is quarantined, more refuses the answer.
func TestWhereOneBadRecordEnds(t *testing.T) {
	tests := []struct {
		invalid, base int
		force         bool
		refused       bool
	}{
		{0, 0, false, false},
		{1, 0, false, false},
		{1, 1, false, false},
		{2, 2, false, true},
		{1, 5, false, false},
		{2, 5, false, true},
		{7, 70, false, false},
		{8, 70, false, true},
		{70, 70, false, true},
		{70, 70, true, false},
		{100, 1000, false, false},
		{101, 1000, false, true},
	}
	for _, tt := range tests {
		err := checkInvalid("properties", tt.invalid, tt.base, tt.force)
		if refused := errors.Is(err, ErrImplausible); refused != tt.refused {
			t.Errorf("%d invalid of %d (force %v): %v, want refused %v", tt.invalid, tt.base, tt.force, err, tt.refused)
		}
	}
}
