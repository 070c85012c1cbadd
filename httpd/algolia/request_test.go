package algolia

import (
	"reflect"
	"testing"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

func TestToSearchRequest(t *testing.T) {
	props := Target{Name: "properties_nl", Kind: index.KindProperty, Lang: listing.NL}
	base := index.SearchRequest{Kind: index.KindProperty, Length: DefaultHitsPerPage, MaxValuesPerFacet: DefaultMaxValuesPerFacet}
	req := func(f func(r *index.SearchRequest)) index.SearchRequest {
		r := base
		f(&r)
		return r
	}
	tests := []struct {
		name      string
		target    Target
		p         Params
		facetable []string
		want      index.SearchRequest
	}{
		{"defaults", props, params(nil), nil, base},
		{"text", props, params(func(p *Params) { p.Query = "villa gent" }), nil,
			req(func(r *index.SearchRequest) { r.Text = "villa gent" })},
		{"page is 0-based", props, params(func(p *Params) { p.Page, p.HitsPerPage = 2, 10 }), nil,
			req(func(r *index.SearchRequest) { r.Offset, r.Length = 20, 10 })},
		{"hitsPerPage 0: facets only", props, params(func(p *Params) { p.Page, p.HitsPerPage = 3, 0 }), nil,
			req(func(r *index.SearchRequest) { r.Offset, r.Length = 0, 0 })},
		{"a page far away saturates", props, params(func(p *Params) { p.Page, p.HitsPerPage = maxInt32, 100 }), nil,
			req(func(r *index.SearchRequest) { r.Offset, r.Length = maxInt32, 100 })},
		{"offset and length override paging", props,
			params(func(p *Params) { p.Page, p.Offset, p.Length, p.HasOffset = 5, 7, 3, true }), nil,
			req(func(r *index.SearchRequest) { r.Offset, r.Length = 7, 3 })},
		{"sort replica", Target{Kind: index.KindProperty, Sort: index.SortPriceDesc}, params(nil), nil,
			req(func(r *index.SearchRequest) { r.Sort = index.SortPriceDesc })},
		{"facets * of properties", props, params(func(p *Params) { p.Facets = []string{"*"} }), nil,
			req(func(r *index.SearchRequest) { r.Facets = Facetable(index.KindProperty) })},
		{"facets * of towns", Target{Kind: index.KindCity}, params(func(p *Params) { p.Facets = []string{"*"} }), nil,
			index.SearchRequest{Kind: index.KindCity, Length: 20, MaxValuesPerFacet: 100, Facets: []string{"zip", "countryId"}}},
		{"facets * of projects", Target{Kind: index.KindProject}, params(func(p *Params) { p.Facets = []string{"*"} }), nil,
			index.SearchRequest{Kind: index.KindProject, Length: 20, MaxValuesPerFacet: 100, Facets: []string{"city", "zip", "soldOut", "types"}}},
		{"facets not facetable are left out", props, params(func(p *Params) { p.Facets = []string{"title", "city", "street"} }), nil,
			req(func(r *index.SearchRequest) { r.Facets = []string{"city"} })},
		{"facets asked twice count once", props, params(func(p *Params) { p.Facets = []string{"city", "goal", "city"} }), nil,
			req(func(r *index.SearchRequest) { r.Facets = []string{"city", "goal"} })},
		{"facets * next to a name", Target{Kind: index.KindCity}, params(func(p *Params) { p.Facets = []string{"countryId", "*"} }), nil,
			index.SearchRequest{Kind: index.KindCity, Length: 20, MaxValuesPerFacet: 100, Facets: []string{"countryId", "zip"}}},
		{"facetable given by the caller", props, params(func(p *Params) { p.Facets = []string{"*", "goal"} }), []string{"goal"},
			req(func(r *index.SearchRequest) { r.Facets = []string{"goal"} })},
		{"maxValuesPerFacet", props, params(func(p *Params) { p.MaxValuesPerFacet = 10 }), nil,
			req(func(r *index.SearchRequest) { r.MaxValuesPerFacet = 10 })},
		{"the three filter parameters combine with AND", props, params(func(p *Params) {
			p.Filters, p.FacetFilters, p.NumericFilters = term("goal", "sale"), term("city", "Gent"), ge("price", 1)
		}), nil,
			req(func(r *index.SearchRequest) {
				r.Filter = index.And{term("goal", "sale"), term("city", "Gent"), ge("price", 1)}
			})},
		{"one filter parameter alone", props, params(func(p *Params) { p.NumericFilters = ge("price", 1) }), nil,
			req(func(r *index.SearchRequest) { r.Filter = ge("price", 1) })},
		{"geo radius", props, params(func(p *Params) { p.AroundLatLng, p.AroundRadius = &listing.Geo{Lat: 1, Lng: 2}, 300 }), nil,
			req(func(r *index.SearchRequest) {
				r.Geo = &index.GeoFilter{Around: &index.Around{Lat: 1, Lng: 2, Radius: 300}}
			})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ToSearchRequest(tt.target, tt.p, tt.facetable)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("\n got  %+v\n want %+v", got, tt.want)
			}
		})
	}
}

func TestToFacetSearchRequest(t *testing.T) {
	props := Target{Name: "properties_nl", Kind: index.KindProperty, Lang: listing.NL}
	p := params(func(p *Params) {
		p.Query, p.Page, p.HitsPerPage, p.FacetQuery = "villa", 3, 20, "bou"
		p.Facets = []string{"goal"}
		p.FacetFilters = term("goal", "sale")
	})
	got, err := ToFacetSearchRequest(props, "city", p, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := index.SearchRequest{
		Kind: index.KindProperty, Text: "villa", Filter: term("goal", "sale"),
		Facets: []string{"city"}, MaxValuesPerFacet: MaxValuesPerFacetLimit,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("\n got  %+v\n want %+v", got, want)
	}
	for _, facet := range []string{"street", "", "*"} {
		t.Run("not facetable "+facet, func(t *testing.T) {
			_, err := ToFacetSearchRequest(props, facet, p, nil)
			wantError(t, err, 400, "Cannot search in `"+facet+"` attribute")
		})
	}
}
