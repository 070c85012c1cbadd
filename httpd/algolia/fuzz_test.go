package algolia

import (
	"encoding/json"
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

// maxInputTime is what one fuzz input may take: inputs are bounded
// (MaxBodyBytes, MaxFilterBytes), so even the largest costs milliseconds;
// the margin is for the race detector on a busy two-core machine.
const maxInputTime = 2 * time.Second

func checkTime(t *testing.T, start time.Time) {
	t.Helper()
	if d := time.Since(start); d > maxInputTime {
		t.Fatalf("input took %v", d)
	}
}

// checkError: every failure must be an *Error with a client status.
func checkError(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || (e.Status != 400 && e.Status != 404) || e.Message == "" {
		t.Fatalf("error %v (%T) is not an Algolia error", err, err)
	}
	if !utf8.ValidString(e.Message) {
		t.Fatalf("message is not UTF-8: %q", e.Message)
	}
}

func FuzzParseFilters(f *testing.F) {
	for _, s := range []string{
		"", "city:Gent", `type:"Maison de maître" AND price >= 100000`, "(a:1 OR b:2) AND NOT c:3",
		"price:5.99 TO 100", "x != -3.5", `"county:Maricopa" OR "county:Pima"`, "_tags:promo OR promo",
		`type:"5\" \\ door"`, "a:1 and b:2", "((((", "NOT NOT NOT", "city:'s-Gravenwezel'", "é:ü", "a:1)",
		`(type:"Maison de maître" OR type:Villa) AND NOT marquee:1 AND epcValue < 200.5`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		start := time.Now()
		filter, err := ParseFilters(s)
		checkTime(t, start)
		if err != nil {
			checkError(t, err)
			return
		}
		// What parsed renders back to text that parses to the same tree,
		// unless rendering made it longer or deeper than the bounds.
		text := FilterString(filter)
		again, err := ParseFilters(text)
		if err != nil {
			var e *Error
			if errors.As(err, &e) && (strings.Contains(e.Message, "too long") || strings.Contains(e.Message, "too deeply")) {
				return
			}
			t.Fatalf("%q parsed to %s, which does not parse: %v", s, text, err)
		}
		if !reflect.DeepEqual(filter, again) {
			t.Fatalf("%q parsed to %s, which parses to %s", s, text, FilterString(again))
		}
	})
}

func FuzzParseFacetAndNumericFilters(f *testing.F) {
	for _, s := range []string{"city:Gent", "city:-Gent", `city:\-Gent`, "price>=3", "price:1 TO 2", "x", ":", "a!=-0.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		start := time.Now()
		for _, parse := range []func([][]string) (index.Filter, error){ParseFacetFilters, ParseNumericFilters} {
			if _, err := parse([][]string{{s}, {s, s}}); err != nil {
				checkError(t, err)
			}
		}
		checkTime(t, start)
	})
}

func FuzzDecodeMultiQuery(f *testing.F) {
	for _, r := range loadFixtures(f) {
		if r.Body != "" {
			f.Add(readFixture(f, r.Body))
		}
	}
	for _, s := range []string{
		`{}`, `{"requests":[]}`, `{"requests":[{"indexName":"properties_nl","params":{"query":"x"}}]}`,
		`{"requests":[{"indexName":"x","type":"facet","facet":"city","params":"facetQuery=a&maxFacetHits=3"}]}`,
		`{"requests":[{"indexName":"x","params":"numericFilters=a%3E1,(b%3D1,b%3D2)&insidePolygon=1,2,3,4,5,6"}]}`,
		`{"requests":[{"indexName":"x","facetFilters":[["a:b"],"c:-d"],"aroundRadius":"all","offset":1,"length":2}]}`,
		`[`, `{"requests":[{"indexName":"x","params":"%"}]}`, `{"requests":[null]}`,
	} {
		f.Add([]byte(s))
	}
	langs := []listing.Lang{listing.NL, listing.FR}
	f.Fuzz(func(t *testing.T, body []byte) {
		start := time.Now()
		mq, err := DecodeMultiQuery(body)
		if err != nil {
			checkError(t, err)
			checkTime(t, start)
			return
		}
		if len(mq.Requests) > MaxQueries {
			t.Fatalf("%d queries accepted", len(mq.Requests))
		}
		for _, r := range mq.Requests {
			checkParams(t, r.Params)
			if target, err := ParseIndexName(r.IndexName, langs); err == nil {
				if r.Type == TypeFacet {
					_, err = ToFacetSearchRequest(target, r.Facet, r.Params, nil)
				} else {
					var sr index.SearchRequest
					if sr, err = ToSearchRequest(target, r.Params, nil); err == nil && (sr.Offset < 0 || sr.Length < 0 || sr.Length > MaxHitsPerPage) {
						t.Fatalf("window %d+%d", sr.Offset, sr.Length)
					}
				}
				if err != nil {
					checkError(t, err)
				}
			}
			checkEcho(t, r.Params)
		}
		checkTime(t, start)
	})
}

func FuzzDecodeQueryString(f *testing.F) {
	f.Add(strings.TrimSpace(string(readFixture(f, "v5-custom-get.query.txt"))))
	for _, s := range []string{"", "query=a&page=2", "facets=%5B%22a%22%5D&facetFilters=a%3Ab", "a=%", "insideBoundingBox=1,2,3,4,5,6,7,8", "&&=&"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		checkDecode(t, func() (Params, error) { return DecodeQueryString(q) })
	})
}

// paramKeys are the parameters the decoder reads, for FuzzDecodeParamValue.
var paramKeys = []string{
	"query", "page", "hitsPerPage", "offset", "length", "facets", "maxValuesPerFacet", "sortFacetValuesBy",
	"filters", "facetFilters", "numericFilters", "tagFilters", "aroundLatLng", "aroundRadius", "insideBoundingBox",
	"insidePolygon", "attributesToRetrieve", "attributesToHighlight", "attributesToSnippet", "highlightPreTag",
	"highlightPostTag", "snippetEllipsisText", "facetQuery", "maxFacetHits", "params", "analytics",
}

// FuzzDecodeParamValue puts any JSON value under each known parameter,
// where mutating whole bodies rarely gets past the JSON syntax.
func FuzzDecodeParamValue(f *testing.F) {
	for i, v := range []string{
		`"gent"`, `2`, `20.0`, `-1`, `1e400`, `["city","*"]`, `"*"`, `[["a:b","c:-d"],"e:\\-f"]`, `"price>1,(a=1,a=2)"`,
		`"50.8, 4.3"`, `"all"`, `[[1,2,3,4]]`, `[1,2,3,4,5,6]`, `"1,2,3,4"`, `["description:20"]`, `{"query":"x"}`, `null`, `true`,
	} {
		f.Add(uint8(i), []byte(v))
	}
	f.Fuzz(func(t *testing.T, k uint8, raw []byte) {
		key := paramKeys[int(k)%len(paramKeys)]
		body := append([]byte(`{"`+key+`":`), raw...)
		body = append(body, '}')
		checkDecode(t, func() (Params, error) { return DecodeQuery(body) })
	})
}

// checkDecode runs a decoder on a fuzzed input and checks its answer: a
// well-formed error, or parameters within their bounds that echo back, in
// time.
func checkDecode(t *testing.T, decode func() (Params, error)) {
	t.Helper()
	start := time.Now()
	p, err := decode()
	if err != nil {
		checkError(t, err)
		return
	}
	checkParams(t, p)
	checkEcho(t, p)
	checkTime(t, start)
}

// checkParams checks the bounds decoded parameters promise.
func checkParams(t *testing.T, p Params) {
	t.Helper()
	if p.HitsPerPage < 0 || p.HitsPerPage > MaxHitsPerPage || p.Length < 0 || p.Length > MaxHitsPerPage ||
		p.Page < 0 || p.Offset < 0 || p.MaxValuesPerFacet < 0 || p.MaxValuesPerFacet > MaxValuesPerFacetLimit ||
		p.MaxFacetHits < 1 || p.MaxFacetHits > MaxFacetHits || len(p.Query) > maxQueryBytes {
		t.Fatalf("out of bounds: %+v", p)
	}
	if !utf8.ValidString(p.Query) || !utf8.ValidString(p.Encode()) {
		t.Fatalf("invalid UTF-8 in %+v", p)
	}
}

// checkEcho: the params echo, sent back as a params string, decodes to the
// same parameters.
func checkEcho(t *testing.T, p Params) {
	t.Helper()
	echo := p.Encode()
	body, _ := json.Marshal(map[string]string{"params": echo})
	if len(body) > MaxBodyBytes {
		return
	}
	again, err := DecodeQuery(body)
	if err != nil {
		t.Fatalf("echo %q does not decode: %v", echo, err)
	}
	if _, err := url.ParseQuery(echo); err != nil {
		t.Fatalf("echo %q is not a query string: %v", echo, err)
	}
	sameParams(t, again, p)
}

func FuzzHighlight(f *testing.F) {
	f.Add("bouil", "Bouillon", 3)
	f.Add("liege sud", "Liège-Sud, à côté", 2)
	f.Add("vlila gent", "Villa in Gent « mooi »", 1)
	f.Add("", "", 0)
	f.Add("ÆØÅ ß", "æøå strasse", 10)
	const pre, post = "\x01", "\x02"
	f.Fuzz(func(t *testing.T, query, value string, n int) {
		if len(query) > maxQueryBytes || len(value) > 4096 || strings.ContainsAny(value, pre+post+"\x03") {
			return
		}
		start := time.Now()
		h := NewHighlighter(listing.FR, query, strings.Fields(query), pre, post)
		r := h.Highlight(value)
		if plain := strings.NewReplacer(pre, "", post, "").Replace(r.Value); plain != value {
			t.Fatalf("highlighting changed %q into %q", value, plain)
		}
		if (r.MatchLevel == MatchNone) != (len(r.MatchedWords) == 0) || (r.MatchLevel == MatchNone) != (r.FullyHighlighted == nil) {
			t.Fatalf("inconsistent %+v", r)
		}
		if strings.Count(r.Value, pre) != strings.Count(r.Value, post) {
			t.Fatalf("unbalanced tags in %q", r.Value)
		}
		s := h.Snippet(value, n%50, "\x03")
		plain := strings.NewReplacer(pre, "", post, "", "\x03", "").Replace(s.Value)
		if !strings.Contains(value, plain) || s.MatchLevel == "" {
			t.Fatalf("snippet %q is not part of %q", s.Value, value)
		}
		for _, fh := range FacetHits(map[string]int{value: 1}, query, 1, pre, post) {
			if strings.NewReplacer(pre, "", post, "").Replace(fh.Highlighted) != value {
				t.Fatalf("facet hit %q of %q", fh.Highlighted, value)
			}
		}
		checkTime(t, start)
	})
}
