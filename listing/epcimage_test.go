package listing_test

import (
	"slices"
	"testing"

	"github.com/estate-agency/estate/epcimage"
	"github.com/estate-agency/estate/listing"
)

// Every image path the detail page may link is one the server draws, and
// every grade the server draws is one a listing can get: a region's scale
// and its images never drift apart.
func TestEPCImagePathsAreDrawn(t *testing.T) {
	for _, region := range []listing.Region{listing.Flanders, listing.Brussels, listing.Wallonia, listing.Luxembourg, listing.OtherLand} {
		t.Run(string(region), func(t *testing.T) {
			drawn := epcimage.Labels(string(region))
			var linked []string
			for _, grade := range listing.EPCGrades(region) {
				path := listing.EPCImagePath(region, grade)
				if path == "" {
					continue
				}
				if !slices.Contains(drawn, grade) {
					t.Errorf("%s links %s, which is not drawn", region, path)
				}
				linked = append(linked, grade)
			}
			if !slices.Equal(linked, drawn) {
				t.Errorf("%s: linked grades %v, drawn %v", region, linked, drawn)
			}
		})
	}
}
