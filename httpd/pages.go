package httpd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/pagedata"
	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/ui"
)

// Listings reads the properties pages and the sitemap need: what the page
// data reads, and every active property for the sitemap.
type Listings interface {
	pagedata.Store
	EachActiveProperty(lang listing.Lang, fn func(listing.Property) error) error
}

// pageAssembler builds the page data of a path, or the redirect it
// answers (package pagedata).
type pageAssembler interface {
	Page(ctx context.Context, escapedPath string) (site.PageData, string, int)
}

// pageHeads write what a page's head states (package pagedata).
type pageHeads interface {
	Head(d site.PageData) pagedata.Head
}

// pagesHandler answers every page of the site: the HTML shell with the
// server-built head and page data, /api/page, /api/site, the sitemap and
// robots.txt.
type pagesHandler struct {
	log    *slog.Logger
	base   string
	routes *site.Routes
	pages  *site.Pages
	// siteData is the shell's data as configured; shared is it with the
	// photos processed so far (the banner's), which Photos change.
	siteData   site.SiteData
	photos     Photos
	shared     atomic.Pointer[sharedData]
	defLang    listing.Lang
	shell      shellHTML
	static     staticFiles
	seo        map[string]config.SEO
	robots     string
	sitemapper sitemapBuilder
	// data assembles every page's data.
	data pageAssembler
	// pageViews counts detail page views; nil counts nothing.
	pageViews ViewCounter
	// receipts tell a thank-you page what its form did; nil: the form's
	// words alone.
	receipts Receipts
	cache    *pageCache
	// renderer writes the server HTML of pages; nil serves them client-rendered.
	renderer PageRenderer
	// results answer a list page's first search (firstResults); nil
	// without the search API.
	results *searchAPI
	// rebuilding holds the addresses being rebuilt behind a stale page.
	rebuilding sync.Map
	// texts are each language's translations (localeFiles), which every
	// first render needs: the head announces them, or they are found only
	// once the script runs, a round trip late.
	texts map[string]string
	// chunks are what each view's code loads (viewChunks), preloaded from the head.
	chunks map[site.View]viewAssets
}

// staticFiles is the middleware that answers the UI build's files.
func (h *pagesHandler) staticFiles(c *gin.Context) {
	m := c.Request.Method
	if f, ok := h.static[c.Request.URL.Path]; ok && (m == http.MethodGet || m == http.MethodHead) {
		f.serve(c)
		c.Abort()
	}
}

// html answers a page as HTML: redirects as such, every other answer as
// the shell with the page's status.
func (h *pagesHandler) html(c *gin.Context) {
	if strings.HasPrefix(c.Request.URL.Path, hashedDir) || strings.HasPrefix(c.Request.URL.Path, "/api/") {
		// A missing bundle or API path is not a page: a short answer, not the shell.
		c.Header("Cache-Control", "no-store")
		c.String(http.StatusNotFound, "not found\n")
		return
	}
	c.Header("Cache-Control", "no-cache")
	path := c.Request.URL.EscapedPath()
	address := pageAddress(path, c.Request.URL.Query())
	// A thank-you page with its receipt is one visitor's: never cached.
	receipt := c.Query(receiptParam)
	var p *renderedPage
	if receipt != "" {
		c.Header("Cache-Control", "no-store")
	} else {
		var rebuild bool
		p, rebuild = h.cache.get(address, time.Now())
		if p != nil && rebuild {
			h.rebuildBehind(address, path)
		}
	}
	if p == nil {
		var loc string
		var status int
		p, loc, status = h.build(c.Request.Context(), address, path, receipt)
		switch {
		case loc != "":
			c.Redirect(status, escapeLocation(loc))
			return
		case p == nil:
			c.String(http.StatusInternalServerError, "internal error\n")
			return
		}
		if cacheable(p, receipt) {
			h.cache.add(address, p)
		}
	}
	h.countView(c, p.propertyID, c.Request.Referer())
	c.Header("Content-Type", "text/html; charset=utf-8")
	c.Header("Content-Language", p.lang)
	c.Header("Vary", "Accept-Encoding")
	if !accepts(c.Request, "gzip") {
		c.Header("Content-Length", strconv.Itoa(p.size))
		c.Status(p.status)
		if c.Request.Method != http.MethodHead {
			_ = p.writePlain(c.Writer)
		}
		return
	}
	c.Header("Content-Encoding", "gzip")
	c.Header("Content-Length", strconv.Itoa(len(p.gz)))
	c.Status(p.status)
	if c.Request.Method == http.MethodHead {
		return
	}
	_, _ = c.Writer.Write(p.gz)
}

// build makes the page at address: its data, head and server render.
// A redirect comes back as its location and status; a nil page means the
// shell itself failed (logged).
func (h *pagesHandler) build(ctx context.Context, address, escapedPath, receipt string) (*renderedPage, string, int) {
	d, loc, status := h.data.Page(ctx, escapedPath)
	if loc != "" {
		return nil, loc, status
	}
	if address != escapedPath {
		// A list with filters in its address starts from other results than
		// the bare list, whose first photo the head preloads.
		d.FirstPhoto = nil
	}
	head := h.head(d)
	if d.View == site.ViewFeedback {
		head.Feedback = h.feedbackNote(d, receipt)
	}
	search := h.firstResults(ctx, address, d)
	root := h.serverHTML(ctx, address, d, search)
	var b bytes.Buffer
	if err := h.shell.render(&b, head, h.shared.Load().siteJSON, root, search); err != nil {
		h.log.Error("page: write", "path", escapedPath, "err", err)
		return nil, "", http.StatusInternalServerError
	}
	p, err := newRenderedPage(b.Bytes())
	if err != nil {
		h.log.Error("page: compress", "path", escapedPath, "err", err)
		return nil, "", http.StatusInternalServerError
	}
	p.status, p.lang, p.propertyID = status, string(d.Lang), viewed(d)
	p.serverHTML, p.built, p.guestbook = root != "" || h.renderer == nil, time.Now(), d.View == site.ViewGuestbook
	return p, "", status
}

// cacheable tells whether a page may serve other requests: not a
// thank-you page with one visitor's receipt, nor the guestbook, which
// approving a testimonial changes.
func cacheable(p *renderedPage, receipt string) bool { return receipt == "" && !p.guestbook }

// warm builds the site's own pages — those the sitemap lists from the
// route table and the articles, in every language — into the page cache,
// one at a time and with the background deadline: the first visitors after
// a start or a sync find them rendered, and a runtime is left free for
// them meanwhile. It returns how many pages it kept.
func (h *pagesHandler) warm(ctx context.Context) int {
	kept := 0
	ctx = render.WithTimeout(ctx, backgroundRenderTimeout)
	for _, internal := range h.sitemapper.PagePaths() {
		for _, l := range h.routes.Languages() {
			p, ok := h.routes.Localize(internal, l, nil)
			if !ok {
				continue
			}
			if ctx.Err() != nil {
				return kept
			}
			address := (&url.URL{Path: p}).EscapedPath()
			if _, busy := h.rebuilding.LoadOrStore(address, struct{}{}); busy {
				continue
			}
			page, loc, _ := h.build(ctx, address, address, "")
			h.rebuilding.Delete(address)
			if page != nil && loc == "" && cacheable(page, "") {
				h.cache.replace(address, page)
				kept++
			}
		}
	}
	return kept
}

// backgroundRenderTimeout bounds a render that rebuildBehind makes.
const backgroundRenderTimeout = 2 * time.Second

// rebuildBehind builds the page at address again in the background, once
// at a time per address, and keeps it: the request that found it stale is
// answered from the older page without waiting.
func (h *pagesHandler) rebuildBehind(address, escapedPath string) {
	if _, busy := h.rebuilding.LoadOrStore(address, struct{}{}); busy {
		return
	}
	go func() {
		defer h.rebuilding.Delete(address)
		// No visitor waits for this render: it may take longer than one
		// that someone waits for, so a page that is slow to render under
		// load still ends up cached with its server HTML.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		ctx = render.WithTimeout(ctx, backgroundRenderTimeout)
		if p, loc, _ := h.build(ctx, address, escapedPath, ""); p != nil && loc == "" && cacheable(p, "") {
			h.cache.replace(address, p)
		}
	}()
}

// head gathers what the head template shows for a page.
func (h *pagesHandler) head(d site.PageData) headData {
	hd := headData{Page: d, Head: h.shared.Load().heads.Head(d), SEO: h.seo[string(d.Lang)], Texts: h.texts[string(d.Lang)], View: h.chunks[d.View]}
	hd.JSONLD = ldScripts(hd.StructuredData...)
	if hd.FirstImage != nil {
		hd.Preload = (*preload)(hd.FirstImage)
	}
	return hd
}

// apiPage answers GET /api/page?path=…: the same page data as the HTML
// carries, with 200 whatever the page's own status (it is in the data), so
// the UI can render a not-found page like any other. A redirect comes as
// {"redirect": location}.
func (h *pagesHandler) apiPage(c *gin.Context) {
	c.Header("Cache-Control", "no-cache")
	raw := c.Query("path")
	u, err := url.Parse(raw)
	if raw == "" || err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(u.Path, "/") {
		fail(c, http.StatusBadRequest, "path must be a site path such as /nl/te-koop/")
		return
	}
	d, loc, _ := h.data.Page(c.Request.Context(), u.EscapedPath())
	if loc != "" {
		c.JSON(http.StatusOK, gin.H{"redirect": loc})
		return
	}
	// The app asks for a page as the visitor opens it: the visitor came
	// from the page they were on, which is the request's referrer.
	h.countView(c, viewed(d), c.Request.Referer())
	c.JSON(http.StatusOK, d)
}

// viewed is the property a page shows to a visitor (a detail page that
// answers 200), 0 for any other page.
func viewed(d site.PageData) int {
	if d.View != site.ViewProperty || d.Property == nil || d.Status != http.StatusOK {
		return 0
	}
	return d.Property.ID
}

// countView hands a detail page's view to the counter; GET only (a HEAD
// or a monitor's probe is not a view).
func (h *pagesHandler) countView(c *gin.Context, propertyID int, referrer string) {
	if h.pageViews == nil || propertyID == 0 || c.Request.Method != http.MethodGet {
		return
	}
	h.pageViews.Count(propertyID, c.ClientIP(), c.Request.UserAgent(), referrer, c.Query("utm_source"))
}

// apiSite answers GET /api/site: the shell's configuration.
func (h *pagesHandler) apiSite(c *gin.Context) {
	c.Header("Cache-Control", "no-cache")
	c.Data(http.StatusOK, "application/json; charset=utf-8", h.shared.Load().siteJSON)
}

// robotsTxt answers /robots.txt from config with the sitemap's address.
func (h *pagesHandler) robotsTxt(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=3600")
	body := strings.TrimRight(h.robots, "\n")
	if body == "" {
		body = "User-agent: *\nAllow: /"
	}
	c.String(http.StatusOK, "%s\n\nSitemap: %s/sitemap.xml\n", body, h.base)
}

// escapeLocation percent-encodes a decoded site path for a Location
// header; external addresses are already URLs.
func escapeLocation(loc string) string { return pagedata.AbsURL("", loc) }

func newPagesHandler(cfg config.Config, deps Deps, dist fs.FS) (*pagesHandler, error) {
	routes := deps.Routes
	pages, err := site.NewPages(routes, cfg.Site.Shell)
	if err != nil {
		return nil, err
	}
	sd, err := site.NewSiteData(cfg)
	if err != nil {
		return nil, err
	}
	shell, err := loadShell(dist)
	if err != nil {
		return nil, err
	}
	static, err := loadStatic(dist)
	if err != nil {
		return nil, err
	}
	uiTexts, err := ui.Texts()
	if err != nil {
		return nil, fmt.Errorf("the UI's texts: %w", err)
	}
	data, err := pagedata.New(routes, pages, deps.Listings, deps.Search,
		pagedata.Options{TypeSort: cfg.Site.Shell.TypeSort, Location: cfg.Sync.Timezone, Texts: uiTexts, Photos: deps.Photos}, deps.Log)
	if err != nil {
		return nil, err
	}
	h := &pagesHandler{
		log: deps.Log, base: strings.TrimSuffix(cfg.Server.BaseURL, "/"), routes: routes, pages: pages,
		siteData: sd, photos: deps.Photos, defLang: cfg.Languages.Default, shell: shell, static: static, seo: cfg.Site.Shell.SEO,
		robots:     cfg.Site.Shell.Robots,
		sitemapper: pagedata.NewSitemap(cfg.Server.BaseURL, routes, pages, deps.Listings),
		data:       data,
		pageViews:  deps.PageViews, receipts: deps.Receipts, cache: newPageCache(pageCacheBytes), renderer: deps.Renderer, texts: localeFiles(dist), chunks: viewChunks(dist),
	}
	if err := h.refreshShared(); err != nil {
		return nil, err
	}
	return h, nil
}

// sharedData is what every page holds: the site data as JSON, and the
// heads, which preload the banner's first photo.
type sharedData struct {
	siteJSON []byte
	heads    pageHeads
}

// refreshShared builds the shared data again with the photos processed
// so far; pages rendered before keep the older one until purged.
func (h *pagesHandler) refreshShared() error {
	sd := h.siteData
	if h.photos != nil {
		imgs := make([]config.Image, len(sd.Banner.Images))
		for i, img := range sd.Banner.Images {
			img.Optimized = h.photos.Optimized(img.Src)
			imgs[i] = img
		}
		sd.Banner.Images = imgs
	}
	b, err := json.Marshal(sd)
	if err != nil {
		return fmt.Errorf("site data: %w", err)
	}
	h.shared.Store(&sharedData{siteJSON: b, heads: pagedata.NewHeads(h.base, sd, h.defLang)})
	return nil
}
