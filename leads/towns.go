package leads

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
)

// Towns is the towns index: the towns with listings, per language.
type Towns interface {
	Cities(l listing.Lang) ([]listing.City, error)
}

// ResolveTowns writes a list of postcodes and town names as postcodes
// only: each postcode the one way it is stored, each town name as the
// postcodes of the towns of that name. A name is looked up in every
// language's towns index (a Walloon town's Dutch name is as good as its
// French one), whatever its case, accents, hyphens or apostrophes. Blank
// entries are dropped. The first entry that is neither comes back as a
// problem: "zip" for a mistyped postcode, "unknownTown" for a name no town
// has.
func (s *Spec) ResolveTowns(items []string, towns Towns) ([]string, *Problem, error) {
	var byName map[string][]string
	out := make([]string, 0, len(items))
	add := func(zip string) {
		if !slices.Contains(out, zip) {
			out = append(out, zip)
		}
	}
	for _, item := range items {
		item = strings.TrimSpace(item)
		if zip, ok := s.Postcode(item); ok {
			add(zip)
			continue
		}
		switch {
		case item == "":
			continue
		case !s.LooksLikeTown(item):
			return nil, &Problem{Code: "zip"}, nil
		}
		if byName == nil {
			var err error
			if byName, err = s.townIndex(towns); err != nil {
				return nil, nil, err
			}
		}
		zips := byName[listing.Slug(item)]
		if len(zips) == 0 {
			return nil, &Problem{Code: "unknownTown", Args: map[string]string{"town": item}}, nil
		}
		for _, z := range zips {
			add(z)
		}
	}
	return out, nil, nil
}

// townIndex maps a town name's slug to its postcodes, Luxembourg ones
// with their "L-".
func (s *Spec) townIndex(towns Towns) (map[string][]string, error) {
	byName := map[string][]string{}
	for _, l := range []listing.Lang{listing.NL, listing.FR, listing.EN, listing.DE} {
		cities, err := towns.Cities(l)
		if errors.Is(err, store.ErrNotFound) {
			continue // a language the site does not have
		}
		if err != nil {
			return nil, fmt.Errorf("leads: read the towns (%s): %w", l, err)
		}
		for _, c := range cities {
			z, ok := s.Postcode(c.Zip)
			if ok && c.CountryID == listing.CountryLuxembourg && !strings.HasPrefix(z, "L") {
				z, ok = s.Postcode("L" + z) // the platform may write it without its "L-"
			}
			key := listing.Slug(c.Name)
			if ok && !slices.Contains(byName[key], z) {
				byName[key] = append(byName[key], z)
			}
		}
	}
	return byName, nil
}
