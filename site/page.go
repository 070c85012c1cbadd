package site

import (
	"bytes"
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/estate-agency/estate/compliance"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
)

// View names the screen the UI renders for a page (ui/src/lib/api/types.ts).
type View string

// The views of the route table; every other page is an article.
const (
	ViewHome           View = "home"
	ViewForSale        View = "for-sale"
	ViewForRent        View = "for-rent"
	ViewOffice         View = "office"
	ViewGuestbook      View = "guestbook"
	ViewLogin          View = "login"
	ViewDemandRegister View = "demand-register"
	ViewContactDemand  View = "contact-demand"
	ViewFeedback       View = "feedback"
	ViewArticle        View = "article"
	ViewProperty       View = "property"
	ViewProjects       View = "projects"
	ViewProject        View = "project"
	ViewNotFound       View = "not-found"
	// Account screens: their data comes from the account API, per person.
	ViewPasswordForgotten View = "password-forgotten"
	ViewPasswordReset     View = "password-reset"
	ViewOwnerPortal       View = "owner-portal"
	ViewMySearch          View = "my-search"
	ViewUnsubscribe       View = "unsubscribe"
	// ViewDemandConfirm is where a demand register's confirmation mail
	// links: its button opens the alert account.
	ViewDemandConfirm View = "demand-confirm"
	// ViewFavourites lists what the visitor saved in their browser.
	ViewFavourites View = "favourites"
)

var viewOf = map[string]View{
	"/":                    ViewHome,
	"/for-sale/":           ViewForSale,
	"/for-rent/":           ViewForRent,
	"/office/":             ViewOffice,
	"/guestbook/":          ViewGuestbook,
	"/login/":              ViewLogin,
	"/demand-register/":    ViewDemandRegister,
	"/contact-demand/":     ViewContactDemand,
	"/feedback/{form}/":    ViewFeedback,
	ProjectsInternal:       ViewProjects,
	"/password-forgotten/": ViewPasswordForgotten,
	"/password-reset/":     ViewPasswordReset,
	"/owner-portal/":       ViewOwnerPortal,
	"/my-search/":          ViewMySearch,
	"/unsubscribe/":        ViewUnsubscribe,
	"/demand-confirm/":     ViewDemandConfirm,
	"/favourites/":         ViewFavourites,
}

// PageData is one page in one language as the UI renders it; the first
// HTML embeds it and GET /api/page answers it (ui/src/lib/api/types.ts).
type PageData struct {
	Lang          listing.Lang  `json:"lang"`
	Status        int           `json:"status"`
	View          View          `json:"view"`
	Path          string        `json:"path"`
	Internal      string        `json:"internal"`
	Title         string        `json:"title"`
	DocumentTitle string        `json:"documentTitle"`
	Description   string        `json:"description"`
	Alternates    []Alternate   `json:"alternates"`
	Breadcrumb    []Crumb       `json:"breadcrumb"`
	Preview       bool          `json:"preview"`
	Redirect      string        `json:"redirect,omitempty"`
	Content       *PageContent  `json:"content"`
	Counts        *Counts       `json:"counts,omitempty"`
	Missing       string        `json:"missing,omitempty"`  // view "not-found": "property" for an unknown listing
	TypeTree      []TypeNode    `json:"typeTree,omitempty"` // views "for-sale" and "for-rent": the type filter
	Property      *PropertyView `json:"property,omitempty"`
	Similar       []SimilarCard `json:"similar,omitempty"`  // view "property": up to 4 other listings
	Projects      []ProjectCard `json:"projects,omitempty"` // view "projects"
	Project       *ProjectView  `json:"project,omitempty"`  // view "project"; nil on its 404
	// Testimonials are the published ones, newest first (view "guestbook").
	Testimonials []Testimonial `json:"testimonials,omitempty"`
	// SwitchTo is where the language switcher leads from a page that has
	// no alternates to announce: a withdrawn listing's 410 page, to the
	// same listing's 410 page in each other language.
	SwitchTo []Alternate `json:"switchTo,omitempty"`
	// TownZips are the postcodes of each town name (views "for-sale" and
	// "for-rent"): the town filter's labels.
	TownZips map[string]string `json:"townZips,omitempty"`
	// Year is the year, in the agency's time zone, when the page data was
	// made: the footer's copyright year, the same in the server's render and
	// the browser's hydration whatever either clock says.
	Year int `json:"year,omitempty"`

	// Head-only fields: what the server puts in <head> but the UI does not need.
	Robots string `json:"-"`
	Image  string `json:"-"` // og:image, a path or an absolute address
	// Listings are the list pages' first results as plain links, for
	// visitors and crawlers that run no script.
	Listings []ListingLink `json:"-"`
	// FirstPhoto is the first card's photo of a list (listings, projects), preloaded by the head.
	FirstPhoto *listing.Image `json:"-"`
}

// Testimonial is what a visitor wrote in the guestbook, once the agency
// approved it. The image address a visitor gave is not shown: it would
// load from anywhere.
type Testimonial struct {
	ID      uint64 `json:"id"`
	Name    string `json:"name"`
	About   string `json:"about"`
	Website string `json:"website"`
	Comment string `json:"comment"`
	Date    string `json:"date"` // d/m/yyyy
}

// ListingLink is a listing as a plain link: its detail path and what a
// card says of it.
type ListingLink struct {
	Path, Text, Price string
}

// Alternate is the page in another language.
type Alternate struct {
	Lang listing.Lang `json:"lang"`
	Path string       `json:"path"`
}

// Counts are the active listings per goal (home search block, list pages).
type Counts struct {
	Sale int `json:"sale"`
	Rent int `json:"rent"`
}

// PageContent is a content page's text and modules in one language.
type PageContent struct {
	Intro   string       `json:"intro"`
	HTML    string       `json:"html"`
	Image   ImageSetting `json:"image"`
	Modules []Module     `json:"modules"`
}

// ImageSetting is config.ImageSetting with alt texts in one language.
type ImageSetting struct {
	Kind   string        `json:"kind"`
	Images []Image       `json:"images"`
	Color  string        `json:"color"`
	Video  *config.Video `json:"video"`
}

// Image is config.Image in one language.
type Image struct {
	Src    string `json:"src"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Alt    string `json:"alt"`
	// Optimized are its renditions on our origin, once the image pipeline
	// made them (set by pagedata as a page is built).
	Optimized *listing.Optimized `json:"optimized,omitempty"`
}

// Module is a content module in one language, its relations resolved.
type Module struct {
	ID          string              `json:"id"`
	Title       string              `json:"title"`
	Description string              `json:"description"`
	Position    int                 `json:"position"`
	Span        int                 `json:"span"`
	Col         config.ColumnWidths `json:"col"`
	View        string              `json:"view"`
	Items       []ModuleItem        `json:"items"`
	Condition   *config.Condition   `json:"condition"`
	// Listings is set on a module related to a list page ("listings"):
	// the server fills its cards with that list's newest listings.
	Listings *ModuleListings `json:"listings,omitempty"`
}

// ModuleListings are a module's listing cards and the list they come from.
type ModuleListings struct {
	Goal  listing.Goal  `json:"goal"`
	Path  string        `json:"path"` // the list page, in the page's language
	Max   int           `json:"-"`
	Cards []SimilarCard `json:"cards"`
}

// listGoals are the list pages a "listings" relation may name (config checks it).
var listGoals = map[string]listing.Goal{"/for-sale/": listing.Sale, "/for-rent/": listing.Rent}

// ModuleItem is a related page shown in a module.
type ModuleItem struct {
	Type  string `json:"type"`
	Path  string `json:"path"`
	Title string `json:"title"`
	Intro string `json:"intro"`
	Image *Image `json:"image"`
}

// Pages builds the page data of every path from the route table and the
// shell's content. It is read-only after NewPages; the Markdown of every
// page and language is rendered once there.
type Pages struct {
	routes  *Routes
	shell   config.Shell
	content map[string]map[listing.Lang]*PageContent // by filled internal path
	pages   map[string]config.Page
}

// NewPages checks the shell's references against the route table (menu and
// page paths, module relations) and renders the content.
func NewPages(routes *Routes, shell config.Shell) (*Pages, error) {
	p := &Pages{routes: routes, shell: shell, content: map[string]map[listing.Lang]*PageContent{}, pages: map[string]config.Page{}}
	for i, pg := range shell.Pages {
		if _, ok := routes.Localize(pg.Path, routes.Default(), nil); !ok {
			return nil, fmt.Errorf("site.pages[%d].path: %q is not a page of site.routes", i, pg.Path)
		}
		if _, dup := p.pages[pg.Path]; dup {
			return nil, fmt.Errorf("site.pages[%d].path: %q is listed twice", i, pg.Path)
		}
		p.pages[pg.Path] = pg
	}
	if err := checkMenu(routes, "site.menu", shell.Menu); err != nil {
		return nil, err
	}
	for i, pg := range shell.Pages {
		for j, m := range pg.Modules {
			for k, rel := range m.Relations {
				if _, ok := p.pages[rel.ID]; !ok {
					return nil, fmt.Errorf("site.pages[%d].modules[%d].relations[%d].id: %q has no entry in site.pages", i, j, k, rel.ID)
				}
			}
		}
	}
	md := newMarkdown()
	for path, pg := range p.pages {
		p.content[path] = map[listing.Lang]*PageContent{}
		for _, lang := range routes.Languages() {
			var html bytes.Buffer
			// goldmark escapes raw HTML unless told otherwise, so config
			// text cannot inject markup.
			if err := md.Convert([]byte(pg.Body.Get(lang)), &html); err != nil {
				return nil, fmt.Errorf("site.pages %s body (%s): %w", path, lang, err)
			}
			p.content[path][lang] = &PageContent{
				Intro:   pg.Intro.Get(lang),
				HTML:    html.String(),
				Image:   localImageSetting(pg.Image, lang),
				Modules: p.modules(pg.Modules, lang),
			}
		}
	}
	return p, nil
}

// newMarkdown renders config Markdown: GitHub's tables, strikethrough and
// links, raw HTML escaped. Table alignment is written as the align
// attribute, because the CSP refuses inline style attributes.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(goldmark.WithExtensions(
		extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
		extension.Strikethrough, extension.Linkify, extension.TaskList,
	))
}

func checkMenu(routes *Routes, key string, items []config.MenuItem) error {
	for i, it := range items {
		k := fmt.Sprintf("%s[%d]", key, i)
		if !IsExternal(it.Path) {
			if _, ok := routes.Localize(it.Path, routes.Default(), nil); !ok {
				return fmt.Errorf("%s.path: %q is neither a page of site.routes nor an external address", k, it.Path)
			}
		}
		if err := checkMenu(routes, k+".children", it.Children); err != nil {
			return err
		}
	}
	return nil
}

// IsExternal is the spec's link rule: a link containing "//", "http",
// "tel:" or "mailto:" leaves the site (and opens in a new tab).
func IsExternal(link string) bool {
	for _, s := range []string{"//", "http", "tel:", "mailto:"} {
		if strings.Contains(link, s) {
			return true
		}
	}
	return false
}

func localImage(img config.Image, lang listing.Lang) Image {
	return Image{Src: img.Src, Width: img.Width, Height: img.Height, Alt: img.Alt.Get(lang)}
}

func localImageSetting(s config.ImageSetting, lang listing.Lang) ImageSetting {
	out := ImageSetting{Kind: s.Kind, Color: s.Color, Video: s.Video, Images: []Image{}}
	for _, img := range s.Images {
		out.Images = append(out.Images, localImage(img, lang))
	}
	return out
}

func (p *Pages) modules(mods []config.Module, lang listing.Lang) []Module {
	out := []Module{}
	for _, m := range mods {
		mod := Module{
			ID: m.ID, Title: m.Title.Get(lang), Description: m.Description.Get(lang),
			Position: m.Position, Span: max(m.Span, 1), Col: m.Col, View: m.View,
			Condition: m.Condition, Items: []ModuleItem{},
		}
		for _, rel := range m.Relations {
			if len(mod.Items) == m.MaxItems {
				break
			}
			path, ok := p.routes.Localize(rel.ID, lang, nil)
			if !ok {
				continue
			}
			if rel.Type == "listings" {
				mod.Listings = &ModuleListings{Goal: listGoals[rel.ID], Path: path, Max: cmp.Or(m.MaxItems, 4), Cards: []SimilarCard{}}
				continue
			}
			pg := p.pages[rel.ID]
			item := ModuleItem{Type: rel.Type, Path: path, Title: pg.Title.Get(lang), Intro: pg.Intro.Get(lang)}
			if len(pg.Image.Images) > 0 {
				img := localImage(pg.Image.Images[0], lang)
				item.Image = &img
			}
			mod.Items = append(mod.Items, item)
		}
		out = append(out, mod)
	}
	slices.SortStableFunc(out, func(a, b Module) int { return a.Position - b.Position })
	return out
}

// Paths are the filled internal paths of every page with content.
func (p *Pages) Paths() []string {
	out := make([]string, 0, len(p.pages))
	for path := range p.pages {
		out = append(out, path)
	}
	slices.Sort(out)
	return out
}

// needsContent: an article route with parameters (testimonial and
// statistics articles) has a page only where config writes one; other
// parameter routes (thank-you pages) exist for every allowed value.
func needsContent(m Match, view View) bool {
	return view == ViewArticle && len(m.Params) > 0
}

// Found builds the data of a Found match, or false when the page has no
// content although it needs some (an unknown article slug).
func (p *Pages) Found(m Match) (PageData, bool) {
	view, ok := viewOf[m.Internal]
	if !ok {
		view = ViewArticle
	}
	pg, hasContent := p.pages[m.Path]
	if !hasContent && needsContent(m, view) {
		return PageData{}, false
	}
	lang := m.Lang
	d := p.base(lang, view, http.StatusOK)
	d.Path, _ = p.routes.Localize(m.Internal, lang, m.Params)
	d.Internal = m.Path
	d.Title = pg.Title.Get(lang)
	if d.Title == "" {
		d.Title = p.routes.crumb(m.Internal, lang, m.Params).Name
	}
	if desc := pg.Description.Get(lang); desc != "" {
		d.Description = desc
	}
	for _, l := range p.routes.Languages() {
		if path, ok := p.routes.Localize(m.Internal, l, m.Params); ok && (!hasContent || pg.Title.Get(l) != "") {
			d.Alternates = append(d.Alternates, Alternate{Lang: l, Path: path})
		}
	}
	d.Breadcrumb = p.routes.Breadcrumb(m, lang)
	if last := d.Breadcrumb[len(d.Breadcrumb)-1]; last.Path != d.Path {
		d.Breadcrumb = append(d.Breadcrumb, Crumb{Name: d.Title, Path: d.Path})
	}
	if hasContent {
		d.Content = p.content[m.Path][lang]
		if len(pg.Image.Images) > 0 {
			d.Image = pg.Image.Images[0].Src
		}
	}
	switch view {
	case ViewFeedback, ViewLogin, ViewPasswordForgotten, ViewPasswordReset, ViewOwnerPortal, ViewMySearch, ViewUnsubscribe, ViewFavourites:
		d.Robots = "noindex, follow"
	}
	d.DocumentTitle = p.documentTitle(d.Title, lang, view == ViewHome)
	return d, true
}

func (p *Pages) base(lang listing.Lang, view View, status int) PageData {
	seo := p.shell.SEO[string(lang)]
	return PageData{
		Lang: lang, Status: status, View: view, Description: seo.Description,
		Robots: cmpOr(seo.Robots, "index, follow"), Image: seo.Image,
		Alternates: []Alternate{}, Breadcrumb: []Crumb{},
	}
}

func (p *Pages) documentTitle(title string, lang listing.Lang, home bool) string {
	suffix := p.shell.SEO[string(lang)].TitleSuffix
	if suffix == "" {
		suffix = p.shell.Agency.Name
	}
	switch {
	case suffix == "" || title == suffix:
		return title
	case title == "":
		return suffix
	case home:
		return suffix + " | " + title
	}
	return title + " | " + suffix
}

// NotFound is the not-found page in lang (HTTP 404) at the requested path.
func (p *Pages) NotFound(lang listing.Lang, title, requested string) PageData {
	d := p.base(lang, ViewNotFound, http.StatusNotFound)
	d.Title = title
	d.DocumentTitle = p.documentTitle(title, lang, false)
	d.Robots = "noindex, follow"
	d.Breadcrumb = []Crumb{p.routes.crumb("/", lang, nil)}
	d.Path = requested
	return d
}

// DocumentTitle is the <title> of a page headed title.
func (p *Pages) DocumentTitle(title string, lang listing.Lang) string {
	return p.documentTitle(title, lang, false)
}

// Property builds a property page: 200 for a listed property (sold and
// rented ones included, the page says so), 410 for a withdrawn one. others
// are the same property in the other languages, for the alternates (each
// language has its own title, so its own slug).
func (p *Pages) Property(lang listing.Lang, prop listing.Property, others []listing.Property) PageData {
	status := http.StatusOK
	if prop.Withdrawn {
		status = http.StatusGone
	}
	d := p.base(lang, ViewProperty, status)
	d.Path = CanonicalDetail(prop, lang)
	det := NewPropertyView(prop, lang)
	if det.Mentions != nil && !prop.Withdrawn && p.shell.NewBuildPrices == config.NewBuildPricesIncludingVAT {
		det.Mentions.PriceNote = compliance.PriceNoteOf(&prop, compliance.Options{NewBuildPricesIncludeVAT: true})
	}
	if det.Photo != nil {
		d.Image = det.Photo.Src
	}
	d.Property = &det
	d.Title = strings.TrimSpace(prop.Type + " " + prop.Address.City)
	if prop.Title != "" {
		d.Title = prop.Title
	}
	if det.Description != "" {
		d.Description = det.Description
	}
	for _, l := range p.routes.Languages() {
		for _, o := range append([]listing.Property{prop}, others...) {
			if o.Lang != l {
				continue
			}
			if !o.Withdrawn {
				d.Alternates = append(d.Alternates, Alternate{Lang: l, Path: CanonicalDetail(o, l)})
			} else if prop.Withdrawn {
				d.SwitchTo = append(d.SwitchTo, Alternate{Lang: l, Path: CanonicalDetail(o, l)})
			}
			break
		}
	}
	m := Match{Lang: lang, PropertyID: prop.ID, Goal: prop.Goal}
	d.Breadcrumb = append(p.routes.Breadcrumb(m, lang), Crumb{Name: d.Title, Path: d.Path})
	if prop.Withdrawn {
		d.Robots = "noindex, follow"
	}
	d.DocumentTitle = p.documentTitle(d.Title, lang, false)
	return d
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
