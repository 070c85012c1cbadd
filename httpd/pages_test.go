package httpd_test

// The pages over the whole stack with the shipped config.yaml: its route
// table, its content and the demo agency's listings.

import (
	"encoding/json"
	"encoding/xml"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// page is one concrete page of the route table.
type page struct {
	lang     listing.Lang
	internal string // filled
	path     string
	redirect string // internal path the page redirects to, "" for a page
}

// everyPage lists every page of the route table in nl and fr: each
// allowed parameter value, each configured article slug.
func everyPage(t testing.TB, cfg config.Config) []page {
	t.Helper()
	routes, err := site.NewRoutes(cfg.Site, cfg.Languages.Enabled, cfg.Languages.Default)
	if err != nil {
		t.Fatal(err)
	}
	var out []page
	for _, rt := range cfg.Site.Routes {
		var filled []string
		switch {
		case !strings.Contains(rt.Internal, "{"):
			filled = []string{rt.Internal}
		default:
			for name, values := range rt.Params {
				for _, v := range values {
					filled = append(filled, strings.Replace(rt.Internal, "{"+name+"}", v, 1))
				}
			}
			if len(rt.Params) == 0 {
				prefix := rt.Internal[:strings.Index(rt.Internal, "{")]
				for _, pg := range cfg.Site.Pages {
					if strings.HasPrefix(pg.Path, prefix) {
						filled = append(filled, pg.Path)
					}
				}
			}
		}
		if len(filled) == 0 {
			t.Errorf("route %s: no page to test", rt.Internal)
		}
		for _, internal := range filled {
			for _, l := range demoLangs {
				p, ok := routes.Localize(internal, l, nil)
				if !ok {
					t.Errorf("%s has no %s path", internal, l)
					continue
				}
				out = append(out, page{lang: l, internal: internal, path: p, redirect: rt.Redirect})
			}
		}
	}
	return out
}

func TestPagesOfTheRouteTable(t *testing.T) {
	e := newPagesEnv(t, nil)
	pages := everyPage(t, e.cfg)
	if len(pages) < 60 {
		t.Fatalf("only %d pages in nl and fr; the spec's table has more", len(pages))
	}
	titles, indexed := map[string]bool{}, 0
	for _, p := range pages {
		t.Run(string(p.lang)+p.path, func(t *testing.T) {
			resp, body := get(t, e.url+(&url.URL{Path: p.path}).EscapedPath())
			if p.redirect != "" {
				if resp.StatusCode != http.StatusFound {
					t.Fatalf("status %d, want 302", resp.StatusCode)
				}
				return
			}
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d", resp.StatusCode)
			}
			h := parseHead(t, body)
			if h.lang != string(p.lang) {
				t.Errorf("lang %q", h.lang)
			}
			if c, _ := url.PathUnescape(h.canonical); c != siteOrigin+p.path {
				t.Errorf("canonical %q", h.canonical)
			}
			if h.title == "" || h.description == "" {
				t.Errorf("title %q, description %q", h.title, h.description)
			}
			if !strings.HasPrefix(p.internal, "/feedback/") {
				titles[string(p.lang)+h.title] = true // thank-you pages share theirs: they are not indexed
				indexed++
			}
			for _, l := range demoLangs {
				if h.hreflang[string(l)] == "" {
					t.Errorf("no hreflang %s", l)
				}
			}
			if h.hreflang["x-default"] != h.hreflang["nl"] {
				t.Errorf("x-default %q, nl %q", h.hreflang["x-default"], h.hreflang["nl"])
			}
			if h.hreflang[string(p.lang)] != h.canonical || h.meta["og:url"] != h.canonical {
				t.Errorf("own hreflang %q", h.hreflang[string(p.lang)])
			}
			for _, k := range []string{"og:title", "og:description", "og:url", "og:locale", "twitter:card"} {
				if h.meta[k] == "" {
					t.Errorf("no %s", k)
				}
			}
			types := strings.Join(h.ldTypes(), ",")
			if !strings.Contains(types, "BreadcrumbList") {
				t.Errorf("JSON-LD %s", types)
			}
			if (p.internal == "/" || p.internal == "/office/") != strings.Contains(types, "RealEstateAgent") {
				t.Errorf("JSON-LD on %s: %s", p.internal, types)
			}
			// The embedded page data is /api/page's answer.
			_, api := get(t, e.url+"/api/page?path="+url.QueryEscape(p.path))
			if strings.TrimSpace(api) != h.pageData {
				t.Errorf("page-data differs from /api/page:\n%s\n%s", h.pageData, api)
			}
			var pd site.PageData
			if err := json.Unmarshal([]byte(h.pageData), &pd); err != nil {
				t.Fatal(err)
			}
			if pd.Title == "" || pd.Path != p.path || pd.Internal != p.internal || pd.Status != 200 {
				t.Errorf("page data %+v", pd)
			}
		})
	}
	if len(titles) != indexed {
		t.Errorf("%d distinct titles for %d indexed pages: pages share titles", len(titles), indexed)
	}
}

func TestRedirectsAndNotFound(t *testing.T) {
	e := newPagesEnv(t, nil)
	prop := e.props[listing.NL][0]
	canonical := site.CanonicalDetail(prop, listing.NL)
	segs := config.Segments(canonical)
	tests := []struct {
		name, path string
		status     int
		location   string
	}{
		{"root goes to the default language", "/", 302, "/nl/"},
		{"trailing slash", "/nl/te-koop", 301, "/nl/te-koop/"},
		{"owners go to the login", "/nl/eigenaars/", 302, "/nl/login/"},
		{"owners in French", "/fr/proprietaires/", 302, "/fr/login/"},
		{"apostrophe raw", "/fr/je-m'inscris/", 200, ""},
		{"apostrophe encoded", "/fr/je-m%27inscris/", 200, ""},
		{"property reference", "/property/" + segs[len(segs)-1] + "/", 301, canonical},
		{"wrong slug", "/nl/te-koop/x/wrong-title/" + segs[len(segs)-1] + "/", 301, canonical},
		{"unknown property", "/property/987654321/", 404, ""},
		{"unknown detail", "/nl/te-koop/durbuy/villa/987654321/", 404, ""},
		{"unknown page", "/nl/bestaat-niet/", 404, ""},
		{"unknown language", "/xx/", 404, ""},
		{"disabled language", "/de/", 404, ""},
		{"unknown article", "/nl/testimonials/nobody-wrote-this/", 404, ""},
		{"unknown statistic", "/fr/stat/stat-weather/", 404, ""},
		{"unknown thank-you form", "/nl/bedankt/no-such-form/", 404, ""},
		{"traversal", "/nl/..%2f..%2fetc/passwd/", 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, e.url+tt.path)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			if loc, _ := url.PathUnescape(resp.Header.Get("Location")); loc != tt.location {
				t.Errorf("Location %q, want %q", loc, tt.location)
			}
			if tt.status != 404 {
				return
			}
			h := parseHead(t, body)
			var pd site.PageData
			if err := json.Unmarshal([]byte(h.pageData), &pd); err != nil {
				t.Fatal(err)
			}
			if pd.View != site.ViewNotFound || pd.Status != 404 || !strings.Contains(h.robots, "noindex") {
				t.Errorf("view %s status %d robots %q", pd.View, pd.Status, h.robots)
			}
			want := []string{"Oeps", "Oups"}
			if strings.HasPrefix(tt.name, "unknown property") || strings.HasPrefix(tt.name, "unknown detail") {
				want = []string{"Pand niet gevonden"}
			}
			if !slices.ContainsFunc(want, func(w string) bool { return strings.Contains(h.title, w) }) {
				t.Errorf("title %q, want one of %q", h.title, want)
			}
			if strings.HasSuffix(h.canonical, "/nl/") || strings.HasSuffix(h.canonical, "/fr/") {
				t.Errorf("a missing page claims home as its canonical: %s", h.canonical)
			}
		})
	}
	t.Run("apostrophe pages are one page", func(t *testing.T) {
		_, raw := get(t, e.url+"/fr/je-m'inscris/")
		_, enc := get(t, e.url+"/fr/je-m%27inscris/")
		if parseHead(t, raw).canonical != parseHead(t, enc).canonical {
			t.Error("canonicals differ")
		}
	})
	t.Run("property page", func(t *testing.T) {
		resp, body := get(t, e.url+canonical)
		if resp.StatusCode != 200 {
			t.Fatalf("status %d", resp.StatusCode)
		}
		h := parseHead(t, body)
		fr := site.CanonicalDetail(e.props[listing.FR][0], listing.FR)
		if h.hreflang["fr"] != siteOrigin+fr || h.canonical != siteOrigin+canonical {
			t.Errorf("alternates %v canonical %s", h.hreflang, h.canonical)
		}
	})
	t.Run("api redirect", func(t *testing.T) {
		_, body := get(t, e.url+"/api/page?path=/nl/eigenaars/")
		if !strings.Contains(body, `"redirect":"/nl/login/"`) {
			t.Errorf("body %s", body)
		}
		resp, _ := get(t, e.url+"/api/page?path=https://evil.example/")
		if resp.StatusCode != 400 {
			t.Errorf("external path: %d", resp.StatusCode)
		}
	})
}

func TestSitemapAndRobots(t *testing.T) {
	e := newPagesEnv(t, nil)
	resp, body := get(t, e.url+"/sitemap.xml")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/xml") {
		t.Fatalf("status %d type %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	var set struct {
		URLs []struct {
			Loc   string `xml:"loc"`
			Links []struct {
				Rel      string `xml:"rel,attr"`
				Hreflang string `xml:"hreflang,attr"`
				Href     string `xml:"href,attr"`
			} `xml:"http://www.w3.org/1999/xhtml link"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(body), &set); err != nil {
		t.Fatal(err)
	}
	locs := map[string]bool{}
	for _, u := range set.URLs {
		locs[u.Loc] = true
		self, xdef := false, false
		for _, l := range u.Links {
			self = self || l.Href == u.Loc
			xdef = xdef || l.Hreflang == "x-default"
		}
		if !self || !xdef || len(u.Links) < 3 {
			t.Errorf("%s: alternates %+v", u.Loc, u.Links)
		}
		if strings.Contains(u.Loc, "/bedankt/") || strings.Contains(u.Loc, "/login/") || strings.Contains(u.Loc, "/eigenaars/") {
			t.Errorf("%s is not for indexing", u.Loc)
		}
	}
	for _, want := range []string{"/nl/", "/fr/", "/nl/te-koop/", "/fr/a-louer/", "/fr/je-m%27inscris/", "/nl/onze-diensten/beheer/", "/fr/stat/stat-commons/"} {
		if !locs[siteOrigin+want] {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	for _, l := range demoLangs {
		for _, p := range e.props[l] {
			if !locs[siteOrigin+site.CanonicalDetail(p, l)] {
				t.Errorf("sitemap lacks property %d in %s", p.ID, l)
			}
		}
	}
	_, robots := get(t, e.url+"/robots.txt")
	if !strings.Contains(robots, "Sitemap: "+siteOrigin+"/sitemap.xml") || !strings.Contains(robots, "User-agent") {
		t.Errorf("robots.txt:\n%s", robots)
	}
}

// A page preloads its language's texts, all namespaces in one file, with
// the crossorigin mode of the UI's fetch so that the fetch takes the preload.
func TestHeadPreloadsItsLanguagesTexts(t *testing.T) {
	e := newPagesEnv(t, nil)
	fetches := regexp.MustCompile(`<link rel="preload" as="fetch"[^>]*>`)
	for _, tc := range []struct{ path, want string }{
		{"/nl/", "/assets/nl-Nl1.json"},
		{"/nl/bestaat-niet/", "/assets/nl-Nl1.json"},
		{"/fr/", "/assets/fr-Fr1.json"},
	} {
		_, body := get(t, e.url+tc.path)
		want := `<link rel="preload" as="fetch" href="` + tc.want + `" crossorigin="anonymous">`
		if got := fetches.FindAllString(body, -1); len(got) != 1 || got[0] != want {
			t.Errorf("%s preloads %q, want %s", tc.path, got, want)
		}
	}
}

func TestHeadersCachingAndCompression(t *testing.T) {
	e := newPagesEnv(t, nil)
	for _, path := range []string{"/nl/", "/nl/bestaat-niet/", "/assets/index-AbC123.js", "/api/page?path=/nl/", "/sitemap.xml", "/healthz"} {
		resp, _ := get(t, e.url+path, "Accept-Encoding", "gzip")
		h := resp.Header
		for _, k := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy"} {
			if h.Get(k) == "" {
				t.Errorf("%s: no %s", path, k)
			}
		}
		if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %s", path, h.Get("Content-Security-Policy"))
		}
		if h.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS over plain HTTP", path)
		}
		// A page carries the site's policy; a built file, which no page takes its policy from, the short one.
		wantFile := strings.HasPrefix(path, "/assets/")
		if isFile := h.Get("Content-Security-Policy") == "default-src 'none'; frame-ancestors 'none'"; isFile != wantFile {
			t.Errorf("%s: CSP %q, want the file policy: %v", path, h.Get("Content-Security-Policy"), wantFile)
		}
	}
	resp, body := get(t, e.url+"/assets/index-AbC123.js", "Accept-Encoding", "gzip")
	if resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" || resp.Header.Get("Content-Encoding") != "gzip" ||
		!strings.HasPrefix(body, "console.log") || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") {
		t.Errorf("asset: %v", resp.Header)
	}
	resp, _ = get(t, e.url+"/assets/index-AbC123.js")
	if resp.Header.Get("Content-Encoding") != "" {
		t.Error("gzip sent to a client that did not ask for it")
	}
	// Chromium's own Accept-Encoding, on loopback as over TLS.
	resp, body = get(t, e.url+"/assets/index-AbC123.js", "Accept-Encoding", "gzip, deflate, br, zstd")
	if resp.Header.Get("Content-Encoding") != "br" || body != "the build's Brotli form" ||
		!strings.HasSuffix(resp.Header.Get("ETag"), `-br"`) || resp.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("asset to a browser that takes Brotli: %v %q", resp.Header, body)
	}
	if resp, _ := get(t, e.url+"/assets/index-AbC123.js", "Accept-Encoding", "gzip, br;q=0"); resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("br;q=0 got %q", resp.Header.Get("Content-Encoding"))
	}
	if resp, _ := get(t, e.url+"/assets/index-AbC123.js.br"); resp.StatusCode != 404 {
		t.Errorf("the Brotli file is served as a file of its own: %d", resp.StatusCode)
	}
	resp, _ = get(t, e.url+"/assets/index-Missing.js")
	if resp.StatusCode != 404 || strings.Contains(resp.Header.Get("Content-Type"), "html") {
		t.Errorf("missing asset: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	resp, body = get(t, e.url+"/nl/", "Accept-Encoding", "gzip")
	if resp.Header.Get("Cache-Control") != "no-cache" || resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(body, `<html lang="nl">`) {
		t.Errorf("page: %v", resp.Header)
	}
	if !strings.Contains(body, `src="/assets/index-AbC123.js"`) {
		t.Error("the UI's bundle tag is gone from the page")
	}
	if !strings.Contains(body, `<link rel="preload" as="image" href="/demo/photos/`) || !strings.Contains(body, ` 400w, /demo/photos/`) {
		t.Error("home does not preload its banner photo")
	}
	if resp, _ := get(t, e.url+"/.vite/manifest.json"); resp.StatusCode != 404 {
		t.Errorf("the build manifest is served: %d", resp.StatusCode)
	}
	head, _ := http.NewRequest("HEAD", e.url+"/nl/", nil)
	if resp, err := noRedirect.Do(head); err != nil || resp.StatusCode != 200 || resp.Header.Get("Content-Length") == "" {
		t.Errorf("HEAD /nl/: %v %v", resp, err)
	}

	t.Run("CSP follows the configured services", func(t *testing.T) {
		e := newPagesEnv(t, func(c *config.Config) {
			c.Server.BaseURL = "https://www.ardenne-immo.example"
			c.Site.Analytics.TagManager = "GTM-TEST"
			c.Site.Analytics.FacebookPixel = "123"
			c.Site.Map.TileURL = "https://{s}.tiles.example.org/{z}/{x}/{y}.png"
		})
		resp, _ := get(t, e.url+"/nl/")
		csp := resp.Header.Get("Content-Security-Policy")
		for _, want := range []string{"https://www.googletagmanager.com", "https://connect.facebook.net", "https://*.tiles.example.org"} {
			if !strings.Contains(csp, want) {
				t.Errorf("CSP lacks %s: %s", want, csp)
			}
		}
		if resp.Header.Get("Strict-Transport-Security") == "" {
			t.Error("no HSTS for an https site")
		}
	})
	t.Run("CSP without analytics names only the video players", func(t *testing.T) {
		resp, _ := get(t, e.url+"/nl/")
		directives := map[string]string{}
		for _, d := range strings.Split(resp.Header.Get("Content-Security-Policy"), ";") {
			name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
			directives[name] = value
		}
		for _, name := range []string{"script-src", "connect-src", "style-src", "font-src"} {
			if directives[name] != "'self'" {
				t.Errorf("%s %q", name, directives[name])
			}
		}
		frame := directives["frame-src"]
		for _, host := range []string{"https://www.youtube-nocookie.com", "https://player.vimeo.com", "https://*.matterport.com", "https://tvl.be", "https://*.tvl.be"} {
			if !strings.Contains(frame, host) {
				t.Errorf("frame-src %q lacks %s", frame, host)
			}
		}
		// The demo's only image host is its map tiles (config.yaml site.map).
		if directives["img-src"] != "'self' data: https://tile.openstreetmap.org" {
			t.Errorf("img-src %q", directives["img-src"])
		}
	})
}

// A list page carries its goal's type tree: the platform's categories with
// their sub-types, in label order, rent without the sale-only types.
func TestListPagesCarryTheTypeTree(t *testing.T) {
	e := newPagesEnv(t, nil)
	tests := []struct {
		path      string
		first     string
		houses    string
		houseKids []string
	}{
		{"/nl/te-koop/", "Appartementsgebouw", "Villa/Huis/Hoeve", []string{"Hoeve", "Villa", "Woning"}},
		{"/fr/a-louer/", "", "Villa/Maison/Ferme", nil},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			_, body := get(t, e.url+"/api/page?path="+url.QueryEscape(tt.path))
			var d site.PageData
			if err := json.Unmarshal([]byte(body), &d); err != nil {
				t.Fatal(err)
			}
			if len(d.TypeTree) == 0 {
				t.Fatal("no type tree")
			}
			if tt.first != "" && d.TypeTree[0].Name != tt.first {
				t.Errorf("first category %q, want %q", d.TypeTree[0].Name, tt.first)
			}
			var houses *site.TypeNode
			for i, n := range d.TypeTree {
				if n.Name == tt.houses {
					houses = &d.TypeTree[i]
				}
			}
			if houses == nil {
				t.Fatalf("no category %q in %+v", tt.houses, d.TypeTree)
			}
			if tt.houseKids != nil {
				var kids []string
				for _, c := range houses.Children {
					kids = append(kids, c.Name)
				}
				if !slices.Equal(kids, tt.houseKids) {
					t.Errorf("sub-types %q, want %q", kids, tt.houseKids)
				}
			}
		})
	}
	_, body := get(t, e.url+"/api/page?path="+url.QueryEscape("/nl/ons-kantoor/"))
	if strings.Contains(body, `"typeTree"`) {
		t.Error("the office page got a type tree")
	}
}

// A list page's first HTML links its first results for clients that run no
// script; each link is a live detail page.
func TestListPagesLinkTheirFirstResults(t *testing.T) {
	e := newPagesEnv(t, nil)
	link := regexp.MustCompile(`<li><a href="([^"]+)">`)
	for _, tt := range []struct {
		path string
		goal listing.Goal
		lang listing.Lang
	}{{"/nl/te-koop/", listing.Sale, listing.NL}, {"/fr/a-louer/", listing.Rent, listing.FR}} {
		t.Run(tt.path, func(t *testing.T) {
			_, body := get(t, e.url+tt.path)
			start, end := strings.Index(body, "<noscript><main"), strings.Index(body, "</main></noscript>")
			if start < 0 || end < start {
				t.Fatal("no plain list")
			}
			links := link.FindAllStringSubmatch(body[start:end], -1)
			want := 0
			for _, p := range e.props[tt.lang] {
				if p.Goal == tt.goal {
					want++
				}
			}
			if len(links) != min(want, 24) {
				t.Fatalf("%d links, want %d", len(links), min(want, 24))
			}
			for _, l := range links[:3] {
				if resp, _ := get(t, e.url+l[1]); resp.StatusCode != http.StatusOK {
					t.Errorf("%s: %d", l[1], resp.StatusCode)
				}
			}
		})
	}
	if _, body := get(t, e.url+"/nl/ons-kantoor/"); strings.Contains(body, "<noscript><main") {
		t.Error("the office page got a plain list")
	}

	t.Run("the first card's photo is preloaded as the card shows it, unless filters change the first card", func(t *testing.T) {
		_, body := get(t, e.url+"/1/indexes/properties_nl?filters=goal%3Asale&hitsPerPage=1")
		var res struct {
			Hits []struct{ Thumbnail struct{ URL string } }
		}
		if err := json.Unmarshal([]byte(body), &res); err != nil || len(res.Hits) == 0 {
			t.Fatalf("search: %v %s", err, body)
		}
		thumb := res.Hits[0].Thumbnail.URL
		base := thumb[:strings.LastIndex(thumb, "/")+1]
		_, page := get(t, e.url+"/nl/te-koop/")
		want := `<link rel="preload" as="image" href="` + thumb + `" imagesrcset="` + base + `100.jpg 100w, ` + base + `400.jpg 400w, ` + base + `600.jpg 600w, ` + base + `800.jpg 800w, ` + base + `1024.jpg 1024w, ` + base + `1360.jpg 1360w, ` + base + `1600.jpg 1600w" imagesizes="(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px" fetchpriority="high">`
		if !strings.Contains(page, want) {
			t.Errorf("no %s", want)
		}
		if _, page := get(t, e.url+"/nl/te-koop/?type=82"); strings.Contains(page, `rel="preload" as="image"`) {
			t.Error("a filtered list preloads the bare list's first photo")
		}
		if _, page := get(t, e.url+"/nl/te-koop/"); !strings.Contains(page, want) {
			t.Error("the filtered variant replaced the bare list in the cache")
		}
	})
}

// The home page's listing modules show the newest listings of their list
// still on the market, newest first, and link to that list; a list page's
// data names each town's postcode for its town filter.
func TestHomeListingModulesAndTownPostcodes(t *testing.T) {
	e := newPagesEnv(t, nil)
	_, body := get(t, e.url+"/api/page?path=/nl/")
	var home site.PageData
	if err := json.Unmarshal([]byte(body), &home); err != nil {
		t.Fatal(err)
	}
	byID := map[int]listing.Property{}
	for _, p := range e.props[listing.NL] {
		byID[p.ID] = p
	}
	for _, tt := range []struct {
		module string
		goal   listing.Goal
		path   string
	}{{"newest", listing.Sale, "/nl/te-koop/"}, {"rental", listing.Rent, "/nl/te-huur/"}} {
		t.Run(tt.module, func(t *testing.T) {
			i := slices.IndexFunc(home.Content.Modules, func(m site.Module) bool { return m.ID == tt.module })
			if i < 0 || home.Content.Modules[i].Listings == nil {
				t.Fatalf("no listings in module %q", tt.module)
			}
			l := home.Content.Modules[i].Listings
			if l.Path != tt.path || l.Goal != tt.goal || len(l.Cards) != 4 {
				t.Fatalf("listings %+v", l)
			}
			for k, c := range l.Cards {
				p := byID[c.ID]
				if p.Goal != tt.goal || (p.Status != listing.Available && p.Status != listing.Option) || c.URL != site.CanonicalDetail(p, listing.NL) {
					t.Errorf("card %+v: listing %d %s %s", c, p.ID, p.Goal, p.Status)
				}
				if k > 0 && p.Created.After(byID[l.Cards[k-1].ID].Created) {
					t.Errorf("card %d (%d) is newer than the one before it", k, c.ID)
				}
			}
		})
	}

	_, body = get(t, e.url+"/api/page?path=/nl/te-koop/")
	var list site.PageData
	if err := json.Unmarshal([]byte(body), &list); err != nil {
		t.Fatal(err)
	}
	for _, p := range e.props[listing.NL] {
		if zips := list.TownZips[p.Address.City]; !strings.Contains(zips, p.Address.Zip) {
			t.Errorf("town %q: postcodes %q lack %s", p.Address.City, zips, p.Address.Zip)
		}
	}
}
