package alerts

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/estate-agency/estate/listing"
)

// towns around which the fixture's listings and areas lie: the Ardennes,
// where the agency works, as lat, lng and postcode.
var towns = []struct {
	lat, lng float64
	zip      string
}{
	{50.352, 5.456, "6940"},   // Durbuy
	{50.227, 5.344, "6900"},   // Marche-en-Famenne
	{50.003, 5.719, "6600"},   // Bastogne
	{50.183, 5.576, "6980"},   // La Roche-en-Ardenne
	{50.268, 5.447, "6990"},   // Hotton
	{50.132, 5.790, "6660"},   // Houffalize
	{50.284, 5.915, "6690"},   // Vielsalm
	{50.394, 5.931, "4970"},   // Stavelot
	{50.492, 5.865, "4900"},   // Spa
	{50.162, 5.222, "5580"},   // Rochefort
	{50.293, 5.556, "6997"},   // Erezée
	{50.468, 5.552, "4190"},   // Ferrières
	{49.684, 5.816, "6700"},   // Arlon
	{50.057, 5.083, "6890"},   // Libin
	{50.116, 5.674, "6670"},   // Gouvy area
	{49.956, 5.959, "L-9710"}, // Clervaux area, Luxembourg
}

// Degrees per kilometre around 50° N.
const (
	latPerKm = 1 / 111.2
	lngPerKm = 1 / 71.5
)

// fixture builds demands and changes with a realistic spread, from a fixed
// seed: half the demands name 3 to 10 postcodes, a quarter draw an area of
// 10 to 40 points around a town, a quarter do both.
func fixture(nDemands, nChanges int) ([]Demand, []Change) {
	r := rand.New(rand.NewPCG(7, 7))
	types := []int{1, 2, 3, 11, 12, 13, 21, 22, 31}
	parent := map[int]int{11: 1, 12: 1, 13: 1, 21: 2, 22: 2, 31: 3}
	town := func() int { return r.IntN(len(towns)) }
	zip := func() string {
		if r.IntN(3) == 0 {
			return strconv.Itoa(1000 + r.IntN(9000))
		}
		return towns[town()].zip
	}

	demands := make([]Demand, nDemands)
	for i := range demands {
		c := Criteria{Goal: GoalBuy}
		if r.IntN(5) == 0 {
			c.Goal = GoalRent
		}
		for range 1 + r.IntN(3) {
			c.Types = append(c.Types, types[r.IntN(len(types))])
		}
		if c.Goal == GoalBuy {
			if r.IntN(2) == 0 {
				c.MinPrice = 100000 + 25000*r.IntN(8)
			}
			c.MaxPrice = c.MinPrice + 100000 + 25000*r.IntN(12)
		} else {
			c.MaxPrice = 600 + 50*r.IntN(20)
		}
		c.MinRooms = r.IntN(4)
		if r.IntN(4) == 0 {
			c.MinGarages = 1
		}
		kind := i % 4 // 0, 1: zips; 2: area; 3: both
		if kind != 2 {
			for range 3 + r.IntN(8) {
				c.Zips = append(c.Zips, zip())
			}
		}
		if kind >= 2 {
			c.Area = star(r, towns[town()].lat, towns[town()].lng, 10+r.IntN(31))
		}
		c.Normalize()
		demands[i] = Demand{ID: uint64(i + 1), Criteria: c}
	}

	changes := make([]Change, nChanges)
	for i := range changes {
		t := towns[town()]
		typ := types[r.IntN(len(types))]
		l := Listing{
			ID: 10000 + i, Goal: listing.Sale, TypeID: typ, ParentTypeID: parent[typ],
			Bedrooms: r.IntN(6), Bathrooms: 1 + r.IntN(2), Garages: r.IntN(3), Parkings: r.IntN(3),
			Zip: t.zip, HasGeo: r.IntN(10) > 0, Status: listing.Available,
			Lat: t.lat + (r.Float64()*2-1)*15*latPerKm, Lng: t.lng + (r.Float64()*2-1)*15*lngPerKm,
		}
		if r.IntN(5) == 0 {
			l.Goal, l.Price = listing.Rent, 500+10*r.IntN(150)
		} else {
			l.Price = 80000 + 5000*r.IntN(150)
		}
		if r.IntN(10) == 0 {
			l.Price = 0
		}
		if !l.HasGeo {
			l.Lat, l.Lng = 0, 0
		}
		kind := []ChangeKind{New, New, PriceDrop, BackOnMarket}[r.IntN(4)]
		changes[i] = Change{Kind: kind, Listing: l}
	}
	return demands, changes
}

// star is a polygon of n points around a centre, each at its own distance
// of 2 to 15 km: mostly concave, like an area drawn by hand.
func star(r *rand.Rand, lat, lng float64, n int) [][2]float64 {
	pts := make([][2]float64, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		km := 2 + 13*r.Float64()
		pts[i] = [2]float64{lat + km*latPerKm*math.Sin(a), lng + km*lngPerKm*math.Cos(a)}
	}
	return pts
}

func BenchmarkMatch10kDemands1kChanges(b *testing.B) {
	demands, changes := fixture(10000, 1000)
	matches := 0
	for b.Loop() {
		// The index is built on every alert run, so its cost counts.
		got := NewMatcher(demands).Match(changes)
		matches = 0
		for _, cs := range got {
			matches += len(cs)
		}
	}
	b.ReportMetric(float64(matches), "matches")
}
