package algolia

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

func decoded(t *testing.T, body string) Params {
	t.Helper()
	p, err := DecodeQuery([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestNewResponse(t *testing.T) {
	props := Target{Name: "properties_nl", Kind: index.KindProperty, Lang: listing.NL}
	var small Hit
	small.Set("objectID", "7")
	small.Set("city", "Gent")
	small.Set("price", 100)
	tests := []struct {
		name   string
		target Target
		body   string
		res    index.SearchResult
		hits   []Hit
		want   string
	}{
		{"paging, facets, stats, echo", props,
			`{"query":"","page":1,"hitsPerPage":20,"facets":["city","price","goal"],"attributesToHighlight":[]}`,
			index.SearchResult{Total: 45, IDs: []string{"7"},
				Facets:     map[string]map[string]int{"city": {"Gent": 30, "Aalst": 15}, "goal": {}},
				FacetStats: map[string]index.Stats{"price": {Min: 1, Max: 3, Avg: 2, Sum: 90}}},
			[]Hit{small},
			`{"hits":[{"objectID":"7","city":"Gent","price":100}],"nbHits":45,"page":1,"nbPages":3,"hitsPerPage":20,` +
				`"facets":{"city":{"Aalst":15,"Gent":30}},"facets_stats":{"price":{"min":1,"max":3,"avg":2,"sum":90}},` +
				`"exhaustiveFacetsCount":true,"exhaustiveNbHits":true,"exhaustive":{"nbHits":true,"facetsCount":true},` +
				`"query":"","params":"query=&page=1&hitsPerPage=20&facets=%5B%22city%22%2C%22price%22%2C%22goal%22%5D&attributesToHighlight=%5B%5D",` +
				`"index":"properties_nl","processingTimeMS":3}`},
		{"no hits, no facets: an empty list, no facets key", props, `{"hitsPerPage":0}`,
			index.SearchResult{Total: 12}, nil,
			`{"hits":[],"nbHits":12,"page":0,"nbPages":0,"hitsPerPage":0,"exhaustiveFacetsCount":true,"exhaustiveNbHits":true,` +
				`"exhaustive":{"nbHits":true,"facetsCount":true},"query":"","params":"hitsPerPage=0","index":"properties_nl","processingTimeMS":3}`},
		{"offset and length", Target{Name: "properties_nl_newest", Kind: index.KindProperty}, `{"offset":40,"length":10}`,
			index.SearchResult{Total: 95}, nil,
			`{"hits":[],"nbHits":95,"page":4,"nbPages":10,"hitsPerPage":10,"offset":40,"length":10,"exhaustiveFacetsCount":true,"exhaustiveNbHits":true,` +
				`"exhaustive":{"nbHits":true,"facetsCount":true},"query":"","params":"offset=40&length=10","index":"properties_nl_newest","processingTimeMS":3}`},
		{"default highlighting of a property, snippet of its description", props, `{"query":"gent tuin","attributesToRetrieve":["city"]}`,
			index.SearchResult{Total: 1}, []Hit{PropertyHit(villa(), listing.NL)},
			`{"hits":[{"objectID":"1234","city":"Gent","_highlightResult":{` +
				`"city":{"value":"<em>Gent</em>","matchLevel":"partial","fullyHighlighted":true,"matchedWords":["gent"]},` +
				`"description":{"value":"Prachtige villa & <em>tuin</em>","matchLevel":"partial","fullyHighlighted":false,"matchedWords":["tuin"]},` +
				`"street":{"value":"Kerkstraat","matchLevel":"none","matchedWords":[]},` +
				`"type":{"value":"Villa","matchLevel":"none","matchedWords":[]},` +
				`"zip":{"value":"9000","matchLevel":"none","matchedWords":[]}},` +
				`"_snippetResult":{"description":{"value":"Prachtige villa & <em>tuin</em>","matchLevel":"partial"}}}],` +
				`"nbHits":1,"page":0,"nbPages":1,"hitsPerPage":20,"exhaustiveFacetsCount":true,"exhaustiveNbHits":true,` +
				`"exhaustive":{"nbHits":true,"facetsCount":true},"query":"gent tuin","params":"query=gent%20tuin&attributesToRetrieve=%5B%22city%22%5D",` +
				`"index":"properties_nl","processingTimeMS":3}`},
		{"town highlighting with InstantSearch tags", Target{Name: "cities_nl", Kind: index.KindCity},
			`{"query":"bouil","highlightPreTag":"__ais-highlight__","highlightPostTag":"__/ais-highlight__"}`,
			index.SearchResult{Total: 1}, []Hit{CityHit(listing.City{Name: "Bouillon", Zip: "6830", CountryID: 10}, 4, 1)},
			`{"hits":[{"objectID":"6830|Bouillon","name":"Bouillon","zip":"6830","countryId":10,"saleCount":4,"rentCount":1,"propertyCount":0,` +
				`"_highlightResult":{"name":{"value":"__ais-highlight__Bouil__/ais-highlight__lon","matchLevel":"full","fullyHighlighted":false,"matchedWords":["bouil"]},` +
				`"zip":{"value":"6830","matchLevel":"none","matchedWords":[]}}}],` +
				`"nbHits":1,"page":0,"nbPages":1,"hitsPerPage":20,"exhaustiveFacetsCount":true,"exhaustiveNbHits":true,` +
				`"exhaustive":{"nbHits":true,"facetsCount":true},"query":"bouil",` +
				`"params":"query=bouil&highlightPreTag=__ais-highlight__&highlightPostTag=__%2Fais-highlight__","index":"cities_nl","processingTimeMS":3}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustJSON(t, NewResponse(tt.target, decoded(t, tt.body), tt.res, tt.hits, 3*time.Millisecond+400*time.Microsecond))
			if got != tt.want {
				t.Errorf("\n got  %s\n want %s", got, tt.want)
			}
		})
	}
}

// TestDecorate checks which attributes get _highlightResult and
// _snippetResult entries, whatever their values.
func TestDecorate(t *testing.T) {
	hit := PropertyHit(villa(), listing.NL)
	hidden := villa()
	hidden.Address.Published = false
	tests := []struct {
		name          string
		kind          index.Kind
		hit           Hit
		body          string
		highlight     string // attribute names, sorted, comma-separated; "-" for no _highlightResult
		snippet       string
		featuresIsArr bool
	}{
		{"property defaults", index.KindProperty, hit, `{"query":"gent"}`, "city,description,street,type,zip", "description", false},
		{"hidden address: no street to highlight", index.KindProperty, PropertyHit(hidden, listing.NL), `{"query":"gent"}`, "city,description,type,zip", "description", false},
		{"highlighting off", index.KindProperty, hit, `{"query":"gent","attributesToHighlight":[],"attributesToSnippet":[]}`, "-", "-", false},
		{"chosen attributes, an array among them", index.KindProperty, hit, `{"query":"tuin","attributesToHighlight":["features","city","nothing"],"attributesToSnippet":["type:2"]}`,
			"city,features", "type", true},
		{"star: every text attribute", index.KindProperty, hit, `{"attributesToHighlight":"*","attributesToSnippet":[]}`,
			"bathrooms,bedrooms,city,countryId,createdAt,description,descriptionShort,epcLabel,epcValue,features,garages,goal,houseNumber,id,marquee,price,priceText,region,status,street,surfaceGround,surfaceLiving,type,typeId,zip",
			"-", true},
		{"star snippets", index.KindCity, CityHit(listing.City{Name: "Gent", Zip: "9000"}, 1, 2), `{"attributesToHighlight":[],"attributesToSnippet":["*:3"]}`,
			"-", "name,propertyCount,rentCount,saleCount,zip", false},
		{"project defaults", index.KindProject, ProjectHit(listing.Project{ID: 1, Name: "Linde", Summary: "x"}, listing.NL), `{}`, "description,name", "description", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := decorate(Target{Kind: tt.kind, Lang: listing.NL}, decoded(t, tt.body), nil, []Hit{tt.hit})[0]
			if got := resultKeys(out, "_highlightResult"); got != tt.highlight {
				t.Errorf("_highlightResult keys = %s, want %s", got, tt.highlight)
			}
			if got := resultKeys(out, "_snippetResult"); got != tt.snippet {
				t.Errorf("_snippetResult keys = %s, want %s", got, tt.snippet)
			}
			if tt.featuresIsArr {
				var parsed struct {
					HR map[string]json.RawMessage `json:"_highlightResult"`
				}
				if err := json.Unmarshal([]byte(mustJSON(t, out)), &parsed); err != nil {
					t.Fatal(err)
				}
				if !strings.HasPrefix(string(parsed.HR["features"]), `[{"value":"garden"`) {
					t.Errorf("features highlight = %s, want an array of results", parsed.HR["features"])
				}
			}
		})
	}
}

func resultKeys(h Hit, name string) string {
	v, ok := h.Get(name)
	if !ok {
		return "-"
	}
	var keys []string
	for k := range v.(map[string]any) {
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return ""
	}
	slices.Sort(keys)
	return strings.Join(keys, ",")
}

func TestResponseEscapingIsTheEncoders(t *testing.T) {
	r := NewResponse(Target{Name: "cities_nl", Kind: index.KindCity}, decoded(t, `{"query":"gent"}`),
		index.SearchResult{Total: 1}, []Hit{CityHit(listing.City{Name: "Gent", Zip: "9000"}, 0, 0)}, 0)
	escaped, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(escaped) || !strings.Contains(string(escaped), `\u003cem\u003eGent\u003c/em\u003e`) {
		t.Errorf("json.Marshal: %s", escaped)
	}
	if pure := mustJSON(t, r); !strings.Contains(pure, `<em>Gent</em>`) {
		t.Errorf("without HTML escaping: %s", pure)
	}
}

func TestNewFacetSearchResponse(t *testing.T) {
	res := index.SearchResult{Facets: map[string]map[string]int{"city": {"Bouillon": 3, "Gent": 8, "Bourg": 1}}}
	tests := []struct {
		name, body, want string
	}{
		{"facet query and tags", `{"facetQuery":"bou","highlightPreTag":"<b>","highlightPostTag":"</b>"}`,
			`{"facetHits":[{"value":"Bouillon","highlighted":"<b>Bou</b>illon","count":3},{"value":"Bourg","highlighted":"<b>Bou</b>rg","count":1}],"exhaustiveFacetsCount":true,"processingTimeMS":2}`},
		{"maxFacetHits", `{"maxFacetHits":1}`,
			`{"facetHits":[{"value":"Gent","highlighted":"Gent","count":8}],"exhaustiveFacetsCount":true,"processingTimeMS":2}`},
		{"nothing matches", `{"facetQuery":"zz"}`, `{"facetHits":[],"exhaustiveFacetsCount":true,"processingTimeMS":2}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustJSON(t, NewFacetSearchResponse("city", decoded(t, tt.body), res, nil, 2*time.Millisecond)); got != tt.want {
				t.Errorf("\n got  %s\n want %s", got, tt.want)
			}
		})
	}
	t.Run("a facet the index did not count", func(t *testing.T) {
		got := mustJSON(t, NewFacetSearchResponse("zip", decoded(t, `{}`), res, nil, 0))
		if want := `{"facetHits":[],"exhaustiveFacetsCount":true,"processingTimeMS":0}`; got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	})
}

func TestMultiResponse(t *testing.T) {
	r := MultiResponse{Results: []any{
		NewResponse(Target{Name: "cities_nl", Kind: index.KindCity}, decoded(t, `{}`), index.SearchResult{}, nil, 0),
		FacetSearchResponse{FacetHits: []FacetHit{}, ExhaustiveFacetsCount: true},
	}}
	got := mustJSON(t, r)
	if !strings.HasPrefix(got, `{"results":[{"hits":[],"nbHits":0,`) || !strings.HasSuffix(got, `{"facetHits":[],"exhaustiveFacetsCount":true,"processingTimeMS":0}]}`) {
		t.Errorf("got %s", got)
	}
}

func TestEnoughMatches(t *testing.T) {
	tests := []struct {
		name string
		done []Response
		want bool
	}{
		{"nothing run", nil, false},
		{"first query filled its page", []Response{{NbHits: 20, HitsPerPage: 20}}, true},
		{"not yet", []Response{{NbHits: 3, HitsPerPage: 20}}, false},
		{"together", []Response{{NbHits: 3, HitsPerPage: 20}, {NbHits: 2, HitsPerPage: 5}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := EnoughMatches(tt.done); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// BenchmarkNewResponse is the translation's share of a search: a page of 20
// property hits with the default highlighting and snippet.
func BenchmarkNewResponse(b *testing.B) {
	p, err := DecodeQuery([]byte(`{"query":"villa gent tuin","facets":["city","goal"],"highlightPreTag":"__ais-highlight__","highlightPostTag":"__/ais-highlight__"}`))
	if err != nil {
		b.Fatal(err)
	}
	target := Target{Name: "properties_nl", Kind: index.KindProperty, Lang: listing.NL}
	v := villa()
	v.Summary = "Prachtige, ruime villa met grote tuin en terras in het centrum van Gent, vlakbij winkels, scholen en openbaar vervoer. " +
		"De woning beschikt over vier slaapkamers, twee badkamers, een garage en een zonnige leefruimte met open keuken."
	hits := make([]Hit, 20)
	for i := range hits {
		hits[i] = PropertyHit(v, listing.NL)
	}
	res := index.SearchResult{Total: 120, Facets: map[string]map[string]int{"city": {"Gent": 100, "Aalst": 20}}}
	for b.Loop() {
		r := NewResponse(target, p, res, hits, time.Millisecond)
		if _, err := json.Marshal(r); err != nil {
			b.Fatal(err)
		}
	}
}
