// Package site holds the localized route table of the public site: which
// page a request path is, in which language, and how the same page is
// addressed in the other languages (language switcher, hreflang, sitemap,
// breadcrumbs). It is pure: no HTTP, no storage; the server decides what to
// send for each Result.
package site

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
)

// Result says what a request path is.
type Result int

const (
	// NotFound: no page has this path; answer 404 with the not-found page.
	NotFound Result = iota
	// Found: a page of the route table (Match.Internal, Match.Params).
	Found
	// Redirect: answer 301 to Match.Location (the path with its trailing slash).
	Redirect
	// TempRedirect: answer 302 to Match.Location: `/` to the default
	// language's home, a page configured with a redirect (owners → login),
	// or a project page that lives at an external address. 302 because these
	// follow configuration that may change, so browsers must not cache them.
	TempRedirect
	// PropertyRef: /property/{id}/. The caller loads Match.PropertyID and
	// answers 301 to CanonicalDetail(p, r.Default()), or 404 when unknown.
	PropertyRef
	// PropertyDetail: a localized detail path. The caller loads
	// Match.PropertyID and uses DetailRedirect to answer 301 when the slugs
	// or goal are not the canonical ones.
	PropertyDetail
	// ProjectDetail: /{lang}/{projects segment}/{slug}/{id}/, the segment
	// being the last one of the /projects/ route's path in that language.
	// The caller loads Match.ProjectID and answers 301 when the slug is not
	// the canonical one (ProjectRedirect).
	ProjectDetail
)

func (r Result) String() string {
	switch r {
	case Found:
		return "found"
	case Redirect:
		return "redirect"
	case TempRedirect:
		return "temp-redirect"
	case PropertyRef:
		return "property-ref"
	case PropertyDetail:
		return "property-detail"
	case ProjectDetail:
		return "project-detail"
	}
	return "not-found"
}

// Match is what Resolve learnt about a path.
type Match struct {
	Lang listing.Lang
	// Internal is the route's internal path as configured, e.g. "/feedback/{form}/".
	Internal string
	// Path is the internal path with its parameters filled in, e.g. "/feedback/contact-me/".
	Path string
	// Params are the parameter segment values, e.g. form → contact-me.
	Params map[string]string
	// Location is where a Redirect or TempRedirect goes: a decoded path
	// (escape it for the Location header) or an external address.
	Location string
	// PropertyID and Goal are set for PropertyRef and PropertyDetail.
	PropertyID int
	Goal       listing.Goal
	// ProjectID is set for ProjectDetail.
	ProjectID int
	// Requested is the decoded request path; Segments are its segments.
	Requested string
	Segments  []string
}

// Crumb is one breadcrumb item in one language.
type Crumb struct {
	Name string `json:"name"`
	Path string `json:"path"` // localized path, "" when the page has none in that language
}

// Routes is the route table for a set of enabled languages. It is
// read-only after NewRoutes, so one value serves all requests.
type Routes struct {
	langs   []listing.Lang
	enabled map[listing.Lang]bool
	def     listing.Lang
	routes  []config.Route
	// byInternal maps a configured internal path to its route.
	byInternal map[string]int
	// exact maps a localized path without parameter segments to its page.
	exact map[string]target
	// patterns are the localized paths with parameter segments, tried in order.
	patterns []pattern
	// goals maps a language's detail segment (te-koop, a-louer, …) to a goal.
	goals map[listing.Lang]map[string]listing.Goal
	// projects is the localized path of the project list (ProjectsInternal)
	// per language, the base of the project detail paths.
	projects map[listing.Lang]string
}

// ProjectsInternal is the internal path of the project list; its localized
// paths are the bases of the project detail paths.
const ProjectsInternal = "/projects/"

type target struct {
	route int
	lang  listing.Lang
}

type pattern struct {
	target
	segs []string
}

// NewRoutes builds the table for the enabled languages langs with def the
// default. config.Load has already checked cfg; the checks here guard a
// table built another way (tests, future admin editing).
func NewRoutes(cfg config.Site, langs []listing.Lang, def listing.Lang) (*Routes, error) {
	if len(langs) == 0 {
		return nil, errors.New("site: no language enabled")
	}
	r := &Routes{
		langs:      slices.Clone(langs),
		enabled:    map[listing.Lang]bool{},
		def:        def,
		routes:     slices.Clone(cfg.Routes),
		byInternal: map[string]int{},
		exact:      map[string]target{},
		goals:      map[listing.Lang]map[string]listing.Goal{},
		projects:   map[listing.Lang]string{},
	}
	for _, l := range langs {
		if _, ok := listing.PlatformLanguageID(l); !ok {
			return nil, fmt.Errorf("site: language %q is not supported", l)
		}
		r.enabled[l] = true
		r.goals[l] = map[string]listing.Goal{}
		for _, g := range []listing.Goal{listing.Sale, listing.Rent} {
			// The goal segments belong to listing.DetailPath; reading them
			// back from it keeps one definition of the detail path.
			segs := config.Segments(listing.DetailPath(listing.Property{ID: 1, Goal: g, Title: "x"}, l))
			r.goals[l][segs[1]] = g
		}
	}
	if !r.enabled[def] {
		return nil, fmt.Errorf("site: default language %q is not enabled", def)
	}
	for i, rt := range r.routes {
		if _, dup := r.byInternal[rt.Internal]; dup {
			return nil, fmt.Errorf("site: internal path %q is listed twice", rt.Internal)
		}
		r.byInternal[rt.Internal] = i
		for _, l := range langs {
			path, ok := rt.Paths[l]
			if !ok {
				continue
			}
			segs := config.Segments(path)
			if !slices.ContainsFunc(segs, isParamSegment) {
				if other, dup := r.exact[path]; dup {
					return nil, fmt.Errorf("site: %s is the path of %s and %s", path, r.routes[other.route].Internal, rt.Internal)
				}
				r.exact[path] = target{i, l}
				continue
			}
			r.patterns = append(r.patterns, pattern{target{i, l}, segs})
		}
	}
	if i, ok := r.byInternal[ProjectsInternal]; ok && r.routes[i].External == "" && r.routes[i].Redirect == "" {
		for _, l := range langs {
			if path := r.routes[i].Paths[l]; len(config.Segments(path)) == 2 {
				r.projects[l] = path
			}
		}
	}
	home, ok := r.byInternal["/"]
	if !ok || r.routes[home].Paths[def] == "" {
		return nil, fmt.Errorf("site: the home page (internal /) needs a path in the default language %s", def)
	}
	return r, nil
}

func isParamSegment(seg string) bool {
	_, ok := config.ParamSegment(seg)
	return ok
}

// Default is the default language.
func (r *Routes) Default() listing.Lang { return r.def }

// Languages are the enabled languages in configured order.
func (r *Routes) Languages() []listing.Lang { return slices.Clone(r.langs) }

// Pages are the internal paths of the table's own pages without parameters, in table order: not the redirects, not
// the external links (the sitemap lists these).
func (r *Routes) Pages() []string {
	var out []string
	for _, rt := range r.routes {
		if rt.Redirect != "" || rt.External != "" || len(rt.Params) > 0 || strings.Contains(rt.Internal, "{") {
			continue
		}
		out = append(out, rt.Internal)
	}
	return out
}

// Resolve tells what the request path is. Pass the escaped path
// (url.URL.EscapedPath): each segment is percent-decoded on its own, so
// /fr/je-m%27inscris/ and /fr/je-m'inscris/ are the same page while an
// encoded slash (%2F) cannot forge a path. Matching is exact and
// case-sensitive after decoding.
func (r *Routes) Resolve(raw string) (Match, Result) {
	if raw == "/" {
		return Match{Lang: r.def, Requested: raw, Location: r.routes[r.byInternal["/"]].Paths[r.def]}, TempRedirect
	}
	if !strings.HasPrefix(raw, "/") {
		return Match{Lang: r.def, Requested: raw}, NotFound
	}
	slashed := strings.HasSuffix(raw, "/")
	parts := strings.Split(strings.TrimSuffix(raw[1:], "/"), "/")
	segs := make([]string, len(parts))
	for i, p := range parts {
		s, err := url.PathUnescape(p)
		// Empty, dot and slash-bearing segments are never ours; refusing
		// them here keeps traversal and double-slash tricks out of lookups.
		if err != nil || s == "" || s == "." || s == ".." || strings.Contains(s, "/") {
			return Match{Lang: r.def, Requested: raw}, NotFound
		}
		segs[i] = s
	}
	path := "/" + strings.Join(segs, "/") + "/"
	m, res := r.match(segs)
	m.Requested, m.Segments = path, segs
	if res != NotFound && !slashed {
		// Only paths that exist get the slash redirect, so a 404 stays a 404.
		return Match{Lang: m.Lang, Requested: path, Segments: segs, Location: path}, Redirect
	}
	return m, res
}

func (r *Routes) match(segs []string) (Match, Result) {
	if len(segs) == 2 && segs[0] == "property" {
		if id, ok := parseID(segs[1]); ok {
			return Match{Lang: r.def, PropertyID: id}, PropertyRef
		}
		return Match{Lang: r.def}, NotFound
	}
	lang := listing.Lang(segs[0])
	if !r.enabled[lang] {
		return Match{Lang: r.def}, NotFound
	}
	if t, ok := r.exact["/"+strings.Join(segs, "/")+"/"]; ok {
		return r.found(t, nil)
	}
	for _, p := range r.patterns {
		if p.lang != lang || len(p.segs) != len(segs) {
			continue
		}
		if params, ok := bind(r.routes[p.route], p.segs, segs); ok {
			return r.found(p.target, params)
		}
	}
	if base := r.projects[lang]; len(segs) == 4 && base == "/"+segs[0]+"/"+segs[1]+"/" {
		if id, ok := parseID(segs[3]); ok {
			return Match{Lang: lang, ProjectID: id}, ProjectDetail
		}
	}
	// Detail: /{lang}/{goal}/[{city}/]{title}/{id}/. The slugs are not
	// checked here: a wrong one is answered with a 301 once the caller has
	// the property (DetailRedirect).
	if n := len(segs); n == 4 || n == 5 {
		goal, ok := r.goals[lang][segs[1]]
		id, okID := parseID(segs[n-1])
		if ok && okID {
			return Match{Lang: lang, PropertyID: id, Goal: goal}, PropertyDetail
		}
	}
	return Match{Lang: lang}, NotFound
}

// found builds the match of a route page, following its redirect or
// external address.
func (r *Routes) found(t target, params map[string]string) (Match, Result) {
	rt := r.routes[t.route]
	m := Match{Lang: t.lang, Internal: rt.Internal, Params: params, Path: fill(rt.Internal, params)}
	if rt.External != "" {
		m.Location = rt.External
		return m, TempRedirect
	}
	if rt.Redirect != "" {
		loc, ok := r.Localize(rt.Redirect, t.lang, nil)
		if !ok {
			loc, ok = r.Localize(rt.Redirect, r.def, nil)
		}
		if ok {
			m.Location = loc
			return m, TempRedirect
		}
	}
	return m, Found
}

// bind matches path segments against a pattern's and returns the
// parameter segment values, each checked against the route's allowed values.
func bind(rt config.Route, pat, segs []string) (map[string]string, bool) {
	params := map[string]string{}
	for i, ps := range pat {
		name, ok := config.ParamSegment(ps)
		if !ok {
			if ps != segs[i] {
				return nil, false
			}
			continue
		}
		if !rt.ValidParam(name, segs[i]) {
			return nil, false
		}
		params[name] = segs[i]
	}
	return params, true
}

// fill replaces parameter segments with their values; a missing value leaves the
// parameter segment, which callers treat as "cannot build".
func fill(path string, params map[string]string) string {
	segs := config.Segments(path)
	for i, s := range segs {
		if name, ok := config.ParamSegment(s); ok {
			if v, ok := params[name]; ok {
				segs[i] = v
			}
		}
	}
	if len(segs) == 0 {
		return "/"
	}
	return "/" + strings.Join(segs, "/") + "/"
}

// parseID accepts a positive decimal id without sign or leading zeros, so
// each property has exactly one spelling of its path.
func parseID(s string) (int, bool) {
	if s == "" || s[0] == '0' || len(s) > 12 || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	id, err := strconv.Atoi(s)
	return id, err == nil
}

// Localize is the path of a page in lang: internal is either a configured
// internal path ("/feedback/{form}/", with params) or a filled one
// ("/feedback/contact-me/"). It is false when the language is not enabled,
// the page has no path in it, or a parameter is missing or not allowed.
// A route with an external address localizes to that address. Property
// detail paths are built with CanonicalDetail instead.
func (r *Routes) Localize(internal string, lang listing.Lang, params map[string]string) (string, bool) {
	if !r.enabled[lang] {
		return "", false
	}
	i, ok := r.byInternal[internal]
	if !ok {
		i, params, ok = r.internalMatch(internal, params)
		if !ok {
			return "", false
		}
	}
	rt := r.routes[i]
	if rt.External != "" {
		return rt.External, true
	}
	path, ok := rt.Paths[lang]
	if !ok {
		return "", false
	}
	segs := config.Segments(path)
	for j, s := range segs {
		name, ok := config.ParamSegment(s)
		if !ok {
			continue
		}
		v, ok := params[name]
		if !ok || !rt.ValidParam(name, v) {
			return "", false
		}
		segs[j] = v
	}
	return "/" + strings.Join(segs, "/") + "/", true
}

// internalMatch finds the route whose internal pattern matches a filled
// internal path; values given in params win over those read from the path.
func (r *Routes) internalMatch(internal string, params map[string]string) (int, map[string]string, bool) {
	segs := config.Segments(internal)
	for i, rt := range r.routes {
		pat := config.Segments(rt.Internal)
		if len(pat) != len(segs) || !slices.ContainsFunc(pat, isParamSegment) {
			continue
		}
		got, ok := bind(rt, pat, segs)
		if !ok {
			continue
		}
		for k, v := range params {
			got[k] = v
		}
		return i, got, true
	}
	return 0, nil, false
}

// Alternates are the page's paths in every enabled language that has one,
// for hreflang links and the language switcher. Only Found pages have
// alternates here; property pages build theirs with CanonicalDetail.
func (r *Routes) Alternates(m Match) map[listing.Lang]string {
	if m.Internal == "" {
		return nil
	}
	out := map[listing.Lang]string{}
	for _, l := range r.langs {
		if p, ok := r.Localize(m.Internal, l, m.Params); ok {
			out[l] = p
		}
	}
	return out
}

// Breadcrumb is the trail of a page in lang, home first. A page adds
// itself as configured (its crumb may link to a parent, as a testimonial
// article's links to the guestbook); a property page gets the for-sale or
// for-rent list. Pages with their own title (articles, properties) append
// it themselves.
func (r *Routes) Breadcrumb(m Match, lang listing.Lang) []Crumb {
	trail := []Crumb{r.crumb("/", lang, nil)}
	internal := m.Internal
	if m.PropertyID != 0 && internal == "" {
		internal = "/for-sale/"
		if m.Goal == listing.Rent {
			internal = "/for-rent/"
		}
		if _, ok := r.byInternal[internal]; !ok {
			return trail
		}
	}
	if internal == "" || internal == "/" {
		return trail
	}
	return append(trail, r.crumb(internal, lang, m.Params))
}

func (r *Routes) crumb(internal string, lang listing.Lang, params map[string]string) Crumb {
	bc := r.routes[r.byInternal[internal]].Breadcrumb
	name := bc.Name[lang]
	if name == "" {
		name = bc.Name[r.def]
	}
	path, _ := r.Localize(bc.Path, lang, params)
	return Crumb{Name: name, Path: path}
}

// LangOf is the language of a path: its first segment when that is an
// enabled language, else the default.
func (r *Routes) LangOf(path string) listing.Lang {
	first, _, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	if l := listing.Lang(first); r.enabled[l] {
		return l
	}
	return r.def
}

// CanonicalDetail is a property's detail path in lang (listing.DetailPath),
// the target of /property/{id}/ and of wrong-slug redirects.
func CanonicalDetail(p listing.Property, lang listing.Lang) string {
	return listing.DetailPath(p, lang)
}

// Links are the site paths of what leads are about, for their mails: a
// property's canonical detail path, a project's by the route table ("" when
// it has no project list in the language).
type Links struct{ Routes *Routes }

// PropertyPath is p's canonical detail path in lang.
func (l Links) PropertyPath(p listing.Property, lang listing.Lang) string {
	return CanonicalDetail(p, lang)
}

// ProjectPath is p's detail path in lang, or "".
func (l Links) ProjectPath(p listing.Project, lang listing.Lang) string {
	path, _ := l.Routes.ProjectPath(p, lang)
	return path
}

// ProjectPath is a project's detail path in lang: the project list's path,
// the name's slug and the id. False when the route table has no project
// list in lang.
func (r *Routes) ProjectPath(p listing.Project, lang listing.Lang) (string, bool) {
	base, ok := r.projects[lang]
	if !ok {
		return "", false
	}
	slug := listing.Slug(p.Name)
	if slug == "" {
		slug = "project"
	}
	return base + slug + "/" + strconv.Itoa(p.ID) + "/", true
}

// ProjectRedirect checks a ProjectDetail match against the project the
// caller loaded: the canonical path, and whether the request must be sent
// there (a stale or mistyped slug).
func (r *Routes) ProjectRedirect(m Match, p listing.Project) (string, bool) {
	canonical, _ := r.ProjectPath(p, m.Lang)
	return canonical, canonical != m.Requested
}

// DetailRedirect checks a PropertyDetail match against the property the
// caller loaded: it returns the canonical path and whether the request must
// be answered with a 301 to it (other slugs, missing city, wrong goal).
func DetailRedirect(m Match, p listing.Property) (string, bool) {
	canonical := CanonicalDetail(p, m.Lang)
	return canonical, canonical != m.Requested
}
