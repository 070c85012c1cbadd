package algolia

import (
	"testing"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

func TestParseIndexName(t *testing.T) {
	langs := []listing.Lang{listing.NL, listing.FR}
	tests := []struct {
		name string
		want Target
	}{
		{"properties_nl", Target{"properties_nl", index.KindProperty, listing.NL, index.SortRelevance}},
		{"properties_fr_price_asc", Target{"properties_fr_price_asc", index.KindProperty, listing.FR, index.SortPriceAsc}},
		{"properties_nl_price_desc", Target{"properties_nl_price_desc", index.KindProperty, listing.NL, index.SortPriceDesc}},
		{"properties_nl_newest", Target{"properties_nl_newest", index.KindProperty, listing.NL, index.SortNewest}},
		{"projects_fr", Target{"projects_fr", index.KindProject, listing.FR, index.SortRelevance}},
		{"cities_nl", Target{"cities_nl", index.KindCity, listing.NL, index.SortRelevance}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseIndexName(tt.name, langs)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
	for _, name := range []string{
		"properties_xx",            // unknown language
		"properties_en",            // a language that is not enabled
		"properties_nl_",           // empty replica
		"properties_nl_cheapest",   // unknown replica
		"properties_nl_price_asc_", // trailing junk
		"projects_nl_newest",       // replicas are for properties only
		"cities_fr_price_asc",
		"properties_", "properties", "Properties_nl", "*", "",
		"prices_nl",
	} {
		t.Run("unknown "+name, func(t *testing.T) {
			_, err := ParseIndexName(name, langs)
			wantError(t, err, 404, "Index "+name+" does not exist")
		})
	}
}
