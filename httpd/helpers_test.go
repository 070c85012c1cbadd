package httpd_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/spf13/viper"
	"golang.org/x/net/html"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/demands"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/store"
	"github.com/estate-agency/estate/store/storetest"
	platformsync "github.com/estate-agency/estate/sync"
)

// The helpers that several test files share: the demo agency synced once, the
// shipped config and a UI build, HTTP and HTML readers, the stacks that the
// page, property, forms and account tests serve, and the benchmarks' timer. A
// helper that one file alone uses stays in that file; the search tests' server
// stays in search_test.go with the oracle it is built around.

var (
	demoDir   = filepath.Join("..", "testdata", "platform")
	demoLangs = []listing.Lang{listing.NL, listing.FR}
	// brussels is the agency's clock, on which the platform writes dates.
	brussels = func() *time.Location {
		loc, err := time.LoadLocation("Europe/Brussels")
		if err != nil {
			panic(err)
		}
		return loc
	}()
)

const siteOrigin = "http://localhost:8080"

// syncedDemo is the committed demo agency synced by the real Syncer into a
// store and index in the test binary's scratch folder, then closed: once
// per binary, where a sync per test was most of this package's run time.
var syncedDemo = sync.OnceValues(func() (string, error) {
	dir := filepath.Join(httpd.ScratchDir(), "demo")
	log := slog.New(slog.DiscardHandler)
	st, err := store.Open(filepath.Join(dir, "estate.db"), demoLangs, store.Options{})
	if err != nil {
		return "", err
	}
	ix, err := index.Open(filepath.Join(dir, "index"), demoLangs, log)
	if err != nil {
		st.Close()
		return "", err
	}
	src, err := platformsync.NewDirSource(demoDir, brussels)
	if err == nil {
		// A fresh index is stale, so this run rebuilds it.
		syncer := platformsync.NewSyncer(src, st, ix, log, platformsync.Options{Languages: demoLangs, Zone: brussels})
		_, err = syncer.Run(context.Background(), platformsync.RunOptions{Full: true})
	}
	return dir, errors.Join(err, ix.Close(), st.Close())
})

// syncDemo gives a test its own copy of the synced demo agency, opened with
// the search columns loaded from the store, as `estate serve` starts on it:
// what a test writes stays in its copy.
func syncDemo(t testing.TB) (*store.Store, *index.Index) {
	t.Helper()
	golden, err := syncedDemo()
	if err != nil {
		t.Fatalf("sync the demo agency: %v", err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(golden)); err != nil {
		t.Fatal(err)
	}
	st := storetest.OpenIn(t, dir, demoLangs...)
	ix, err := index.Open(filepath.Join(dir, "index"), demoLangs, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	for _, l := range demoLangs {
		if ix.Stale(l) {
			t.Fatalf("the copied %s index is stale", l)
		}
		docs, err := platformsync.StoreDocs(st, l)
		if err == nil {
			err = ix.Load(l, docs)
		}
		if err != nil {
			t.Fatalf("load the %s search columns: %v", l, err)
		}
	}
	return st, ix
}

func find(t *testing.T, props []listing.Property, what string, ok func(listing.Property) bool) listing.Property {
	t.Helper()
	for _, p := range props {
		if ok(p) {
			return p
		}
	}
	t.Fatalf("the demo has no %s", what)
	return listing.Property{}
}

// testUI is a UI build as Vite lays it out: the page template with its
// markers and a hashed bundle.
var testUI = fstest.MapFS{
	"index.html": {Data: []byte(`<!doctype html>
<html lang="nl">
  <head>
    <meta charset="UTF-8" />
    <!--ssr-head-->
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <!--ssr-body-->
  </body>
</html>
`)},
	"assets/index-AbC123.js": {Data: []byte(strings.Repeat("console.log('estate');\n", 200))},
	// What ui's precompress plugin writes; the server passes it on as it is.
	"assets/index-AbC123.js.br": {Data: []byte("the build's Brotli form")},
	"favicon.svg":               {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
	"assets/nl-Nl1.json":        {Data: []byte(`{"common":{"skip":"Naar de inhoud"}}`)},
	"assets/fr-Fr1.json":        {Data: []byte(`{"common":{"skip":"Aller au contenu"}}`)},
	".vite/manifest.json": {Data: []byte(`{"index.html":{"file":"assets/index-AbC123.js","isEntry":true,"dynamicImports":["src/app/start.tsx"]},
		"src/app/start.tsx":{"file":"assets/start-AbC123.js","isDynamicEntry":true,"css":["assets/start-AbC123.css"]},
		"src/locales/nl.json":{"file":"assets/nl-Nl1.json","src":"src/locales/nl.json"},
		"src/locales/fr.json":{"file":"assets/fr-Fr1.json","src":"src/locales/fr.json"}}`)},
}

func loadShippedConfig(t testing.TB) config.Config {
	t.Helper()
	cfg, err := config.Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Server.BaseURL = siteOrigin
	return cfg
}

// noRedirect lets the tests see redirects instead of following them.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func get(t testing.TB, u string, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r io.Reader = resp.Body
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

func getJSON(t *testing.T, u string, v any) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// head is what the first HTML tells a crawler.
type head struct {
	lang, title, description, canonical, robots string
	hreflang                                    map[string]string
	meta                                        map[string]string
	jsonLD                                      []map[string]any
	siteData, pageData                          string
}

func parseHead(t testing.TB, body string) head {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	h := head{hreflang: map[string]string{}, meta: map[string]string{}}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			a := map[string]string{}
			for _, at := range n.Attr {
				a[at.Key] = at.Val
			}
			text := ""
			if n.FirstChild != nil {
				text = n.FirstChild.Data
			}
			switch n.Data {
			case "html":
				h.lang = a["lang"]
			case "title":
				h.title = text
			case "meta":
				key := a["name"] + a["property"]
				h.meta[key] = a["content"]
			case "link":
				switch a["rel"] {
				case "canonical":
					h.canonical = a["href"]
				case "alternate":
					h.hreflang[a["hreflang"]] = a["href"]
				}
			case "script":
				switch {
				case a["type"] == "application/ld+json":
					var v map[string]any
					if err := json.Unmarshal([]byte(text), &v); err != nil {
						t.Errorf("JSON-LD: %v", err)
					}
					h.jsonLD = append(h.jsonLD, v)
				case a["id"] == "site-data":
					h.siteData = text
				case a["id"] == "page-data":
					h.pageData = text
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	h.description, h.robots = h.meta["description"], h.meta["robots"]
	return h
}

func (h head) ldTypes() []string {
	var out []string
	for _, v := range h.jsonLD {
		out = append(out, v["@type"].(string))
	}
	return out
}

type pagesEnv struct {
	url   string
	cfg   config.Config
	props map[listing.Lang][]listing.Property
}

func newPagesEnv(t testing.TB, mutate func(*config.Config)) *pagesEnv {
	t.Helper()
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	if mutate != nil {
		mutate(&cfg)
	}
	engine, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: testUI})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	t.Cleanup(srv.Close)
	e := &pagesEnv{url: srv.URL, cfg: cfg, props: map[listing.Lang][]listing.Property{}}
	for _, l := range demoLangs {
		ids, err := st.ActivePropertyIDs(l)
		if err != nil {
			t.Fatal(err)
		}
		if e.props[l], err = st.PropertiesByID(l, ids); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

type propertyEnv struct {
	url       string
	props     map[listing.Lang][]listing.Property // active ones
	withdrawn listing.Property                    // in nl
}

func newPropertyEnv(t *testing.T) *propertyEnv {
	t.Helper()
	st, ix := syncDemo(t)
	e := &propertyEnv{}
	e.props, e.withdrawn = storetest.WithdrawOne(t, st, demoLangs, func(p listing.Property) bool {
		return p.Goal == listing.Sale && p.Status == listing.Available
	})
	cfg := loadShippedConfig(t)
	engine, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: testUI})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	t.Cleanup(srv.Close)
	e.url = srv.URL
	return e
}

type formsEnv struct {
	url   string
	store *store.Store
}

// newFormsEnv serves the whole stack with the shipped config over the demo
// listings, the captcha off unless a test brings its own.
func newFormsEnv(t *testing.T, mutate func(*config.Config)) *formsEnv {
	t.Helper()
	return newFormsEnvAt(t, mutate, nil)
}

// newFormsEnvAt is newFormsEnv on a clock of its own (the demo's visit
// slots have fixed dates).
func newFormsEnvAt(t *testing.T, mutate func(*config.Config), now func() time.Time) *formsEnv {
	t.Helper()
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	cfg.Forms.Captcha = "off"
	if mutate != nil {
		mutate(&cfg)
	}
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	svc := leads.NewService(spec, st, st, false, now)
	engine, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: testUI, Leads: svc})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	t.Cleanup(srv.Close)
	return &formsEnv{url: srv.URL, store: st}
}

func (e *formsEnv) post(t *testing.T, form string, body []byte, header ...string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.url+"/api/forms/"+form, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return resp.StatusCode, out
}

func body(t *testing.T, lang string, fields map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"lang": lang, "fields": fields})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// clock is a test's time, moved by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

type accountEnv struct {
	url     string
	store   *store.Store
	svc     *accounts.Service
	resets  *accounts.ResetMails
	demands *demands.Service
	clock   *clock
}

// newAccountEnv serves the whole stack with accounts, an owner of 4003 and
// 4030 and another of 4001, and a searcher.
func newAccountEnv(t *testing.T) *accountEnv {
	t.Helper()
	return newAccountEnvWith(t, nil)
}

// newDemands is the search demands service of the tests: its links point
// at http://localhost, its unsubscribe links are signed with key.
func newDemands(t *testing.T, st *store.Store, spec *leads.Spec, key []byte, log *slog.Logger) *demands.Service {
	t.Helper()
	dem, err := demands.New(demands.Options{
		Store: st, Texts: spec, Key: key, Log: log, Language: "nl",
		Links: demands.Links{Base: "http://localhost", Page: func(internal string, l listing.Lang) string { return "http://localhost" + internal },
			Property: func(p listing.Property, l listing.Lang) string { return "http://localhost" + listing.DetailPath(p, l) }},
	})
	if err != nil {
		t.Fatal(err)
	}
	return dem
}

func newAccountEnvWith(t *testing.T, mutate func(*config.Config)) *accountEnv {
	t.Helper()
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	if mutate != nil {
		mutate(&cfg)
	}
	log := slog.New(slog.DiscardHandler)
	clk := &clock{t: time.Now()}
	svc, err := accounts.New(st, log, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []struct {
		email string
		props []int
	}{{"a@example.be", []int{4003, 4030}}, {"b@example.be", []int{4001}}} {
		if _, err := svc.Create("owner", o.email, "owner-password", "nl", o.props); err != nil {
			t.Fatal(err)
		}
	}
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	key := bytes.Repeat([]byte{7}, 32)
	dem := newDemands(t, st, spec, key, log)
	searcher, err := svc.Create("searcher", "s@example.be", "searcher-password", "fr", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := dem.Update(searcher.ID, json.RawMessage(`{"goal":"buy","types":[1],"zips":["6830"]}`), "immediate"); err != nil {
		t.Fatal(err)
	}
	resets := accounts.NewResetMails(svc, st, mail.AgencyView{Name: "Ardenne Immo"}, func(l listing.Lang, token string) string {
		return "http://localhost/" + string(l) + "/login/nieuw-wachtwoord/#token=" + token
	}, nil, log)
	engine, err := httpd.New(cfg, httpd.Deps{
		Log: log, Search: ix, Catalog: st, Listings: st, UI: testUI,
		Accounts: svc, Resets: resets, CSRFKey: key, Reports: st, Demands: dem,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	t.Cleanup(srv.Close)
	return &accountEnv{url: srv.URL, store: st, svc: svc, resets: resets, demands: dem, clock: clk}
}

// browser keeps cookies as a browser does on localhost: net/http's jar
// would not send the Secure __Host- cookies over http.
type browser struct {
	t       *testing.T
	base    string
	cookies map[string]*http.Cookie
	csrf    string
}

func (e *accountEnv) browser(t *testing.T) *browser {
	return &browser{t: t, base: e.url, cookies: map[string]*http.Cookie{}}
}

type answer struct {
	status int
	header http.Header
	body   map[string]any
}

func (b *browser) do(method, path string, body any, header ...string) answer {
	b.t.Helper()
	var r io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			b.t.Fatal(err)
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, b.base+path, r)
	if err != nil {
		b.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, c := range b.cookies {
		req.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.MaxAge < 0 {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c
		}
	}
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, header: resp.Header}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// refresh reads the CSRF token as the page does.
func (b *browser) refresh() answer {
	b.t.Helper()
	a := b.do(http.MethodGet, "/api/account", nil)
	if a.status != http.StatusOK {
		b.t.Fatalf("GET /api/account: %d %v", a.status, a.body)
	}
	b.csrf, _ = a.body["csrf"].(string)
	return a
}

// send is a change with the CSRF token.
func (b *browser) send(method, path string, body any) answer {
	b.t.Helper()
	return b.do(method, path, body, "X-CSRF-Token", b.csrf)
}

func (b *browser) login(email, password, next string) answer {
	b.t.Helper()
	b.refresh()
	a := b.send(http.MethodPost, "/api/account/login", map[string]any{"email": email, "password": password, "lang": "nl", "next": next})
	if token, ok := a.body["csrf"].(string); ok && token != "" {
		b.csrf = token
	}
	return a
}

// timed sends a request with send and reads its answer to the end: how long
// that took, or an error when it failed or answered another status than want.
func timed(want int, send func() (*http.Response, error)) (time.Duration, error) {
	t0 := time.Now()
	resp, err := send()
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != want {
		return 0, fmt.Errorf("%s %s: status %d", resp.Request.Method, resp.Request.URL, resp.StatusCode)
	}
	return time.Since(t0), nil
}
