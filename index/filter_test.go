package index

import (
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/estate-agency/estate/listing"
)

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
