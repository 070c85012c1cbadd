package pagedata

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// property answers a detail path or a bare reference: the page, a 301 to
// the canonical path, or the 'property not found' page.
func (a *Assembler) property(ctx context.Context, m site.Match, res site.Result, escapedPath string) (site.PageData, string, int) {
	prop, err := a.store.Property(m.Lang, m.PropertyID)
	if err != nil {
		a.logRead("page: read property", err, "id", m.PropertyID)
		d := a.notFound(m.Lang, escapedPath)
		d.Missing = "property"
		d.Title = a.propertyNotFoundTitle(m.Lang)
		d.DocumentTitle = a.pages.DocumentTitle(d.Title, m.Lang)
		return d, "", http.StatusNotFound
	}
	canonical, wrong := site.DetailRedirect(m, prop)
	if res == site.PropertyRef || wrong {
		return site.PageData{}, canonical, http.StatusMovedPermanently
	}
	var others []listing.Property
	for _, l := range a.routes.Languages() {
		if l == m.Lang {
			continue
		}
		if o, err := a.store.Property(l, prop.ID); err == nil {
			others = append(others, o)
		}
	}
	d := a.pages.Property(m.Lang, prop, others)
	if d.Property != nil && prop.ProjectID != 0 {
		d.Property.Project = a.projectLink(m.Lang, prop.ProjectID)
	}
	d.Similar = a.similar(ctx, prop)
	if d.Property != nil && !prop.Withdrawn && prop.Status == listing.Available {
		d.Property.VisitSlots = a.visitSlots(prop.ID, a.now())
	}
	return d, "", d.Status
}

// visitSlots are a property's visits after now with their free places; a
// store error costs the booking form its choices, not the page.
func (a *Assembler) visitSlots(propertyID int, now time.Time) []site.VisitSlot {
	slots, err := a.store.VisitSlots(propertyID)
	if err != nil {
		a.log.Error("page: read visit slots", "property", propertyID, "err", err)
		return nil
	}
	out := []site.VisitSlot{}
	for _, s := range slots {
		if !s.Start.After(now) {
			continue
		}
		ours, err := a.store.SlotBookings(s.ID)
		if err != nil {
			a.log.Error("page: read slot bookings", "slot", s.ID, "err", err)
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
func (a *Assembler) projectLink(lang listing.Lang, id int) *site.ProjectLink {
	proj, err := a.store.Project(lang, id)
	if err != nil {
		a.logRead("page: read a unit's project", err, "id", id)
		return nil
	}
	if proj.Withdrawn {
		return nil
	}
	path, ok := a.routes.ProjectPath(proj, lang)
	if !ok {
		return nil
	}
	return &site.ProjectLink{Name: proj.Name, URL: path}
}

// similar are the cards offered beside a property; a search or store error
// costs the cards, not the page. The index gives the few candidates that can
// rank (the nearest prices on either side, same type first), so a detail page
// reads a handful of listings however many the agency has; site.Similar
// ranks them.
func (a *Assembler) similar(ctx context.Context, prop listing.Property) []site.SimilarCard {
	ids, err := a.similarCandidates(ctx, prop)
	if err == nil {
		var props []listing.Property
		if props, err = a.store.PropertiesByID(prop.Lang, ids); err == nil {
			return site.Similar(prop, props, prop.Lang)
		}
		err = fmt.Errorf("read the candidates similar to %d: %w", prop.ID, err)
	}
	a.log.Error("page: similar properties", "id", prop.ID, "err", err)
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
func (a *Assembler) similarCandidates(ctx context.Context, prop listing.Property) ([]int, error) {
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
			res, err := a.index.Find(ctx, prop.Lang, index.SearchRequest{Kind: index.KindProperty, Filter: w.filter, Sort: w.sort, Length: similarWindow})
			if err != nil {
				return fmt.Errorf("similar to %d: %w", prop.ID, err)
			}
			for _, id := range res.IntIDs() {
				if !seen[id] {
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
