package index

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
)

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
