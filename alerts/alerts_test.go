package alerts

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
)

func TestCriteriaJSONIsTheUIContract(t *testing.T) {
	raw, err := os.ReadFile("testdata/criteria.json")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var c Criteria
	if err := dec.Decode(&c); err != nil {
		t.Fatal(err)
	}
	c.Normalize()
	want := Criteria{
		Goal: "buy", Budget: 330000, MinPrice: 200000, MaxPrice: 350000, MinRooms: 3, MinBathrooms: 1, MinGarages: 1,
		Types: []int{1, 2}, Zips: []string{"6940", "L-9710"},
		Area:      [][2]float64{{50.35, 5.40}, {50.35, 5.50}, {50.30, 5.50}, {50.30, 5.40}},
		TimeSlots: []string{"morning", "evening"}, Newsletter: true, Remark: "Liefst met tuin.",
	}
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("normalized\n got %+v\nwant %+v", c, want)
	}
	if p := c.Check(); len(p) != 0 {
		t.Errorf("valid criteria refused: %v", p)
	}
	var keys map[string]any
	if err := json.Unmarshal(raw, &keys); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(c)
	var back map[string]any
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	for k := range keys {
		if _, ok := back[k]; !ok {
			t.Errorf("key %q is not written back", k)
		}
	}
	if len(back) != len(keys) {
		t.Errorf("written keys %v, the contract has %d", back, len(keys))
	}
}

func TestNormalizeWritesEmptyListsAsArrays(t *testing.T) {
	var c Criteria
	c.Normalize()
	out, _ := json.Marshal(c)
	for _, k := range []string{`"types":[]`, `"zips":[]`, `"area":[]`, `"timeSlots":[]`} {
		if !strings.Contains(string(out), k) {
			t.Errorf("%s missing in %s", k, out)
		}
	}
}

func TestCanonicalZip(t *testing.T) {
	for in, want := range map[string]string{
		"6940": "6940", " 6940 ": "6940", "B-6940": "6940", "b6940": "6940",
		"L-9710": "L-9710", "l-9710": "L-9710", "L 9710": "L-9710", "l9710": "L-9710",
		"": "", "Durbuy": "Durbuy", "69400": "69400",
	} {
		if got := CanonicalZip(in); got != want {
			t.Errorf("CanonicalZip(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	valid := func() Criteria {
		return Criteria{Goal: "rent", Types: []int{1}, Zips: []string{"6940"}, Area: [][2]float64{}}
	}
	square := [][2]float64{{50.3, 5.4}, {50.3, 5.5}, {50.4, 5.5}, {50.4, 5.4}}
	tests := []struct {
		name  string
		edit  func(c *Criteria)
		field string
		code  string
	}{
		{"goal missing", func(c *Criteria) { c.Goal = "" }, "goal", "required"},
		{"goal unknown", func(c *Criteria) { c.Goal = "sell" }, "goal", "option"},
		{"negative price", func(c *Criteria) { c.MinPrice = -1 }, "minPrice", "min"},
		{"negative budget", func(c *Criteria) { c.Budget = -1 }, "budget", "min"},
		{"budget too high", func(c *Criteria) { c.Budget = MaxPrice + 1 }, "budget", "max"},
		{"price too high", func(c *Criteria) { c.MaxPrice = MaxPrice + 1 }, "maxPrice", "max"},
		{"max below min", func(c *Criteria) { c.MinPrice, c.MaxPrice = 300000, 200000 }, "maxPrice", "belowMin"},
		{"negative rooms", func(c *Criteria) { c.MinRooms = -2 }, "minRooms", "min"},
		{"too many bathrooms", func(c *Criteria) { c.MinBathrooms = 51 }, "minBathrooms", "max"},
		{"too many garages", func(c *Criteria) { c.MinGarages = 51 }, "minGarages", "max"},
		{"negative parkings", func(c *Criteria) { c.MinParkings = -1 }, "minParkings", "min"},
		{"no types", func(c *Criteria) { c.Types = nil }, "types", "requiredOne"},
		{"no zone", func(c *Criteria) { c.Zips = nil }, "zips", "zone"},
		{"bad zip", func(c *Criteria) { c.Zips = []string{"Durbuy"} }, "zips", "zip"},
		{"five digits", func(c *Criteria) { c.Zips = []string{"69400"} }, "zips", "zip"},
		{"too many zips", func(c *Criteria) {
			c.Zips = nil
			for i := range MaxZips + 1 {
				c.Zips = append(c.Zips, strconv.Itoa(1000+i))
			}
		}, "zips", "tooLong"},
		{"area of two points", func(c *Criteria) { c.Area = square[:2] }, "area", "area"},
		{"area of 101 points", func(c *Criteria) { c.Area = slices.Repeat(square, 26)[:101] }, "area", "area"},
		{"area in Paris", func(c *Criteria) { c.Area = [][2]float64{{48.85, 2.35}, {48.86, 2.36}, {48.84, 2.37}} }, "area", "area"},
		{"area past the Rhine", func(c *Criteria) { c.Area = [][2]float64{{50.3, 5.4}, {50.3, 7.5}, {50.4, 5.5}} }, "area", "area"},
		{"unknown time slot", func(c *Criteria) { c.TimeSlots = []string{"night"} }, "timeSlots", "option"},
		{"remark too long", func(c *Criteria) { c.Remark = strings.Repeat("é", MaxRemark+1) }, "remark", "tooLong"},
	}
	if p := valid().Check(); len(p) != 0 {
		t.Fatalf("valid criteria refused: %v", p)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := valid()
			tt.edit(&c)
			p := c.Check()
			if p[tt.field] != tt.code || len(p) != 1 {
				t.Errorf("Check() = %v, want only %s: %s", p, tt.field, tt.code)
			}
		})
	}
	t.Run("an area alone is a zone", func(t *testing.T) {
		c := valid()
		c.Zips, c.Area = nil, square
		if p := c.Check(); len(p) != 0 {
			t.Errorf("Check() = %v", p)
		}
	})
	t.Run("luxembourg zip", func(t *testing.T) {
		c := valid()
		c.Zips = []string{"L-9710"}
		if p := c.Check(); len(p) != 0 {
			t.Errorf("Check() = %v", p)
		}
	})
}

// A square around Durbuy and a concave 'U' south of it, as [lat, lng].
var (
	square = [][2]float64{{50.30, 5.40}, {50.30, 5.50}, {50.40, 5.50}, {50.40, 5.40}}
	// The U opens to the north: its notch (50.15..50.25, 5.43..5.47) is outside.
	concave = [][2]float64{{50.10, 5.40}, {50.10, 5.50}, {50.25, 5.50}, {50.25, 5.47}, {50.15, 5.47}, {50.15, 5.43}, {50.25, 5.43}, {50.25, 5.40}}
	// A triangle whose first edge is slanted: points on it are not exact in floating point.
	triangle = [][2]float64{{50.0, 5.0}, {50.3, 5.9}, {50.9, 5.2}}
)

func house() Listing {
	return Listing{
		ID: 1, Goal: listing.Sale, Price: 300000, TypeID: 11, ParentTypeID: 1,
		Bedrooms: 3, Bathrooms: 1, Garages: 1, Parkings: 2, Zip: "6940",
		Lat: 50.35, Lng: 5.45, HasGeo: true, Status: listing.Available,
	}
}

func TestMatch(t *testing.T) {
	buy := Criteria{Goal: "buy"}
	with := func(c Criteria, edit func(*Criteria)) Criteria {
		c.Types, c.Zips, c.Area = slices.Clone(c.Types), slices.Clone(c.Zips), slices.Clone(c.Area)
		edit(&c)
		return c
	}
	at := func(edit func(*Listing)) Listing {
		l := house()
		edit(&l)
		return l
	}
	tests := []struct {
		name string
		c    Criteria
		l    Listing
		want bool
	}{
		{"no conditions", buy, house(), true},
		{"goal rent vs sale", Criteria{Goal: "rent"}, house(), false},
		{"goal rent vs rent", Criteria{Goal: "rent"}, at(func(l *Listing) { l.Goal = listing.Rent; l.Price = 900 }), true},
		{"goal buy vs rent", buy, at(func(l *Listing) { l.Goal = listing.Rent }), false},

		{"price at min", with(buy, func(c *Criteria) { c.MinPrice = 300000 }), house(), true},
		{"price at max", with(buy, func(c *Criteria) { c.MaxPrice = 300000 }), house(), true},
		{"price below min", with(buy, func(c *Criteria) { c.MinPrice = 300001 }), house(), false},
		{"price above max", with(buy, func(c *Criteria) { c.MaxPrice = 299999 }), house(), false},
		{"price within", with(buy, func(c *Criteria) { c.MinPrice, c.MaxPrice = 250000, 350000 }), house(), true},
		{"price unpublished", with(buy, func(c *Criteria) { c.MinPrice, c.MaxPrice = 100000, 200000 }), at(func(l *Listing) { l.Price = 0 }), true},
		{"price at budget", with(buy, func(c *Criteria) { c.Budget = 300000 }), house(), true},
		{"price above budget", with(buy, func(c *Criteria) { c.Budget = 299999 }), house(), false},
		{"budget below max", with(buy, func(c *Criteria) { c.Budget, c.MaxPrice = 299999, 400000 }), house(), false},
		{"max below budget", with(buy, func(c *Criteria) { c.Budget, c.MaxPrice = 400000, 299999 }), house(), false},
		{"budget and max above", with(buy, func(c *Criteria) { c.Budget, c.MaxPrice = 350000, 400000 }), house(), true},
		{"budget, price unpublished", with(buy, func(c *Criteria) { c.Budget = 100000 }), at(func(l *Listing) { l.Price = 0 }), true},

		{"type exact", with(buy, func(c *Criteria) { c.Types = []int{11} }), house(), true},
		{"type via its category", with(buy, func(c *Criteria) { c.Types = []int{1} }), house(), true},
		{"other type", with(buy, func(c *Criteria) { c.Types = []int{2, 12} }), house(), false},
		{"sibling sub-type", with(buy, func(c *Criteria) { c.Types = []int{12} }), house(), false},
		{"listing without type", with(buy, func(c *Criteria) { c.Types = []int{1} }), at(func(l *Listing) { l.TypeID, l.ParentTypeID = 0, 0 }), false},

		{"rooms at minimum", with(buy, func(c *Criteria) { c.MinRooms = 3 }), house(), true},
		{"rooms short", with(buy, func(c *Criteria) { c.MinRooms = 4 }), house(), false},
		{"bathrooms short", with(buy, func(c *Criteria) { c.MinBathrooms = 2 }), house(), false},
		{"garages short", with(buy, func(c *Criteria) { c.MinGarages = 2 }), house(), false},
		{"parkings at minimum", with(buy, func(c *Criteria) { c.MinParkings = 2 }), house(), true},
		{"parkings short", with(buy, func(c *Criteria) { c.MinParkings = 3 }), house(), false},

		{"zip in list", with(buy, func(c *Criteria) { c.Zips = []string{"6900", "6940"} }), house(), true},
		{"zip not in list", with(buy, func(c *Criteria) { c.Zips = []string{"6900"} }), house(), false},
		{"zip written B-", with(buy, func(c *Criteria) { c.Zips = []string{"B-6940"} }), house(), true},
		{"luxembourg zip L-", with(buy, func(c *Criteria) { c.Zips = []string{"L-9710"} }), at(func(l *Listing) { l.Zip = "L-9710" }), true},
		{"luxembourg zip l lower-case", with(buy, func(c *Criteria) { c.Zips = []string{"l9710"} }), at(func(l *Listing) { l.Zip = "L-9710" }), true},
		{"bare zip is Belgian, not Luxembourg", with(buy, func(c *Criteria) { c.Zips = []string{"9710"} }), at(func(l *Listing) { l.Zip = "L-9710"; l.HasGeo = false }), false},
		{"L- zip is not the Belgian one", with(buy, func(c *Criteria) { c.Zips = []string{"L-6940"} }), at(func(l *Listing) { l.HasGeo = false }), false},

		{"inside area", with(buy, func(c *Criteria) { c.Area = square }), house(), true},
		{"outside area", with(buy, func(c *Criteria) { c.Area = square }), at(func(l *Listing) { l.Lat = 50.41 }), false},
		{"on an edge", with(buy, func(c *Criteria) { c.Area = square }), at(func(l *Listing) { l.Lat = 50.30 }), true},
		{"on a vertex", with(buy, func(c *Criteria) { c.Area = square }), at(func(l *Listing) { l.Lat, l.Lng = 50.40, 5.50 }), true},
		{"on a slanted edge", with(buy, func(c *Criteria) { c.Area = triangle }), at(func(l *Listing) { l.Lat, l.Lng = 50.0+0.3/3, 5.0+0.9/3 }), true},
		{"on a slanted vertex", with(buy, func(c *Criteria) { c.Area = triangle }), at(func(l *Listing) { l.Lat, l.Lng = 50.3, 5.9 }), true},
		{"just off a slanted edge", with(buy, func(c *Criteria) { c.Area = triangle }), at(func(l *Listing) { l.Lat, l.Lng = 50.1-0.001, 5.3 }), false},
		{"concave arm", with(buy, func(c *Criteria) { c.Area = concave }), at(func(l *Listing) { l.Lat, l.Lng = 50.20, 5.41 }), true},
		{"concave notch", with(buy, func(c *Criteria) { c.Area = concave }), at(func(l *Listing) { l.Lat, l.Lng = 50.20, 5.45 }), false},
		{"concave notch edge", with(buy, func(c *Criteria) { c.Area = concave }), at(func(l *Listing) { l.Lat, l.Lng = 50.20, 5.47 }), true},
		{"concave base", with(buy, func(c *Criteria) { c.Area = concave }), at(func(l *Listing) { l.Lat, l.Lng = 50.12, 5.45 }), true},
		{"area without a point", with(buy, func(c *Criteria) { c.Area = square }), at(func(l *Listing) { l.HasGeo = false }), false},
		{"zip or area: zip", with(buy, func(c *Criteria) { c.Zips, c.Area = []string{"6940"}, concave }), house(), true},
		{"zip or area: area", with(buy, func(c *Criteria) { c.Zips, c.Area = []string{"6900"}, square }), house(), true},
		{"zip or area: neither", with(buy, func(c *Criteria) { c.Zips, c.Area = []string{"6900"}, concave }), house(), false},

		{"option matches", buy, at(func(l *Listing) { l.Status = listing.Option }), true},
		{"sold never", buy, at(func(l *Listing) { l.Status = listing.Sold }), false},
		{"rented never", Criteria{Goal: "rent"}, at(func(l *Listing) { l.Goal, l.Status = listing.Rent, listing.Rented }), false},
		{"withdrawn never", buy, at(func(l *Listing) { l.Status = Withdrawn }), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Match(tt.c, tt.l); got != tt.want {
				t.Errorf("Match = %v, want %v", got, tt.want)
			}
			// The Matcher must agree with Match on every case.
			got := NewMatcher([]Demand{{ID: 7, Criteria: tt.c}}).Match([]Change{{Kind: New, Listing: tt.l}})
			if (len(got[7]) == 1) != tt.want {
				t.Errorf("Matcher = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestFromProperty(t *testing.T) {
	parents := map[int]int{11: 1, 111: 11, 1: 0}
	p := listing.Property{
		ID: 42, Goal: listing.Sale, TypeID: 111, Status: listing.Option,
		Address: listing.Address{Zip: "9710", CountryID: listing.CountryLuxembourg},
		Geo:     &listing.Geo{Lat: 49.95, Lng: 6.1},
		Price:   listing.Price{Amount: 450000.4, Published: true},
		Layout:  listing.Layout{Bedrooms: 4, Bathrooms: 2, Parkings: 1, ExternalParkings: 2},
		Flags:   listing.Flags{Garage: true},
	}
	want := Listing{ID: 42, Goal: listing.Sale, Price: 450000, TypeID: 111, ParentTypeID: 1, Bedrooms: 4, Bathrooms: 2,
		Garages: 1, Parkings: 3, Zip: "L-9710", Lat: 49.95, Lng: 6.1, HasGeo: true, Status: listing.Option}
	if got := FromProperty(p, parents); got != want {
		t.Errorf("FromProperty\n got %+v\nwant %+v", got, want)
	}

	p.Price.Published = false
	p.Geo = nil
	p.Withdrawn = true
	p.Address = listing.Address{Zip: "B-6940", CountryID: listing.CountryBelgium}
	got := FromProperty(p, map[int]int{111: 11, 11: 111}) // a loop in the type list
	if got.Price != 0 || got.HasGeo || got.Status != Withdrawn || got.Zip != "6940" || got.ParentTypeID != 11 {
		t.Errorf("FromProperty = %+v", got)
	}
}

func TestDiff(t *testing.T) {
	l := func(id, price int, s listing.Status) Listing {
		return Listing{ID: id, Goal: listing.Sale, Price: price, Status: s}
	}
	before := map[int]Listing{
		1:  l(1, 300000, listing.Available),  // unchanged
		2:  l(2, 300000, listing.Available),  // price drop
		3:  l(3, 300000, listing.Available),  // price rise
		4:  l(4, 300000, listing.Sold),       // back on the market
		5:  l(5, 300000, listing.Available),  // removed
		6:  l(6, 0, listing.Available),       // price published now
		7:  l(7, 300000, listing.Available),  // price hidden now
		8:  l(8, 300000, listing.Option),     // option → available: no news
		9:  l(9, 300000, Withdrawn),          // back, cheaper
		10: l(10, 300000, listing.Available), // sold now
	}
	after := map[int]Listing{
		1:  l(1, 300000, listing.Available),
		2:  l(2, 280000, listing.Available),
		3:  l(3, 320000, listing.Available),
		4:  l(4, 300000, listing.Option),
		6:  l(6, 250000, listing.Available),
		7:  l(7, 0, listing.Available),
		8:  l(8, 300000, listing.Available),
		9:  l(9, 250000, listing.Available),
		10: l(10, 290000, listing.Sold),
		11: l(11, 200000, listing.Available), // new
	}
	got := Diff(before, after)
	var keys []string
	for _, c := range got {
		keys = append(keys, c.Key())
	}
	want := []string{"2|price|280000", "4|status|option|sold", "9|status|available|withdrawn", "10|price|290000", "11|new"}
	if !slices.Equal(keys, want) {
		t.Fatalf("Diff keys %v, want %v", keys, want)
	}
	if got[0].Kind != PriceDrop || got[0].OldPrice != 300000 {
		t.Errorf("price drop = %+v", got[0])
	}
	if got[2].Kind != BackOnMarket || got[2].OldStatus != Withdrawn || got[2].OldPrice != 300000 {
		t.Errorf("back on the market cheaper = %+v", got[2])
	}
	if d := Diff(after, after); len(d) != 0 {
		t.Errorf("Diff of the same listings = %v", d)
	}
}

func TestMatcherAgreesWithMatch(t *testing.T) {
	demands, changes := fixture(2000, 300)
	got := NewMatcher(demands).Match(changes)
	total := 0
	for _, d := range demands {
		var want []Change
		for _, c := range changes {
			if Match(d.Criteria, c.Listing) {
				want = append(want, c)
			}
		}
		total += len(want)
		if !reflect.DeepEqual(got[d.ID], want) {
			t.Fatalf("demand %d: Matcher %d changes, Match %d", d.ID, len(got[d.ID]), len(want))
		}
	}
	if total == 0 {
		t.Fatal("the fixture matches nothing: the comparison proves nothing")
	}
	t.Logf("%d matches", total)
}

// An unpublished address is matched at the rounded point visitors see, so
// an area drawn around the exact point cannot tell which house it is.
func TestFromPropertyHidesAnUnpublishedPoint(t *testing.T) {
	exact := listing.Geo{Lat: 49.87234, Lng: 5.06771}
	d := 0.0005 // about 50 m
	tiny := [][2]float64{{exact.Lat - d, exact.Lng - d}, {exact.Lat - d, exact.Lng + d}, {exact.Lat + d, exact.Lng + d}, {exact.Lat + d, exact.Lng - d}}
	for _, tc := range []struct {
		name      string
		published bool
		lat, lng  float64
		inTiny    bool
	}{
		{"published address: the exact point", true, exact.Lat, exact.Lng, true},
		{"hidden address: the rounded point", false, 49.87, 5.07, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := listing.Property{ID: 7, Goal: listing.Sale, Status: listing.Available, Geo: &exact,
				Address: listing.Address{Zip: "6830", CountryID: listing.CountryBelgium, Published: tc.published}}
			l := FromProperty(p, nil)
			if !l.HasGeo || l.Lat != tc.lat || l.Lng != tc.lng {
				t.Fatalf("point = %v,%v (has %v), want %v,%v", l.Lat, l.Lng, l.HasGeo, tc.lat, tc.lng)
			}
			c := Criteria{Goal: "buy", Area: tiny}
			if got := Match(c, l); got != tc.inTiny {
				t.Errorf("a 100 m area around the exact point matches: %v, want %v", got, tc.inTiny)
			}
		})
	}
}
