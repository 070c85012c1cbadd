package httpd_test

import (
	"context"
	"encoding/json"
	"html"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/ui"
)

// testBundle stands in for the UI's server bundle in the real engine: it
// renders the page's title, and misbehaves as the address asks — throws,
// loops past its deadline, or holds its runtime until released.
const testBundle = `
globalThis.renderPage = function (input) {
  var r = JSON.parse(input);
  if (r.url.indexOf("fail=throw") >= 0) throw new Error("the view broke");
  if (r.url.indexOf("fail=loop") >= 0) for (;;) {}
  if (r.url.indexOf("fail=slow") >= 0) { var end = Date.now() + 400; while (Date.now() < end) {} }
  return '<main id="main"><h1>' + r.page.title + '</h1><p data-url="' + r.url.replace(/&/g, "&amp;") + '">' + r.page.lang + '</p></main>';
};
globalThis.searchPlan = function () { return ""; };
`

type ssrEnv struct {
	url      string
	renderer *render.Renderer
	handler  *httpd.Handler
}

func newSSREnv(t *testing.T, opts render.Options) *ssrEnv {
	t.Helper()
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	r, err := render.New([]byte(testBundle), opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	h, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: testUI, Renderer: r})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &ssrEnv{url: srv.URL, renderer: r, handler: h}
}

var rootRE = regexp.MustCompile(`(?s)<div id="root">(.*?)</div>\s*(?:<noscript>|<script)`)

// rootOf is what the page's #root holds.
func rootOf(t *testing.T, body string) string {
	t.Helper()
	m := rootRE.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no #root in\n%s", body)
	}
	return m[1]
}

func TestPagesCarryTheServerRender(t *testing.T) {
	e := newSSREnv(t, render.Options{Runtimes: 1})
	for _, path := range []string{"/nl/", "/fr/", "/nl/te-koop/", "/nl/ons-kantoor/"} {
		resp, body := get(t, e.url+path)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", path, resp.StatusCode)
		}
		root := rootOf(t, body)
		if !strings.HasPrefix(root, `<main id="main"><h1>`) || !strings.Contains(root, `data-url="`+path+`"`) {
			t.Errorf("%s: #root holds %q, want the server render of the page", path, root)
		}
		// What the first paint waits for is in the head; the app's scripts
		// and texts are loaded after it, so they do not compete with it.
		if !strings.Contains(body, `<link rel="stylesheet" crossorigin href="/assets/start-AbC123.css">`) {
			t.Errorf("%s: the app's stylesheet is not in the head", path)
		}
		held := regexp.MustCompile(`(?s)<template id="app-files">(.*?)</template>`).FindStringSubmatch(body)
		if held == nil || !strings.Contains(held[1], `<link rel="modulepreload" crossorigin href="/assets/start-AbC123.js">`) {
			t.Errorf("%s: the app's files are not held for after the first paint", path)
		} else if outside := strings.Replace(body, held[0], "", 1); strings.Contains(outside, `rel="modulepreload"`) || strings.Contains(outside, `as="fetch"`) {
			t.Errorf("%s: a server-rendered page announces its scripts or texts before its first paint", path)
		}
	}
	// Campaign tags are no part of the page: they reach neither the
	// rendered address nor a cache entry of their own.
	_, body := get(t, e.url+"/nl/te-koop/?utm_source=mail&fbclid=x&city=Alle&b=2")
	if root := rootOf(t, body); !strings.Contains(root, `data-url="/nl/te-koop/?b=2&amp;city=Alle"`) {
		t.Errorf("rendered address: %q", root)
	}
	before := e.handler.PageStats()
	get(t, e.url+"/nl/te-koop/?city=Alle&b=2&utm_medium=x")
	if after := e.handler.PageStats(); after.Hits != before.Hits+1 {
		t.Errorf("the same search with other tags was not a cache hit: %+v then %+v", before, after)
	}
}

func TestAFailedRenderServesTheClientRenderedPage(t *testing.T) {
	for _, tc := range []struct {
		name, query, reason string
	}{
		{"a render that throws", "fail=throw", render.ReasonScript},
		{"a render past its deadline", "fail=loop", render.ReasonTimeout},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newSSREnv(t, render.Options{Runtimes: 1, Timeout: 100 * time.Millisecond})
			resp, body := get(t, e.url+"/nl/?"+tc.query)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", resp.StatusCode)
			}
			if root := rootOf(t, body); root != "" {
				t.Errorf("#root holds %q, want it empty for the browser to render", root)
			}
			// Nothing paints before the app runs: its files are announced at once.
			for _, want := range []string{`id="page-data"`, `id="site-data"`, `<title>`,
				`<link rel="modulepreload" crossorigin href="/assets/start-AbC123.js">`, `<link rel="preload" as="fetch" href="/assets/nl-Nl1.json"`} {
				if !strings.Contains(body, want) {
					t.Errorf("the client-rendered page lacks %s", want)
				}
			}
			if got := e.renderer.Stats().Failures[tc.reason]; got != 1 {
				t.Errorf("failures[%s] = %d, want 1", tc.reason, got)
			}
			// The runtime that failed was replaced: the next page renders.
			if _, body := get(t, e.url+"/fr/"); rootOf(t, body) == "" {
				t.Error("the page after a failure was not rendered")
			}
		})
	}
}

func TestAFullQueueServesTheClientRenderedPage(t *testing.T) {
	e := newSSREnv(t, render.Options{Runtimes: 1, MaxQueue: -1, Timeout: time.Second})
	// One page holds the only runtime; the next finds no room to wait.
	slowDone := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(slowDone)
		get(t, e.url+"/nl/?fail=slow")
	})
	for waiting := true; waiting; {
		select {
		case <-slowDone:
			waiting = false
			continue
		default:
		}
		resp, body := get(t, e.url+"/fr/")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("status %d", resp.StatusCode)
		}
		if rootOf(t, body) == "" {
			break
		}
		// Rendered: the slow page had not taken the runtime yet; a fresh
		// address tries again.
		e.handler.PurgePages()
	}
	wg.Wait()
	if got := e.renderer.Stats().Failures[render.ReasonQueueFull]; got == 0 {
		t.Fatal("no render found the queue full")
	}
	// The client-rendered page is rebuilt behind the next request.
	waitFor(t, func() bool {
		_, body := get(t, e.url+"/fr/")
		return rootOf(t, body) != ""
	})
}

func TestASyncEmptiesThePageCache(t *testing.T) {
	e := newSSREnv(t, render.Options{Runtimes: 1})
	get(t, e.url+"/nl/")
	get(t, e.url+"/nl/")
	if s := e.handler.PageStats(); s.Hits != 1 || s.Pages != 1 || s.Bytes == 0 {
		t.Fatalf("after two requests: %+v", s)
	}
	e.handler.PurgePages()
	get(t, e.url+"/nl/")
	if s := e.handler.PageStats(); s.Misses != 2 {
		t.Errorf("after a purge: %+v, want the page built again", s)
	}
}

// waitFor polls cond until it holds or a few seconds pass.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatal("condition not met in time")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// TestEveryPageRendersOnTheServer serves the demo agency with the UI's own
// server bundle and opens every address of the sitemap — each page of the
// route table, listing and project, in every language: each comes with
// its server render, which holds the page's h1 and, for a listing or
// project, its title, price and first photo.
var asciiSpaces = regexp.MustCompile(`[ \t\r\n]+`)

func TestEveryPageRendersOnTheServer(t *testing.T) {
	httpd.SkipUnderRace(t)
	bundle, ok := ui.ServerBundle()
	if !ok {
		t.Skip("the UI is not built (make build): no server bundle to render with")
	}
	dist, err := fs.Sub(ui.Dist, "dist")
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.New(bundle, render.Options{Runtimes: 1, Timeout: time.Minute, MaxQueue: -1}, nil) // one page at a time
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	h, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: dist, Renderer: r})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	_, sitemap := get(t, srv.URL+"/sitemap.xml")
	locs := regexp.MustCompile(`<loc>([^<]+)</loc>`).FindAllStringSubmatch(sitemap, -1)
	if len(locs) < 150 {
		t.Fatalf("the sitemap lists %d addresses; the demo has more", len(locs))
	}
	kinds := map[string]int{}
	rendered := 0
	for _, m := range locs {
		rendered++
		path := strings.TrimPrefix(html.UnescapeString(m[1]), siteOrigin)
		t.Run(path, func(t *testing.T) {
			resp, body := get(t, srv.URL+path)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", resp.StatusCode)
			}
			root := rootOf(t, body)
			var pd struct {
				View          string `json:"view"`
				Lang          string `json:"lang"`
				Title         string `json:"title"`
				DocumentTitle string `json:"documentTitle"`
				Property      *struct {
					Title, PriceText string
					Photos           []struct{ URL string }
				} `json:"property"`
				Project *struct {
					Name   string
					Photos []struct{ URL string }
				} `json:"project"`
			}
			hd := parseHead(t, body)
			if err := json.Unmarshal([]byte(hd.pageData), &pd); err != nil {
				t.Fatal(err)
			}
			kinds[pd.View]++
			// What a visitor of every page in every language reads first; the
			// browser sweep (ui/e2e/routes.test.mjs) loads every page in one
			// language only and one of each kind in the others.
			h1s := regexp.MustCompile(`(?s)<h1[^>]*>(.*?)</h1>`).FindAllStringSubmatch(root, -1)
			if len(h1s) != 1 {
				t.Fatalf("the server render has %d h1 (%d bytes), want one", len(h1s), len(root))
			}
			// Markup's own spaces collapse; the French no-break spaces are the text's.
			if got := strings.TrimSpace(asciiSpaces.ReplaceAllString(html.UnescapeString(tagRE.ReplaceAllString(h1s[0][1], "")), " ")); got != pd.Title {
				t.Errorf("h1 %q, want the page's title %q", got, pd.Title)
			}
			if hd.title != pd.DocumentTitle || hd.lang != pd.Lang {
				t.Errorf("<title> %q and lang %q, want %q and %q", hd.title, hd.lang, pd.DocumentTitle, pd.Lang)
			}
			var want []string
			var photos []struct{ URL string }
			switch {
			case pd.Property != nil:
				want = []string{pd.Property.Title, pd.Property.PriceText}
				photos = pd.Property.Photos
			case pd.Project != nil:
				want = []string{pd.Project.Name}
				photos = pd.Project.Photos
			}
			if len(photos) > 0 {
				// The photo server's renditions share the original's folder.
				want = append(want, photos[0].URL[:strings.LastIndex(photos[0].URL, "/")+1])
			}
			if pd.View == "for-sale" || pd.View == "for-rent" {
				// The first results: computed by the server, rendered as cards
				// and handed to the browser, which starts from them.
				if !strings.Contains(body, `<script type="application/json" id="search-data">{"properties_`) {
					t.Error("a list page without #search-data")
				}
				if n := strings.Count(root, `class="property-card`); n == 0 {
					t.Error("a list page rendered without its cards")
				}
				if strings.Contains(body, "<noscript><main") {
					t.Error("a list rendered with its cards still writes the links for visitors without scripts")
				}
			}
			text := html.UnescapeString(root)
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("the server render lacks %q", w)
				}
			}
		})
	}
	want := []string{"home", "for-sale", "for-rent", "property", "projects", "project", "article", "office"}
	for _, view := range want {
		if kinds[view] == 0 {
			t.Errorf("no %s page among the sitemap's addresses (%v)", view, kinds)
		}
	}
	if s := r.Stats(); s.Renders != uint64(rendered) {
		t.Errorf("%d renders for %d pages; failures %v", s.Renders, rendered, s.Failures)
	}
}

func TestWarmPagesRendersTheSitesOwnPagesAhead(t *testing.T) {
	e := newSSREnv(t, render.Options{Runtimes: 1})
	n := e.handler.WarmPages(context.Background())
	if n < 40 {
		t.Fatalf("%d pages rendered ahead; the demo's route table has more in nl and fr", n)
	}
	for _, path := range []string{"/nl/", "/fr/a-vendre/", "/nl/ons-kantoor/"} {
		if _, body := get(t, e.url+path); rootOf(t, body) == "" {
			t.Errorf("%s: no server render", path)
		}
	}
	if s := e.handler.PageStats(); s.Hits != 3 || s.Misses != 0 {
		t.Errorf("after warming: %+v, want every page a hit", s)
	}
	// A listing is rendered when a visitor opens it, not ahead.
	if s := e.handler.PageStats(); s.Pages != n {
		t.Errorf("%d pages cached, %d rendered ahead", s.Pages, n)
	}
}
