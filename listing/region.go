package listing

import (
	"strconv"
	"strings"
)

// postcodeRegions maps Belgian postcode ranges to their region. The ranges
// follow the postal numbering, which happens to follow the regions, so the
// postcode is the only address field needed to pick the EPC scale.
var postcodeRegions = []struct {
	from, to int
	region   Region
}{
	{1000, 1299, Brussels},
	{1300, 1499, Wallonia},
	{1500, 3999, Flanders},
	{4000, 7999, Wallonia},
	{8000, 9999, Flanders},
}

// RegionOf derives the region from the country id and a Belgian postcode.
// Only Belgium (10) is split by postcode; a Belgian address whose postcode is
// not four digits in a known range is OtherLand, so no wrong EPC scale is used.
func RegionOf(countryID int, zip string) Region {
	switch countryID {
	case CountryLuxembourg:
		return Luxembourg
	case CountryBelgium:
	default:
		return OtherLand
	}
	n, ok := postcode(zip)
	if !ok {
		return OtherLand
	}
	for _, r := range postcodeRegions {
		if n >= r.from && n <= r.to {
			return r.region
		}
	}
	return OtherLand
}

// postcode parses a zip made of digits only; strconv.Atoi alone would also
// accept signs ("+1000").
func postcode(zip string) (int, bool) {
	zip = strings.TrimSpace(zip)
	if zip == "" {
		return 0, false
	}
	for _, c := range zip {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(zip)
	return n, err == nil
}
