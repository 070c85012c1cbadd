package listing

import "testing"

func TestRegionOf(t *testing.T) {
	tests := []struct {
		name      string
		countryID int
		zip       string
		want      Region
	}{
		{"brussels first", CountryBelgium, "1000", Brussels},
		{"brussels last", CountryBelgium, "1299", Brussels},
		{"walloon brabant first", CountryBelgium, "1300", Wallonia},
		{"walloon brabant last", CountryBelgium, "1499", Wallonia},
		{"flemish brabant first", CountryBelgium, "1500", Flanders},
		{"flanders before liege", CountryBelgium, "3999", Flanders},
		{"liege first", CountryBelgium, "4000", Wallonia},
		{"wallonia last", CountryBelgium, "7999", Wallonia},
		{"west flanders first", CountryBelgium, "8000", Flanders},
		{"flanders last", CountryBelgium, "9999", Flanders},
		{"libramont", CountryBelgium, "6800", Wallonia},
		{"three digits", CountryBelgium, "999", OtherLand},
		{"five digits", CountryBelgium, "10000", OtherLand},
		{"leading zero below range", CountryBelgium, "0999", OtherLand},
		{"spaces trimmed", CountryBelgium, " 6800 ", Wallonia},
		{"empty zip", CountryBelgium, "", OtherLand},
		{"belgium's prefix", CountryBelgium, "B-6800", Wallonia},
		{"letters", CountryBelgium, "BE6800", OtherLand},
		{"sign", CountryBelgium, "+1000", OtherLand},
		{"luxembourg ignores zip", CountryLuxembourg, "L-9999", Luxembourg},
		{"luxembourg without zip", CountryLuxembourg, "", Luxembourg},
		{"france with belgian-looking zip", 20, "6800", OtherLand},
		{"unknown country", 0, "1000", OtherLand},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RegionOf(tt.countryID, tt.zip); got != tt.want {
				t.Errorf("RegionOf(%d, %q) = %q, want %q", tt.countryID, tt.zip, got, tt.want)
			}
		})
	}
}

func TestCountryOf(t *testing.T) {
	tests := []struct {
		name          string
		id            int
		abbr, country string
		zip           string
		want          int
	}{
		{"belgian id", CountryBelgium, "", "", "6800", CountryBelgium},
		{"luxembourg id", CountryLuxembourg, "", "", "9999", CountryLuxembourg},
		{"another country's id wins over a belgian zip", 33, "", "", "6800", 0},
		{"abbreviation of GetCountryList", 0, "B", "", "6800", CountryBelgium},
		{"iso code", 0, "lux", "", "", CountryLuxembourg},
		{"another abbreviation", 0, "F", "", "6800", 0},
		{"dutch name", 0, "", "België", "", CountryBelgium},
		{"french name", 0, "", "Belgique", "", CountryBelgium},
		{"german name without accent", 0, "", "luxemburg", "", CountryLuxembourg},
		{"another name", 0, "", "Frankrijk", "6800", 0},
		{"nothing but a belgian zip", 0, "", "", "6830", CountryBelgium},
		{"nothing but a luxembourg zip", 0, "", "", "L-9999", CountryLuxembourg},
		{"nothing but a belgian zip with its prefix", 0, "", "", "B-6830", CountryBelgium},
		{"five digits are not belgian", 0, "", "", "75001", 0},
		{"nothing at all", 0, "", "", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CountryOf(tt.id, tt.abbr, tt.country, tt.zip); got != tt.want {
				t.Errorf("CountryOf(%d, %q, %q, %q) = %d, want %d", tt.id, tt.abbr, tt.country, tt.zip, got, tt.want)
			}
		})
	}
}
