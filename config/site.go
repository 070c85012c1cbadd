package config

import (
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/estate-agency/estate/listing"
)

// Site is the site shell's configuration (site.*): the route table and the
// shell (agency, menu, pages, footer, SEO, analytics).
type Site struct {
	Routes []Route `mapstructure:"routes"`
	Shell  `mapstructure:",squash"`
}

// Route is one page of the localized route table: an internal path the code
// and the menu refer to, and the public path per language.
//
// Paths may hold parameter segments such as {form}; the same
// parameter segments must appear in the internal path and in every localized path.
type Route struct {
	// Internal is the language-neutral path, e.g. "/for-sale/" or "/feedback/{form}/".
	Internal string `mapstructure:"internal"`
	// Paths are the public paths per language, e.g. nl "/nl/te-koop/". A
	// language without a path has no such page.
	Paths map[listing.Lang]string `mapstructure:"paths"`
	// Params lists the allowed values of a parameter segment. A parameter segment that is
	// not listed accepts any slug (a-z, 0-9 and dashes), e.g. an article slug.
	Params map[string][]string `mapstructure:"params"`
	// Breadcrumb is this page's crumb: its name per language and the
	// internal path it links to (which may be a parent page's).
	Breadcrumb Crumb `mapstructure:"breadcrumb"`
	// Redirect is the internal path of the page this one sends visitors to
	// (the owners page goes to the login), "" when it is a page of its own.
	Redirect string `mapstructure:"redirect"`
	// External is an absolute address a 'project' path maps to, "" when none.
	External string `mapstructure:"external"`
}

// Crumb is a breadcrumb item as configured.
type Crumb struct {
	Name map[listing.Lang]string `mapstructure:"name"`
	Path string                  `mapstructure:"path"` // internal path
}

// paramSegmentRE is a whole path segment naming a parameter.
var paramSegmentRE = regexp.MustCompile(`^\{([a-z][a-z0-9_]*)\}$`)

// slugRE is what an unlisted parameter segment accepts.
var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// ParamSegment returns the parameter name when seg is a parameter segment like {form}.
func ParamSegment(seg string) (string, bool) {
	m := paramSegmentRE.FindStringSubmatch(seg)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// ValidParam reports whether value is acceptable for the parameter segment name of r.
func (r Route) ValidParam(name, value string) bool {
	if allowed, ok := r.Params[name]; ok {
		return slices.Contains(allowed, value)
	}
	return slugRE.MatchString(value)
}

// Segments splits a path like "/nl/te-koop/" into ["nl", "te-koop"].
func Segments(path string) []string {
	path = strings.TrimPrefix(strings.TrimSuffix(path, "/"), "/")
	if path == "" {
		return nil
	}
	return strings.Split(path, "/")
}

// site reads site.routes. An absent table gives an empty Site so a config
// without a site section still loads (the CLI needs no routes); a table that
// is present must hold the home page in the default language, because `/`
// redirects there and every breadcrumb starts with it.
func (p *parser) site(key string, langs Languages) Site {
	p.mark(key)
	raw := p.v.Get(key)
	if raw == nil {
		return Site{}
	}
	items, ok := raw.([]any)
	if !ok {
		p.fail(key, "must be a list of routes")
		return Site{}
	}
	var s Site
	for i, item := range items {
		s.Routes = append(s.Routes, p.route(fmt.Sprintf("%s[%d]", key, i), item))
	}
	if p.err != nil || len(s.Routes) == 0 {
		return s
	}
	p.checkRoutes(key, s.Routes, langs)
	return s
}

func (p *parser) route(key string, item any) Route {
	m, ok := lowerKeys(item)
	if !ok {
		p.fail(key, "must be a mapping with internal, paths and breadcrumb")
		return Route{}
	}
	r := Route{
		Internal: p.routePath(key+".internal", m["internal"], "/"),
		Redirect: p.optString(key+".redirect", m["redirect"]),
		External: p.optString(key+".external", m["external"]),
	}
	r.Paths = p.langMap(key+".paths", m["paths"])
	for lang, path := range r.Paths {
		r.Paths[lang] = p.routePath(fmt.Sprintf("%s.paths.%s", key, lang), path, "/"+string(lang)+"/")
	}
	if len(r.Paths) == 0 {
		p.fail(key+".paths", "must give the path in at least one language")
	}
	r.Params = p.params(key+".params", m["params"])
	if bc, ok := lowerKeys(m["breadcrumb"]); ok {
		r.Breadcrumb.Path = p.routePath(key+".breadcrumb.path", bc["path"], "/")
		r.Breadcrumb.Name = p.langMap(key+".breadcrumb.name", bc["name"])
	} else {
		p.fail(key+".breadcrumb", "must be a mapping with name and path")
	}
	for lang := range r.Paths {
		if strings.TrimSpace(r.Breadcrumb.Name[lang]) == "" {
			p.fail(fmt.Sprintf("%s.breadcrumb.name.%s", key, lang), "must not be empty: the page has a %s path", lang)
		}
	}
	p.checkParamSegments(key, r)
	if r.External != "" {
		u, err := url.Parse(r.External)
		switch {
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
			p.fail(key+".external", "%q is not an absolute http(s) URL", r.External)
		case !strings.Contains(r.Internal, "project"):
			// The spec lets only project pages live elsewhere; anything else
			// sent off-site is more likely a mistake than a wish.
			p.fail(key+".external", "only a path containing 'project' may map to an external address")
		}
	}
	return r
}

// routePath checks a configured path: decoded (no % escapes), absolute,
// ending in a slash, without empty, "." or ".." segments.
func (p *parser) routePath(key string, v any, prefix string) string {
	s, ok := v.(string)
	s = strings.TrimSpace(s)
	if !ok || !strings.HasPrefix(s, prefix) || !strings.HasSuffix(s, "/") {
		p.fail(key, "%v must start with %s and end with /", v, prefix)
		return s
	}
	if strings.ContainsAny(s, "%?#\\ ") {
		p.fail(key, "%q must be a plain decoded path (no %%, ?, #, \\ or spaces)", s)
		return s
	}
	if s == "/" {
		return s
	}
	for _, seg := range strings.Split(s[1:len(s)-1], "/") {
		if seg == "" || seg == "." || seg == ".." {
			p.fail(key, "%q has an empty, . or .. segment", s)
			break
		}
	}
	return s
}

func (p *parser) optString(key string, v any) string {
	if v == nil {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		p.fail(key, "%v is not a string", v)
	}
	return strings.TrimSpace(s)
}

// langMap reads a mapping keyed by language. Keys are folded to lower case,
// as translatable content falls back to the upper-case key.
func (p *parser) langMap(key string, v any) map[listing.Lang]string {
	m, ok := lowerKeys(v)
	if !ok {
		p.fail(key, "must be a mapping keyed by language (nl, fr, en, de)")
		return nil
	}
	out := make(map[listing.Lang]string, len(m))
	for k, val := range m {
		lang := listing.Lang(k)
		if _, ok := listing.PlatformLanguageID(lang); !ok {
			p.fail(key+"."+k, "%q is not a supported language (nl, fr, en, de)", k)
			continue
		}
		s, ok := val.(string)
		if !ok {
			p.fail(key+"."+k, "%v is not a string", val)
		}
		out[lang] = s
	}
	return out
}

func (p *parser) params(key string, v any) map[string][]string {
	if v == nil {
		return nil
	}
	m, ok := lowerKeys(v)
	if !ok {
		p.fail(key, "must be a mapping from parameter segment to allowed values")
		return nil
	}
	out := make(map[string][]string, len(m))
	for name, val := range m {
		list, ok := val.([]any)
		if !ok || len(list) == 0 {
			p.fail(key+"."+name, "must be a non-empty list of values")
			continue
		}
		for i, item := range list {
			s, _ := item.(string)
			if !slugRE.MatchString(s) {
				p.fail(fmt.Sprintf("%s.%s[%d]", key, name, i), "%v is not a path segment of a-z, 0-9 and dashes", item)
			}
			out[name] = append(out[name], s)
		}
	}
	return out
}

// checkParamSegments makes the internal path and every localized path carry
// the same parameter segments, so a path can be rewritten into any language.
func (p *parser) checkParamSegments(key string, r Route) {
	names := func(path string) []string {
		var out []string
		for _, seg := range Segments(path) {
			if n, ok := ParamSegment(seg); ok {
				out = append(out, n)
			} else if strings.ContainsAny(seg, "{}") {
				p.fail(key, "%q: a parameter segment must be a whole segment like {form}", path)
			}
		}
		slices.Sort(out)
		return out
	}
	want := names(r.Internal)
	for lang, path := range r.Paths {
		if got := names(path); !slices.Equal(got, want) {
			p.fail(fmt.Sprintf("%s.paths.%s", key, lang), "parameter segments %v differ from the internal path's %v", got, want)
		}
	}
	for name := range r.Params {
		if !slices.Contains(want, name) {
			p.fail(key+".params."+name, "is not a parameter segment of %s", r.Internal)
		}
	}
	if bad := slices.DeleteFunc(names(r.Breadcrumb.Path), func(n string) bool { return slices.Contains(want, n) }); len(bad) > 0 {
		p.fail(key+".breadcrumb.path", "parameter segments %v are not the route's", bad)
	}
}

// checkRoutes looks across the table: unique internal and localized paths,
// redirects and breadcrumbs that point at a route, and a home page.
func (p *parser) checkRoutes(key string, routes []Route, langs Languages) {
	internal := map[string]int{}
	public := map[string]string{}
	for i, r := range routes {
		k := fmt.Sprintf("%s[%d]", key, i)
		if j, dup := internal[r.Internal]; dup {
			p.fail(k+".internal", "%q is already the internal path of %s[%d]", r.Internal, key, j)
		}
		internal[r.Internal] = i
		for _, lang := range slices.Sorted(maps.Keys(r.Paths)) {
			// Parameter segments are compared by position, not name: /nl/x/{a}/
			// and /nl/x/{b}/ would answer the same requests.
			shape := shapeOf(r.Paths[lang])
			pk := fmt.Sprintf("%s.paths.%s", k, lang)
			if other, dup := public[shape]; dup {
				p.fail(pk, "%q is already the path of %s", r.Paths[lang], other)
			}
			public[shape] = pk
		}
	}
	for i, r := range routes {
		k := fmt.Sprintf("%s[%d]", key, i)
		if _, ok := internal[r.Redirect]; r.Redirect != "" && !ok {
			p.fail(k+".redirect", "%q is not the internal path of a route", r.Redirect)
		}
		if _, ok := internal[r.Breadcrumb.Path]; !ok {
			p.fail(k+".breadcrumb.path", "%q is not the internal path of a route", r.Breadcrumb.Path)
		}
	}
	home, ok := internal["/"]
	if !ok {
		p.fail(key, "must hold the home page, internal path /")
		return
	}
	if routes[home].Paths[langs.Default] == "" {
		p.fail(fmt.Sprintf("%s[%d].paths.%s", key, home, langs.Default), "the home page needs a path in the default language")
	}
}

func shapeOf(path string) string {
	segs := Segments(path)
	for i, s := range segs {
		if _, ok := ParamSegment(s); ok {
			segs[i] = "{}"
		}
	}
	return "/" + strings.Join(segs, "/") + "/"
}

// lowerKeys accepts the mapping shapes YAML decoders give and folds keys to
// lower case, as viper does for top-level keys.
func lowerKeys(v any) (map[string]any, bool) {
	out := map[string]any{}
	switch m := v.(type) {
	case map[string]any:
		for k, val := range m {
			out[strings.ToLower(k)] = val
		}
	case map[any]any:
		for k, val := range m {
			out[strings.ToLower(fmt.Sprint(k))] = val
		}
	default:
		return nil, false
	}
	return out, true
}
