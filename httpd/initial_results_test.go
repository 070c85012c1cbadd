package httpd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"html"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/httpd/algolia"
	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/render/rendertest"
	"github.com/estate-agency/estate/store/storetest"
	platformsync "github.com/estate-agency/estate/sync"
)

// testdata/plans holds search plans of the UI (globalThis.searchPlan of the
// server bundle) for a few list addresses of the demo agency; -update-plans
// writes them again from the built bundle.
var updatePlans = flag.Bool("update-plans", false, "write testdata/plans from the built UI's searchPlan")

// planCases are the list addresses of testdata/plans: the page of
// ui/testdata/render/pages.json and the address asked.
var planCases = []struct{ name, page, url string }{
	{"for-sale-nl", "for-sale-nl", "/nl/te-koop/"},
	{"for-rent-fr", "for-rent-fr", "/fr/a-louer/"},
	{"for-sale-nl-filtered", "for-sale-nl", "/nl/te-koop/?type=82&city=Bouillon&city=Bertrix&price=-400000&bedrooms=2&sort=price_asc"},
	{"for-sale-fr-page-2", "for-sale-fr", "/fr/a-vendre/?page=2&sort=newest&query=maison"},
	{"for-sale-nl-map", "for-sale-nl", "/nl/te-koop/?view=map&epc=c&features=garden"},
}

// planInput is entry-server.tsx's RenderInput: searchPlan's input, and
// renderPage's with search.
type planInput struct {
	URL    string          `json:"url"`
	Site   json.RawMessage `json:"site"`
	Page   json.RawMessage `json:"page"`
	Search json.RawMessage `json:"search,omitempty"`
}

// renderPages reads the demo's site data and pages from ui/testdata/render.
func renderPages(tb testing.TB) (json.RawMessage, map[string]json.RawMessage) {
	tb.Helper()
	dir := filepath.Join("..", "ui", "testdata", "render")
	site, err := os.ReadFile(filepath.Join(dir, "site.json"))
	if err != nil {
		tb.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "pages.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var pages map[string]json.RawMessage
	if err := json.Unmarshal(raw, &pages); err != nil {
		tb.Fatal(err)
	}
	return site, pages
}

// demoSearch syncs the demo agency into a fresh store and index and returns
// the search API over them, built as New builds it, and the URL of New's
// whole engine over the same data.
func demoSearch(tb testing.TB) (searchAPI, string) {
	tb.Helper()
	dir := tb.TempDir()
	log := slog.New(slog.DiscardHandler)
	langs := []listing.Lang{listing.NL, listing.FR}
	st := storetest.OpenIn(tb, dir, langs...)
	tb.Cleanup(func() { st.Close() })
	ix, err := index.Open(filepath.Join(dir, "index"), langs, log)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { ix.Close() })
	brussels, err := time.LoadLocation("Europe/Brussels")
	if err != nil {
		tb.Fatal(err)
	}
	src, err := platformsync.NewDirSource(filepath.Join("..", "testdata", "platform"), brussels)
	if err != nil {
		tb.Fatal(err)
	}
	syncer := platformsync.NewSyncer(src, st, ix, log, platformsync.Options{Languages: langs, Zone: brussels})
	if _, err := syncer.Run(context.Background(), platformsync.RunOptions{Full: true}); err != nil {
		tb.Fatal(err)
	}
	cfg := config.Config{
		Server:    config.Server{BaseURL: "http://localhost:8080"},
		Languages: config.Languages{Enabled: langs, Default: listing.NL},
	}
	engine, err := New(cfg, Deps{Log: log, Search: ix, Catalog: st})
	if err != nil {
		tb.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	tb.Cleanup(srv.Close)
	return searchAPI{langs: langs, search: ix, catalog: st, log: log}, srv.URL
}

func planFile(name string) string { return filepath.Join("testdata", "plans", name+".json") }

// TestWritePlans writes testdata/plans with -update-plans.
func TestWritePlans(t *testing.T) {
	if !*updatePlans {
		t.Skip("run with -update-plans to write testdata/plans from the built UI")
	}
	r := rendertest.New(t, render.Options{Runtimes: 1, Timeout: 20 * time.Second, LoadTimeout: time.Minute})
	site, pages := renderPages(t)
	if err := os.MkdirAll(filepath.Join("testdata", "plans"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range planCases {
		in, err := json.Marshal(planInput{URL: c.url, Site: site, Page: pages[c.page]})
		if err != nil {
			t.Fatal(err)
		}
		plan, err := r.Plan(context.Background(), in)
		if err != nil || plan == "" {
			t.Fatalf("%s: plan %q, %v", c.name, plan, err)
		}
		var pretty bytes.Buffer
		if err := json.Indent(&pretty, []byte(plan), "", "  "); err != nil {
			t.Fatal(err)
		}
		pretty.WriteByte('\n')
		if err := os.WriteFile(planFile(c.name), pretty.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// withoutTimes drops what differs between two answers of the same search.
func withoutTimes(results []any) []any {
	for _, r := range results {
		if m, ok := r.(map[string]any); ok {
			delete(m, "processingTimeMS")
		}
	}
	return results
}

// TestInitialResultsAnswerAsTheSearchAPI: for each plan, the initial results
// are what the search API answers the plan's requests, and they carry the
// plan's state and request parameters as InstantSearch's own would.
func TestInitialResultsAnswerAsTheSearchAPI(t *testing.T) {
	api, url := demoSearch(t)
	for _, c := range planCases {
		t.Run(c.name, func(t *testing.T) {
			plan, err := os.ReadFile(planFile(c.name))
			if err != nil {
				t.Fatal(err)
			}
			var p struct {
				IndexID  string            `json:"indexId"`
				State    any               `json:"state"`
				Requests []json.RawMessage `json:"requests"`
			}
			if err := json.Unmarshal(plan, &p); err != nil {
				t.Fatal(err)
			}
			body, _ := json.Marshal(map[string]any{"requests": p.Requests})
			resp, err := http.Post(url+"/1/indexes/*/queries", "text/plain", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			answer, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("the search API answered %d: %s", resp.StatusCode, answer)
			}
			var want struct {
				Results []any `json:"results"`
			}
			if err := json.Unmarshal(answer, &want); err != nil {
				t.Fatal(err)
			}

			raw, err := api.initialResults(context.Background(), plan)
			if err != nil {
				t.Fatal(err)
			}
			var got map[string]struct {
				State         any               `json:"state"`
				Results       []any             `json:"results"`
				RequestParams []json.RawMessage `json:"requestParams"`
			}
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatal(err)
			}
			entry, ok := got[p.IndexID]
			if len(got) != 1 || !ok {
				t.Fatalf("initial results for %v, want %s alone", slices.Collect(maps.Keys(got)), p.IndexID)
			}
			if len(entry.Results) != len(p.Requests) {
				t.Fatalf("%d results for %d requests", len(entry.Results), len(p.Requests))
			}
			if !reflect.DeepEqual(withoutTimes(entry.Results), withoutTimes(want.Results)) {
				g, _ := json.Marshal(entry.Results)
				t.Errorf("initial results\n%s\nwant the search API's\n%s", g, answer)
			}
			if !reflect.DeepEqual(entry.State, p.State) {
				t.Errorf("state %v, want the plan's %v", entry.State, p.State)
			}
			for i, r := range p.Requests {
				var req struct {
					Params json.RawMessage `json:"params"`
				}
				_ = json.Unmarshal(r, &req)
				// Keys in order: the browser's client hashes them so.
				if !sameTokens(t, entry.RequestParams[i], req.Params) {
					t.Errorf("requestParams[%d] %s, want the request's %s", i, entry.RequestParams[i], req.Params)
				}
			}
		})
	}
}

// sameTokens reports whether two JSON texts are the same token for token:
// equal values with the keys of their objects in the same order.
func sameTokens(t *testing.T, a, b []byte) bool {
	t.Helper()
	tokens := func(j []byte) []any {
		var out []any
		d := json.NewDecoder(bytes.NewReader(j))
		for {
			tok, err := d.Token()
			if err == io.EOF {
				return out
			}
			if err != nil {
				t.Fatalf("%s: %v", j, err)
			}
			out = append(out, tok)
		}
	}
	return reflect.DeepEqual(tokens(a), tokens(b))
}

func TestInitialResultsRefuseBadPlans(t *testing.T) {
	api, _ := demoSearch(t)
	for _, tc := range []struct{ name, plan, want string }{
		{"not JSON", `{`, "search plan"},
		{"no index id", `{"state":{},"requests":[{"indexName":"properties_nl","params":{}}]}`, "no indexId"},
		{"no state", `{"indexId":"properties_nl","requests":[{"indexName":"properties_nl","params":{}}]}`, "state"},
		{"no requests", `{"indexId":"properties_nl","state":{},"requests":[]}`, "no requests"},
		{"unknown index", `{"indexId":"x","state":{},"requests":[{"indexName":"listings_de","params":{}}]}`, "does not exist"},
		{"bad parameter", `{"indexId":"x","state":{},"requests":[{"indexName":"properties_nl","params":{"hitsPerPage":"many"}}]}`, "hitsPerPage"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := api.initialResults(context.Background(), []byte(tc.plan))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("initialResults = %s, %v; want an error about %q", out, err, tc.want)
			}
		})
	}
	var ae *algolia.Error
	_, err := api.initialResults(context.Background(), []byte(`{"indexId":"x","state":{},"requests":[{"indexName":"listings_de","params":{}}]}`))
	if !errors.As(err, &ae) || ae.Status != http.StatusNotFound {
		t.Errorf("unknown index: %v, want the API's 404", err)
	}
}

// TestListPageFromPlan renders list pages as the server is to: the bundle's
// searchPlan, initialResults, then renderPage with them, in QuickJS. The
// first results' cards are in the HTML.
func TestListPageFromPlan(t *testing.T) {
	skipUnderRace(t)
	rendertest.Bundle(t)
	api, _ := demoSearch(t)
	site, pages := renderPages(t)
	// Generous: the race detector slows the engine tenfold.
	r := rendertest.New(t, render.Options{Runtimes: 1, Timeout: 20 * time.Second, LoadTimeout: time.Minute})
	for _, c := range planCases {
		t.Run(c.name, func(t *testing.T) {
			in, err := json.Marshal(planInput{URL: c.url, Site: site, Page: pages[c.page]})
			if err != nil {
				t.Fatal(err)
			}
			plan, err := r.Plan(context.Background(), in)
			if err != nil || plan == "" {
				t.Fatalf("plan %q, %v", plan, err)
			}
			search, err := api.initialResults(context.Background(), []byte(plan))
			if err != nil {
				t.Fatal(err)
			}
			in, _ = json.Marshal(planInput{URL: c.url, Site: site, Page: pages[c.page], Search: search})
			out, err := r.Render(context.Background(), in)
			if err != nil {
				t.Fatal(err)
			}
			var results map[string]rendertest.FirstHits
			if err := json.Unmarshal(search, &results); err != nil {
				t.Fatal(err)
			}
			text := html.UnescapeString(out)
			for index, res := range results {
				main := res.Results[0]
				if main.NbHits == 0 || len(main.Hits) == 0 {
					t.Fatalf("%s: no hits to show for %s", index, c.url)
				}
				if strings.Contains(c.url, "view=map") {
					// The map loads in the browser only: where the cards would
					// be, the server writes the map's loading state.
					if !strings.Contains(out, `class="listings-search__map-loading"`) {
						t.Errorf("%s: the map view lacks the map's loading state", c.url)
					}
					continue
				}
				for _, hit := range main.Hits[:min(3, len(main.Hits))] {
					if !strings.Contains(text, hit.URL) || !strings.Contains(text, hit.PriceText) {
						t.Errorf("%s: no card for %s (%s)", index, hit.URL, hit.PriceText)
					}
				}
			}
		})
	}
	// A page that does not search plans nothing.
	in, _ := json.Marshal(planInput{URL: "/nl/", Site: site, Page: pages["home-nl"]})
	if plan, err := r.Plan(context.Background(), in); plan != "" || err != nil {
		t.Errorf("home page: plan %q, %v; want none", plan, err)
	}
	if st := r.Stats(); st.Plans.Count != uint64(len(planCases)+1) || st.Renders != uint64(len(planCases)) {
		t.Errorf("stats: %d plans, %d renders", st.Plans.Count, st.Renders)
	}
}

// BenchmarkListPageFromPlan times each step of a list page's server render
// in one warm QuickJS runtime with the default deadline: the plan, the
// initial results, the render with them. It reports their medians and the
// 95th percentiles of the two JS steps.
func BenchmarkListPageFromPlan(b *testing.B) {
	rendertest.Bundle(b)
	api, _ := demoSearch(b)
	site, pages := renderPages(b)
	for _, c := range planCases {
		if c.name != "for-sale-nl" && c.name != "for-sale-nl-filtered" {
			continue
		}
		b.Run(c.name, func(b *testing.B) {
			// A long deadline: this measures; the default 200 ms would fail the run on a busy machine.
			r := rendertest.New(b, render.Options{Runtimes: 1, Timeout: 5 * time.Second})
			in, _ := json.Marshal(planInput{URL: c.url, Site: site, Page: pages[c.page]})
			var plans, searches, renders []time.Duration
			step := func(took *[]time.Duration) func() {
				start := time.Now()
				return func() { *took = append(*took, time.Since(start)) }
			}
			once := func() {
				done := step(&plans)
				plan, err := r.Plan(context.Background(), in)
				if err != nil {
					b.Fatal(err)
				}
				done()
				done = step(&searches)
				search, err := api.initialResults(context.Background(), []byte(plan))
				if err != nil {
					b.Fatal(err)
				}
				done()
				page, _ := json.Marshal(planInput{URL: c.url, Site: site, Page: pages[c.page], Search: search})
				done = step(&renders)
				if _, err := r.Render(context.Background(), page); err != nil {
					b.Fatal(err)
				}
				done()
			}
			// Warm: the first calls of a runtime are slower.
			for range 3 {
				once()
			}
			plans, searches, renders = nil, nil, nil
			for b.Loop() {
				once()
			}
			ms := func(d []time.Duration, q float64) float64 {
				slices.Sort(d)
				return float64(d[int(q*float64(len(d)-1))]) / 1e6
			}
			b.ReportMetric(ms(plans, 0.5), "plan-p50-ms")
			b.ReportMetric(ms(plans, 0.95), "plan-p95-ms")
			b.ReportMetric(ms(searches, 0.5), "results-p50-ms")
			b.ReportMetric(ms(renders, 0.5), "render-p50-ms")
			b.ReportMetric(ms(renders, 0.95), "render-p95-ms")
		})
	}
}

// A category's id in a list's address stands for the category and its
// sub-types in the server's first results, as in the app's: ?type=8 lists
// every Villa/Huis/Hoeve, as many as the bare list counts for the four
// type ids together.
func TestListPlanRefinesACategoryWithItsSubTypes(t *testing.T) {
	skipUnderRace(t)
	rendertest.Bundle(t)
	api, _ := demoSearch(t)
	site, pages := renderPages(t)
	r := rendertest.New(t, render.Options{Runtimes: 1, Timeout: 20 * time.Second, LoadTimeout: time.Minute})
	first := func(t *testing.T, url, page string) (nbHits int, typeIDs map[string]int) {
		in, _ := json.Marshal(planInput{URL: url, Site: site, Page: pages[page]})
		plan, err := r.Plan(context.Background(), in)
		if err != nil || plan == "" {
			t.Fatalf("plan %q, %v", plan, err)
		}
		search, err := api.initialResults(context.Background(), []byte(plan))
		if err != nil {
			t.Fatal(err)
		}
		var results map[string]struct {
			Results []struct {
				NbHits int                       `json:"nbHits"`
				Facets map[string]map[string]int `json:"facets"`
			} `json:"results"`
		}
		if err := json.Unmarshal(search, &results); err != nil {
			t.Fatal(err)
		}
		for _, res := range results {
			return res.Results[0].NbHits, res.Results[0].Facets["typeId"]
		}
		t.Fatal("no results")
		return 0, nil
	}
	for _, tt := range []struct{ page, path string }{{"for-sale-nl", "/nl/te-koop/"}, {"for-sale-fr", "/fr/a-vendre/"}} {
		t.Run(tt.path, func(t *testing.T) {
			_, counts := first(t, tt.path, tt.page)
			want := counts["8"] + counts["81"] + counts["82"] + counts["83"]
			got, _ := first(t, tt.path+"?type=8", tt.page)
			if want < 30 || got != want {
				t.Errorf("?type=8: %d listings, want every house: %d (%v)", got, want, counts)
			}
		})
	}
}
