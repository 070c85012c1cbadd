package index

import (
	"strconv"

	"github.com/estate-agency/estate/listing"
)

// SearchRequest is one search of the search API: the Algolia protocol in
// httpd/algolia translates its parameters into this, and Index.Find answers
// it. Attribute names are the hit attribute names of the API (ARCHITECTURE.md
// §3): "goal", "type", "city", "zip", "price", "bedrooms", "features", ...
type SearchRequest struct {
	Kind Kind
	// Text is the visitor's query; "" matches every document of the kind.
	Text string
	// Filter restricts the documents; nil means none.
	Filter Filter
	// Geo restricts by place; nil means anywhere.
	Geo  *GeoFilter
	Sort Sort
	// Offset and Length select the hits returned (Length 0 returns none: a
	// count or facets-only request).
	Offset, Length int
	// Facets are the attributes whose values are counted over all matching
	// documents; numeric ones also get FacetStats.
	Facets []string
	// MaxValuesPerFacet bounds each facet's values (the most frequent kept);
	// 0 means 100.
	MaxValuesPerFacet int
}

// Sort is the order of hits: a replica of the properties index.
type Sort int

const (
	// SortRelevance is the default ranking: available before sold, rented or
	// under option, then relevance to Text, then newest first. A listing whose
	// reference id is typed exactly ranks before all others.
	SortRelevance Sort = iota
	SortPriceAsc       // price up; a listing without a published price comes last
	SortPriceDesc      // price down; a listing without a published price comes last
	SortNewest         // newest first
)

// Filter is a node of a filter expression: And, Or, Not, Term, NumRange or Absent.
type Filter interface{ isFilter() }

// And matches documents matching every filter (an empty And matches all).
type And []Filter

// Or matches documents matching any filter (an empty Or matches none).
type Or []Filter

// Not matches documents not matching F.
type Not struct{ F Filter }

// Term matches documents whose attribute has the value: a keyword ("city",
// "features") compared after case and accent folding, or a number given as
// text ("bedrooms":"3", "id":"4012") compared numerically. When some document
// has the keyword spelled exactly as given, only that spelling matches, so a
// refinement always gives the count its facet value showed.
type Term struct{ Attr, Value string }

// NumRange matches documents whose numeric attribute lies within the bounds. A
// document without the attribute (a price that is not published) never
// matches, not even a negated range's complement.
type NumRange struct {
	Attr             string
	Min, Max         float64 // use math.Inf for an open bound
	MinIncl, MaxIncl bool
}

// Absent matches documents that lack the numeric attribute (a listing whose
// price is not published); no Algolia filter says this, the server's own
// queries do.
type Absent struct{ Attr string }

func (And) isFilter()      {}
func (Or) isFilter()       {}
func (Not) isFilter()      {}
func (Term) isFilter()     {}
func (NumRange) isFilter() {}
func (Absent) isFilter()   {}

// GeoFilter restricts by position (the position visitors may see: rounded
// when the address is not published). A document without a position never
// matches. Around, Boxes and Polygons combine with AND between kinds and OR
// within Boxes and within Polygons, as in Algolia.
type GeoFilter struct {
	Around   *Around
	Boxes    []Box
	Polygons [][]listing.Geo
}

// Around is a circle; Radius is in metres.
type Around struct {
	Lat, Lng float64
	Radius   float64
}

// Box is a rectangle between two corners (Algolia's insideBoundingBox order:
// lat1, lng1, lat2, lng2).
type Box struct {
	Lat1, Lng1, Lat2, Lng2 float64
}

// SearchResult answers a SearchRequest.
type SearchResult struct {
	// Total is the number of matching documents.
	Total int
	// IDs are the requested window of hits, in order: a property or project
	// id as a decimal string, a town as "zip|name".
	IDs []string
	// Facets count values over all matching documents, per requested attribute.
	Facets map[string]map[string]int
	// FacetStats are min, max, avg and sum of the numeric facets over all
	// matching documents that have the attribute.
	FacetStats map[string]Stats
	// Words are the query's words as matched in documents (after folding,
	// with the typo and prefix variants that matched), for highlighting.
	Words []string
}

// IntIDs are the ids of the property and project hits as numbers, in
// order, for reading the hits from the store. A town's id ("zip|name") is
// no number and is left out.
func (r SearchResult) IntIDs() []int {
	out := make([]int, 0, len(r.IDs))
	for _, s := range r.IDs {
		if id, err := strconv.Atoi(s); err == nil {
			out = append(out, id)
		}
	}
	return out
}

// Stats summarise a numeric attribute.
type Stats struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
	Avg float64 `json:"avg"`
	Sum float64 `json:"sum"`
}
