package listing

import (
	"slices"
	"testing"
)

// Every region against every grade any scale knows: only a Flemish E or F
// for sale obliges its buyer to renovate.
func TestRenovationObligation(t *testing.T) {
	obliged := map[Region][]string{
		Flanders:   {"e", "f"},
		Wallonia:   nil, // its E, F and G carry no obligation
		Brussels:   nil, // nor its e_plus ... f_sub
		Luxembourg: nil,
		OtherLand:  nil,
	}
	labels := []string{"", "x", "E"} // no label, no grade, a label text rather than a grade
	for _, r := range []Region{Flanders, Brussels, Wallonia, Luxembourg} {
		for _, g := range EPCGrades(r) {
			if !slices.Contains(labels, g) {
				labels = append(labels, g)
			}
		}
	}
	for region, want := range obliged {
		for _, label := range labels {
			for _, goal := range []Goal{Sale, Rent} {
				t.Run(string(region)+"/"+label+"/"+string(goal), func(t *testing.T) {
					expect := goal == Sale && slices.Contains(want, label)
					if got := RenovationObligation(region, label, goal); got != expect {
						t.Errorf("RenovationObligation(%q, %q, %q) = %v, want %v", region, label, goal, got, expect)
					}
				})
			}
		}
	}
}

// The same from a postcode, as a listing's address gives it: the border
// postcodes of each region.
func TestRenovationObligationByPostcode(t *testing.T) {
	tests := []struct {
		name      string
		countryID int
		zip       string
		label     string
		want      bool
	}{
		{"Gent E", CountryBelgium, "9000", "e", true},
		{"Leuven F", CountryBelgium, "3000", "f", true},
		{"Flemish Brabant's first postcode", CountryBelgium, "1500", "e", true},
		{"Flanders before Liège", CountryBelgium, "3999", "f", true},
		{"Gent D", CountryBelgium, "9000", "d", false},
		{"Brussels' last postcode", CountryBelgium, "1299", "e", false},
		{"Walloon Brabant", CountryBelgium, "1300", "e", false},
		{"Liège's first postcode", CountryBelgium, "4000", "f", false},
		{"Libramont", CountryBelgium, "6800", "e", false},
		{"Luxembourg", CountryLuxembourg, "L-9999", "e", false},
		{"France", 20, "9000", "e", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RenovationObligation(RegionOf(tt.countryID, tt.zip), tt.label, Sale); got != tt.want {
				t.Errorf("%d %s %q: %v, want %v", tt.countryID, tt.zip, tt.label, got, tt.want)
			}
		})
	}
}
