package site

import (
	"slices"
	"strings"

	"github.com/estate-agency/estate/listing"
)

// TownZips maps each town name of the towns index to its postcodes ("6900"
// or "6880, 6887"), in postcode order: the town filter of a list shows them
// beside the names, so a village called "Alle" is not read as "all".
func TownZips(cities []listing.City) map[string]string {
	zips := map[string][]string{}
	for _, c := range cities {
		name, zip := strings.TrimSpace(c.Name), strings.TrimSpace(c.Zip)
		if name == "" || zip == "" || slices.Contains(zips[name], zip) {
			continue
		}
		zips[name] = append(zips[name], zip)
	}
	out := make(map[string]string, len(zips))
	for name, z := range zips {
		slices.Sort(z)
		out[name] = strings.Join(z, ", ")
	}
	return out
}
