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

// CountryOf is the country id of an address from whatever the platform
// gives of it: its CountryID (GetCountryList: 10 Belgium, 50 Luxembourg),
// CountryAbbr ("B", "L", or the ISO codes) or CountryName in any of its
// languages; without any of them, the postcode ("L-1234" is in Luxembourg,
// four digits in Belgium, the agency's country). 0 means another country
// or none known.
func CountryOf(id int, abbr, name, zip string) int {
	switch {
	case id == CountryBelgium || id == CountryLuxembourg:
		return id
	case id != 0:
		return 0
	}
	if c, ok := countryAbbrs[strings.ToUpper(strings.TrimSpace(abbr))]; ok {
		return c
	}
	if c, ok := countryNames[foldName(name)]; ok {
		return c
	}
	if strings.TrimSpace(abbr) != "" || strings.TrimSpace(name) != "" {
		return 0
	}
	zip = strings.ToUpper(strings.TrimSpace(zip))
	if rest, ok := strings.CutPrefix(zip, "L-"); ok && len(rest) == 4 {
		return CountryLuxembourg
	}
	if n, ok := postcode(zip); ok && n >= 1000 && n <= 9999 {
		return CountryBelgium
	}
	return 0
}

var countryAbbrs = map[string]int{
	"B": CountryBelgium, "BE": CountryBelgium, "BEL": CountryBelgium,
	"L": CountryLuxembourg, "LU": CountryLuxembourg, "LUX": CountryLuxembourg,
}

var countryNames = map[string]int{
	"belgie": CountryBelgium, "belgique": CountryBelgium, "belgium": CountryBelgium, "belgien": CountryBelgium,
	"luxemburg": CountryLuxembourg, "luxembourg": CountryLuxembourg, "grand duche de luxembourg": CountryLuxembourg,
	"groothertogdom luxemburg": CountryLuxembourg,
}

// postcode parses a zip made of digits only, with or without Belgium's
// "B-" in front; strconv.Atoi alone would also accept signs ("+1000").
func postcode(zip string) (int, bool) {
	zip = strings.TrimSpace(zip)
	if rest, ok := strings.CutPrefix(strings.ToUpper(zip), "B-"); ok {
		zip = rest
	}
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
