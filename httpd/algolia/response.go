package algolia

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/estate-agency/estate/index"
)

// Response is the result of one query, as Algolia answers it.
type Response struct {
	Hits        []Hit `json:"hits"`
	NbHits      int   `json:"nbHits"`
	Page        int   `json:"page"`
	NbPages     int   `json:"nbPages"`
	HitsPerPage int   `json:"hitsPerPage"`
	// Offset and Length are echoed when the query used them.
	Offset *int `json:"offset,omitempty"`
	Length *int `json:"length,omitempty"`
	// Facets count values per attribute; absent when no facet was asked or
	// none has a value. FacetsStats are for numeric facets.
	Facets      map[string]map[string]int `json:"facets,omitempty"`
	FacetsStats map[string]index.Stats    `json:"facets_stats,omitempty"`
	// Our counts are exact: Bleve counts every match.
	ExhaustiveFacetsCount bool       `json:"exhaustiveFacetsCount"`
	ExhaustiveNbHits      bool       `json:"exhaustiveNbHits"`
	Exhaustive            Exhaustive `json:"exhaustive"`
	Query                 string     `json:"query"`
	// Params are the query's parameters, URL-encoded, as Algolia echoes them.
	Params           string `json:"params"`
	Index            string `json:"index"`
	ProcessingTimeMS int64  `json:"processingTimeMS"`
}

// Exhaustive is the newer form of the exhaustive* flags.
type Exhaustive struct {
	NbHits      bool `json:"nbHits"`
	FacetsCount bool `json:"facetsCount"`
}

// MultiResponse answers a multi-query: one Response or FacetSearchResponse
// per request, in order.
type MultiResponse struct {
	Results []any `json:"results"`
}

// FacetSearchResponse answers a search for facet values.
type FacetSearchResponse struct {
	FacetHits             []FacetHit `json:"facetHits"`
	ExhaustiveFacetsCount bool       `json:"exhaustiveFacetsCount"`
	ProcessingTimeMS      int64      `json:"processingTimeMS"`
}

// FacetHit is one facet value found by a search for facet values.
type FacetHit struct {
	Value       string `json:"value"`
	Highlighted string `json:"highlighted"`
	Count       int    `json:"count"`
}

// Default highlighting of each kind: the searchable text attributes, and a
// snippet of the description for lists that show a few lines of it.
var (
	defaultHighlight = map[index.Kind][]string{
		index.KindProperty: {"type", "city", "zip", "street", "description"},
		index.KindProject:  {"name", "city", "zip", "street", "description"},
		index.KindCity:     {"name", "zip"},
	}
	defaultSnippet = map[index.Kind][]SnippetAttr{
		index.KindProperty: {{Attr: "description", Words: 20}},
		index.KindProject:  {{Attr: "description", Words: 20}},
	}
)

// NewResponse builds the response to one query on target t with parameters
// p: res is what the index found and hits are the documents of res.IDs,
// in order, made by PropertyHit, ProjectHit or CityHit. It applies
// attributesToRetrieve and adds _highlightResult and _snippetResult.
func NewResponse(t Target, p Params, res index.SearchResult, hits []Hit, took time.Duration) Response {
	offset, length := window(p)
	r := Response{
		Hits:                  decorate(t, p, res.Words, hits),
		NbHits:                res.Total,
		Page:                  p.Page,
		HitsPerPage:           length,
		ExhaustiveFacetsCount: true,
		ExhaustiveNbHits:      true,
		Exhaustive:            Exhaustive{NbHits: true, FacetsCount: true},
		Query:                 p.Query,
		Params:                p.Encode(),
		Index:                 t.Name,
		ProcessingTimeMS:      took.Milliseconds(),
	}
	if p.HasOffset {
		r.Offset, r.Length = &offset, &length
		if length > 0 {
			r.Page = offset / length
		}
	}
	if length > 0 {
		r.NbPages = (res.Total + length - 1) / length
	}
	for attr, values := range res.Facets {
		if len(values) == 0 {
			continue
		}
		if r.Facets == nil {
			r.Facets = map[string]map[string]int{}
		}
		r.Facets[attr] = values
	}
	if len(res.FacetStats) > 0 {
		r.FacetsStats = res.FacetStats
	}
	return r
}

// decorate applies attributesToRetrieve, attributesToHighlight and
// attributesToSnippet to the hits. Highlighting reads every attribute, even
// those not retrieved, as Algolia does.
func decorate(t Target, p Params, matched []string, hits []Hit) []Hit {
	out := make([]Hit, 0, len(hits))
	if len(hits) == 0 {
		return out
	}
	toHighlight := p.AttributesToHighlight
	if toHighlight == nil {
		toHighlight = defaultHighlight[t.Kind]
	}
	toSnippet := p.AttributesToSnippet
	if toSnippet == nil {
		toSnippet = defaultSnippet[t.Kind]
	}
	h := NewHighlighter(t.Lang, p.Query, matched, p.HighlightPreTag, p.HighlightPostTag)
	for _, hit := range hits {
		d := hit.Retrieve(p.AttributesToRetrieve)
		// The description is both highlighted and snippeted by default:
		// analyse each value once.
		memo := map[string]matching{}
		analyze := func(v string) matching {
			a, ok := memo[v]
			if !ok {
				a = h.analyze(v)
				memo[v] = a
			}
			return a
		}
		if hr := highlightHit(h, hit, toHighlight, analyze); len(hr) > 0 {
			d.Set("_highlightResult", hr)
		}
		if sr := snippetHit(h, hit, toSnippet, p.SnippetEllipsisText, analyze); len(sr) > 0 {
			d.Set("_snippetResult", sr)
		}
		out = append(out, d)
	}
	return out
}

// highlightable are a hit's text attributes for "*": strings, numbers and
// lists of strings, without the ids and links that nobody reads.
func highlightable(hit Hit, asked []string) []string {
	if !slices.Contains(asked, "*") {
		return asked
	}
	var out []string
	for _, name := range hit.Names() {
		if name == "objectID" || name == "url" || strings.HasPrefix(name, "_") {
			continue
		}
		if v, _ := hit.Get(name); texts(v) != nil {
			out = append(out, name)
		}
	}
	return out
}

func highlightHit(h *Highlighter, hit Hit, attrs []string, analyze func(string) matching) map[string]any {
	out := map[string]any{}
	for _, attr := range highlightable(hit, attrs) {
		if r, ok := eachText(hit, attr, func(s string) HighlightResult { return h.highlight(s, analyze(s)) }); ok {
			out[attr] = r
		}
	}
	return out
}

func snippetHit(h *Highlighter, hit Hit, attrs []SnippetAttr, ellipsis string, analyze func(string) matching) map[string]any {
	out := map[string]any{}
	for _, a := range attrs {
		names := []string{a.Attr}
		if a.Attr == "*" {
			names = highlightable(hit, []string{"*"})
		}
		for _, attr := range names {
			if r, ok := eachText(hit, attr, func(s string) SnippetResult { return h.snippet(s, analyze(s), a.Words, ellipsis) }); ok {
				out[attr] = r
			}
		}
	}
	return out
}

// eachText is f of the text of hit's attribute attr, or the list of f of
// each of its texts when the attribute is a list; false when it has no text.
func eachText[R any](hit Hit, attr string, f func(string) R) (any, bool) {
	v, ok := hit.Get(attr)
	if !ok {
		return nil, false
	}
	switch ts := texts(v); {
	case ts == nil:
		return nil, false
	case isList(v):
		list := make([]R, len(ts))
		for i, s := range ts {
			list[i] = f(s)
		}
		return list, true
	default:
		return f(ts[0]), true
	}
}

// texts are the strings to highlight in a value: itself, its number
// written out, or its elements; nil when it is not text (an object).
func texts(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []string:
		return v
	case int:
		return []string{strconv.Itoa(v)}
	case int64:
		return []string{strconv.FormatInt(v, 10)}
	case float64:
		return []string{strconv.FormatFloat(v, 'f', -1, 64)}
	}
	return nil
}

func isList(v any) bool {
	_, ok := v.([]string)
	return ok
}

// NewFacetSearchResponse answers a search for facet values of facet: res
// is the index's answer to ToFacetSearchRequest; also are the values that
// match the query otherwise (see FacetHitsWith), nil for none.
func NewFacetSearchResponse(facet string, p Params, res index.SearchResult, also map[string]bool, took time.Duration) FacetSearchResponse {
	return FacetSearchResponse{
		FacetHits:             FacetHitsWith(res.Facets[facet], p.FacetQuery, also, p.MaxFacetHits, p.HighlightPreTag, p.HighlightPostTag),
		ExhaustiveFacetsCount: true,
		ProcessingTimeMS:      took.Milliseconds(),
	}
}

// FacetHits picks the facet values matching facetQuery: every word of the
// query, folded, starts a word of the value ("bou" finds "Bouillon", "liege"
// finds "Liège", "sint ni" finds "Sint-Niklaas"). The most frequent come
// first (then by value, for a stable order), at most limit (0: the default
// 10), the matched prefixes highlighted.
func FacetHits(values map[string]int, facetQuery string, limit int, pre, post string) []FacetHit {
	return FacetHitsWith(values, facetQuery, nil, limit, pre, post)
}

// FacetHitsWith is FacetHits where the values in also match too, whatever
// their words: a town the cities index found for the query by its postcode
// ("6880") or despite a typo ("Bouilon"), as the quick search finds it.
// Such a value is highlighted where a prefix matches, else not at all.
func FacetHitsWith(values map[string]int, facetQuery string, also map[string]bool, limit int, pre, post string) []FacetHit {
	if limit <= 0 {
		limit = DefaultMaxFacetHits
	}
	var query []string
	for _, w := range words(facetQuery) {
		query = append(query, w.folded)
	}
	out := []FacetHit{}
	for value, count := range values {
		if hl, ok := prefixHighlight(value, query, pre, post); ok {
			out = append(out, FacetHit{Value: value, Highlighted: hl, Count: count})
		} else if also[value] {
			out = append(out, FacetHit{Value: value, Highlighted: value, Count: count})
		}
	}
	slices.SortFunc(out, func(a, b FacetHit) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return strings.Compare(a.Value, b.Value)
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

// prefixHighlight reports whether every query word starts a word of value,
// and value with those prefixes highlighted (the longest one per word).
func prefixHighlight(value string, query []string, pre, post string) (string, bool) {
	if len(query) == 0 {
		return value, true
	}
	ws := words(value)
	ends := make([]int, len(ws)) // highlighted bytes of each word
	for _, q := range query {
		found := false
		for i, w := range ws {
			if strings.HasPrefix(w.folded, q) {
				found = true
				ends[i] = max(ends[i], foldedPrefixEnd(value[w.start:w.end], len(q)))
			}
		}
		if !found {
			return "", false
		}
	}
	var b strings.Builder
	at := 0
	for i, w := range ws {
		if ends[i] == 0 {
			continue
		}
		b.WriteString(value[at:w.start])
		b.WriteString(pre)
		b.WriteString(value[w.start : w.start+ends[i]])
		b.WriteString(post)
		at = w.start + ends[i]
	}
	b.WriteString(value[at:])
	return b.String(), true
}

// EnoughMatches tells a stopIfEnoughMatches multi-query whether it may
// skip the queries after these results: together they found at least
// hitsPerPage hits of the last one.
func EnoughMatches(done []Response) bool {
	if len(done) == 0 {
		return false
	}
	total := 0
	for _, r := range done {
		total += r.NbHits
	}
	return total >= done[len(done)-1].HitsPerPage
}
