package algolia

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
)

// The fixtures are requests captured from the official clients and
// InstantSearch (testdata/algolia/README.md).
const fixtureDir = "../../testdata/algolia"

type capturedRequest struct {
	Name      string `json:"name"`
	Client    string `json:"client"`
	Method    string `json:"method"`
	Path      string `json:"path"`
	Body      string `json:"body"`
	QueryFile string `json:"queryFile"`
}

// decodedFixture is a captured request run through the decoder the
// handler for its path would use.
type decodedFixture struct {
	req   capturedRequest
	raw   []byte
	multi MultiQuery
	// single is the index name and parameters of a request on one index.
	single Request
}

func loadFixtures(t testing.TB) []capturedRequest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtureDir, "requests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var manifest struct {
		Requests []capturedRequest `json:"requests"`
	}
	if err := json.Unmarshal(data, &manifest); err != nil {
		t.Fatal(err)
	}
	if len(manifest.Requests) < 20 {
		t.Fatalf("only %d captured requests", len(manifest.Requests))
	}
	return manifest.Requests
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	if name == "" {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(fixtureDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func decodeFixture(t *testing.T, r capturedRequest) decodedFixture {
	t.Helper()
	d := decodedFixture{req: r, raw: readFixture(t, r.Body)}
	parts := strings.Split(strings.TrimPrefix(r.Path, "/1/indexes/"), "/")
	var err error
	switch {
	case r.Method == "POST" && r.Path == "/1/indexes/*/queries":
		d.multi, err = DecodeMultiQuery(d.raw)
	case r.Method == "POST" && len(parts) == 2 && parts[1] == "query":
		d.single = Request{IndexName: parts[0], Type: TypeDefault}
		d.single.Params, err = DecodeQuery(d.raw)
	case r.Method == "POST" && len(parts) == 4 && parts[1] == "facets" && parts[3] == "query":
		d.single = Request{IndexName: parts[0], Type: TypeFacet, Facet: parts[2]}
		d.single.Params, err = DecodeFacetQuery(d.raw)
	case r.Method == "GET" && len(parts) == 1:
		d.single = Request{IndexName: parts[0], Type: TypeDefault}
		d.single.Params, err = DecodeQueryString(strings.TrimSpace(string(readFixture(t, r.QueryFile))))
	default:
		t.Fatalf("no handler for %s %s", r.Method, r.Path)
	}
	if err != nil {
		t.Fatalf("%s: %v", r.Name, err)
	}
	return d
}

func (d decodedFixture) requests() []Request {
	if d.single.IndexName != "" {
		return []Request{d.single}
	}
	return d.multi.Requests
}

// TestFixturesTranslate runs every captured request through the whole
// translation: decode, index name, search request.
func TestFixturesTranslate(t *testing.T) {
	langs := []listing.Lang{listing.NL, listing.FR}
	for _, r := range loadFixtures(t) {
		t.Run(r.Name, func(t *testing.T) {
			d := decodeFixture(t, r)
			reqs := d.requests()
			if len(reqs) == 0 {
				t.Fatal("no request decoded")
			}
			for _, q := range reqs {
				target, err := ParseIndexName(q.IndexName, langs)
				if err != nil {
					t.Fatal(err)
				}
				if q.Type == TypeFacet {
					_, err = ToFacetSearchRequest(target, q.Facet, q.Params, nil)
				} else {
					_, err = ToSearchRequest(target, q.Params, nil)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func fixtureByName(t *testing.T, name string) decodedFixture {
	t.Helper()
	for _, r := range loadFixtures(t) {
		if r.Name == name {
			return decodeFixture(t, r)
		}
	}
	t.Fatalf("no fixture %s", name)
	return decodedFixture{}
}

// TestFixtureParams checks what the decoder read from each kind of request.
func TestFixtureParams(t *testing.T) {
	hl := func(p *Params) { p.HighlightPreTag, p.HighlightPostTag = "__ais-highlight__", "__/ais-highlight__" }
	allFacets := []string{"city", "features", "goal", "price", "status", "type"}
	refinedFacetFilters := index.And{
		term("features", "garden"), term("features", "terrace"),
		index.Or{term("city", "Arlon"), term("city", "Bouillon")},
		term("status", "available"), term("type", "Villa"), term("goal", "sale"),
	}
	refinedNumeric := index.And{ge("price", 100000), le("price", 350000), ge("bedrooms", 3)}
	tests := []struct {
		fixture string
		request int
		index   string
		typ     string
		facet   string
		want    Params
	}{
		{"v5-search-multi", 0, "properties_nl", TypeDefault, "", params(func(p *Params) {
			p.Query, p.HitsPerPage = "bouil", 5
			p.AttributesToRetrieve = []string{"objectID", "id", "type", "city", "thumbnail", "descriptionShort", "url"}
			p.AttributesToHighlight = []string{"city", "type"}
		})},
		{"v5-search-multi", 1, "cities_nl", TypeDefault, "", params(func(p *Params) { p.Query, p.HitsPerPage = "bouil", 3 })},
		{"v5-search-filters", 0, "properties_fr_price_asc", TypeDefault, "", params(func(p *Params) {
			p.Query, p.Page, p.HitsPerPage = "maison jardin", 1, 12
			p.Facets, p.MaxValuesPerFacet, p.SortFacetValuesBy = []string{"city", "type", "bedrooms", "price"}, 50, "alpha"
			p.FacetFilters = index.And{index.Or{term("city", "Bouillon"), term("city", "Arlon")}, term("goal", "sale"), index.Not{F: term("status", "sold")}}
			p.NumericFilters = index.And{ge("price", 100000), index.Or{eq("bedrooms", 3), eq("bedrooms", 4)}, between("surfaceLiving", 80, 250)}
			p.Filters = index.And{index.Or{term("type", "Maison de maître"), term("type", "Villa")}, index.Not{F: term("marquee", "1")}, lt("epcValue", 200.5)}
			p.HighlightPreTag, p.HighlightPostTag = "<mark>", "</mark>"
			p.AttributesToSnippet = []SnippetAttr{{"description", 20}}
		})},
		{"v5-search-geo", 0, "properties_nl", TypeDefault, "", params(func(p *Params) {
			p.AroundLatLng, p.AroundRadius = &listing.Geo{Lat: 50.8466, Lng: 4.3528}, 5000
		})},
		{"v5-search-geo", 1, "properties_nl", TypeDefault, "", params(func(p *Params) {
			p.AroundLatLng, p.AroundRadiusAll = &listing.Geo{Lat: 49.79, Lng: 5.07}, true
		})},
		{"v5-search-geo", 2, "properties_nl", TypeDefault, "", params(func(p *Params) {
			p.InsideBoundingBox = []index.Box{box(51.5, 5.9, 49.5, 2.5), box(50.2, 6.4, 49.4, 5.7)}
		})},
		{"v5-search-geo", 3, "properties_nl", TypeDefault, "", params(func(p *Params) {
			p.InsidePolygon = [][]listing.Geo{{geo(50.9, 4.2), geo(50.9, 4.5), geo(50.7, 4.5), geo(50.7, 4.2)}}
		})},
		{"v5-search-offset", 0, "properties_nl_newest", TypeDefault, "", params(func(p *Params) {
			p.Offset, p.Length, p.HasOffset = 40, 10, true
		})},
		{"v5-search-facet-type", 0, "properties_nl", TypeFacet, "city", params(func(p *Params) {
			p.FacetQuery, p.FacetFilters = "lie", term("goal", "sale")
		})},
		{"v5-search-single-index", 0, "properties_nl", TypeDefault, "", params(func(p *Params) {
			p.Query, p.HitsPerPage, p.Page = "gent", 10, 2
			p.Filters = index.And{term("goal", "rent"), le("price", 1200)}
		})},
		{"v5-search-for-facet-values", 0, "properties_fr", TypeFacet, "city", params(func(p *Params) {
			p.FacetQuery, p.MaxFacetHits, p.Filters = "lie", 5, term("goal", "sale")
		})},
		{"v5-custom-get", 0, "properties_nl", TypeDefault, "", params(func(p *Params) {
			p.Query, p.HitsPerPage, p.Facets = "gent", 5, []string{"city", "type"}
			p.AroundLatLng, p.AroundRadius = &listing.Geo{Lat: 51.05, Lng: 3.72}, 3000
		})},
		{"v4-search-multi", 0, "properties_nl", TypeDefault, "", params(func(p *Params) {
			p.Query, p.Facets = "villa", []string{"city", "type"}
			p.FacetFilters = index.And{index.Or{term("city", "Bouillon"), term("city", "Arlon")}, term("goal", "sale")}
			p.NumericFilters = ge("price", 100000)
		})},
		{"v4-index-search", 0, "properties_nl_price_desc", TypeDefault, "", params(func(p *Params) {
			p.Query, p.HitsPerPage = "gent", 10
			p.Filters = index.And{term("goal", "sale"), ge("bedrooms", 2)}
			p.InsideBoundingBox = []index.Box{box(51.2, 3.9, 50.9, 3.5)}
		})},
		{"v4-search-for-facet-values", 0, "properties_nl", TypeFacet, "city", params(func(p *Params) {
			p.FacetQuery, p.MaxFacetHits, p.Filters = "bou", 10, term("goal", "sale")
		})},
		{"instantsearch-v5-initial", 0, "properties_nl", TypeDefault, "", params(func(p *Params) {
			hl(p)
			p.Facets, p.MaxValuesPerFacet = allFacets, 10
		})},
		{"instantsearch-v5-refined", 0, "properties_nl", TypeDefault, "", params(func(p *Params) {
			hl(p)
			p.Query, p.Page, p.Facets, p.MaxValuesPerFacet = "villa", 1, allFacets, 10
			p.FacetFilters, p.NumericFilters = refinedFacetFilters, refinedNumeric
		})},
		// A disjunctive-faceting query: no hits, one facet as a string, its
		// own refinement left out.
		{"instantsearch-v5-refined", 1, "properties_nl", TypeDefault, "", params(func(p *Params) {
			hl(p)
			p.Query, p.HitsPerPage, p.Facets, p.MaxValuesPerFacet = "villa", 0, []string{"city"}, 10
			p.FacetFilters = index.And{term("features", "garden"), term("features", "terrace"), term("status", "available"), term("type", "Villa"), term("goal", "sale")}
			p.NumericFilters = refinedNumeric
		})},
		{"instantsearch-v5-geo", 0, "properties_nl", TypeDefault, "", params(func(p *Params) {
			hl(p)
			p.Facets, p.MaxValuesPerFacet = allFacets, 10
			p.InsideBoundingBox = []index.Box{box(50.95, 4.5, 50.75, 4.2)}
		})},
		{"instantsearch-v5-facet-search", 0, "properties_nl", TypeFacet, "city", params(func(p *Params) {
			hl(p)
			p.Facets, p.MaxValuesPerFacet, p.FacetQuery, p.FacetFilters = allFacets, 10, "bou", term("goal", "sale")
		})},
		{"instantsearch-v4-facet-search", 0, "properties_nl", TypeFacet, "city", params(func(p *Params) {
			hl(p)
			p.Facets, p.MaxValuesPerFacet, p.FacetQuery, p.FacetFilters = allFacets, 10, "bou", term("goal", "sale")
		})},
		{"instantsearch-v5-sortby", 0, "properties_nl_price_asc", TypeDefault, "", params(func(p *Params) {
			hl(p)
			p.Query, p.Facets, p.MaxValuesPerFacet = "ap", allFacets, 10
		})},
		{"helper-v5-disjunctive", 0, "projects_nl", TypeDefault, "", params(func(p *Params) {
			hl(p)
			p.HitsPerPage, p.Facets = 8, []string{"city", "soldOut"}
			p.FacetFilters = index.And{term("soldOut", "false"), term("city", "Gent")}
			p.NumericFilters = ge("priceMin", 150000)
		})},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			reqs := fixtureByName(t, tt.fixture).requests()
			if tt.request >= len(reqs) {
				t.Fatalf("%d requests", len(reqs))
			}
			r := reqs[tt.request]
			if r.IndexName != tt.index || r.Type != tt.typ || r.Facet != tt.facet {
				t.Errorf("request = %s %s %s, want %s %s %s", r.IndexName, r.Type, r.Facet, tt.index, tt.typ, tt.facet)
			}
			sameParams(t, r.Params, tt.want)
		})
	}
}

// TestFixtureClientsAgree: the same InstantSearch page sends the same
// parameters through the v4 client (params strings) and the v5 client
// (flattened objects), and they must decode alike.
func TestFixtureClientsAgree(t *testing.T) {
	for _, scenario := range []string{"initial", "refined", "geo", "facet-search"} {
		t.Run(scenario, func(t *testing.T) {
			v4 := fixtureByName(t, "instantsearch-v4-"+scenario).requests()
			v5 := fixtureByName(t, "instantsearch-v5-"+scenario).requests()
			if len(v4) != len(v5) {
				t.Fatalf("v4 sent %d queries, v5 %d", len(v4), len(v5))
			}
			for i := range v4 {
				a, b := v4[i], v5[i]
				if a.IndexName != b.IndexName || a.Type != b.Type || a.Facet != b.Facet {
					t.Errorf("query %d: v4 %s %s %s, v5 %s %s %s", i, a.IndexName, a.Type, a.Facet, b.IndexName, b.Type, b.Facet)
				}
				sameParams(t, a.Params, b.Params)
			}
		})
	}
}

// TestFixtureStrategy: the strategy of a multi-query is read.
func TestFixtureStrategy(t *testing.T) {
	for name, want := range map[string]string{
		"v4-search-multi":          StrategyStopIfEnoughMatches,
		"v5-search-multi":          StrategyNone,
		"instantsearch-v5-refined": StrategyNone,
	} {
		t.Run(name, func(t *testing.T) {
			if got := fixtureByName(t, name).multi.Strategy; got != want {
				t.Errorf("strategy = %q, want %q", got, want)
			}
		})
	}
}

// TestFixtureEcho: the params echo of a v4 request is the params string it
// sent, as Algolia echoes it.
func TestFixtureEcho(t *testing.T) {
	d := fixtureByName(t, "instantsearch-v4-refined")
	var body struct {
		Requests []struct {
			Params string `json:"params"`
		} `json:"requests"`
	}
	if err := json.Unmarshal(d.raw, &body); err != nil {
		t.Fatal(err)
	}
	for i, r := range d.multi.Requests {
		if got, want := r.Params.Encode(), body.Requests[i].Params; !reflect.DeepEqual(got, want) {
			t.Errorf("query %d echo\n got  %s\n want %s", i, got, want)
		}
	}
}
