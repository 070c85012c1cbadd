package alerts

import (
	"slices"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"

	"github.com/estate-agency/estate/listing"
)

// Match tells whether a listing answers criteria: on the market, the goal,
// the price between the bounds and within the budget (a listing without a
// published price matches any: the person can ask), at least the rooms, bathrooms, garages
// and parkings asked, one of the types or a sub-type of one, and a
// postcode among the zips or a point inside the area (anywhere when both
// are empty).
func Match(c Criteria, l Listing) bool {
	zips := make(map[string]struct{}, len(c.Zips))
	for _, z := range c.Zips {
		zips[CanonicalZip(z)] = struct{}{}
	}
	d := compile(c, zips)
	return d.matchTerms(l) && d.matchPlace(l)
}

// compiled is a demand ready to be matched many times.
type compiled struct {
	goal                                       listing.Goal // "" for any
	minPrice, maxPrice                         int
	minRooms, minBath, minGarages, minParkings int
	types                                      []int // sorted
	zips                                       map[string]struct{}
	area                                       *polygon
}

func compile(c Criteria, zips map[string]struct{}) *compiled {
	d := &compiled{
		goal:     goalOf(c.Goal),
		minPrice: c.MinPrice, maxPrice: c.MaxPrice,
		minRooms: c.MinRooms, minBath: c.MinBathrooms, minGarages: c.MinGarages, minParkings: c.MinParkings,
		zips: zips,
	}
	if c.Budget > 0 && (d.maxPrice == 0 || c.Budget < d.maxPrice) {
		d.maxPrice = c.Budget
	}
	d.types = slices.Clone(c.Types)
	slices.Sort(d.types)
	if len(c.Area) >= MinAreaPoint {
		d.area = newPolygon(c.Area)
	}
	return d
}

// goalOf is the listing goal a demand's goal asks for.
func goalOf(g string) listing.Goal {
	switch g {
	case GoalBuy:
		return listing.Sale
	case GoalRent:
		return listing.Rent
	}
	return ""
}

// matchTerms checks everything but the place.
func (d *compiled) matchTerms(l Listing) bool {
	if !onMarket(l.Status) || (d.goal != "" && d.goal != l.Goal) {
		return false
	}
	if l.Price > 0 && ((d.minPrice > 0 && l.Price < d.minPrice) || (d.maxPrice > 0 && l.Price > d.maxPrice)) {
		return false
	}
	if l.Bedrooms < d.minRooms || l.Bathrooms < d.minBath || l.Garages < d.minGarages || l.Parkings < d.minParkings {
		return false
	}
	if len(d.types) > 0 {
		if _, ok := slices.BinarySearch(d.types, l.TypeID); !ok || l.TypeID == 0 {
			if _, ok := slices.BinarySearch(d.types, l.ParentTypeID); !ok || l.ParentTypeID == 0 {
				return false
			}
		}
	}
	return true
}

func (d *compiled) matchPlace(l Listing) bool {
	if len(d.zips) == 0 && d.area == nil {
		return true
	}
	if _, ok := d.zips[l.Zip]; ok && l.Zip != "" {
		return true
	}
	return d.area != nil && l.HasGeo && d.area.contains(orb.Point{l.Lng, l.Lat})
}

// edgeTolerance is how close to an edge a point counts as on it, in
// degrees: about a millimetre, far below what a drawn area means, far
// above floating-point noise.
const edgeTolerance = 1e-8

// polygon is a search area as orb sees it: points are {lng, lat}.
type polygon struct {
	ring  orb.Ring
	bound orb.Bound // padded by edgeTolerance, to reject most listings cheaply
}

func newPolygon(area [][2]float64) *polygon {
	ring := make(orb.Ring, 0, len(area)+1)
	for _, pt := range area {
		ring = append(ring, orb.Point{pt[1], pt[0]})
	}
	if !ring.Closed() {
		ring = append(ring, ring[0])
	}
	return &polygon{ring: ring, bound: ring.Bound().Pad(edgeTolerance)}
}

// contains counts a point on an edge or a vertex as inside. orb's ray
// casting says so only when the floating-point slopes compare equal,
// which a point on a slanted edge seldom gives: edges are checked first
// with a tolerance.
func (p *polygon) contains(pt orb.Point) bool {
	if !p.bound.Contains(pt) {
		return false
	}
	for i := 0; i+1 < len(p.ring); i++ {
		a, b := p.ring[i], p.ring[i+1]
		if pt[0] < min(a[0], b[0])-edgeTolerance || pt[0] > max(a[0], b[0])+edgeTolerance ||
			pt[1] < min(a[1], b[1])-edgeTolerance || pt[1] > max(a[1], b[1])+edgeTolerance {
			continue
		}
		if planar.DistanceFromSegmentSquared(a, b, pt) <= edgeTolerance*edgeTolerance {
			return true
		}
	}
	return planar.RingContains(p.ring, pt)
}
