package alerts

import (
	"math"
	"strings"

	"github.com/estate-agency/estate/listing"
)

// Withdrawn is the status of a listing the platform no longer offers;
// listing.Property keeps it as a flag beside the availability.
const Withdrawn listing.Status = "withdrawn"

// Listing is what matching needs of a property. It is small and flat
// because the caller keeps the last sync's listings as a snapshot to diff
// against: what a mail shows is read again from the property.
type Listing struct {
	ID           int            `json:"id"`
	Goal         listing.Goal   `json:"goal"`
	Price        int            `json:"price,omitempty"` // 0 when the price is not published
	TypeID       int            `json:"typeId,omitempty"`
	ParentTypeID int            `json:"parentTypeId,omitempty"` // the category of TypeID; 0 when TypeID is one
	Bedrooms     int            `json:"bedrooms,omitempty"`
	Bathrooms    int            `json:"bathrooms,omitempty"`
	Garages      int            `json:"garages,omitempty"`
	Parkings     int            `json:"parkings,omitempty"`
	Zip          string         `json:"zip,omitempty"` // as CanonicalZip writes it
	Lat          float64        `json:"lat,omitempty"`
	Lng          float64        `json:"lng,omitempty"`
	HasGeo       bool           `json:"hasGeo,omitempty"`
	Status       listing.Status `json:"status"`
}

// FromProperty reads what matching needs of a property. parentOf maps a
// type id to its parent's (0 for a category), as the platform's type list
// gives them; the listing's ParentTypeID is the category at the top of
// that chain, since the type picker shows every deeper type under it.
func FromProperty(p listing.Property, parentOf map[int]int) Listing {
	l := Listing{
		ID: p.ID, Goal: p.Goal, TypeID: p.TypeID, ParentTypeID: category(p.TypeID, parentOf),
		Bedrooms: p.Layout.Bedrooms, Bathrooms: p.Layout.Bathrooms,
		Garages:  p.Layout.Garages,
		Parkings: p.Layout.Parkings + p.Layout.ExternalParkings,
		Zip:      listingZip(p.Address),
		Status:   p.Status,
	}
	// A ticked 'garage' or 'parking' without a count still means one.
	if l.Garages == 0 && p.Flags.Garage {
		l.Garages = 1
	}
	if l.Parkings == 0 && p.Flags.Parking {
		l.Parkings = 1
	}
	if p.Price.Published && p.Price.Amount > 0 {
		l.Price = int(math.Round(p.Price.Amount))
	}
	// The point visitors see, rounded when the address is not published:
	// an alert is a public channel too, and matching the exact point would
	// let anyone who draws small areas learn from which alert arrives where
	// the house is.
	if g := listing.DisplayGeo(p.Geo, p.Address.Published); g != nil && (g.Lat != 0 || g.Lng != 0) {
		l.Lat, l.Lng, l.HasGeo = g.Lat, g.Lng, true
	}
	if p.Withdrawn {
		l.Status = Withdrawn
	}
	return l
}

// category is the top of id's parent chain; 0 when id has no parent. A
// chain that loops stops where it would repeat.
func category(id int, parentOf map[int]int) int {
	top := 0
	seen := map[int]bool{id: true}
	for p := parentOf[id]; p != 0 && !seen[p]; p = parentOf[p] {
		seen[p] = true
		top = p
	}
	return top
}

// listingZip writes a listing's postcode as criteria write theirs: a
// Luxembourg listing's with "L-" whether or not the platform put it.
func listingZip(a listing.Address) string {
	z := CanonicalZip(a.Zip)
	if a.CountryID == listing.CountryLuxembourg && isDigits4(z) {
		return "L-" + z
	}
	return strings.ToUpper(z)
}

// onMarket tells the statuses that alert: a sold or rented listing never does.
func onMarket(s listing.Status) bool {
	return s == listing.Available || s == listing.Option
}
