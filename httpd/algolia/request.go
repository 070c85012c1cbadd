package algolia

import (
	"slices"

	"github.com/estate-agency/estate/index"
)

// facetable are the attributes of each kind that facets count and that
// facets=* expands to: Algolia's attributesForFaceting.
var facetable = map[index.Kind][]string{
	index.KindProperty: {
		"goal", "type", "typeId", "city", "zip", "region", "countryId",
		"bedrooms", "bathrooms", "garages", "epcLabel", "status", "marquee", "features",
		"price", "surfaceLiving", "surfaceGround", "epcValue",
	},
	index.KindProject: {"city", "zip", "soldOut", "types"},
	index.KindCity:    {"zip", "countryId"},
}

// Facetable returns the facetable attributes of a kind.
func Facetable(k index.Kind) []string { return slices.Clone(facetable[k]) }

// ToSearchRequest translates the parameters of one query on a target index
// into the index's request. facetable lists the attributes that may be
// faceted (nil: Facetable(t.Kind)); other requested facets are left out, as
// Algolia leaves out attributes not in attributesForFaceting. The error is
// an *Error; every parameter was checked when decoded, so today it is nil.
func ToSearchRequest(t Target, p Params, facetable []string) (index.SearchRequest, error) {
	if facetable == nil {
		facetable = Facetable(t.Kind)
	}
	offset, length := window(p)
	maxValues := p.MaxValuesPerFacet
	if maxValues <= 0 {
		maxValues = DefaultMaxValuesPerFacet
	}
	return index.SearchRequest{
		Kind:              t.Kind,
		Text:              p.Query,
		Filter:            CombineFilters(p.Filters, p.FacetFilters, p.NumericFilters),
		Geo:               GeoFilter(p),
		Sort:              t.Sort,
		Offset:            offset,
		Length:            length,
		Facets:            facetsOf(p.Facets, facetable),
		MaxValuesPerFacet: min(maxValues, MaxValuesPerFacetLimit),
	}, nil
}

// ToFacetSearchRequest translates a search for facet values: the documents
// the parameters match, no hits, every value of the facet counted (up to
// Algolia's 1,000) so that FacetHits can pick those matching facetQuery.
// A facet that is not facetable answers 400 with Algolia's message.
func ToFacetSearchRequest(t Target, facet string, p Params, facetable []string) (index.SearchRequest, error) {
	if facetable == nil {
		facetable = Facetable(t.Kind)
	}
	if !slices.Contains(facetable, facet) {
		return index.SearchRequest{}, badRequest("Cannot search in `%s` attribute, you need to add `searchable(%s)` to attributesForFaceting.", clip(facet), clip(facet))
	}
	r, err := ToSearchRequest(t, p, facetable)
	if err != nil {
		return index.SearchRequest{}, err
	}
	r.Offset, r.Length = 0, 0
	r.Facets = []string{facet}
	r.MaxValuesPerFacet = MaxValuesPerFacetLimit
	return r, nil
}

// window is the offset and length of the hits asked for: offset/length when
// both are given, otherwise the 0-based page of hitsPerPage.
func window(p Params) (offset, length int) {
	if p.HasOffset {
		return p.Offset, p.Length
	}
	// Page and HitsPerPage are bounded when decoded (≤ 2^31-1 and ≤ 1000),
	// so the product fits an int64; saturate for 32-bit ints.
	o := int64(p.Page) * int64(p.HitsPerPage)
	return int(min(o, maxInt32)), p.HitsPerPage
}

// facetsOf expands "*" and drops attributes that are not facetable,
// keeping the order asked for and each attribute once.
func facetsOf(asked, facetable []string) []string {
	var out []string
	add := func(a string) {
		if slices.Contains(facetable, a) && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	for _, a := range asked {
		if a == "*" {
			for _, f := range facetable {
				add(f)
			}
			continue
		}
		add(a)
	}
	return out
}
