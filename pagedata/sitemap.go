package pagedata

import (
	"encoding/xml"
	"strings"
	"time"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// URLSet is a sitemap with hreflang alternates (sitemaps.org plus Google's xhtml:link extension): each localized URL
// lists every language version, itself included.
type URLSet struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	XHTML   string       `xml:"xmlns:xhtml,attr"`
	URLs    []SitemapURL `xml:"url"`
}

// SitemapURL is one page in one language.
type SitemapURL struct {
	Loc        string        `xml:"loc"`
	LastMod    string        `xml:"lastmod,omitempty"`
	Alternates []SitemapLink `xml:"xhtml:link"`
}

// SitemapLink is one language version of a page.
type SitemapLink struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// SitemapStore is what the sitemap reads: every active listing, walked, and the projects.
type SitemapStore interface {
	EachActiveProperty(lang listing.Lang, fn func(listing.Property) error) error
	Projects(lang listing.Lang) ([]listing.Project, error)
}

// Sitemap builds /sitemap.xml.
type Sitemap struct {
	base   string
	routes *site.Routes
	pages  *site.Pages
	store  SitemapStore
}

// NewSitemap is the sitemap of the site at base (the public address, cfg server.base_url).
func NewSitemap(base string, routes *site.Routes, pages *site.Pages, st SitemapStore) *Sitemap {
	return &Sitemap{base: strings.TrimSuffix(base, "/"), routes: routes, pages: pages, store: st}
}

// Build lists every indexable page of the route table in every language, the configured articles, and every listed
// property and project. Redirecting, external and noindex pages (thank-you, login) are left out. A store error fails
// the whole sitemap: a partial one would tell search engines that the missing listings are gone.
func (s *Sitemap) Build() (URLSet, error) {
	set := URLSet{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	for _, internal := range s.PagePaths() {
		path, _ := s.routes.Localize(internal, s.routes.Default(), nil)
		m, res := s.routes.Resolve(path)
		if res != site.Found {
			continue
		}
		d, ok := s.pages.Found(m)
		if !ok || strings.Contains(d.Robots, "noindex") {
			continue
		}
		s.addGroup(&set, d.Alternates, "")
	}
	if err := s.addProperties(&set); err != nil {
		return URLSet{}, err
	}
	if err := s.addProjects(&set); err != nil {
		return URLSet{}, err
	}
	return set, nil
}

// PagePaths are the internal paths of the pages to list: the route table's pages without parameters and the
// configured content pages.
func (s *Sitemap) PagePaths() []string {
	out := s.routes.Pages()
	seen := map[string]bool{}
	for _, p := range out {
		seen[p] = true
	}
	for _, p := range s.pages.Paths() {
		if !seen[p] {
			out = append(out, p)
		}
	}
	return out
}

// addGroup adds one URL per language version, each listing all versions.
func (s *Sitemap) addGroup(set *URLSet, alts []site.Alternate, lastMod string) {
	links := make([]SitemapLink, 0, len(alts)+1)
	for _, a := range alts {
		links = append(links, SitemapLink{Rel: "alternate", Hreflang: string(a.Lang), Href: AbsURL(s.base, a.Path)})
		if a.Lang == s.routes.Default() {
			links = append(links, SitemapLink{Rel: "alternate", Hreflang: "x-default", Href: AbsURL(s.base, a.Path)})
		}
	}
	for _, a := range alts {
		set.URLs = append(set.URLs, SitemapURL{Loc: AbsURL(s.base, a.Path), LastMod: lastMod, Alternates: links})
	}
}

// versions are a listing's language versions, in the order first seen.
type versions struct {
	order   []int
	alts    map[int][]site.Alternate
	lastMod map[int]string
}

func newVersions() *versions {
	return &versions{alts: map[int][]site.Alternate{}, lastMod: map[int]string{}}
}

func (v *versions) add(id int, alt site.Alternate, changed time.Time) {
	if _, seen := v.alts[id]; !seen {
		v.order = append(v.order, id)
	}
	v.alts[id] = append(v.alts[id], alt)
	if !changed.IsZero() {
		v.lastMod[id] = changed.UTC().Format(time.DateOnly)
	}
}

func (v *versions) addTo(s *Sitemap, set *URLSet) {
	for _, id := range v.order {
		s.addGroup(set, v.alts[id], v.lastMod[id])
	}
}

func (s *Sitemap) addProperties(set *URLSet) error {
	v := newVersions()
	for _, lang := range s.routes.Languages() {
		// Walked, keeping only the links: read through PropertiesByID, every listing of every language would be in
		// memory at once and pass through the store's cache, pushing out what visitors' searches keep there.
		err := s.store.EachActiveProperty(lang, func(p listing.Property) error {
			v.add(p.ID, site.Alternate{Lang: p.Lang, Path: site.CanonicalDetail(p, p.Lang)}, p.Changed)
			return nil
		})
		if err != nil {
			return err
		}
	}
	v.addTo(s, set)
	return nil
}

// addProjects lists the detail page of every current project, when the route table has a project list.
func (s *Sitemap) addProjects(set *URLSet) error {
	v := newVersions()
	for _, lang := range s.routes.Languages() {
		projects, err := s.store.Projects(lang)
		if err != nil {
			return err
		}
		for _, p := range projects {
			path, ok := s.routes.ProjectPath(p, lang)
			if p.Withdrawn || !ok {
				continue
			}
			v.add(p.ID, site.Alternate{Lang: lang, Path: path}, p.Changed)
		}
	}
	v.addTo(s, set)
	return nil
}
