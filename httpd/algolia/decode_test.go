package algolia

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

func TestDecodeQuery(t *testing.T) {
	long := strings.Repeat("é", 300) // 600 bytes
	tests := []struct {
		name string
		body string
		want Params
	}{
		{"empty body: defaults", ``, params(nil)},
		{"empty object: defaults", `{}`, params(nil)},
		{"params string", `{"params":"query=villa&page=2&hitsPerPage=10"}`,
			params(func(p *Params) { p.Query, p.Page, p.HitsPerPage = "villa", 2, 10 })},
		{"params string, JSON arrays URL-encoded", `{"params":"facets=%5B%22city%22%2C%22type%22%5D"}`,
			params(func(p *Params) { p.Facets = []string{"city", "type"} })},
		{"params string, space as %20 and as +", `{"params":"query=sint%20niklaas+kerk"}`,
			params(func(p *Params) { p.Query = "sint niklaas kerk" })},
		{"params object", `{"params":{"query":"gent","facets":["city"],"hitsPerPage":5}}`,
			params(func(p *Params) { p.Query, p.Facets, p.HitsPerPage = "gent", []string{"city"}, 5 })},
		{"flattened (v5)", `{"query":"gent","hitsPerPage":10,"page":2,"facets":["city"]}`,
			params(func(p *Params) { p.Query, p.HitsPerPage, p.Page, p.Facets = "gent", 10, 2, []string{"city"} })},
		{"flattened keys override the params string", `{"query":"b","params":"query=a&page=3"}`,
			params(func(p *Params) { p.Query, p.Page = "b", 3 })},
		{"numbers as strings in an object", `{"hitsPerPage":"7","page":"1"}`,
			params(func(p *Params) { p.HitsPerPage, p.Page = 7, 1 })},
		{"integer written as a float", `{"hitsPerPage":20.0,"page":1e1}`,
			params(func(p *Params) { p.HitsPerPage, p.Page = 20, 10 })},
		{"hitsPerPage 1000: the map's every result", `{"hitsPerPage":1000}`,
			params(func(p *Params) { p.HitsPerPage = MaxHitsPerPage })},
		{"hitsPerPage 0: facets only", `{"hitsPerPage":0}`,
			params(func(p *Params) { p.HitsPerPage = 0 })},
		{"offset and length replace paging", `{"offset":40,"length":10}`,
			params(func(p *Params) { p.Offset, p.Length, p.HasOffset = 40, 10, true })},
		{"length before offset", `{"params":"length=5&offset=3"}`,
			params(func(p *Params) { p.Offset, p.Length, p.HasOffset = 3, 5, true })},
		{"offset alone is ignored", `{"offset":40}`,
			params(func(p *Params) { p.Offset = 40 })},
		{"facets * as a string", `{"facets":"*"}`, params(func(p *Params) { p.Facets = []string{"*"} })},
		{"facets one name as a string (InstantSearch disjunctive query)", `{"facets":"city"}`,
			params(func(p *Params) { p.Facets = []string{"city"} })},
		{"facets comma-separated in a params string", `{"params":"facets=city,%20type"}`,
			params(func(p *Params) { p.Facets = []string{"city", "type"} })},
		{"facets empty list", `{"facets":[]}`, params(func(p *Params) { p.Facets = []string{} })},
		{"maxValuesPerFacet above 1000 reads as 1000", `{"maxValuesPerFacet":5000}`,
			params(func(p *Params) { p.MaxValuesPerFacet = 1000 })},
		{"sortFacetValuesBy alpha", `{"sortFacetValuesBy":"alpha"}`,
			params(func(p *Params) { p.SortFacetValuesBy = "alpha" })},
		{"filters string", `{"filters":"goal:sale AND price < 300000"}`,
			params(func(p *Params) {
				p.Filters = index.And{index.Term{Attr: "goal", Value: "sale"}, lt("price", 300000)}
			})},
		{"empty filters", `{"filters":"  "}`, params(nil)},
		{"facetFilters one string", `{"facetFilters":"city:Gent"}`,
			params(func(p *Params) { p.FacetFilters = index.Term{Attr: "city", Value: "Gent"} })},
		{"facetFilters nested OR, negation", `{"facetFilters":[["city:A","city:B"],"goal:sale","status:-sold"]}`,
			params(func(p *Params) {
				p.FacetFilters = index.And{
					index.Or{index.Term{Attr: "city", Value: "A"}, index.Term{Attr: "city", Value: "B"}},
					index.Term{Attr: "goal", Value: "sale"},
					index.Not{F: index.Term{Attr: "status", Value: "sold"}},
				}
			})},
		{"facetFilters as JSON text in a params string", `{"params":"facetFilters=%5B%5B%22city%3AA%22%5D%5D"}`,
			params(func(p *Params) { p.FacetFilters = index.Term{Attr: "city", Value: "A"} })},
		{"facetFilters plain string in a params string keeps commas", `{"params":"facetFilters=city%3ABrussel%2C%20Elsene"}`,
			params(func(p *Params) { p.FacetFilters = index.Term{Attr: "city", Value: "Brussel, Elsene"} })},
		{"facetFilters empty inner array is no filter", `{"facetFilters":[[]]}`, params(nil)},
		{"numericFilters nested OR and range", `{"numericFilters":["price>=100000",["bedrooms=3","bedrooms=4"],"surfaceLiving:80 TO 250"]}`,
			params(func(p *Params) {
				p.NumericFilters = index.And{ge("price", 100000), index.Or{eq("bedrooms", 3), eq("bedrooms", 4)}, between("surfaceLiving", 80, 250)}
			})},
		{"numericFilters legacy comma syntax", `{"params":"numericFilters=price%3E10,(bedrooms%3D2,bedrooms%3D3)"}`,
			params(func(p *Params) {
				p.NumericFilters = index.And{gt("price", 10), index.Or{eq("bedrooms", 2), eq("bedrooms", 3)}}
			})},
		{"tagFilters are ignored, even malformed", `{"tagFilters":[[["deep"]]],"optionalFilters":42}`, params(nil)},
		{"unknown and ignored parameters", `{"analytics":false,"clickAnalytics":true,"getRankingInfo":1,"distinct":{"x":1},"aroundLatLngViaIP":true,"enableRules":false,"whatever":[1,2]}`,
			params(nil)},
		{"null is absent", `{"query":null,"hitsPerPage":null}`, params(nil)},
		{"highlight tags", `{"highlightPreTag":"__ais-highlight__","highlightPostTag":"__/ais-highlight__"}`,
			params(func(p *Params) { p.HighlightPreTag, p.HighlightPostTag = "__ais-highlight__", "__/ais-highlight__" })},
		{"attributes lists", `{"attributesToRetrieve":["*","-price"],"attributesToHighlight":[],"attributesToSnippet":["description:20","type"]}`,
			params(func(p *Params) {
				p.AttributesToRetrieve = []string{"*", "-price"}
				p.AttributesToHighlight = []string{}
				p.AttributesToSnippet = []SnippetAttr{{"description", 20}, {"type", DefaultSnippetWords}}
			})},
		{"snippetEllipsisText", `{"snippetEllipsisText":""}`, params(func(p *Params) { p.SnippetEllipsisText = "" })},
		{"aroundLatLng with a space and a radius", `{"aroundLatLng":"50.8466, 4.3528","aroundRadius":5000}`,
			params(func(p *Params) { p.AroundLatLng, p.AroundRadius = &listing.Geo{Lat: 50.8466, Lng: 4.3528}, 5000 })},
		{"aroundRadius all", `{"aroundLatLng":"49.79,5.07","aroundRadius":"all"}`,
			params(func(p *Params) { p.AroundLatLng, p.AroundRadiusAll = &listing.Geo{Lat: 49.79, Lng: 5.07}, true })},
		{"aroundRadius in a params string", `{"params":"aroundLatLng=51.05%2C3.72&aroundRadius=3000"}`,
			params(func(p *Params) { p.AroundLatLng, p.AroundRadius = &listing.Geo{Lat: 51.05, Lng: 3.72}, 3000 })},
		{"insideBoundingBox as a string (InstantSearch geo search)", `{"insideBoundingBox":"50.95,4.5,50.75,4.2"}`,
			params(func(p *Params) { p.InsideBoundingBox = []index.Box{box(50.95, 4.5, 50.75, 4.2)} })},
		{"insideBoundingBox nested, two boxes", `{"insideBoundingBox":[[51.5,5.9,49.5,2.5],[50.2,6.4,49.4,5.7]]}`,
			params(func(p *Params) {
				p.InsideBoundingBox = []index.Box{box(51.5, 5.9, 49.5, 2.5), box(50.2, 6.4, 49.4, 5.7)}
			})},
		{"insideBoundingBox flat, two boxes", `{"insideBoundingBox":[51.5,5.9,49.5,2.5,50.2,6.4,49.4,5.7]}`,
			params(func(p *Params) {
				p.InsideBoundingBox = []index.Box{box(51.5, 5.9, 49.5, 2.5), box(50.2, 6.4, 49.4, 5.7)}
			})},
		{"insideBoundingBox empty list or string: no area", `{"insideBoundingBox":[],"params":"insidePolygon="}`, params(nil)},
		{"insidePolygon flat", `{"insidePolygon":[50.9,4.2,50.9,4.5,50.7,4.5]}`,
			params(func(p *Params) { p.InsidePolygon = [][]listing.Geo{{geo(50.9, 4.2), geo(50.9, 4.5), geo(50.7, 4.5)}} })},
		{"insidePolygon nested in a params string", `{"params":"insidePolygon=%5B%5B50.9%2C4.2%2C50.9%2C4.5%2C50.7%2C4.5%5D%5D"}`,
			params(func(p *Params) { p.InsidePolygon = [][]listing.Geo{{geo(50.9, 4.2), geo(50.9, 4.5), geo(50.7, 4.5)}} })},
		{"facet search parameters", `{"facetQuery":"bou","maxFacetHits":5}`,
			params(func(p *Params) { p.FacetQuery, p.MaxFacetHits = "bou", 5 })},
		{"query cut at 512 bytes on a character boundary", `{"query":"` + long + `"}`,
			params(func(p *Params) { p.Query = strings.Repeat("é", 256) })},
		{"invalid UTF-8 in a params string is replaced", `{"params":"query=a%FFb"}`,
			params(func(p *Params) { p.Query = "a\uFFFDb" })},
		{"a later duplicate key wins", `{"query":"a","query":"b"}`, params(func(p *Params) { p.Query = "b" })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeQuery([]byte(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			sameParams(t, got, tt.want)
		})
	}
}

func TestDecodeQueryErrors(t *testing.T) {
	tests := []struct {
		name, body, msg string
	}{
		{"malformed JSON", `{"query":`, "Invalid JSON"},
		{"not an object", `["query"]`, "expected an object"},
		{"data after the object", `{} {}`, "unexpected data"},
		{"body too large", `{"query":"` + strings.Repeat("a", MaxBodyBytes) + `"}`, "Body too large"},
		{"params neither string nor object", `{"params":[1]}`, "Invalid value for params"},
		{"bad escape in a params string", `{"params":"query=%zz"}`, "bad escape"},
		{"query not a string", `{"query":12}`, "Invalid value for query: expected a string"},
		{"hitsPerPage negative", `{"hitsPerPage":-1}`, "hitsPerPage: -1 is out of range"},
		// Refused rather than cut down to 1000: the client would take a page
		// for the whole result.
		{"hitsPerPage above 1000", `{"hitsPerPage":5000}`, "Invalid value for hitsPerPage: 5000 is out of range [0, 1000]"},
		{"length above 1000", `{"offset":0,"length":5000}`, "Invalid value for length: 5000 is out of range [0, 1000]"},
		{"hitsPerPage not a number", `{"params":"hitsPerPage=abc"}`, `Invalid value for hitsPerPage: "abc"`},
		{"hitsPerPage fractional", `{"hitsPerPage":2.5}`, "expected an integer"},
		{"hitsPerPage boolean", `{"hitsPerPage":true}`, "expected an integer"},
		{"page beyond 2^31", `{"page":3000000000}`, "page: 3000000000 is out of range"},
		{"page Infinity", `{"params":"page=Inf"}`, "expected an integer"},
		{"sortFacetValuesBy unknown", `{"sortFacetValuesBy":"random"}`, "sortFacetValuesBy"},
		{"facets not strings", `{"facets":[1,2]}`, "facets: expected a list of strings"},
		{"facetFilters nested three deep", `{"facetFilters":[[["city:A"]]]}`, "facetFilters: an element must be"},
		{"facetFilters number leaf", `{"facetFilters":[3]}`, "facetFilters: an element must be"},
		{"facetFilters without colon", `{"facetFilters":["Bouillon"]}`, `"Bouillon" is not attribute:value`},
		{"numericFilters bad operator", `{"numericFilters":["price=>3"]}`, "numericFilters: Unexpected token"},
		{"numericFilters legacy unbalanced", `{"params":"numericFilters=(price%3E1"}`, "missing ')'"},
		{"filters syntax", `{"filters":"city:Sint Niklaas"}`, "filters: Unexpected token string(Niklaas) expected AND, OR or end of filter at col 11"},
		{"aroundLatLng one number", `{"aroundLatLng":"50.8"}`, "aroundLatLng"},
		{"aroundLatLng latitude out of range", `{"aroundLatLng":"91,4"}`, "latitude 91 is outside"},
		{"aroundLatLng not numbers", `{"aroundLatLng":"a,b"}`, `"a" is not a number`},
		{"aroundRadius zero", `{"aroundRadius":0}`, "aroundRadius: 0 is out of range"},
		{"aroundRadius word", `{"aroundRadius":"far"}`, "aroundRadius"},
		{"insideBoundingBox three numbers", `{"insideBoundingBox":[[1,2,3]]}`, "a box needs 4 numbers"},
		{"insideBoundingBox longitude out of range", `{"insideBoundingBox":"50,190,49,2"}`, "longitude 190 is outside"},
		{"insideBoundingBox NaN", `{"insideBoundingBox":"NaN,1,2,3"}`, "is not a number"},
		{"insidePolygon two points", `{"insidePolygon":[50,4,51,5]}`, "at least 3 points"},
		{"insidePolygon odd count", `{"insidePolygon":[50,4,51,5,52,6,1]}`, "at least 3 points"},
		{"insidePolygon strings", `{"insidePolygon":[["a"]]}`, "insidePolygon: expected a list"},
		{"attributesToSnippet bad count", `{"attributesToSnippet":["description:many"]}`, "attributesToSnippet"},
		{"maxFacetHits 0", `{"maxFacetHits":0}`, "maxFacetHits: 0 is out of range [1, 100]"},
		{"maxFacetHits 101", `{"maxFacetHits":101}`, "maxFacetHits: 101 is out of range [1, 100]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeQuery([]byte(tt.body))
			wantError(t, err, 400, tt.msg)
		})
	}
}

func TestDecodeQueryString(t *testing.T) {
	tests := []struct {
		name, query string
		want        Params
	}{
		{"empty", "", params(nil)},
		// As the v5 client's customGet writes it (testdata/algolia/v5-custom-get.query.txt):
		// arrays comma-joined, the agent in the query string.
		{"client GET", "aroundLatLng=51.05%2C3.72&aroundRadius=3000&facets=city%2Ctype&hitsPerPage=5&query=gent&x-algolia-agent=Algolia%20for%20JavaScript",
			params(func(p *Params) {
				p.AroundLatLng, p.AroundRadius = &listing.Geo{Lat: 51.05, Lng: 3.72}, 3000
				p.Facets, p.HitsPerPage, p.Query = []string{"city", "type"}, 5, "gent"
			})},
		{"browser credentials are ignored", "x-algolia-api-key=k&x-algolia-application-id=A&query=x",
			params(func(p *Params) { p.Query = "x" })},
		{"semicolons stay in values", "query=a;b", params(func(p *Params) { p.Query = "a;b" })},
		{"key without value", "query&page=1", params(func(p *Params) { p.Page = 1 })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeQueryString(tt.query)
			if err != nil {
				t.Fatal(err)
			}
			sameParams(t, got, tt.want)
		})
	}
	t.Run("too long", func(t *testing.T) {
		_, err := DecodeQueryString(strings.Repeat("a", MaxBodyBytes+1))
		wantError(t, err, 400, "too long")
	})
}

func TestDecodeMultiQuery(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		strategy string
		requests []Request
	}{
		{"v4: params strings, strategy",
			`{"requests":[{"indexName":"properties_nl","params":"query=villa&hitsPerPage=20"},{"indexName":"cities_nl","params":"query=villa"}],"strategy":"stopIfEnoughMatches"}`,
			StrategyStopIfEnoughMatches,
			[]Request{
				{IndexName: "properties_nl", Type: TypeDefault, Params: params(func(p *Params) { p.Query = "villa" })},
				{IndexName: "cities_nl", Type: TypeDefault, Params: params(func(p *Params) { p.Query = "villa" })},
			}},
		{"v5: flattened, default strategy",
			`{"requests":[{"indexName":"properties_nl","query":"1234","hitsPerPage":5}]}`,
			StrategyNone,
			[]Request{{IndexName: "properties_nl", Type: TypeDefault, Params: params(func(p *Params) { p.Query, p.HitsPerPage = "1234", 5 })}}},
		{"params as an object",
			`{"requests":[{"indexName":"projects_fr","params":{"query":"linde","page":1}}]}`,
			StrategyNone,
			[]Request{{IndexName: "projects_fr", Type: TypeDefault, Params: params(func(p *Params) { p.Query, p.Page = "linde", 1 })}}},
		{"type facet",
			`{"requests":[{"indexName":"properties_nl","type":"facet","facet":"city","facetQuery":"lie","maxFacetHits":10}]}`,
			StrategyNone,
			[]Request{{IndexName: "properties_nl", Type: TypeFacet, Facet: "city", Params: params(func(p *Params) { p.FacetQuery = "lie" })}}},
		{"no requests", `{"requests":[]}`, StrategyNone, []Request{}},
		{"unknown top-level keys are ignored", `{"requests":[],"extra":{"a":1}}`, StrategyNone, []Request{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeMultiQuery([]byte(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if got.Strategy != tt.strategy {
				t.Errorf("strategy = %q, want %q", got.Strategy, tt.strategy)
			}
			if len(got.Requests) != len(tt.requests) {
				t.Fatalf("%d requests, want %d", len(got.Requests), len(tt.requests))
			}
			for i, r := range got.Requests {
				w := tt.requests[i]
				if r.IndexName != w.IndexName || r.Type != w.Type || r.Facet != w.Facet {
					t.Errorf("request %d = %s %s %s, want %s %s %s", i, r.IndexName, r.Type, r.Facet, w.IndexName, w.Type, w.Facet)
				}
				sameParams(t, r.Params, w.Params)
			}
		})
	}
}

func TestDecodeMultiQueryErrors(t *testing.T) {
	manyWith := func(n int, params string) string {
		reqs := make([]string, n)
		for i := range reqs {
			reqs[i] = `{"indexName":"properties_nl"` + params + `}`
		}
		return `{"requests":[` + strings.Join(reqs, ",") + `]}`
	}
	many := func(n int) string { return manyWith(n, "") }
	tests := []struct {
		name, body, msg string
	}{
		{"empty body", ``, "Missing requests"},
		{"requests not an array", `{"requests":{"indexName":"x"}}`, "Invalid value for requests"},
		{"request not an object", `{"requests":["x"]}`, "requests[0]: Invalid JSON: expected an object"},
		{"51 queries", many(51), "Too many queries: 51, at most 50"},
		{"strategy unknown", `{"requests":[],"strategy":"all"}`, "Invalid value for strategy"},
		{"missing indexName", `{"requests":[{"indexName":"properties_nl"},{"query":"x"}]}`, "requests[1]: Missing indexName"},
		{"indexName not a string", `{"requests":[{"indexName":3}]}`, "indexName: expected a string"},
		{"type unknown", `{"requests":[{"indexName":"x","type":"browse"}]}`, "Invalid value for type"},
		{"type facet without facet", `{"requests":[{"indexName":"x","type":"facet"}]}`, "Missing facet"},
		{"bad parameter names its request", `{"requests":[{"indexName":"x","hitsPerPage":"many"}]}`, "requests[0]: Invalid value for hitsPerPage"},
		{"hitsPerPage over 1000 names its request", `{"requests":[{"indexName":"x"},{"indexName":"x","hitsPerPage":1001}]}`,
			"requests[1]: Invalid value for hitsPerPage: 1001 is out of range [0, 1000]"},
		// A 2 KB body must not ask for 50 × 1000 hits.
		{"hits summed over the queries", manyWith(50, `,"hitsPerPage":1000`), "Too many hits: the queries ask for 50000 hits in all"},
		{"three maps", manyWith(3, `,"hitsPerPage":1000`), "ask for 3000 hits in all (hitsPerPage or length summed), at most 2500 per multi-query"},
		{"lengths count as hits", manyWith(4, `,"offset":0,"length":700`), "ask for 2800 hits"},
		{"default page sizes count", `{"requests":[` + strings.Repeat(`{"indexName":"x","hitsPerPage":1000},`, 2) +
			strings.Repeat(`{"indexName":"x"},`, 25) + `{"indexName":"x"}]}`, "ask for 2520 hits"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeMultiQuery([]byte(tt.body))
			wantError(t, err, 400, tt.msg)
		})
	}
	t.Run("50 queries are fine", func(t *testing.T) {
		mq, err := DecodeMultiQuery([]byte(many(50)))
		if err != nil || len(mq.Requests) != 50 {
			t.Fatalf("%d requests, %v", len(mq.Requests), err)
		}
	})
	// The most the site asks at once: the list's map view, refined, as the
	// browser sent it (its nested index's query twice, 1000 hits each).
	t.Run("the site's map view is fine", func(t *testing.T) {
		raw, err := os.ReadFile(filepath.Join("testdata", "site-map-view.body.json"))
		if err != nil {
			t.Fatal(err)
		}
		mq, err := DecodeMultiQuery(raw)
		if err != nil || len(mq.Requests) != 9 {
			t.Fatalf("%d requests, %v", len(mq.Requests), err)
		}
	})
	// With a page of 48, the facet counts of both indices and a search for towns.
	t.Run("the map beside the largest page is fine", func(t *testing.T) {
		reqs := []string{`{"indexName":"properties_nl","hitsPerPage":48,"facets":["*"]}`,
			`{"indexName":"properties_nl","hitsPerPage":1000}`, `{"indexName":"properties_nl","hitsPerPage":1000}`}
		for range 10 {
			reqs = append(reqs, `{"indexName":"properties_nl","hitsPerPage":0,"facets":"city"}`)
		}
		reqs = append(reqs, `{"indexName":"properties_nl","type":"facet","facet":"city","facetQuery":"b"}`)
		mq, err := DecodeMultiQuery([]byte(`{"requests":[` + strings.Join(reqs, ",") + `]}`))
		if err != nil || len(mq.Requests) != len(reqs) {
			t.Fatalf("%d requests, %v", len(mq.Requests), err)
		}
	})
}

func TestParamsEncode(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"nothing", `{}`, ""},
		{"order kept, lists as JSON, encodeURIComponent escaping",
			`{"query":"sint niklaas","facets":["city","type"],"hitsPerPage":20,"analytics":false}`,
			"query=sint%20niklaas&facets=%5B%22city%22%2C%22type%22%5D&hitsPerPage=20&analytics=false"},
		{"params string first, then flattened keys",
			`{"facetQuery":"lie","params":"filters=goal%3Asale"}`,
			"filters=goal%3Asale&facetQuery=lie"},
		{"!'()* stay as encodeURIComponent leaves them", `{"filters":"(a:1 OR b:\"it's\")","query":"x*!"}`,
			"filters=(a%3A1%20OR%20b%3A%22it's%22)&query=x*!"},
		{"a repeated key keeps its first place", `{"params":"query=a&page=1","query":"b"}`, "query=b&page=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := DecodeQuery([]byte(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Encode(); got != tt.want {
				t.Errorf("Encode() = %q, want %q", got, tt.want)
			}
		})
	}
}

func ExampleDecodeMultiQuery() {
	mq, err := DecodeMultiQuery([]byte(`{"requests":[{"indexName":"properties_nl","params":"query=gent&facetFilters=%5B%22goal%3Asale%22%5D"}]}`))
	if err != nil {
		panic(err)
	}
	r := mq.Requests[0]
	fmt.Println(r.IndexName, r.Params.Query, FilterString(r.Params.FacetFilters))
	// Output: properties_nl gent goal:sale
}
