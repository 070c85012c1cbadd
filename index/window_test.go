package index

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/estate-agency/estate/listing"
)

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
