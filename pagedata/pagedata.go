// Package pagedata assembles the data of every page of the site: it
// resolves a path in the route table, reads what the page shows from the
// store and the search index, and hands back site.PageData (or a redirect
// with its status). The HTTP layer only decodes the request and answers
// what it gets; the view types and the pure rules stay in package site,
// which reads neither the store nor the index.
package pagedata

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
)

// Store is what the pages read of the listings, projects, visit slots and
// testimonials.
type Store interface {
	Property(lang listing.Lang, id int) (listing.Property, error)
	PropertiesByID(lang listing.Lang, ids []int) ([]listing.Property, error)
	Types(lang listing.Lang) ([]listing.PropertyType, error)
	Cities(lang listing.Lang) ([]listing.City, error)
	Project(lang listing.Lang, id int) (listing.Project, error)
	Projects(lang listing.Lang) ([]listing.Project, error)
	VisitSlots(propertyID int) ([]listing.VisitSlot, error)
	SlotBookings(slotID int) (int, error)
	PublishedTestimonials() ([]store.Lead, error)
}

// Index is what the pages ask the search index: the ids of a search's
// hits (list links, newest listings, similar candidates) and the active
// properties per town and goal (the counts).
type Index interface {
	Find(ctx context.Context, lang listing.Lang, req index.SearchRequest) (index.SearchResult, error)
	CityCounts(lang listing.Lang) map[string][2]int
}

// Options are the agency's settings the assembly follows.
type Options struct {
	// TypeSort orders the type filter (site.type_sort).
	TypeSort string
	// Location is the agency's time zone, in which dates and the footer's
	// year are written; nil is UTC.
	Location *time.Location
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Texts are the UI's texts, for the titles of missing pages.
	Texts Texts
	// Photos are the content images' renditions on our origin; nil shows
	// them from their configured addresses.
	Photos Renditions
}

// Renditions are the image pipeline's renditions of an address, nil until
// made (package images).
type Renditions interface {
	Optimized(url string) *listing.Optimized
}

// Assembler builds the page data of a path. A store or search error costs
// the part of the page that needed it (logged), never the page, except
// for a detail page, whose listing is the page.
type Assembler struct {
	log      *slog.Logger
	routes   *site.Routes
	pages    *site.Pages
	store    Store
	index    Index
	typeSort string
	loc      *time.Location
	now      func() time.Time
	texts    Texts
	photos   Renditions
}

// New is an Assembler over the route table, the pages' configuration and
// what they read.
func New(routes *site.Routes, pages *site.Pages, st Store, ix Index, opts Options, log *slog.Logger) (*Assembler, error) {
	if opts.Texts == nil {
		return nil, errors.New("pagedata: no texts for the titles of missing pages")
	}
	a := &Assembler{log: log, routes: routes, pages: pages, store: st, index: ix, typeSort: opts.TypeSort, loc: opts.Location, now: opts.Now, texts: opts.Texts, photos: opts.Photos}
	if a.loc == nil {
		a.loc = time.UTC
	}
	if a.now == nil {
		a.now = time.Now
	}
	if a.log == nil {
		a.log = slog.New(slog.DiscardHandler)
	}
	return a, nil
}

// Page resolves an escaped request path into what to answer: the page
// data with its status, or a redirect's location with its status.
func (a *Assembler) Page(ctx context.Context, escapedPath string) (site.PageData, string, int) {
	d, loc, status := a.page(ctx, escapedPath)
	d.Year = a.now().In(a.loc).Year()
	return d, loc, status
}

func (a *Assembler) page(ctx context.Context, escapedPath string) (site.PageData, string, int) {
	m, res := a.routes.Resolve(escapedPath)
	switch res {
	case site.Redirect, site.TempRedirect:
		status := http.StatusMovedPermanently
		if res == site.TempRedirect {
			status = http.StatusFound
		}
		return site.PageData{}, m.Location, status
	case site.Found:
		d, ok := a.pages.Found(m)
		if !ok {
			return a.notFound(m.Lang, escapedPath), "", http.StatusNotFound
		}
		d.Preview = strings.Contains(m.Requested, "preview")
		a.addCounts(&d)
		a.addTypeTree(&d)
		a.addListingLinks(ctx, &d)
		a.addModuleListings(ctx, &d)
		a.addProjects(&d)
		a.addTestimonials(&d)
		a.addImageRenditions(&d)
		return d, "", http.StatusOK
	case site.ProjectDetail:
		return a.project(m, escapedPath)
	case site.PropertyRef, site.PropertyDetail:
		return a.property(ctx, m, res, escapedPath)
	}
	return a.notFound(m.Lang, escapedPath), "", http.StatusNotFound
}

// notFound is the not-found page at the requested (escaped) path.
func (a *Assembler) notFound(lang listing.Lang, escapedPath string) site.PageData {
	return a.pages.NotFound(lang, a.notFoundTitle(lang), unescape(escapedPath))
}

// unescape is the decoded path, or the path as it came when it does not decode.
func unescape(escapedPath string) string {
	path, err := url.PathUnescape(escapedPath)
	if err != nil {
		return escapedPath
	}
	return path
}

// logRead logs a failed read unless it is a plain not-found.
func (a *Assembler) logRead(msg string, err error, args ...any) {
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		a.log.Error(msg, append(args, "err", err)...)
	}
}

// addImageRenditions gives the page's configured images (its own and its
// module cards') their renditions on our origin. The page's content is
// shared by every request (site.Pages): what changes is copied first.
func (a *Assembler) addImageRenditions(d *site.PageData) {
	if a.photos == nil || d.Content == nil {
		return
	}
	content := *d.Content
	content.Image.Images = slices.Clone(content.Image.Images)
	for i := range content.Image.Images {
		content.Image.Images[i].Optimized = a.photos.Optimized(content.Image.Images[i].Src)
	}
	content.Modules = slices.Clone(content.Modules)
	for i := range content.Modules {
		items := slices.Clone(content.Modules[i].Items)
		for j, item := range items {
			if item.Image != nil {
				img := *item.Image
				img.Optimized = a.photos.Optimized(img.Src)
				items[j].Image = &img
			}
		}
		content.Modules[i].Items = items
	}
	d.Content = &content
}
