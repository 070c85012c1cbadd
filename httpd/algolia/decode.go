package algolia

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

// Limits of a request. The handlers apply MaxBodyBytes to the HTTP body too;
// the decoder checks it again so that it stays bounded on its own (fuzzing).
const (
	MaxBodyBytes = 256 << 10
	// MaxQueries is how many queries one multi-query may hold. The list
	// asks for at most a dozen: its query and one per refined disjunctive
	// facet (types, towns, EPC, features, on the market), twice with the map.
	MaxQueries = 50

	DefaultHitsPerPage = 20
	// MaxHitsPerPage is Algolia's own bound on hitsPerPage and length: the
	// list's map view asks for every result of its search at once
	// (ui/src/lib/map/region.ts maxListings), with only the few attributes
	// a marker shows. More is refused, not cut down: a client asking for
	// more would otherwise take a page for the whole result.
	MaxHitsPerPage = 1000
	// MaxHitsPerCall bounds the hits of a whole multi-query, its searches'
	// hitsPerPage (or length) summed, so a body of a few KB cannot ask for
	// MaxQueries × MaxHitsPerPage hits. The site's map view asks for the
	// most: its nested index's MaxHitsPerPage twice (InstantSearch sends
	// that index's query twice on a first load,
	// testdata/site-map-view.body.json), the list's page (≤ 48) and facet
	// counts (hitsPerPage 0), so 2048 at most.
	MaxHitsPerCall = 2500

	DefaultMaxValuesPerFacet = 100
	// MaxValuesPerFacetLimit is Algolia's: larger values are read as it.
	MaxValuesPerFacetLimit = 1000

	DefaultMaxFacetHits = 10
	// MaxFacetHits is Algolia's bound; values outside [1, 100] are rejected.
	MaxFacetHits = 100

	DefaultHighlightPreTag  = "<em>"
	DefaultHighlightPostTag = "</em>"
	DefaultSnippetEllipsis  = "…"
	DefaultSnippetWords     = 10

	// maxQueryBytes bounds the text query: Algolia accepts 512 bytes, and
	// every extra word costs a fuzzy term search.
	maxQueryBytes = 512
	// maxInt32 bounds page, offset and the like so that page*hitsPerPage
	// cannot overflow.
	maxInt32 = math.MaxInt32
)

// Strategies of a multi-query.
const (
	StrategyNone                = "none"
	StrategyStopIfEnoughMatches = "stopIfEnoughMatches"
)

// Request types of a multi-query.
const (
	TypeDefault = "default"
	TypeFacet   = "facet"
)

// MultiQuery is the body of POST /1/indexes/*/queries.
type MultiQuery struct {
	Requests []Request
	// Strategy is StrategyNone (the default) or StrategyStopIfEnoughMatches:
	// run the queries in order and skip the rest once one has returned at
	// least hitsPerPage hits (see EnoughMatches).
	Strategy string
}

// Request is one query of a multi-query.
type Request struct {
	IndexName string
	// Type is TypeDefault (a search) or TypeFacet (a search for facet
	// values, as InstantSearch sends it with the v5 client).
	Type string
	// Facet is the attribute whose values a TypeFacet request searches.
	Facet  string
	Params Params
}

// SnippetAttr is one entry of attributesToSnippet ("description:20").
type SnippetAttr struct {
	Attr  string
	Words int
}

// Params are the search parameters of one query, decoded and checked. Slices
// distinguish absent (nil: the default applies) from empty (given as []).
type Params struct {
	Query string
	// Page is 0-based, as InstantSearch counts.
	Page        int
	HitsPerPage int
	// Offset and Length replace Page and HitsPerPage when both are given
	// (HasOffset), as in Algolia; one of them alone is ignored.
	Offset, Length int
	HasOffset      bool

	// Facets may hold "*": every facetable attribute of the index.
	Facets            []string
	MaxValuesPerFacet int
	// SortFacetValuesBy is "count" (default) or "alpha". It orders facet
	// values in Algolia's engine, but a JSON object has no order the clients
	// keep: InstantSearch sorts values itself. It only matters when a facet
	// has more values than maxValuesPerFacet, which the index decides by count.
	SortFacetValuesBy string

	// Filters, FacetFilters and NumericFilters are the three filter
	// parameters, parsed; nil when absent. A search combines them with AND.
	Filters, FacetFilters, NumericFilters index.Filter

	// AroundLatLng is the centre of a radial search. Without AroundRadius,
	// Algolia computes a radius from the density of records; we do not
	// filter at all then, as with aroundRadius "all".
	AroundLatLng    *listing.Geo
	AroundRadius    int // metres; 0 when absent
	AroundRadiusAll bool
	// InsideBoundingBox and InsidePolygon are unions of areas; a bounding
	// box overrides polygons and both override aroundLatLng, as in Algolia.
	InsideBoundingBox []index.Box
	InsidePolygon     [][]listing.Geo

	AttributesToRetrieve  []string
	AttributesToHighlight []string
	AttributesToSnippet   []SnippetAttr
	HighlightPreTag       string
	HighlightPostTag      string
	SnippetEllipsisText   string

	// FacetQuery and MaxFacetHits are the search for facet values'.
	FacetQuery   string
	MaxFacetHits int

	// raw are the parameters as received, for the response's params echo.
	raw []rawParam
}

type rawParam struct{ key, text string }

// defaultParams are the values of absent parameters.
func defaultParams() Params {
	return Params{
		HitsPerPage:         DefaultHitsPerPage,
		HighlightPreTag:     DefaultHighlightPreTag,
		HighlightPostTag:    DefaultHighlightPostTag,
		SnippetEllipsisText: DefaultSnippetEllipsis,
		MaxFacetHits:        DefaultMaxFacetHits,
	}
}

// Encode returns the parameters as Algolia echoes them in a response's
// params: URL-encoded, in the order received, lists as JSON.
func (p Params) Encode() string {
	var b strings.Builder
	for i, r := range p.raw {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(encodeURIComponent(r.key))
		b.WriteByte('=')
		b.WriteString(encodeURIComponent(r.text))
	}
	return b.String()
}

// encodeURIComponent escapes as JavaScript's function of that name does,
// which is how the clients build params strings: space as %20, not +, and
// !'()* left as they are.
func encodeURIComponent(s string) string {
	return uriComponentFixes.Replace(url.QueryEscape(s))
}

var uriComponentFixes = strings.NewReplacer("+", "%20", "%21", "!", "%27", "'", "%28", "(", "%29", ")", "%2A", "*")

// DecodeMultiQuery decodes the body of POST /1/indexes/*/queries:
// {"requests":[…],"strategy":"…"}, each request's parameters given as a
// URL-encoded params string (v4 clients), as a params object, or flattened
// into the request (v5 clients), or a mix: flattened keys override params.
func DecodeMultiQuery(body []byte) (MultiQuery, error) {
	fields, err := decodeBody(body)
	if err != nil {
		return MultiQuery{}, err
	}
	var mq MultiQuery
	var requests json.RawMessage
	for _, f := range fields {
		switch f.key {
		case "requests":
			requests = f.raw
		case "strategy":
			s, err := jsonEnum(f, StrategyNone, StrategyStopIfEnoughMatches)
			if err != nil {
				return MultiQuery{}, err
			}
			mq.Strategy = s
		}
	}
	if mq.Strategy == "" {
		mq.Strategy = StrategyNone
	}
	if requests == nil {
		return MultiQuery{}, badRequest("Missing requests in body")
	}
	var list []json.RawMessage
	if err := json.Unmarshal(requests, &list); err != nil {
		return MultiQuery{}, badRequest("Invalid value for requests: expected an array of objects")
	}
	if len(list) > MaxQueries {
		return MultiQuery{}, badRequest("Too many queries: %d, at most %d per multi-query", len(list), MaxQueries)
	}
	mq.Requests = make([]Request, 0, len(list))
	for i, raw := range list {
		r, err := decodeRequest(raw)
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				return MultiQuery{}, &Error{Status: e.Status, Message: "requests[" + strconv.Itoa(i) + "]: " + e.Message}
			}
			return MultiQuery{}, err
		}
		mq.Requests = append(mq.Requests, r)
	}
	hits := 0
	for _, r := range mq.Requests {
		if r.Type == TypeDefault {
			_, n := window(r.Params)
			hits += n
		}
	}
	if hits > MaxHitsPerCall {
		return MultiQuery{}, badRequest("Too many hits: the queries ask for %d hits in all (hitsPerPage or length summed), at most %d per multi-query", hits, MaxHitsPerCall)
	}
	return mq, nil
}

func decodeRequest(raw json.RawMessage) (Request, error) {
	fields, err := decodeObject(raw)
	if err != nil {
		return Request{}, err
	}
	r := Request{Type: TypeDefault}
	var params []field
	for _, f := range fields {
		switch f.key {
		case "indexName":
			if r.IndexName, err = jsonString(f); err != nil {
				return Request{}, err
			}
		case "type":
			if r.Type, err = jsonEnum(f, TypeDefault, TypeFacet); err != nil {
				return Request{}, err
			}
		case "facet":
			if r.Facet, err = jsonString(f); err != nil {
				return Request{}, err
			}
		default:
			params = append(params, f)
		}
	}
	if r.IndexName == "" {
		return Request{}, badRequest("Missing indexName")
	}
	if r.Type == TypeFacet && r.Facet == "" {
		return Request{}, badRequest("Missing facet for a request of type facet")
	}
	if r.Params, err = paramsFromFields(params); err != nil {
		return Request{}, err
	}
	return r, nil
}

// DecodeQuery decodes the body of POST /1/indexes/{indexName}/query:
// {"params":"…"} or the parameters as an object. An empty body is no
// parameters.
func DecodeQuery(body []byte) (Params, error) {
	fields, err := decodeBody(body)
	if err != nil {
		return Params{}, err
	}
	return paramsFromFields(fields)
}

// DecodeFacetQuery decodes the body of POST
// /1/indexes/{indexName}/facets/{facetName}/query: facetQuery, maxFacetHits
// and search parameters, in a params string or as an object.
func DecodeFacetQuery(body []byte) (Params, error) {
	return DecodeQuery(body)
}

// DecodeQueryString decodes the query string of GET /1/indexes/{indexName}.
// The browser client's credentials (x-algolia-*) are unknown parameters and
// ignored like any other.
func DecodeQueryString(rawQuery string) (Params, error) {
	if len(rawQuery) > MaxBodyBytes {
		return Params{}, badRequest("Query string too long: at most %d bytes", MaxBodyBytes)
	}
	p := defaultParams()
	if err := p.setFromString(rawQuery); err != nil {
		return Params{}, err
	}
	return p, nil
}

// field is one member of a JSON object, kept in the order received.
type field struct {
	key string
	raw json.RawMessage
}

func decodeBody(body []byte) ([]field, error) {
	if len(body) > MaxBodyBytes {
		return nil, badRequest("Body too large: at most %d bytes", MaxBodyBytes)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil
	}
	return decodeObject(body)
}

// decodeObject reads a JSON object's members in order: the params echo keeps
// the client's order, and a later duplicate key wins as in JavaScript.
func decodeObject(data []byte) ([]field, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, malformed(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, badRequest("Invalid JSON: expected an object")
	}
	var fields []field
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, malformed(err)
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, malformed(err)
		}
		fields = append(fields, field{key: key, raw: raw})
	}
	if _, err := dec.Token(); err != nil {
		return nil, malformed(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, badRequest("Invalid JSON: unexpected data after the object")
	}
	return fields, nil
}

func malformed(err error) *Error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return badRequest("Invalid JSON: unexpected end of input")
	}
	return badRequest("Invalid JSON: %v", err)
}

func jsonString(f field) (string, error) {
	var s string
	if err := json.Unmarshal(f.raw, &s); err != nil {
		return "", badRequest("Invalid value for %s: expected a string", f.key)
	}
	return s, nil
}

// jsonEnum reads a string member that must be one of two values.
func jsonEnum(f field, a, b string) (string, error) {
	s, err := jsonString(f)
	if err != nil {
		return "", err
	}
	if s != a && s != b {
		return "", badRequest("Invalid value for %s: %q, expected %q or %q", f.key, clip(s), a, b)
	}
	return s, nil
}

// paramsFromFields applies a params member first (a string or an object),
// then the other members, so flattened keys override the params string.
func paramsFromFields(fields []field) (Params, error) {
	p := defaultParams()
	for _, f := range fields {
		if f.key != "params" {
			continue
		}
		if err := p.setFromParamsMember(f.raw); err != nil {
			return Params{}, err
		}
	}
	for _, f := range fields {
		if f.key == "params" {
			continue
		}
		v, ok := jsonValue(f.raw)
		if !ok {
			continue
		}
		if err := p.set(f.key, v); err != nil {
			return Params{}, err
		}
	}
	return p, nil
}

func (p *Params) setFromParamsMember(raw json.RawMessage) error {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return p.setFromString(s)
	}
	inner, err := decodeObject(raw)
	if err != nil {
		return badRequest("Invalid value for params: expected a string or an object")
	}
	for _, f := range inner {
		v, ok := jsonValue(f.raw)
		if !ok {
			continue
		}
		if err := p.set(f.key, v); err != nil {
			return err
		}
	}
	return nil
}

// setFromString applies a URL-encoded params string ("query=a&page=2").
// It is parsed by hand to keep the order and to accept what
// url.ParseQuery refuses (";" in values).
func (p *Params) setFromString(s string) error {
	for part := range strings.SplitSeq(s, "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		key, err := url.QueryUnescape(k)
		if err != nil {
			return badRequest("Invalid params string: bad escape in %q", clip(k))
		}
		text, err := url.QueryUnescape(v)
		if err != nil {
			return badRequest("Invalid params string: bad escape in the value of %s", clip(key))
		}
		if err := p.set(key, value{text: strings.ToValidUTF8(text, "\uFFFD"), isText: true}); err != nil {
			return err
		}
	}
	return nil
}

// value is one parameter's value: text from a params string or a JSON
// string, or other JSON (array, number, boolean, object) from an object.
// Lists in a params string are JSON text ("[\"city\"]"), so both forms end up
// in the same parsers.
type value struct {
	text   string
	isText bool
	json   json.RawMessage
}

// jsonValue turns a JSON member into a value; null counts as absent.
func jsonValue(raw json.RawMessage) (value, bool) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || bytes.Equal(t, []byte("null")) {
		return value{}, false
	}
	if t[0] == '"' {
		var s string
		if json.Unmarshal(t, &s) == nil {
			return value{text: s, isText: true}, true
		}
	}
	return value{json: t}, true
}

// echo is the value as the params echo shows it.
func (v value) echo() string {
	if v.isText {
		return v.text
	}
	return string(v.json)
}

// set applies one parameter. Unknown parameters are ignored, as Algolia
// does, and so are known ones we do not implement (analytics, distinct,
// getRankingInfo, tagFilters, aroundLatLngViaIP, …), but they are echoed.
func (p *Params) set(key string, v value) error {
	var err error
	switch key {
	case "query":
		var q string
		if q, err = v.str(key); err == nil {
			p.Query = truncateUTF8(q, maxQueryBytes)
		}
	case "page":
		p.Page, err = v.integer(key, 0, maxInt32)
	case "hitsPerPage":
		p.HitsPerPage, err = v.integer(key, 0, MaxHitsPerPage)
	case "offset":
		p.Offset, err = v.integer(key, 0, maxInt32)
		p.HasOffset = p.HasOffset || p.hasRaw("length")
	case "length":
		p.Length, err = v.integer(key, 0, MaxHitsPerPage)
		p.HasOffset = p.HasOffset || p.hasRaw("offset")
	case "facets":
		p.Facets, err = v.list(key)
	case "maxValuesPerFacet":
		p.MaxValuesPerFacet, err = v.integer(key, 0, maxInt32)
		p.MaxValuesPerFacet = min(p.MaxValuesPerFacet, MaxValuesPerFacetLimit)
	case "sortFacetValuesBy":
		var s string
		if s, err = v.str(key); err == nil {
			if s != "count" && s != "alpha" {
				return badRequest("Invalid value for sortFacetValuesBy: %q, expected \"count\" or \"alpha\"", clip(s))
			}
			p.SortFacetValuesBy = s
		}
	case "filters":
		var s string
		if s, err = v.str(key); err == nil {
			p.Filters, err = ParseFilters(s)
		}
	case "facetFilters":
		var groups [][]string
		if groups, err = v.filterGroups(key, false); err == nil {
			p.FacetFilters, err = ParseFacetFilters(groups)
		}
	case "numericFilters":
		var groups [][]string
		if groups, err = v.filterGroups(key, true); err == nil {
			p.NumericFilters, err = ParseNumericFilters(groups)
		}
	case "aroundLatLng":
		var s string
		if s, err = v.str(key); err == nil {
			if strings.TrimSpace(s) == "" {
				p.AroundLatLng = nil
			} else {
				var g listing.Geo
				g, err = ParseLatLng(s)
				p.AroundLatLng = &g
			}
		}
	case "aroundRadius":
		if v.isText && strings.TrimSpace(v.text) == "all" {
			p.AroundRadius, p.AroundRadiusAll = 0, true
		} else {
			p.AroundRadius, err = v.integer(key, 1, maxInt32)
			p.AroundRadiusAll = false
		}
	case "insideBoundingBox":
		var nums [][]float64
		if nums, err = v.numberGroups(key); err == nil {
			p.InsideBoundingBox, err = ParseBoundingBoxes(nums)
		}
	case "insidePolygon":
		var nums [][]float64
		if nums, err = v.numberGroups(key); err == nil {
			p.InsidePolygon, err = ParsePolygons(nums)
		}
	case "attributesToRetrieve":
		p.AttributesToRetrieve, err = v.list(key)
	case "attributesToHighlight":
		p.AttributesToHighlight, err = v.list(key)
	case "attributesToSnippet":
		var list []string
		if list, err = v.list(key); err == nil {
			p.AttributesToSnippet, err = parseSnippetAttrs(list)
		}
	case "highlightPreTag":
		p.HighlightPreTag, err = v.str(key)
	case "highlightPostTag":
		p.HighlightPostTag, err = v.str(key)
	case "snippetEllipsisText":
		p.SnippetEllipsisText, err = v.str(key)
	case "facetQuery":
		var q string
		if q, err = v.str(key); err == nil {
			p.FacetQuery = truncateUTF8(q, maxQueryBytes)
		}
	case "maxFacetHits":
		p.MaxFacetHits, err = v.integer(key, 1, MaxFacetHits)
	}
	if err != nil {
		return err
	}
	p.setRaw(key, v.echo())
	return nil
}

func (p *Params) hasRaw(key string) bool {
	for _, r := range p.raw {
		if r.key == key {
			return true
		}
	}
	return false
}

// setRaw records a parameter for the echo; a repeated key replaces the
// earlier value in place, as it did in the parsed parameters.
func (p *Params) setRaw(key, text string) {
	for i := range p.raw {
		if p.raw[i].key == key {
			p.raw[i].text = text
			return
		}
	}
	p.raw = append(p.raw, rawParam{key: key, text: text})
}

func (v value) str(key string) (string, error) {
	if !v.isText {
		return "", badRequest("Invalid value for %s: expected a string", key)
	}
	return v.text, nil
}

// integer accepts a JSON integer or its text, within [lo, hi].
func (v value) integer(key string, lo, hi int) (int, error) {
	s := strings.TrimSpace(v.text)
	if !v.isText {
		s = string(v.json)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		// JSON may write an integer as 20.0 or 2e1.
		f, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || f != math.Trunc(f) || math.IsInf(f, 0) || !isJSONNumber(s) {
			return 0, badRequest("Invalid value for %s: %q, expected an integer", key, clip(s))
		}
		if f < math.MinInt64 || f > math.MaxInt64 {
			return 0, badRequest("Invalid value for %s: %s is out of range [%d, %d]", key, clip(s), lo, hi)
		}
		n = int64(f)
	}
	if n < int64(lo) || n > int64(hi) {
		return 0, badRequest("Invalid value for %s: %d is out of range [%d, %d]", key, n, lo, hi)
	}
	return int(n), nil
}

// isJSONNumber rejects what strconv.ParseFloat takes but JSON does not
// ("Inf", "NaN", hex floats, "_" separators).
func isJSONNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !strings.ContainsRune("0123456789+-.eE", c) {
			return false
		}
	}
	return true
}

// list reads a list of strings: a JSON array, JSON text of one, a single
// string, or a comma-separated string (how the clients write arrays in a GET
// query string, and what Algolia accepts there).
func (v value) list(key string) ([]string, error) {
	raw := v.json
	if v.isText {
		t := strings.TrimSpace(v.text)
		if !strings.HasPrefix(t, "[") {
			out := []string{}
			if t == "" {
				return out, nil
			}
			for item := range strings.SplitSeq(t, ",") {
				if item = strings.TrimSpace(item); item != "" {
					out = append(out, item)
				}
			}
			return out, nil
		}
		raw = json.RawMessage(t)
	}
	var out []string
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, badRequest("Invalid value for %s: expected a list of strings", key)
	}
	if out == nil {
		out = []string{}
	}
	return out, nil
}

// maxFilterItems bounds the filters of one facetFilters or numericFilters
// parameter.
const maxFilterItems = 1000

// filterGroups reads facetFilters or numericFilters: a string, or an array
// of strings and arrays of strings. The result is an AND of OR groups. A
// plain string is one filter, except for numericFilters, where Algolia's
// older comma syntax ("price>10,(rooms=2,rooms=3)") is read too: numeric
// filters hold no commas, facet values may.
func (v value) filterGroups(key string, commaSyntax bool) ([][]string, error) {
	raw := v.json
	if v.isText {
		t := strings.TrimSpace(v.text)
		if t == "" {
			return nil, nil
		}
		if !strings.HasPrefix(t, "[") {
			if commaSyntax {
				return commaGroups(key, t)
			}
			return [][]string{{v.text}}, nil
		}
		raw = json.RawMessage(t)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, badRequest("Invalid value for %s: expected a string or an array of strings and arrays of strings", key)
	}
	groups := make([][]string, 0, len(items))
	count := 0
	for _, item := range items {
		var s string
		if json.Unmarshal(item, &s) == nil {
			groups = append(groups, []string{s})
			count++
		} else {
			var or []string
			if err := json.Unmarshal(item, &or); err != nil {
				return nil, badRequest("Invalid value for %s: an element must be a string or an array of strings", key)
			}
			if len(or) > 0 {
				groups = append(groups, or)
			}
			count += len(or)
		}
		if count > maxFilterItems {
			return nil, badRequest("Invalid value for %s: more than %d filters", key, maxFilterItems)
		}
	}
	return groups, nil
}

// commaGroups splits "a,(b,c),d" into [[a] [b c] [d]].
func commaGroups(key, s string) ([][]string, error) {
	var groups [][]string
	var group []string
	inGroup := false
	start := 0
	flush := func(end int) {
		if item := strings.TrimSpace(s[start:end]); item != "" {
			group = append(group, item)
		}
		start = end + 1
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			if inGroup || strings.TrimSpace(s[start:i]) != "" {
				return nil, badRequest("Invalid value for %s: unexpected '(' at col %d", key, i+1)
			}
			inGroup = true
			start = i + 1
		case ')':
			if !inGroup {
				return nil, badRequest("Invalid value for %s: unexpected ')' at col %d", key, i+1)
			}
			flush(i)
			inGroup = false
		case ',':
			flush(i)
			if !inGroup && len(group) > 0 {
				groups = append(groups, group)
				group = nil
			}
		}
		if len(groups)+len(group) > maxFilterItems {
			return nil, badRequest("Invalid value for %s: more than %d filters", key, maxFilterItems)
		}
	}
	if inGroup {
		return nil, badRequest("Invalid value for %s: missing ')'", key)
	}
	flush(len(s))
	if len(group) > 0 {
		groups = append(groups, group)
	}
	return groups, nil
}

// numberGroups reads a geo parameter: a flat list of numbers, a list of
// lists of numbers, or their text ("1,2,3,4" or JSON).
func (v value) numberGroups(key string) ([][]float64, error) {
	raw := v.json
	if v.isText {
		t := strings.TrimSpace(v.text)
		if t == "" {
			return nil, nil
		}
		if !strings.HasPrefix(t, "[") {
			nums, err := parseNumberList(key, t)
			if err != nil {
				return nil, err
			}
			return [][]float64{nums}, nil
		}
		raw = json.RawMessage(t)
	}
	var flat []float64
	if json.Unmarshal(raw, &flat) == nil {
		if len(flat) == 0 {
			return nil, nil // [] is no area, as an absent parameter
		}
		return [][]float64{flat}, nil
	}
	var nested [][]float64
	if err := json.Unmarshal(raw, &nested); err != nil {
		return nil, badRequest("Invalid value for %s: expected a list of numbers or a list of lists of numbers", key)
	}
	return nested, nil
}

func parseNumberList(key, s string) ([]float64, error) {
	var out []float64
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		f, err := strconv.ParseFloat(item, 64)
		if err != nil || !isJSONNumber(item) {
			return nil, badRequest("Invalid value for %s: %q is not a number", key, clip(item))
		}
		out = append(out, f)
	}
	return out, nil
}

func parseSnippetAttrs(list []string) ([]SnippetAttr, error) {
	out := make([]SnippetAttr, 0, len(list))
	for _, item := range list {
		attr, n, found := strings.Cut(item, ":")
		s := SnippetAttr{Attr: strings.TrimSpace(attr), Words: DefaultSnippetWords}
		if found {
			w, err := strconv.Atoi(strings.TrimSpace(n))
			if err != nil || w < 1 || w > maxInt32 {
				return nil, badRequest("Invalid value for attributesToSnippet: %q, expected attribute or attribute:words", clip(item))
			}
			s.Words = w
		}
		if s.Attr != "" {
			out = append(out, s)
		}
	}
	return out, nil
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// clip keeps error messages short and valid UTF-8 when they quote the
// client's input.
func clip(s string) string { return strings.ToValidUTF8(truncateUTF8(s, 100), "\uFFFD") }
