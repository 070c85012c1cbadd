package listing

import (
	"math"
	"strings"
)

// FormatAddress formats an address for display: "Rue Haute 12/3, 6800
// Libramont, Luxembourg". The box follows the number after "/" rather than
// the Dutch "bus" or French "boîte", so one form reads in every language.
// When the owner did not publish the address, street, number and box are
// left out. The country is added unless it is Belgium, the site's home.
// Empty parts leave no stray separators.
func FormatAddress(a Address) string {
	var parts []string
	if a.Published {
		number := strings.TrimSpace(a.HouseNumber)
		if box := strings.TrimSpace(a.Box); box != "" && number != "" {
			number += "/" + strings.TrimLeft(box, "/ ")
		}
		parts = appendJoined(parts, " ", a.Street, number)
	}
	parts = appendJoined(parts, " ", a.Zip, a.City)
	if a.CountryID != CountryBelgium {
		parts = appendJoined(parts, " ", a.CountryName)
	}
	return strings.Join(parts, ", ")
}

// appendJoined joins the non-empty trimmed words with sep and appends the
// result to parts unless it is empty.
func appendJoined(parts []string, sep string, words ...string) []string {
	var kept []string
	for _, w := range words {
		if w = strings.TrimSpace(w); w != "" {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return parts
	}
	return append(parts, strings.Join(kept, sep))
}

// geoHiddenDecimals is how precisely the point of an unpublished address is
// shown: two decimals is about 1.1 km north-south (less east-west at
// Belgian latitudes), enough for the town and neighbourhood but not the
// house.
const geoHiddenDecimals = 2

// DisplayGeo returns the point visitors may see: the exact point when the
// address is published, otherwise the point rounded to geoHiddenDecimals.
// It always returns a new value so callers cannot leak the exact point by
// mutating a shared one.
func DisplayGeo(g *Geo, addressPublished bool) *Geo {
	if g == nil {
		return nil
	}
	out := *g
	if !addressPublished {
		scale := math.Pow10(geoHiddenDecimals)
		out.Lat = math.Round(g.Lat*scale) / scale
		out.Lng = math.Round(g.Lng*scale) / scale
	}
	return &out
}
