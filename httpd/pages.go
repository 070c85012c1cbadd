package httpd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
)

// Listings reads the properties pages and the sitemap need.
type Listings interface {
	Property(lang listing.Lang, id int) (listing.Property, error)
	PropertiesByID(lang listing.Lang, ids []int) ([]listing.Property, error)
	EachActiveProperty(lang listing.Lang, fn func(listing.Property) error) error
	Types(lang listing.Lang) ([]listing.PropertyType, error)
	Cities(lang listing.Lang) ([]listing.City, error)
	Project(lang listing.Lang, id int) (listing.Project, error)
	Projects(lang listing.Lang) ([]listing.Project, error)
	VisitSlots(propertyID int) ([]listing.VisitSlot, error)
	SlotBookings(slotID int) (int, error)
	PublishedTestimonials() ([]store.Lead, error)
}

// CityCounter gives the active properties per town and goal (the cities index).
type CityCounter interface {
	CityCounts(lang listing.Lang) map[string][2]int
}

// finder finds the candidates of similar properties.
type finder interface {
	Find(ctx context.Context, lang listing.Lang, req index.SearchRequest) (index.SearchResult, error)
}

// pagesHandler answers every page of the site: the HTML shell with the
// server-built head and page data, /api/page, /api/site, the sitemap and
// robots.txt.
type pagesHandler struct {
	log      *slog.Logger
	base     string
	routes   *site.Routes
	pages    *site.Pages
	siteData site.SiteData
	siteJSON []byte
	shell    shellHTML
	static   staticFiles
	seo      map[string]config.SEO
	robots   string
	listings Listings
	counts   CityCounter
	search   finder
	typeSort string
	// loc is the agency's time zone, in which dates are written.
	loc *time.Location
	// visits counts detail page views; nil counts nothing.
	visits ViewCounter
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
	// texts are the translation files of each language that every first
	// render needs (localeFiles), preloaded from the head.
	texts map[listing.Lang][]string
	// chunks are what each view's code loads (viewChunks), preloaded from the head.
	chunks map[site.View]viewAssets
}

// page resolves a request path into what to answer: the page data, or a
// redirect with its status.
func (h *pagesHandler) page(ctx context.Context, escapedPath string) (site.PageData, string, int) {
	d, loc, status := h.pageData(ctx, escapedPath)
	d.Year = time.Now().In(h.loc).Year()
	return d, loc, status
}

func (h *pagesHandler) pageData(ctx context.Context, escapedPath string) (site.PageData, string, int) {
	m, res := h.routes.Resolve(escapedPath)
	switch res {
	case site.Redirect, site.TempRedirect:
		status := http.StatusMovedPermanently
		if res == site.TempRedirect {
			status = http.StatusFound
		}
		return site.PageData{}, m.Location, status
	case site.Found:
		d, ok := h.pages.Found(m)
		if !ok {
			return h.notFound(m.Lang, escapedPath), "", http.StatusNotFound
		}
		d.Preview = strings.Contains(m.Requested, "preview")
		h.addCounts(&d)
		h.addTypeTree(&d)
		h.addListingLinks(ctx, &d)
		h.addModuleListings(ctx, &d)
		h.addProjects(&d)
		h.addTestimonials(&d)
		return d, "", http.StatusOK
	case site.ProjectDetail:
		return h.project(m, escapedPath)
	case site.PropertyRef, site.PropertyDetail:
		prop, err := h.listings.Property(m.Lang, m.PropertyID)
		if err != nil {
			if !errors.Is(err, store.ErrNotFound) {
				h.log.Error("page: read property", "id", m.PropertyID, "err", err)
			}
			d := h.notFound(m.Lang, escapedPath)
			d.Missing = "property"
			d.Title = propertyNotFoundTitle(m.Lang)
			d.DocumentTitle = h.pages.DocumentTitle(d.Title, m.Lang)
			return d, "", http.StatusNotFound
		}
		canonical, wrong := site.DetailRedirect(m, prop)
		if res == site.PropertyRef {
			return site.PageData{}, canonical, http.StatusMovedPermanently
		}
		if wrong {
			return site.PageData{}, canonical, http.StatusMovedPermanently
		}
		var others []listing.Property
		for _, l := range h.routes.Languages() {
			if l == m.Lang {
				continue
			}
			if o, err := h.listings.Property(l, prop.ID); err == nil {
				others = append(others, o)
			}
		}
		d := h.pages.Property(m.Lang, prop, others)
		if d.Property != nil && prop.ProjectID != 0 {
			d.Property.Project = h.projectLink(m.Lang, prop.ProjectID)
		}
		d.Similar = h.similar(ctx, prop)
		if d.Property != nil && !prop.Withdrawn && prop.Status == listing.Available {
			d.Property.VisitSlots = h.visitSlots(prop.ID, time.Now())
		}
		return d, "", d.Status
	}
	return h.notFound(m.Lang, escapedPath), "", http.StatusNotFound
}

// visitSlots are a property's visits after now with their free places; a
// store error costs the booking form its choices, not the page.
func (h *pagesHandler) visitSlots(propertyID int, now time.Time) []site.VisitSlot {
	slots, err := h.listings.VisitSlots(propertyID)
	if err != nil {
		h.log.Error("page: read visit slots", "property", propertyID, "err", err)
		return nil
	}
	out := []site.VisitSlot{}
	for _, s := range slots {
		if !s.Start.After(now) {
			continue
		}
		ours, err := h.listings.SlotBookings(s.ID)
		if err != nil {
			h.log.Error("page: read slot bookings", "slot", s.ID, "err", err)
			return nil
		}
		free := max(s.Capacity-s.Booked-ours, 0)
		if s.Capacity == 0 {
			free = 1 // no capacity given: the platform takes whoever comes
		}
		out = append(out, site.VisitSlot{ID: strconv.Itoa(s.ID), Start: s.Start, End: s.End, Free: free})
	}
	return out
}

// projectLink names a unit's project, nil when the site does not show it
// (withdrawn, unknown, or no project route).
func (h *pagesHandler) projectLink(lang listing.Lang, id int) *site.ProjectLink {
	proj, err := h.listings.Project(lang, id)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			h.log.Error("page: read a unit's project", "id", id, "err", err)
		}
		return nil
	}
	if proj.Withdrawn {
		return nil
	}
	path, ok := h.routes.ProjectPath(proj, lang)
	if !ok {
		return nil
	}
	return &site.ProjectLink{Name: proj.Name, URL: path}
}

// project answers a project detail path: the page, a 301 to the canonical
// path, or 404 for an unknown or withdrawn project.
func (h *pagesHandler) project(m site.Match, escapedPath string) (site.PageData, string, int) {
	proj, err := h.listings.Project(m.Lang, m.ProjectID)
	if err != nil || proj.Withdrawn {
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			h.log.Error("page: read project", "id", m.ProjectID, "err", err)
		}
		path, uerr := url.PathUnescape(escapedPath)
		if uerr != nil {
			path = escapedPath
		}
		return h.pages.ProjectNotFound(m.Lang, notFoundTitle(m.Lang), path), "", http.StatusNotFound
	}
	if canonical, wrong := h.routes.ProjectRedirect(m, proj); wrong {
		return site.PageData{}, canonical, http.StatusMovedPermanently
	}
	var others []listing.Project
	for _, l := range h.routes.Languages() {
		if l == m.Lang {
			continue
		}
		if o, err := h.listings.Project(l, proj.ID); err == nil {
			others = append(others, o)
		}
	}
	// Units listed as properties link to their detail page.
	ids := make([]int, 0, len(proj.Units))
	for _, u := range proj.Units {
		if u.ID > 0 {
			ids = append(ids, u.ID)
		}
	}
	units := map[int]string{}
	if props, err := h.listings.PropertiesByID(m.Lang, ids); err == nil {
		for _, p := range props {
			if !p.Withdrawn {
				units[p.ID] = site.CanonicalDetail(p, m.Lang)
			}
		}
	} else {
		h.log.Error("page: read project units", "id", proj.ID, "err", err)
	}
	return h.pages.Project(m.Lang, proj, others, units), "", http.StatusOK
}

// addProjects lists the current projects on the project list page.
func (h *pagesHandler) addProjects(d *site.PageData) {
	if d.View != site.ViewProjects {
		return
	}
	projects, err := h.listings.Projects(d.Lang)
	if err != nil {
		h.log.Error("page: read projects", "err", err)
		return
	}
	for _, p := range projects {
		if p.Withdrawn {
			continue
		}
		if path, ok := h.routes.ProjectPath(p, d.Lang); ok {
			d.Projects = append(d.Projects, site.NewProjectCard(p, d.Lang, path))
		}
	}
	if len(d.Projects) > 0 {
		d.FirstPhoto = d.Projects[0].Thumbnail
	}
}

// similar are the cards offered beside a property; a search or store error
// costs the cards, not the page. The index gives the few candidates that can
// rank (the nearest prices on either side, same type first), so a detail page
// reads a handful of listings however many the agency has; site.Similar
// ranks them.
func (h *pagesHandler) similar(ctx context.Context, prop listing.Property) []site.SimilarCard {
	ids, err := h.similarCandidates(ctx, prop)
	if err == nil {
		var props []listing.Property
		if props, err = h.listings.PropertiesByID(prop.Lang, ids); err == nil {
			return site.Similar(prop, props, prop.Lang)
		}
	}
	h.log.Error("page: similar properties", "id", prop.ID, "err", err)
	return []site.SimilarCard{}
}

// similarWindow is how many candidates each side of the price contributes:
// the nearest SimilarLimit on each side always include the SimilarLimit
// nearest overall.
const similarWindow = site.SimilarLimit + 1

// similarCandidates are the ids of the listings that can be among a
// property's similar ones: of its goal, nearest in price above and below
// (or also without a price when it has none), of its type first and of any
// type when its type has too few.
func (h *pagesHandler) similarCandidates(ctx context.Context, prop listing.Property) ([]int, error) {
	base := index.And{
		index.Term{Attr: "goal", Value: string(prop.Goal)},
		index.Not{F: index.Term{Attr: "id", Value: strconv.Itoa(prop.ID)}},
	}
	ofType := index.Term{Attr: "type", Value: prop.Type}
	if prop.TypeID != 0 {
		ofType = index.Term{Attr: "typeId", Value: strconv.Itoa(prop.TypeID)}
	}
	type window struct {
		filter index.Filter
		sort   index.Sort
	}
	windows := func(scope index.Filter) []window {
		// Listings without a published price rank after the priced ones of
		// their scope (or first, beside an unpriced property), newest first.
		ws := []window{{index.And{scope, index.Absent{Attr: "price"}}, index.SortNewest}}
		if !prop.Price.Published {
			return append(ws, window{scope, index.SortNewest})
		}
		p := prop.Price.Amount
		return append(ws,
			window{index.And{scope, index.NumRange{Attr: "price", Min: p, Max: math.Inf(1), MinIncl: true}}, index.SortPriceAsc},
			window{index.And{scope, index.NumRange{Attr: "price", Min: math.Inf(-1), Max: p, MaxIncl: true}}, index.SortPriceDesc},
		)
	}
	seen := map[int]bool{}
	var ids []int
	find := func(ws []window) error {
		for _, w := range ws {
			res, err := h.search.Find(ctx, prop.Lang, index.SearchRequest{Kind: index.KindProperty, Filter: w.filter, Sort: w.sort, Length: similarWindow})
			if err != nil {
				return fmt.Errorf("similar to %d: %w", prop.ID, err)
			}
			for _, s := range res.IDs {
				if id, err := strconv.Atoi(s); err == nil && !seen[id] {
					seen[id] = true
					ids = append(ids, id)
				}
			}
		}
		return nil
	}
	if err := find(windows(index.And{base, ofType})); err != nil {
		return nil, err
	}
	if len(ids) < site.SimilarLimit {
		if err := find(windows(base)); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// notFound is the not-found page at the requested (escaped) path.
func (h *pagesHandler) notFound(lang listing.Lang, escapedPath string) site.PageData {
	path, err := url.PathUnescape(escapedPath)
	if err != nil {
		path = escapedPath
	}
	return h.pages.NotFound(lang, notFoundTitle(lang), path)
}

func (h *pagesHandler) addCounts(d *site.PageData) {
	switch d.View {
	case site.ViewHome, site.ViewForSale, site.ViewForRent:
	default:
		return
	}
	var n site.Counts
	for _, c := range h.counts.CityCounts(d.Lang) {
		n.Sale += c[0]
		n.Rent += c[1]
	}
	d.Counts = &n
}

// crawlPage is how many listings a list page offers as plain links.
const crawlPage = 24

// addListingLinks gives a list page its first results as plain links (the
// UI's default order); a search or store error costs the links, not the page.
func (h *pagesHandler) addListingLinks(ctx context.Context, d *site.PageData) {
	goal := map[site.View]listing.Goal{site.ViewForSale: listing.Sale, site.ViewForRent: listing.Rent}[d.View]
	if goal == "" {
		return
	}
	res, err := h.search.Find(ctx, d.Lang, index.SearchRequest{Kind: index.KindProperty, Filter: index.Term{Attr: "goal", Value: string(goal)}, Length: crawlPage})
	var props []listing.Property
	if err == nil {
		props, err = h.listings.PropertiesByID(d.Lang, atois(res.IDs))
	}
	if err != nil {
		h.log.Error("page: list links", "lang", d.Lang, "err", err)
		return
	}
	if len(props) > 0 {
		d.FirstPhoto = props[0].Media.Thumbnail()
	}
	for _, p := range props {
		d.Listings = append(d.Listings, site.ListingLink{
			Path:  site.CanonicalDetail(p, d.Lang),
			Text:  strings.TrimSpace(p.Type + " – " + p.Address.Zip + " " + p.Address.City),
			Price: listing.PriceText(p.Price, p.Goal, d.Lang),
		})
	}
}

// addModuleListings fills the cards of the modules that show a list's
// newest listings still on the market. The content is shared by every
// request, so the page gets its own copy of the modules it fills; a search
// error costs the cards, not the page.
func (h *pagesHandler) addModuleListings(ctx context.Context, d *site.PageData) {
	if d.Content == nil || !slices.ContainsFunc(d.Content.Modules, func(m site.Module) bool { return m.Listings != nil }) {
		return
	}
	content := *d.Content
	content.Modules = slices.Clone(content.Modules)
	d.Content = &content
	for i, m := range content.Modules {
		if m.Listings == nil {
			continue
		}
		filled := *m.Listings
		filled.Cards = h.newestCards(ctx, d.Lang, filled.Goal, filled.Max)
		content.Modules[i].Listings = &filled
	}
}

// newestCards are the cards of a goal's newest listings still on the market.
func (h *pagesHandler) newestCards(ctx context.Context, lang listing.Lang, goal listing.Goal, n int) []site.SimilarCard {
	cards := []site.SimilarCard{}
	filter := index.And{index.Term{Attr: "goal", Value: string(goal)},
		index.Or{index.Term{Attr: "status", Value: string(listing.Available)}, index.Term{Attr: "status", Value: string(listing.Option)}}}
	res, err := h.search.Find(ctx, lang, index.SearchRequest{Kind: index.KindProperty, Filter: filter, Sort: index.SortNewest, Length: n})
	var props []listing.Property
	if err == nil {
		props, err = h.listings.PropertiesByID(lang, atois(res.IDs))
	}
	if err != nil {
		h.log.Error("page: newest listings", "lang", lang, "goal", goal, "err", err)
		return cards
	}
	for _, p := range props {
		cards = append(cards, site.Card(p, lang))
	}
	return cards
}

// atois are the ids of a search's hits; the index only holds numbers.
func atois(ids []string) []int {
	out := make([]int, 0, len(ids))
	for _, s := range ids {
		if id, err := strconv.Atoi(s); err == nil {
			out = append(out, id)
		}
	}
	return out
}

// addTestimonials gives the guestbook its published testimonials; a store
// error costs the list, not the page.
func (h *pagesHandler) addTestimonials(d *site.PageData) {
	if d.View != site.ViewGuestbook {
		return
	}
	leads, err := h.listings.PublishedTestimonials()
	if err != nil {
		h.log.Error("page: read testimonials", "err", err)
		return
	}
	loc := h.loc
	if loc == nil {
		loc = time.UTC
	}
	d.Testimonials = []site.Testimonial{}
	for _, l := range leads {
		text := func(k string) string { s, _ := l.Fields[k].(string); return s }
		d.Testimonials = append(d.Testimonials, site.Testimonial{ID: l.ID, Name: text("name"), About: text("about"),
			Website: text("website"), Comment: text("comment"), Date: l.Received.In(loc).Format("2/1/2006")})
	}
}

// addTypeTree gives a list page its type filter and its towns' postcodes,
// and the demand register the types a searcher can ask for (those offered
// for sale: the platform offers every type for both); a store error costs
// the choice, not the page.
func (h *pagesHandler) addTypeTree(d *site.PageData) {
	goal := map[site.View]listing.Goal{site.ViewForSale: listing.Sale, site.ViewForRent: listing.Rent,
		site.ViewDemandRegister: listing.Sale}[d.View]
	if goal == "" {
		return
	}
	types, err := h.listings.Types(d.Lang)
	if err != nil {
		h.log.Error("page: read property types", "lang", d.Lang, "err", err)
		return
	}
	d.TypeTree = site.TypeTree(types, goal, d.Lang, h.typeSort)
	if d.View == site.ViewDemandRegister {
		return
	}
	cities, err := h.listings.Cities(d.Lang)
	if err != nil {
		h.log.Error("page: read towns", "lang", d.Lang, "err", err)
		return
	}
	d.TownZips = site.TownZips(cities)
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
	if !acceptsGzip(c.Request) {
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
	d, loc, status := h.page(ctx, escapedPath)
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
	if err := h.shell.render(&b, head, h.siteJSON, root, search); err != nil {
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
	for _, internal := range h.sitemapPages() {
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
	hd := headData{
		Page:      d,
		Canonical: h.abs(d.Path),
		Locale:    ogLocales[d.Lang],
		OGType:    "website",
		SiteName:  h.siteData.Agency.Name,
		SEO:       h.seo[string(d.Lang)],
		Image:     absURL(h.base, d.Image),
		Texts:     h.texts[d.Lang],
		View:      h.chunks[d.View],
	}
	for _, a := range d.Alternates {
		hd.Alternates = append(hd.Alternates, hreflang{Lang: string(a.Lang), URL: h.abs(a.Path)})
		if a.Lang == h.routes.Default() {
			hd.XDefault = h.abs(a.Path)
		}
		if a.Lang != d.Lang {
			hd.Locales = append(hd.Locales, ogLocales[a.Lang])
		}
	}
	switch {
	case d.Property != nil && len(d.Property.Photos) > 0:
		hd.Preload = photoPreload(d.Property.Photos[0])
	case d.Project != nil && len(d.Project.Photos) > 0:
		hd.Preload = photoPreload(d.Project.Photos[0])
	case d.View == site.ViewHome:
		hd.Preload = bannerPreload(h.siteData.Banner)
	case d.FirstPhoto != nil:
		hd.Preload = cardPreload(*d.FirstPhoto)
	}
	objs := []map[string]any{breadcrumbLD(d.Breadcrumb, h.base)}
	if d.View == site.ViewHome || d.View == site.ViewOffice {
		objs = append([]map[string]any{agencyLD(h.siteData.Agency, h.base, string(d.Lang))}, objs...)
	}
	switch {
	case d.Property != nil && !d.Property.Withdrawn:
		hd.OGType = "product"
		objs = append([]map[string]any{listingLD(d, h.base)}, objs...)
	case d.Project != nil:
		objs = append([]map[string]any{projectLD(d, h.base)}, objs...)
	}
	hd.JSONLD = ldScripts(objs...)
	return hd
}

// bannerPreload preloads the banner's first photo with the srcset and
// sizes the UI's banner uses (site/banner.json), so the browser fetches the
// same rendition the page then shows.
func bannerPreload(b config.ImageSetting) *preload {
	if (b.Kind != "image" && b.Kind != "gallery") || len(b.Images) == 0 {
		return nil
	}
	img := b.Images[0]
	p := &preload{Href: img.Src}
	banner := site.Banner()
	if set := banner.SrcSet(img.Src, img.Width); set != "" {
		p.SrcSet, p.Sizes = set, banner.Sizes
	}
	return p
}

// detailPhotoSizes is the slot of a detail page's first photo
// (PropertyDetail.photos in ui/src/api/types.ts): the full width up to the
// 1050 px of the spec's width table, so a desktop takes the 1360 rendition.
const detailPhotoSizes = "(max-width: 1050px) 100vw, 1050px"

// detailPhotoWidth is the rendition a browser without srcset gets.
const detailPhotoWidth = 1360

// photoPreload preloads a property's first photo the way the detail page
// shows it: its renditions from 400 px as a srcset, the one nearest 1360 px
// as href, never the 1600 original alone.
func photoPreload(p site.DetailPhoto) *preload {
	pre := &preload{Href: p.URL}
	best := p.Width
	var set []string
	for _, v := range p.Variants {
		if v.Width >= 400 && v.URL != "" {
			set = append(set, v.URL+" "+strconv.Itoa(v.Width)+"w")
		}
		if v.URL != "" && abs(v.Width-detailPhotoWidth) < abs(best-detailPhotoWidth) {
			pre.Href, best = v.URL, v.Width
		}
	}
	if len(set) > 1 {
		pre.SrcSet, pre.Sizes = strings.Join(set, ", "), detailPhotoSizes
	}
	return pre
}

// renditionWidths are the widths the photo server renders; a rendition's
// address ends in /{width}.jpg (ui/src/search/images.ts).
var renditionWidths = []int{100, 400, 600, 1360, 1600}

var renditionRE = regexp.MustCompile(`^(.*/)\d+\.jpg(\?.*)?$`)

// cardSizes are the list cards' slots (ui/src/search/images.ts cardSizes).
const cardSizes = "(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px"

// cardPreload is the first list card's photo with the srcset and sizes the
// card gives it, so the browser fetches it while the scripts load.
func cardPreload(thumb listing.Image) *preload {
	pre := &preload{Href: thumb.URL}
	m := renditionRE.FindStringSubmatch(thumb.URL)
	if m == nil {
		return pre
	}
	set := make([]string, 0, len(renditionWidths))
	for _, w := range renditionWidths {
		set = append(set, m[1]+strconv.Itoa(w)+".jpg"+m[2]+" "+strconv.Itoa(w)+"w")
	}
	pre.SrcSet, pre.Sizes = strings.Join(set, ", "), cardSizes
	return pre
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
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
	d, loc, _ := h.page(c.Request.Context(), u.EscapedPath())
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
// or a monitor's probe is not a visit).
func (h *pagesHandler) countView(c *gin.Context, propertyID int, referrer string) {
	if h.visits == nil || propertyID == 0 || c.Request.Method != http.MethodGet {
		return
	}
	h.visits.Count(propertyID, c.ClientIP(), c.Request.UserAgent(), referrer, c.Query("utm_source"))
}

// apiSite answers GET /api/site: the shell's configuration.
func (h *pagesHandler) apiSite(c *gin.Context) {
	c.Header("Cache-Control", "no-cache")
	c.Data(http.StatusOK, "application/json; charset=utf-8", h.siteJSON)
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

// abs is absURL on this site.
func (h *pagesHandler) abs(path string) string { return absURL(h.base, path) }

// escapeLocation percent-encodes a decoded site path for a Location
// header; external addresses are already URLs.
func escapeLocation(loc string) string {
	if strings.Contains(loc, "://") {
		return loc
	}
	return (&url.URL{Path: loc}).EscapedPath()
}

// notFoundTitle is the not-found page's heading for the head and for
// visitors whose browser runs no script; the UI shows its own translation.
// propertyNotFoundTitle is the spec's 'Property Not Found'.
func propertyNotFoundTitle(lang listing.Lang) string {
	switch lang {
	case listing.NL:
		return "Pand niet gevonden"
	case listing.FR:
		return "Bien introuvable"
	case listing.DE:
		return "Immobilie nicht gefunden"
	}
	return "Property not found"
}

func notFoundTitle(lang listing.Lang) string {
	switch lang {
	case listing.NL:
		return "Oeps, deze pagina bestaat niet meer"
	case listing.FR:
		return "Oups, cette page n'existe plus"
	case listing.DE:
		return "Hoppla, diese Seite gibt es nicht mehr"
	}
	return "Oops, this page no longer exists"
}

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
	siteJSON, err := json.Marshal(sd)
	if err != nil {
		return nil, fmt.Errorf("site data: %w", err)
	}
	shell, err := loadShell(dist)
	if err != nil {
		return nil, err
	}
	static, err := loadStatic(dist)
	if err != nil {
		return nil, err
	}
	// The UI loads every namespace of its language before its first render:
	// the head announces them all, or those not preloaded are found only
	// once the script runs, a round trip late.
	texts := map[listing.Lang][]string{}
	files := localeFiles(dist)
	for _, l := range cfg.Languages.Enabled {
		for _, ns := range slices.Sorted(maps.Keys(files[string(l)])) {
			texts[l] = append(texts[l], files[string(l)][ns])
		}
	}
	return &pagesHandler{
		log: deps.Log, base: strings.TrimSuffix(cfg.Server.BaseURL, "/"), routes: routes, pages: pages,
		siteData: sd, siteJSON: siteJSON, shell: shell, static: static, seo: cfg.Site.Shell.SEO,
		robots: cfg.Site.Shell.Robots, listings: deps.Listings, counts: deps.Search, search: deps.Search, typeSort: cfg.Site.Shell.TypeSort, loc: cfg.Sync.Timezone, visits: deps.Visits, receipts: deps.Receipts, cache: newPageCache(pageCacheBytes), renderer: deps.Renderer, texts: texts, chunks: viewChunks(dist),
	}, nil
}
