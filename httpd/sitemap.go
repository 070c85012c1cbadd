package httpd

import (
	"bytes"
	"encoding/xml"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// urlset is a sitemap with hreflang alternates (sitemaps.org plus Google's
// xhtml:link extension): each localized URL lists every language version,
// itself included.
type urlset struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	XHTML   string       `xml:"xmlns:xhtml,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc        string        `xml:"loc"`
	LastMod    string        `xml:"lastmod,omitempty"`
	Alternates []sitemapLink `xml:"xhtml:link"`
}

type sitemapLink struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// sitemap answers /sitemap.xml: every indexable page of the route table
// in every language, the configured articles, and every listed property
// and project.
// Redirecting, external and noindex pages (thank-you, login) are left out.
func (h *pagesHandler) sitemap(c *gin.Context) {
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	for _, internal := range h.sitemapPages() {
		m, res := h.routes.Resolve(mustLocalize(h.routes, internal))
		if res != site.Found {
			continue
		}
		d, ok := h.pages.Found(m)
		if !ok || strings.Contains(d.Robots, "noindex") {
			continue
		}
		h.addGroup(&set, d.Alternates, "")
	}
	if err := h.addProperties(&set); err != nil {
		h.log.Error("sitemap: properties", "err", err)
		c.String(http.StatusServiceUnavailable, "sitemap unavailable\n")
		return
	}
	if err := h.addProjectPages(&set); err != nil {
		h.log.Error("sitemap: projects", "err", err)
		c.String(http.StatusServiceUnavailable, "sitemap unavailable\n")
		return
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", " ")
	if err := enc.Encode(set); err != nil {
		h.log.Error("sitemap: encode", "err", err)
		c.String(http.StatusInternalServerError, "sitemap unavailable\n")
		return
	}
	c.Header("Cache-Control", "public, max-age=600")
	c.Data(http.StatusOK, "application/xml; charset=utf-8", b.Bytes())
}

// sitemapPages are the internal paths of the pages to list: the route
// table's pages without parameters and the configured content pages.
func (h *pagesHandler) sitemapPages() []string {
	seen := map[string]bool{}
	var out []string
	for _, rt := range h.siteData.Routes {
		if rt.Redirect != "" || rt.External != "" || len(rt.Params) > 0 || hasParam(rt.Internal) {
			continue
		}
		seen[rt.Internal] = true
		out = append(out, rt.Internal)
	}
	for _, p := range h.pages.Paths() {
		if !seen[p] {
			out = append(out, p)
		}
	}
	return out
}

func hasParam(internal string) bool { return strings.Contains(internal, "{") }

// mustLocalize is a page's path in the default language, "" when it has
// none (Resolve then answers not found and the page is skipped).
func mustLocalize(r *site.Routes, internal string) string {
	p, _ := r.Localize(internal, r.Default(), nil)
	return p
}

// addGroup adds one URL per language version, each listing all versions.
func (h *pagesHandler) addGroup(set *urlset, alts []site.Alternate, lastMod string) {
	links := make([]sitemapLink, 0, len(alts)+1)
	for _, a := range alts {
		links = append(links, sitemapLink{Rel: "alternate", Hreflang: string(a.Lang), Href: h.abs(a.Path)})
		if a.Lang == h.routes.Default() {
			links = append(links, sitemapLink{Rel: "alternate", Hreflang: "x-default", Href: h.abs(a.Path)})
		}
	}
	for _, a := range alts {
		set.URLs = append(set.URLs, sitemapURL{Loc: h.abs(a.Path), LastMod: lastMod, Alternates: links})
	}
}

func (h *pagesHandler) addProperties(set *urlset) error {
	type versions struct {
		alts    []site.Alternate
		lastMod string
	}
	byID := map[int]*versions{}
	var order []int
	for _, lang := range h.routes.Languages() {
		// Walked, keeping only the links: read through PropertiesByID, every
		// listing of every language would be in memory at once and pass
		// through the store's cache, pushing out what visitors' searches
		// keep there.
		err := h.listings.EachActiveProperty(lang, func(p listing.Property) error {
			v := byID[p.ID]
			if v == nil {
				v = &versions{}
				byID[p.ID] = v
				order = append(order, p.ID)
			}
			v.alts = append(v.alts, site.Alternate{Lang: p.Lang, Path: site.CanonicalDetail(p, p.Lang)})
			if !p.Changed.IsZero() {
				v.lastMod = p.Changed.UTC().Format("2006-01-02")
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	for _, id := range order {
		h.addGroup(set, byID[id].alts, byID[id].lastMod)
	}
	return nil
}

// addProjectPages lists the detail page of every current project, when the
// route table has a project list.
func (h *pagesHandler) addProjectPages(set *urlset) error {
	byID := map[int][]site.Alternate{}
	lastMod := map[int]string{}
	var order []int
	for _, lang := range h.routes.Languages() {
		projects, err := h.listings.Projects(lang)
		if err != nil {
			return err
		}
		for _, p := range projects {
			path, ok := h.routes.ProjectPath(p, lang)
			if p.Withdrawn || !ok {
				continue
			}
			if _, seen := byID[p.ID]; !seen {
				order = append(order, p.ID)
			}
			byID[p.ID] = append(byID[p.ID], site.Alternate{Lang: lang, Path: path})
			if !p.Changed.IsZero() {
				lastMod[p.ID] = p.Changed.UTC().Format("2006-01-02")
			}
		}
	}
	for _, id := range order {
		h.addGroup(set, byID[id], lastMod[id])
	}
	return nil
}
