package index

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/estate-agency/estate/listing"
)

// The expectations of these tests are computed from the []listing.Property given to the index,
// with code written for the tests (predicates, counters, sorts), never by asking the index.

func find(t *testing.T, ix *Index, lang listing.Lang, req SearchRequest) SearchResult {
	t.Helper()
	res, err := ix.Find(context.Background(), lang, req)
	if err != nil {
		t.Fatalf("Find(%+v): %v", req, err)
	}
	return res
}

// findFixture is genProps with the edge cases the tests need: towns with accents, hidden prices
// and addresses (genProps has them), no position, no bedrooms, equal creation dates.
func findFixture() []listing.Property {
	props := genProps(400)
	for i := range props {
		p := &props[i]
		switch {
		case i%17 == 0:
			p.Geo = nil
		case i%10 == 3:
			p.Created = time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC) // ties: id decides
		}
		if i%13 == 0 {
			p.Energy.Label = ""
		}
		if i%7 == 0 {
			p.Price.Amount = 250000 // a price many share, for the price facet
		}
		p.Marquee = i % 3
	}
	return props
}

func findProjects() []listing.Project {
	return []listing.Project{
		{ID: 45, Lang: listing.NL, Name: "Residentie De Linde", Address: listing.Address{City: "Gent", Zip: "9000", CountryID: 10},
			PriceMin: 250000, PriceMax: 400000, Types: []string{"Appartement", "Studio"}},
		{ID: 46, Lang: listing.NL, Name: "Les Jardins d'Arlon", Address: listing.Address{City: "Arlon", Zip: "6700", CountryID: 10},
			SoldOut: true, Types: []string{"Villa"}},
		{ID: 47, Lang: listing.NL, Name: "Gone", Withdrawn: true},
	}
}

func openFind(t *testing.T, props []listing.Property) *Index {
	t.Helper()
	ix := openTest(t, t.TempDir(), listing.NL)
	if err := ix.Apply(listing.NL, props, nil, findProjects(), benchCities()); err != nil {
		t.Fatalf("Apply: %v", err)
	}
	return ix
}

func visiblePrice(p listing.Property) (float64, bool) {
	return p.Price.Amount, p.Price.Published && p.Price.Amount > 0
}

func idsWhere(props []listing.Property, pred func(listing.Property) bool) []string {
	var out []string
	for _, p := range props {
		if pred(p) {
			out = append(out, strconv.Itoa(p.ID))
		}
	}
	slices.Sort(out)
	return out
}

func inf(sign int) float64 { return math.Inf(sign) }

func TestFindFilters(t *testing.T) {
	props := findFixture()
	ix := openFind(t, props)
	tests := []struct {
		name   string
		filter Filter
		want   func(listing.Property) bool
	}{
		{"no filter", nil, func(listing.Property) bool { return true }},
		{"keyword", Term{"goal", "rent"}, func(p listing.Property) bool { return p.Goal == listing.Rent }},
		{"keyword exact spelling", Term{"city", "Liège"}, func(p listing.Property) bool { return p.Address.City == "Liège" }},
		{"keyword folded", Term{"city", "LIEGE"}, func(p listing.Property) bool { return p.Address.City == "Liège" }},
		{"keyword folded lower", Term{"type", "villa"}, func(p listing.Property) bool { return p.Type == "Villa" }},
		{"keyword is the whole value", Term{"city", "Marche"}, func(listing.Property) bool { return false }},
		{"postcode", Term{"zip", "6900"}, func(p listing.Property) bool { return p.Address.Zip == "6900" }},
		{"multi-valued keyword", Term{"features", "garden"}, func(p listing.Property) bool { return p.Flags.Garden }},
		{"numeric term", Term{"bedrooms", "3"}, func(p listing.Property) bool { return p.Layout.Bedrooms == 3 }},
		{"numeric term compares numbers", Term{"bedrooms", "3.0"}, func(p listing.Property) bool { return p.Layout.Bedrooms == 3 }},
		{"numeric term on id", Term{"id", "100007"}, func(p listing.Property) bool { return p.ID == 100007 }},
		{"numeric term without facet dictionary", Term{"surfaceLiving", strconv.FormatFloat(props[5].Surfaces.Living, 'f', -1, 64)},
			func(p listing.Property) bool { return p.Surfaces.Living == props[5].Surfaces.Living }},
		{"marquee 0 is a value", Term{"marquee", "0"}, func(p listing.Property) bool { return p.Marquee == 0 }},
		{"not a number", Term{"bedrooms", "three"}, func(listing.Property) bool { return false }},
		{"unknown attribute", Term{"colour", "red"}, func(listing.Property) bool { return false }},
		{"unknown value", Term{"city", "Atlantis"}, func(listing.Property) bool { return false }},
		{"range closed", NumRange{"price", 200000, 500000, true, true}, func(p listing.Property) bool {
			v, ok := visiblePrice(p)
			return ok && v >= 200000 && v <= 500000
		}},
		{"range open above", NumRange{"price", 300000, inf(1), true, false}, func(p listing.Property) bool {
			v, ok := visiblePrice(p)
			return ok && v >= 300000
		}},
		{"range open below", NumRange{"price", inf(-1), 2000, false, true}, func(p listing.Property) bool {
			v, ok := visiblePrice(p)
			return ok && v <= 2000
		}},
		{"range exclusive bounds", NumRange{"bedrooms", 1, 4, false, false}, func(p listing.Property) bool {
			return p.Layout.Bedrooms > 1 && p.Layout.Bedrooms < 4
		}},
		{"range inclusive bounds", NumRange{"bedrooms", 1, 4, true, true}, func(p listing.Property) bool {
			return p.Layout.Bedrooms >= 1 && p.Layout.Bedrooms <= 4
		}},
		{"range on a keyword", NumRange{"city", 0, 1, true, true}, func(listing.Property) bool { return false }},
		{"range on dates", NumRange{"createdAt", 1710000000, 1720000000, true, false}, func(p listing.Property) bool {
			return p.Created.Unix() >= 1710000000 && p.Created.Unix() < 1720000000
		}},
		{"not keyword", Not{Term{"status", "sold"}}, func(p listing.Property) bool { return p.Status != listing.Sold }},
		{"not keyword keeps documents without it", Not{Term{"epcLabel", "a"}}, func(p listing.Property) bool { return p.Energy.Label != "a" }},
		{"not range requires the attribute", Not{NumRange{"price", 0, 300000, true, true}}, func(p listing.Property) bool {
			v, ok := visiblePrice(p)
			return ok && v > 300000
		}},
		{"absent price", Absent{"price"}, func(p listing.Property) bool { _, ok := visiblePrice(p); return !ok }},
		{"not absent is present", Not{Absent{"price"}}, func(p listing.Property) bool { _, ok := visiblePrice(p); return ok }},
		{"absent inside and", And{Term{"goal", "sale"}, Absent{"price"}}, func(p listing.Property) bool {
			_, ok := visiblePrice(p)
			return p.Goal == listing.Sale && !ok
		}},
		{"absent keyword attribute is everywhere", Absent{"city"}, func(listing.Property) bool { return true }},
		{"double negation", Not{Not{Term{"goal", "sale"}}}, func(p listing.Property) bool { return p.Goal == listing.Sale }},
		{"and", And{Term{"goal", "sale"}, Term{"status", "available"}}, func(p listing.Property) bool {
			return p.Goal == listing.Sale && p.Status == listing.Available
		}},
		{"or", Or{Term{"city", "Gent"}, Term{"zip", "4000"}}, func(p listing.Property) bool {
			return p.Address.City == "Gent" || p.Address.Zip == "4000"
		}},
		{"or inside and", And{Term{"goal", "sale"}, Or{Term{"city", "Gent"}, Term{"city", "liege"}}, Not{Term{"status", "sold"}}},
			func(p listing.Property) bool {
				return p.Goal == listing.Sale && (p.Address.City == "Gent" || p.Address.City == "Liège") && p.Status != listing.Sold
			}},
		{"not of and (De Morgan, range keeps its attribute)", Not{And{Term{"goal", "sale"}, NumRange{"bedrooms", 3, inf(1), true, false}}},
			func(p listing.Property) bool {
				return p.Goal != listing.Sale || (p.Layout.Bedrooms > 0 && p.Layout.Bedrooms < 3)
			}},
		{"not of or", Not{Or{Term{"goal", "rent"}, Term{"features", "lift"}}}, func(p listing.Property) bool {
			return p.Goal != listing.Rent && !p.Flags.Lift
		}},
		{"and with range and numeric term", And{NumRange{"price", 100000, 600000, true, true}, Term{"bathrooms", "2"}},
			func(p listing.Property) bool {
				v, ok := visiblePrice(p)
				return ok && v >= 100000 && v <= 600000 && p.Layout.Bathrooms == 2
			}},
		{"empty and matches all", And{}, func(listing.Property) bool { return true }},
		{"empty or matches none", Or{}, func(listing.Property) bool { return false }},
		{"not empty or matches all", Not{Or{}}, func(listing.Property) bool { return true }},
		{"pointer not", &Not{Term{"goal", "rent"}}, func(p listing.Property) bool { return p.Goal != listing.Rent }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := idsWhere(props, tt.want)
			res := find(t, ix, listing.NL, SearchRequest{Filter: tt.filter, Length: 1000})
			if got := sorted(res.IDs); !slices.Equal(got, want) {
				t.Errorf("ids: got %d %v, want %d %v", len(got), head(got), len(want), head(want))
			}
			if res.Total != len(want) {
				t.Errorf("Total = %d, want %d", res.Total, len(want))
			}
		})
	}
	// The fixture must exercise the cases: hidden prices and several towns with accents.
	if n := len(idsWhere(props, func(p listing.Property) bool { _, ok := visiblePrice(p); return !ok })); n < 20 {
		t.Fatalf("fixture has %d hidden prices", n)
	}
}

func head(s []string) []string { return s[:min(len(s), 8)] }

// facetValues are a property's values of a facet attribute, as the API spells them.
func facetValues(p listing.Property, attr string) []string {
	num := func(n int) []string {
		if n > 0 {
			return []string{strconv.Itoa(n)}
		}
		return nil
	}
	str := func(s string) []string {
		if s != "" {
			return []string{s}
		}
		return nil
	}
	switch attr {
	case "goal":
		return str(string(p.Goal))
	case "type":
		return str(p.Type)
	case "city":
		return str(p.Address.City)
	case "zip":
		return str(p.Address.Zip)
	case "region":
		return str(string(p.Energy.Region))
	case "epcLabel":
		return str(p.Energy.Label)
	case "status":
		return str(string(p.Status))
	case "features":
		return p.Flags.Features()
	case "bedrooms":
		return num(p.Layout.Bedrooms)
	case "bathrooms":
		return num(p.Layout.Bathrooms)
	case "garages":
		return num(p.Layout.Garages)
	case "typeId":
		return num(p.TypeID)
	case "webId":
		return num(p.WebID)
	case "countryId":
		return num(p.Address.CountryID)
	case "marquee":
		return []string{strconv.Itoa(p.Marquee)}
	}
	panic("no facet " + attr)
}

func numericValue(p listing.Property, attr string) (float64, bool) {
	pos := func(v float64) (float64, bool) { return v, v > 0 }
	switch attr {
	case "price":
		return visiblePrice(p)
	case "bedrooms":
		return pos(float64(p.Layout.Bedrooms))
	case "surfaceLiving":
		return pos(p.Surfaces.Living)
	case "surfaceGround":
		return pos(p.Surfaces.Ground)
	case "marquee":
		return float64(p.Marquee), true
	}
	panic("no number " + attr)
}

func countFacets(props []listing.Property, attr string) map[string]int {
	out := map[string]int{}
	for _, p := range props {
		for _, v := range facetValues(p, attr) {
			out[v]++
		}
	}
	return out
}

func testStats(props []listing.Property, attr string) (Stats, bool) {
	s := Stats{Min: math.Inf(1), Max: math.Inf(-1)}
	n := 0
	for _, p := range props {
		if v, ok := numericValue(p, attr); ok {
			n++
			s.Sum += v
			s.Min, s.Max = min(s.Min, v), max(s.Max, v)
		}
	}
	if n == 0 {
		return Stats{}, false
	}
	s.Avg = s.Sum / float64(n)
	return s, true
}

func where(props []listing.Property, pred func(listing.Property) bool) []listing.Property {
	var out []listing.Property
	for _, p := range props {
		if pred(p) {
			out = append(out, p)
		}
	}
	return out
}

func TestFindFacets(t *testing.T) {
	props := findFixture()
	ix := openFind(t, props)
	facets := []string{"goal", "type", "city", "zip", "region", "epcLabel", "status", "features",
		"bedrooms", "bathrooms", "garages", "typeId", "webId", "countryId", "marquee"}
	numbers := []string{"price", "bedrooms", "surfaceLiving", "surfaceGround", "marquee"}
	tests := []struct {
		name   string
		filter Filter
		pred   func(listing.Property) bool
	}{
		{"all", nil, func(listing.Property) bool { return true }},
		{"for rent", Term{"goal", "rent"}, func(p listing.Property) bool { return p.Goal == listing.Rent }},
		{"two towns, not sold", And{Or{Term{"city", "Gent"}, Term{"city", "Liège"}}, Not{Term{"status", "sold"}}},
			func(p listing.Property) bool {
				return (p.Address.City == "Gent" || p.Address.City == "Liège") && p.Status != listing.Sold
			}},
		{"price range", NumRange{"price", 150000, 450000, true, true}, func(p listing.Property) bool {
			v, ok := visiblePrice(p)
			return ok && v >= 150000 && v <= 450000
		}},
		{"nothing", Term{"city", "Atlantis"}, func(listing.Property) bool { return false }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			match := where(props, tt.pred)
			// Length 0: no hits, but the count and the facets.
			res := find(t, ix, listing.NL, SearchRequest{Filter: tt.filter, Facets: append(slices.Clone(facets), numbers...)})
			if len(res.IDs) != 0 || res.Total != len(match) {
				t.Errorf("Length 0: %d ids, Total %d; want none and %d", len(res.IDs), res.Total, len(match))
			}
			for _, f := range facets {
				if got, want := res.Facets[f], countFacets(match, f); !maps.Equal(got, want) {
					t.Errorf("facet %s = %v, want %v", f, got, want)
				}
			}
			for _, f := range numbers {
				want, ok := testStats(match, f)
				got, gotOK := res.FacetStats[f]
				if ok != gotOK || !statsClose(got, want) {
					t.Errorf("stats %s = %+v (%v), want %+v (%v)", f, got, gotOK, want, ok)
				}
			}
		})
	}

	t.Run("hidden price is not in price stats", func(t *testing.T) {
		hidden := prop(1, "Gent", "9000", "Villa", withPrice(1, false))
		shown := prop(2, "Gent", "9000", "Villa", withPrice(300000, true))
		ix := openFind(t, []listing.Property{hidden, shown})
		res := find(t, ix, listing.NL, SearchRequest{Facets: []string{"price"}})
		if got := res.FacetStats["price"]; got != (Stats{Min: 300000, Max: 300000, Avg: 300000, Sum: 300000}) {
			t.Errorf("price stats = %+v, want only the published price", got)
		}
		if got := res.Facets["price"]; !maps.Equal(got, map[string]int{"300000": 1}) {
			t.Errorf("price facet = %v", got)
		}
	})

	t.Run("numbers without a dictionary: most frequent, then smallest", func(t *testing.T) {
		for _, attr := range []string{"price", "surfaceLiving"} {
			for _, maxValues := range []int{1, 7, 100, 1000} {
				counts := map[float64]int{}
				for _, p := range props {
					if v, ok := numericValue(p, attr); ok {
						counts[v]++
					}
				}
				keys := slices.Collect(maps.Keys(counts))
				slices.SortFunc(keys, func(a, b float64) int {
					if r := cmp.Compare(counts[b], counts[a]); r != 0 {
						return r
					}
					return cmp.Compare(a, b)
				})
				want := map[string]int{}
				for _, k := range keys[:min(maxValues, len(keys))] {
					want[strconv.FormatFloat(k, 'f', -1, 64)] = counts[k]
				}
				res := find(t, ix, listing.NL, SearchRequest{Facets: []string{attr}, MaxValuesPerFacet: maxValues})
				if got := res.Facets[attr]; !maps.Equal(got, want) {
					t.Errorf("%s top %d: got %d values, want %d (%v)", attr, maxValues, len(got), len(want), head(slices.Sorted(maps.Keys(want))))
				}
			}
		}
	})

	t.Run("max values per facet keeps the most frequent, then by value", func(t *testing.T) {
		all := countFacets(props, "city")
		type vc struct {
			v string
			n int
		}
		var list []vc
		for v, n := range all {
			list = append(list, vc{v, n})
		}
		slices.SortFunc(list, func(a, b vc) int {
			if r := cmp.Compare(b.n, a.n); r != 0 {
				return r
			}
			return strings.Compare(a.v, b.v)
		})
		want := map[string]int{}
		for _, x := range list[:5] {
			want[x.v] = x.n
		}
		res := find(t, ix, listing.NL, SearchRequest{Facets: []string{"city", "unknown"}, MaxValuesPerFacet: 5})
		if got := res.Facets["city"]; !maps.Equal(got, want) {
			t.Errorf("top 5 towns = %v, want %v", got, want)
		}
		if _, ok := res.Facets["unknown"]; ok {
			t.Error("an unknown facet is reported")
		}
	})
}

func statsClose(a, b Stats) bool {
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9*math.Max(1, math.Abs(y)) }
	return near(a.Min, b.Min) && near(a.Max, b.Max) && near(a.Avg, b.Avg) && near(a.Sum, b.Sum)
}

// testDistance is the haversine formula written out for the tests.
func testDistance(lat1, lng1, lat2, lng2 float64) float64 {
	toRad := func(d float64) float64 { return d * math.Pi / 180 }
	a := math.Pow(math.Sin(toRad(lat2-lat1)/2), 2) +
		math.Cos(toRad(lat1))*math.Cos(toRad(lat2))*math.Pow(math.Sin(toRad(lng2-lng1)/2), 2)
	return 2 * 6371008.8 * math.Atan2(math.Sqrt(a), math.Sqrt(1-a))
}

// testInPolygon uses the winding number (the index uses even-odd crossings).
func testInPolygon(lat, lng float64, poly []listing.Geo) bool {
	wn := 0
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		side := (b.Lng-a.Lng)*(lat-a.Lat) - (lng-a.Lng)*(b.Lat-a.Lat)
		if a.Lat <= lat {
			if b.Lat > lat && side > 0 {
				wn++
			}
		} else if b.Lat <= lat && side < 0 {
			wn--
		}
	}
	return wn != 0
}

// shownPos is the position visitors see, computed for the tests (two decimals when hidden).
func shownPos(p listing.Property) (lat, lng float64, ok bool) {
	if p.Geo == nil {
		return 0, 0, false
	}
	lat, lng = p.Geo.Lat, p.Geo.Lng
	if !p.Address.Published {
		lat, lng = math.Round(lat*100)/100, math.Round(lng*100)/100
	}
	return lat, lng, true
}

func TestFindGeo(t *testing.T) {
	props := findFixture()
	ix := openFind(t, props)
	triangle := []listing.Geo{{Lat: 49.6, Lng: 3.0}, {Lat: 51.4, Lng: 4.0}, {Lat: 49.8, Lng: 5.8}}
	concave := []listing.Geo{{Lat: 49.5, Lng: 2.6}, {Lat: 51.5, Lng: 2.6}, {Lat: 51.5, Lng: 6.1}, {Lat: 50.5, Lng: 4.3},
		{Lat: 49.5, Lng: 6.1}}
	tests := []struct {
		name string
		geo  *GeoFilter
		in   func(lat, lng float64) bool
	}{
		{"around 40 km", &GeoFilter{Around: &Around{Lat: 50.5, Lng: 4.4, Radius: 40000}}, func(lat, lng float64) bool {
			return testDistance(50.5, 4.4, lat, lng) <= 40000
		}},
		{"around 15 km", &GeoFilter{Around: &Around{Lat: 50.2, Lng: 5.1, Radius: 15000}}, func(lat, lng float64) bool {
			return testDistance(50.2, 5.1, lat, lng) <= 15000
		}},
		{"box, corners in any order", &GeoFilter{Boxes: []Box{{Lat1: 51.0, Lng1: 5.0, Lat2: 50.0, Lng2: 3.5}}}, func(lat, lng float64) bool {
			return lat >= 50 && lat <= 51 && lng >= 3.5 && lng <= 5
		}},
		{"two boxes: or", &GeoFilter{Boxes: []Box{{49.5, 2.6, 50, 3.5}, {51, 5, 51.5, 6.1}}}, func(lat, lng float64) bool {
			return (lat >= 49.5 && lat <= 50 && lng >= 2.6 && lng <= 3.5) || (lat >= 51 && lat <= 51.5 && lng >= 5 && lng <= 6.1)
		}},
		{"polygon", &GeoFilter{Polygons: [][]listing.Geo{triangle}}, func(lat, lng float64) bool {
			return testInPolygon(lat, lng, triangle)
		}},
		{"concave polygon", &GeoFilter{Polygons: [][]listing.Geo{concave}}, func(lat, lng float64) bool {
			return testInPolygon(lat, lng, concave)
		}},
		{"around and box: and", &GeoFilter{Around: &Around{Lat: 50.5, Lng: 4.4, Radius: 60000}, Boxes: []Box{{50.5, 2, 52, 7}}},
			func(lat, lng float64) bool {
				return testDistance(50.5, 4.4, lat, lng) <= 60000 && lat >= 50.5 && lng >= 2
			}},
		{"degenerate polygon matches nothing", &GeoFilter{Polygons: [][]listing.Geo{{{Lat: 50, Lng: 4}, {Lat: 51, Lng: 5}}}},
			func(float64, float64) bool { return false }},
		{"empty geo filter: any document with a position", &GeoFilter{}, func(float64, float64) bool { return true }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := idsWhere(props, func(p listing.Property) bool {
				lat, lng, ok := shownPos(p)
				return ok && tt.in(lat, lng)
			})
			if len(want) == 0 && !strings.HasPrefix(tt.name, "degenerate") {
				t.Fatal("the fixture has no document there: the case tests nothing")
			}
			res := find(t, ix, listing.NL, SearchRequest{Geo: tt.geo, Length: 1000})
			if got := sorted(res.IDs); !slices.Equal(got, want) {
				t.Errorf("got %d %v, want %d %v", len(got), head(got), len(want), head(want))
			}
		})
	}

	t.Run("unpublished address uses the rounded position", func(t *testing.T) {
		exact := &listing.Geo{Lat: 49.921234, Lng: 5.378765}
		ix := openFind(t, []listing.Property{
			prop(1, "Libramont", "6800", "Villa", func(p *listing.Property) { p.Geo = exact }),
			prop(2, "Libramont", "6800", "Villa", withStreet("Rue X", false), func(p *listing.Property) { p.Geo = exact }),
			prop(3, "Gent", "9000", "Villa"), // no position: never matches
		})
		for _, tc := range []struct {
			name string
			geo  GeoFilter
			want []string
		}{
			{"exact point, 50 m", GeoFilter{Around: &Around{exact.Lat, exact.Lng, 50}}, []string{"1"}},
			{"rounded point, 50 m", GeoFilter{Around: &Around{49.92, 5.38, 50}}, []string{"2"}},
			{"both within 2 km", GeoFilter{Around: &Around{exact.Lat, exact.Lng, 2000}}, []string{"1", "2"}},
			{"tiny box on the exact point", GeoFilter{Boxes: []Box{{49.9212, 5.3787, 49.9213, 5.3788}}}, []string{"1"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				g := tc.geo
				if got := sorted(find(t, ix, listing.NL, SearchRequest{Geo: &g, Length: 10}).IDs); !slices.Equal(got, tc.want) {
					t.Errorf("got %v, want %v", got, tc.want)
				}
			})
		}
	})
}

// expectedOrder sorts properties as the API promises, for the tests.
func expectedOrder(props []listing.Property, s Sort) []string {
	ps := slices.Clone(props)
	newest := func(a, b listing.Property) int {
		if r := b.Created.Compare(a.Created); r != 0 {
			return r
		}
		return cmp.Compare(a.ID, b.ID)
	}
	slices.SortFunc(ps, func(a, b listing.Property) int {
		switch s {
		case SortNewest:
			return newest(a, b)
		case SortPriceAsc, SortPriceDesc:
			va, oka := visiblePrice(a)
			vb, okb := visiblePrice(b)
			switch {
			case oka && !okb:
				return -1
			case !oka && okb:
				return 1
			case oka && okb && va != vb:
				if s == SortPriceAsc {
					return cmp.Compare(va, vb)
				}
				return cmp.Compare(vb, va)
			}
			return newest(a, b)
		}
		aa, ab := a.Status == listing.Available, b.Status == listing.Available
		if aa != ab {
			if aa {
				return -1
			}
			return 1
		}
		return newest(a, b)
	})
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = strconv.Itoa(p.ID)
	}
	return out
}

func TestFindSortAndPaging(t *testing.T) {
	props := findFixture()
	ix := openFind(t, props)
	rent := where(props, func(p listing.Property) bool { return p.Goal == listing.Rent })
	sorts := []struct {
		name string
		s    Sort
	}{{"relevance", SortRelevance}, {"newest", SortNewest}, {"price asc", SortPriceAsc}, {"price desc", SortPriceDesc}}
	windows := []struct{ off, length int }{{0, 20}, {0, 1}, {5, 10}, {90, 20}, {200, 20}, {390, 20}, {399, 5}, {0, 1000}}
	for _, st := range sorts {
		for _, subset := range []struct {
			name   string
			filter Filter
			props  []listing.Property
		}{{"all", nil, props}, {"rent", Term{"goal", "rent"}, rent}} {
			want := expectedOrder(subset.props, st.s)
			for _, w := range windows {
				t.Run(fmt.Sprintf("%s/%s/%d+%d", st.name, subset.name, w.off, w.length), func(t *testing.T) {
					res := find(t, ix, listing.NL, SearchRequest{Filter: subset.filter, Sort: st.s, Offset: w.off, Length: w.length})
					from, to := min(w.off, len(want)), min(w.off+w.length, len(want))
					if !slices.Equal(res.IDs, want[from:to]) {
						t.Errorf("got %v, want %v", head(res.IDs), head(want[from:to]))
					}
					if res.Total != len(want) {
						t.Errorf("Total = %d, want %d", res.Total, len(want))
					}
				})
			}
		}
	}

	t.Run("hidden price sorts last both ways", func(t *testing.T) {
		ix := openFind(t, []listing.Property{
			prop(1, "Gent", "9000", "Villa", withPrice(300000, true)),
			prop(2, "Gent", "9000", "Villa", withPrice(1, false)),
			prop(3, "Gent", "9000", "Villa", withPrice(200000, true)),
		})
		for s, want := range map[Sort][]string{SortPriceAsc: {"3", "1", "2"}, SortPriceDesc: {"1", "3", "2"}} {
			if got := find(t, ix, listing.NL, SearchRequest{Sort: s, Length: 10}).IDs; !slices.Equal(got, want) {
				t.Errorf("sort %d = %v, want %v", s, got, want)
			}
		}
	})

	t.Run("edges", func(t *testing.T) {
		for _, tc := range []struct {
			name        string
			off, length int
			wantIDs     int
		}{
			{"offset beyond total", 400, 20, 0},
			{"offset far beyond", 10000, 20, 0},
			{"length 0", 0, 0, 0},
			{"negative length", 0, -5, 0},
			{"negative offset", -3, 2, 2},
			{"length capped", 0, 5000, 400},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := find(t, ix, listing.NL, SearchRequest{Offset: tc.off, Length: tc.length, Facets: []string{"goal"}})
				if len(res.IDs) != tc.wantIDs || res.Total != 400 {
					t.Errorf("%d ids, Total %d; want %d ids, Total 400", len(res.IDs), res.Total, tc.wantIDs)
				}
				if res.Facets["goal"]["sale"]+res.Facets["goal"]["rent"] != 400 {
					t.Errorf("facets = %v", res.Facets)
				}
			})
		}
	})
}

func TestFindText(t *testing.T) {
	ix := openTest(t, t.TempDir())
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		req  SearchRequest
		want []string
	}{
		{"town with accent", SearchRequest{Text: "Bièvre"}, []string{"101"}},
		{"town without accent", SearchRequest{Text: "Bievre"}, []string{"101"}},
		{"liege finds Liège", SearchRequest{Text: "liege"}, []string{"102"}},
		{"upper case", SearchRequest{Text: "LIÈGE"}, []string{"102"}},
		{"postcode", SearchRequest{Text: "6800"}, []string{"103"}},
		{"reference id", SearchRequest{Text: "123456"}, []string{"123456"}},
		{"reference with leading zeros", SearchRequest{Text: "0123456"}, []string{"123456"}},
		{"typo in a long town name", SearchRequest{Text: "Libramnt"}, []string{"103"}},
		{"typo in a short town name", SearchRequest{Text: "Gnet "}, []string{"123456"}},
		{"no typo below 4 letters", SearchRequest{Text: "Gnt "}, nil},
		{"unfinished last word", SearchRequest{Text: "Libra"}, []string{"103"}},
		{"finished word is not a prefix", SearchRequest{Text: "Libra "}, nil},
		{"dutch stemming: plural finds singular", SearchRequest{Text: "tuinen"}, []string{"101"}},
		{"text from html with entities", SearchRequest{Text: "terras"}, []string{"101"}},
		{"plural the stemmer leaves a letter off", SearchRequest{Text: "terrassen"}, []string{"101"}},
		{"no typo on short description words", SearchRequest{Text: "tuig "}, nil},
		{"published street", SearchRequest{Text: "stationsstraat"}, []string{"101"}},
		{"unpublished street is not searchable", SearchRequest{Text: "Kerkstraat"}, nil},
		{"main type", SearchRequest{Text: "huis"}, []string{"101"}},
		{"type and town", SearchRequest{Text: "villa gent"}, []string{"123456"}},
		{"stop words need not match", SearchRequest{Text: "villa in gent"}, []string{"123456"}},
		{"a stop word alone is not in the description", SearchRequest{Text: "het "}, nil},
		{"all words must match", SearchRequest{Text: "villa liege"}, nil},
		{"punctuation only", SearchRequest{Text: "!!! ?"}, nil},
		{"empty text matches all", SearchRequest{}, []string{"101", "102", "103", "123456"}},
		{"text and filter", SearchRequest{Text: "villa", Filter: Term{"status", string(listing.Available)}}, []string{"101"}},
		{"text and folded town filter", SearchRequest{Text: "appartement", Filter: Term{"city", "liege"}}, []string{"102"}},
		{"projects are another kind", SearchRequest{Kind: KindProject, Text: "villa"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Length = 100
			res := find(t, ix, listing.NL, tt.req)
			if got := sorted(res.IDs); !slices.Equal(got, tt.want) {
				t.Errorf("Find(%q) = %v, want %v", tt.req.Text, got, tt.want)
			}
			if res.Total != len(tt.want) {
				t.Errorf("Total = %d, want %d", res.Total, len(tt.want))
			}
		})
	}

	t.Run("words for highlighting", func(t *testing.T) {
		for _, tc := range []struct {
			text string
			want []string
		}{
			{"Liège", []string{"liege"}},
			{"tuinen", []string{"tuinen", "tuin"}},
			{"Libramnt", []string{"libramnt", "libramont"}},
			{"bie", []string{"bie", "bievre"}},
			{"", nil},
		} {
			got := find(t, ix, listing.NL, SearchRequest{Text: tc.text, Length: 10}).Words
			for _, w := range tc.want {
				if !slices.Contains(got, w) {
					t.Errorf("Words(%q) = %v, want %q among them", tc.text, got, w)
				}
			}
			if tc.want == nil && got != nil {
				t.Errorf("Words(%q) = %v, want none", tc.text, got)
			}
		}
	})
}

func TestFindTextFrench(t *testing.T) {
	ix := openTest(t, t.TempDir(), listing.FR)
	props := []listing.Property{
		prop(1, "Namur", "5000", "Maison", withLang(listing.FR), withBody("Belle maison avec jardin, proche de l'église.")),
		prop(2, "Arlon", "6700", "Appartement", withLang(listing.FR), withBody("Appartements neufs au centre.")),
		prop(3, "Neufchâteau", "6840", "Villa", withLang(listing.FR), withBody("Villa avec piscine.")),
	}
	if err := ix.Apply(listing.FR, props, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"maisons", []string{"1"}},
		{"jardins", []string{"1"}},
		{"eglise", []string{"1"}},
		{"l'Église", []string{"1"}},
		{"appartement", []string{"2"}},
		{"maison à namur", []string{"1"}},
		{"neufchateau", []string{"3"}},
		{"Neufchatau", []string{"3"}}, // a typo and no accent
		{"neufch", []string{"3"}},
	} {
		t.Run(tt.text, func(t *testing.T) {
			if got := sorted(find(t, ix, listing.FR, SearchRequest{Text: tt.text, Length: 10}).IDs); !slices.Equal(got, tt.want) {
				t.Errorf("Find(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

func TestFindRanking(t *testing.T) {
	ix := openTest(t, t.TempDir(), listing.NL)
	props := []listing.Property{
		prop(6800, "Gent", "9000", "Villa", withStatus(listing.Sold)), // its id is the others' postcode
		prop(7, "Libramont", "6800", "Villa"),
		prop(8, "Libramont", "6800", "Villa", withStatus(listing.Sold)),
		prop(20, "Arlon", "6700", "Woning", withBody("Een villa met tuin.")), // villa in the text only
		prop(21, "Arlon", "6700", "Villa", withStatus(listing.Rented)),       // a villa, not available
		prop(22, "Arlon", "6700", "Villa"),
		prop(23, "Arlon", "6700", "Villa", func(p *listing.Property) { p.Created = p.Created.Add(time.Hour) }),
		prop(30, "De Panne", "8660", "Studio", withBody("Studio aan de zee.")),
	}
	// Created: 2025-01-(id%28+1), so 23 and 22 are the newest of the Arlon villas.
	if err := ix.Apply(listing.NL, props, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		text string
		want []string
	}{
		// The typed reference first even though sold, then available before sold.
		{"6800", []string{"6800", "7", "8"}},
		// Available first; among them the type beats the description; equal scores: newest first.
		{"villa arlon", []string{"23", "22", "20", "21"}},
		// Only stop words: they match in town names (the description drops them).
		{"de ", []string{"30"}},
		{"de panne", []string{"30"}},
	} {
		t.Run(tt.text, func(t *testing.T) {
			if got := find(t, ix, listing.NL, SearchRequest{Text: tt.text, Length: 10}).IDs; !slices.Equal(got, tt.want) {
				t.Errorf("Find(%q) = %v, want %v", tt.text, got, tt.want)
			}
		})
	}
}

func TestFindTextFiltersFacetsCombined(t *testing.T) {
	props := findFixture()
	ix := openFind(t, props)
	// genProps writes "Te koop: {type} in {town}" in every summary, so "villa" finds the villas (and
	// any body with the word villa): the expectation comes from the same text.
	hasWord := func(p listing.Property, w string) bool {
		return strings.Contains(strings.ToLower(p.Type+" "+p.MainType+" "+p.Summary+" "+p.Body), w)
	}
	geo := &GeoFilter{Around: &Around{Lat: 50.5, Lng: 4.4, Radius: 80000}}
	filter := And{NumRange{"price", 100000, 700000, true, true}, Term{"goal", "sale"}}
	pred := func(p listing.Property) bool {
		v, ok := visiblePrice(p)
		lat, lng, has := shownPos(p)
		return hasWord(p, "villa") && ok && v >= 100000 && v <= 700000 && p.Goal == listing.Sale &&
			has && testDistance(50.5, 4.4, lat, lng) <= 80000
	}
	match := where(props, pred)
	if len(match) < 10 {
		t.Fatalf("fixture gives %d matches: too few to mean anything", len(match))
	}
	res := find(t, ix, listing.NL, SearchRequest{Text: "villa", Filter: filter, Geo: geo, Length: 1000,
		Facets: []string{"type", "city", "bedrooms", "epcLabel", "price"}})
	if got, want := sorted(res.IDs), idsWhere(props, pred); !slices.Equal(got, want) {
		t.Errorf("ids: got %d, want %d", len(got), len(want))
	}
	for _, f := range []string{"type", "city", "bedrooms", "epcLabel"} {
		if got, want := res.Facets[f], countFacets(match, f); !maps.Equal(got, want) {
			t.Errorf("facet %s = %v, want %v", f, got, want)
		}
	}
	if want, _ := testStats(match, "price"); !statsClose(res.FacetStats["price"], want) {
		t.Errorf("price stats = %+v, want %+v", res.FacetStats["price"], want)
	}
	// Available hits come first.
	seenOther := false
	byID := map[string]listing.Property{}
	for _, p := range props {
		byID[strconv.Itoa(p.ID)] = p
	}
	for _, id := range res.IDs {
		avail := byID[id].Status == listing.Available
		if avail && seenOther {
			t.Fatalf("available %s after a non-available hit", id)
		}
		seenOther = seenOther || !avail
	}
	// A typo in a town with filters.
	res = find(t, ix, listing.NL, SearchRequest{Text: "Bastgne", Filter: Term{"goal", "sale"}, Length: 1000})
	want := idsWhere(props, func(p listing.Property) bool { return p.Address.City == "Bastogne" && p.Goal == listing.Sale })
	if got := sorted(res.IDs); !slices.Equal(got, want) {
		t.Errorf("Bastgne: got %d, want %d", len(got), len(want))
	}
}

func TestFindProjectsAndCities(t *testing.T) {
	props := findFixture()
	ix := openFind(t, props)
	tests := []struct {
		name string
		req  SearchRequest
		want []string
	}{
		{"all projects, withdrawn left out", SearchRequest{Kind: KindProject}, []string{"45", "46"}},
		{"sold out", SearchRequest{Kind: KindProject, Filter: Term{"soldOut", "true"}}, []string{"46"}},
		{"project type", SearchRequest{Kind: KindProject, Filter: Term{"types", "studio"}}, []string{"45"}},
		{"project price", SearchRequest{Kind: KindProject, Filter: NumRange{"priceMin", 0, 300000, true, true}}, []string{"45"}},
		{"project by name", SearchRequest{Kind: KindProject, Text: "linde"}, []string{"45"}},
		{"project by town", SearchRequest{Kind: KindProject, Text: "arlon"}, []string{"46"}},
		{"town by folded name", SearchRequest{Kind: KindCity, Text: "liege"}, []string{"4000|Liège"}},
		{"town by postcode", SearchRequest{Kind: KindCity, Text: "6800"}, []string{"6800|Libramont"}},
		{"town prefix", SearchRequest{Kind: KindCity, Text: "bou"}, []string{"6830|Bouillon"}},
		{"town typo", SearchRequest{Kind: KindCity, Text: "Bouilon"}, []string{"6830|Bouillon"}},
		{"town filter", SearchRequest{Kind: KindCity, Filter: Term{"zip", "9000"}}, []string{"9000|Gent"}},
		{"properties are not towns", SearchRequest{Kind: KindCity, Filter: Term{"goal", "sale"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Length = 100
			if got := sorted(find(t, ix, listing.NL, tt.req).IDs); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}

	t.Run("city counts", func(t *testing.T) {
		want := map[string][2]int{}
		for _, tw := range benchTowns {
			want[tw.zip+"|"+tw.name] = [2]int{}
		}
		for _, p := range props {
			k := p.Address.Zip + "|" + p.Address.City
			n := want[k]
			if p.Goal == listing.Sale {
				n[0]++
			} else {
				n[1]++
			}
			want[k] = n
		}
		if got := ix.CityCounts(listing.NL); !maps.Equal(got, want) {
			t.Errorf("CityCounts = %v, want %v", got, want)
		}
		// The same counts are filterable attributes of the towns.
		liege := want["4000|Liège"]
		res := find(t, ix, listing.NL, SearchRequest{Kind: KindCity, Filter: And{
			Term{"saleCount", strconv.Itoa(liege[0])}, Term{"rentCount", strconv.Itoa(liege[1])}, Term{"zip", "4000"}}, Length: 10})
		if !slices.Equal(res.IDs, []string{"4000|Liège"}) {
			t.Errorf("town by its counts = %v", res.IDs)
		}
		if got := ix.CityCounts("xx"); got != nil {
			t.Errorf("CityCounts(xx) = %v", got)
		}
	})

	t.Run("city counts fold the name and follow Apply", func(t *testing.T) {
		ix := openTest(t, t.TempDir(), listing.NL)
		cities := []listing.City{{Name: "Liège", Zip: "4000"}}
		props := []listing.Property{
			prop(1, "Liège", "4000", "Villa"),
			prop(2, "LIEGE", "4000", "Villa", withGoal(listing.Rent)),
			prop(3, "Liège", "4020", "Villa"),
		}
		if err := ix.Apply(listing.NL, props, nil, nil, cities); err != nil {
			t.Fatal(err)
		}
		want := map[string][2]int{"4000|Liège": {1, 1}, "4020|Liège": {1, 0}}
		if got := ix.CityCounts(listing.NL); !maps.Equal(got, want) {
			t.Errorf("CityCounts = %v, want %v", got, want)
		}
		if err := ix.Apply(listing.NL, nil, []int{1}, nil, nil); err != nil {
			t.Fatal(err)
		}
		want["4000|Liège"] = [2]int{0, 1}
		if got := ix.CityCounts(listing.NL); !maps.Equal(got, want) {
			t.Errorf("CityCounts after a removal = %v, want %v", got, want)
		}
	})
}

func TestFindFollowsApply(t *testing.T) {
	ix := openTest(t, t.TempDir(), listing.NL)
	if err := ix.Apply(listing.NL, dutchFixture(), nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	gone := prop(101, "Bièvre", "5555", "Villa", func(p *listing.Property) { p.Withdrawn = true })
	moved := prop(103, "Gent", "9000", "Woning", withPrice(450000, true))
	added := prop(104, "Arlon", "6700", "Studio", withGoal(listing.Rent), withPrice(700, true))
	if err := ix.Apply(listing.NL, []listing.Property{gone, moved, added}, []int{102, 999}, nil, nil); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		req  SearchRequest
		want []string
	}{
		{"withdrawn and removed are gone", SearchRequest{}, []string{"103", "104", "123456"}},
		{"text follows", SearchRequest{Text: "gent"}, []string{"103", "123456"}},
		{"old text is gone", SearchRequest{Text: "libramont"}, nil},
		{"columns follow", SearchRequest{Filter: Term{"city", "Gent"}}, []string{"103", "123456"}},
		{"old values are gone", SearchRequest{Filter: Term{"city", "Libramont"}}, nil},
		{"new document", SearchRequest{Filter: Term{"goal", "rent"}}, []string{"104"}},
		{"new price", SearchRequest{Filter: NumRange{"price", 400000, 500000, true, true}}, []string{"103"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.req.Length = 100
			res := find(t, ix, listing.NL, tt.req)
			if got := sorted(res.IDs); !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	res := find(t, ix, listing.NL, SearchRequest{Facets: []string{"city"}})
	if want := map[string]int{"Gent": 2, "Arlon": 1}; !maps.Equal(res.Facets["city"], want) {
		t.Errorf("facet city = %v, want %v (values without documents left out)", res.Facets["city"], want)
	}
	// A withdrawn property comes back.
	back := prop(101, "Bièvre", "5555", "Villa")
	if err := ix.Apply(listing.NL, []listing.Property{back}, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := find(t, ix, listing.NL, SearchRequest{Text: "bievre", Length: 10}).IDs; !slices.Equal(got, []string{"101"}) {
		t.Errorf("property back: %v", got)
	}
}

// findProbe is a set of requests whose answers must not depend on how the columns were built.
var findProbe = []SearchRequest{
	{Length: 50, Facets: []string{"city", "type", "bedrooms", "features", "price"}},
	{Text: "villa", Length: 30, Facets: []string{"city", "epcLabel"}},
	{Text: "Bastgne", Length: 30},
	{Filter: And{Term{"goal", "sale"}, NumRange{"price", 200000, 600000, true, true}}, Sort: SortPriceAsc, Offset: 10, Length: 20},
	{Geo: &GeoFilter{Around: &Around{Lat: 50.5, Lng: 4.4, Radius: 50000}}, Sort: SortNewest, Length: 40, Facets: []string{"zip"}},
	{Kind: KindCity, Text: "li", Length: 10},
	{Kind: KindProject, Length: 10, Facets: []string{"types"}},
}

func TestLoadMatchesRebuild(t *testing.T) {
	props := findFixture()
	docs := SliceDocs(props, findProjects(), benchCities())
	dir := t.TempDir()
	ix, err := Open(dir, []listing.Lang{listing.NL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.Rebuild(context.Background(), listing.NL, docs, nil); err != nil {
		t.Fatal(err)
	}
	var want []SearchResult
	for _, req := range findProbe {
		want = append(want, find(t, ix, listing.NL, req))
	}
	applied := openFind(t, props)
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := ix.Find(context.Background(), listing.NL, SearchRequest{}); !errors.Is(err, ErrClosed) {
		t.Errorf("Find after Close: %v, want ErrClosed", err)
	}

	ix = openTest(t, dir, listing.NL)
	if _, err := ix.Find(context.Background(), listing.NL, SearchRequest{}); !errors.Is(err, ErrNotLoaded) {
		t.Fatalf("Find before Load: %v, want ErrNotLoaded", err)
	}
	if ix.Loaded(listing.NL) || ix.CityCounts(listing.NL) != nil {
		t.Error("columns reported before Load")
	}
	if err := ix.Load(listing.NL, docs); err != nil {
		t.Fatalf("Load: %v", err)
	}
	for name, other := range map[string]*Index{"load": ix, "apply": applied} {
		for i, req := range findProbe {
			got := find(t, other, listing.NL, req)
			if !sameResult(got, want[i]) {
				t.Errorf("%s: probe %d differs from the rebuilt index:\n got %+v\nwant %+v", name, i, got, want[i])
			}
		}
	}

	t.Run("a document Bleve has and the store lacks is never found", func(t *testing.T) {
		missing := props[0]
		if err := ix.Load(listing.NL, SliceDocs(props[1:], nil, nil)); err != nil {
			t.Fatal(err)
		}
		for range 2 { // the second search reuses the segment maps of this version
			res := find(t, ix, listing.NL, SearchRequest{Text: missing.Address.City, Length: 1000})
			if slices.Contains(res.IDs, strconv.Itoa(missing.ID)) {
				t.Errorf("%d found by text though the columns lack it", missing.ID)
			}
			want := idsWhere(props[1:], func(p listing.Property) bool { return p.Address.City == missing.Address.City })
			if got := sorted(res.IDs); !slices.Equal(got, want) {
				t.Errorf("got %d hits, want %d", len(got), len(want))
			}
		}
	})

	t.Run("stale index is refused", func(t *testing.T) {
		fresh := openTest(t, t.TempDir(), listing.NL)
		if err := fresh.Load(listing.NL, docs); !errors.Is(err, ErrStale) {
			t.Errorf("Load of a new index: %v, want ErrStale", err)
		}
		if _, err := fresh.Find(context.Background(), "xx", SearchRequest{}); !errors.Is(err, ErrUnknownLanguage) {
			t.Errorf("Find(xx): %v", err)
		}
		if _, err := fresh.Find(context.Background(), listing.NL, SearchRequest{Kind: 7}); err == nil {
			t.Error("Find of kind 7: want an error")
		}
	})
}

func sameResult(a, b SearchResult) bool {
	if a.Total != b.Total || !slices.Equal(a.IDs, b.IDs) || len(a.Facets) != len(b.Facets) || !maps.Equal(a.FacetStats, b.FacetStats) {
		return false
	}
	for k, v := range a.Facets {
		if !maps.Equal(v, b.Facets[k]) {
			return false
		}
	}
	return true
}

// TestFindDuringApplyAndRebuild runs searches while the index changes (meant for -race): every
// answer is whole, from the index before or after a change.
func TestFindDuringApplyAndRebuild(t *testing.T) {
	props := findFixture()
	ix := openTest(t, t.TempDir(), listing.NL)
	ix.batchSize = 50
	if err := ix.Apply(listing.NL, props[:200], nil, nil, benchCities()); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var searches, failures atomic.Int64
	var firstErr atomic.Value
	for g := range 3 {
		wg.Go(func() {
			reqs := []SearchRequest{
				{Length: 20, Facets: []string{"city", "price"}},
				{Text: "villa", Length: 20, Facets: []string{"type"}},
				{Filter: Term{"goal", "sale"}, Sort: SortNewest, Offset: 30, Length: 10},
			}
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				r := (i + g) % len(reqs)
				res, err := ix.Find(context.Background(), listing.NL, reqs[r])
				searches.Add(1)
				// Apply adds 50 at a time: every total is a whole step.
				if err == nil && r == 0 && (res.Total%50 != 0 || res.Total < 200) {
					err = fmt.Errorf("total %d", res.Total)
				}
				if err != nil {
					failures.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
				}
			}
		})
	}
	for i := 200; i < 400; i += 50 {
		if err := ix.Apply(listing.NL, props[i:i+50], nil, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := ix.Rebuild(context.Background(), listing.NL, SliceDocs(props[:300], nil, benchCities()), nil); err != nil {
		t.Fatal(err)
	}
	// Some searches on the rebuilt index too, before they stop.
	for after := searches.Load(); searches.Load() < after+30; {
		runtime.Gosched()
	}
	close(stop)
	wg.Wait()
	if f := failures.Load(); f > 0 {
		t.Errorf("%d of %d concurrent searches failed; first: %v", f, searches.Load(), firstErr.Load())
	}
	if got := find(t, ix, listing.NL, SearchRequest{}).Total; got != 300 {
		t.Errorf("Total after the rebuild = %d, want 300", got)
	}
}

func TestAttributes(t *testing.T) {
	got := Attributes(KindProperty)
	for _, a := range []string{"goal", "type", "city", "zip", "region", "epcLabel", "status", "features", "typeId",
		"countryId", "bedrooms", "bathrooms", "garages", "marquee", "webId", "price", "surfaceLiving", "surfaceGround",
		"epcValue", "createdAt", "changedAt", "id", "projectId"} {
		if !slices.Contains(got, a) {
			t.Errorf("Attributes(property) lacks %s", a)
		}
	}
	if !NumericAttribute(KindProperty, "price") || NumericAttribute(KindProperty, "city") || NumericAttribute(KindCity, "price") {
		t.Error("NumericAttribute is wrong")
	}
	if !slices.Contains(Attributes(KindCity), "saleCount") || !slices.Contains(Attributes(KindProject), "soldOut") {
		t.Error("town and project attributes missing")
	}
}

// TestIncrementalOrders checks that the sort orders Apply merges equal a full sort.
func TestIncrementalOrders(t *testing.T) {
	im, err := buildMapping(listing.NL)
	if err != nil {
		t.Fatal(err)
	}
	props := findFixture()
	cols := newColumns(folder(im), 0)
	for _, p := range props {
		cols.putProperty(p)
	}
	cols.finish()
	live := map[int]listing.Property{}
	for _, p := range props {
		live[p.ID] = p
	}
	for round := range 12 {
		next := cols.clone()
		var upsert []listing.Property
		var remove []int
		for i := round; i < len(props); i += 37 {
			p := props[i]
			switch (i + round) % 4 {
			case 0:
				p.Price.Amount += 1000
				p.Price.Published = !p.Price.Published
			case 1:
				p.Status = listing.Sold
				p.Created = p.Created.Add(time.Duration(round) * time.Hour)
			case 2:
				remove = append(remove, p.ID)
				delete(live, p.ID)
				continue
			case 3:
				p.ID = 900000 + round*1000 + i // a new listing
			}
			upsert = append(upsert, p)
			live[p.ID] = p
		}
		applyColumns(next, upsert, remove, nil, nil)
		if len(next.dirty) > next.n/8 {
			t.Fatalf("round %d changes %d of %d: not the incremental path", round, len(next.dirty), next.n)
		}
		cols = next.finish()
	}
	all := slices.Collect(maps.Values(live))
	for s := range Sort(nSorts) {
		want := expectedOrder(all, s)
		var got []string
		for _, ord := range cols.order[s] {
			got = append(got, cols.ids[ord])
		}
		if !slices.Equal(got, want) {
			t.Errorf("sort %d: incremental order differs from a full sort", s)
		}
		for i, ord := range cols.order[s] {
			if cols.rank[s][ord] != uint32(i) {
				t.Fatalf("sort %d: rank of %d is %d, want %d", s, ord, cols.rank[s][ord], i)
			}
		}
	}
}
