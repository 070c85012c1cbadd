package pagedata

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// addCounts gives the home and the lists the active listings per goal.
func (a *Assembler) addCounts(d *site.PageData) {
	switch d.View {
	case site.ViewHome, site.ViewForSale, site.ViewForRent:
	default:
		return
	}
	var n site.Counts
	for _, c := range a.index.CityCounts(d.Lang) {
		n.Sale += c[0]
		n.Rent += c[1]
	}
	d.Counts = &n
}

// crawlPage is how many listings a list page offers as plain links.
const crawlPage = 24

// addListingLinks gives a list page its first results as plain links (the
// UI's default order); a search or store error costs the links, not the page.
func (a *Assembler) addListingLinks(ctx context.Context, d *site.PageData) {
	goal := map[site.View]listing.Goal{site.ViewForSale: listing.Sale, site.ViewForRent: listing.Rent}[d.View]
	if goal == "" {
		return
	}
	props, err := a.found(ctx, d.Lang, index.SearchRequest{Kind: index.KindProperty, Filter: index.Term{Attr: "goal", Value: string(goal)}, Length: crawlPage})
	if err != nil {
		a.log.Error("page: list links", "lang", d.Lang, "err", err)
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

// found are the listings a search finds, in its order.
func (a *Assembler) found(ctx context.Context, lang listing.Lang, req index.SearchRequest) ([]listing.Property, error) {
	res, err := a.index.Find(ctx, lang, req)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	props, err := a.store.PropertiesByID(lang, res.IntIDs())
	if err != nil {
		return nil, fmt.Errorf("read the hits: %w", err)
	}
	return props, nil
}

// addModuleListings fills the cards of the modules that show a list's
// newest listings still on the market. The content is shared by every
// request, so the page gets its own copy of the modules it fills; a search
// error costs the cards, not the page.
func (a *Assembler) addModuleListings(ctx context.Context, d *site.PageData) {
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
		filled.Cards = a.newestCards(ctx, d.Lang, filled.Goal, filled.Max)
		content.Modules[i].Listings = &filled
	}
}

// newestCards are the cards of a goal's newest listings still on the market.
func (a *Assembler) newestCards(ctx context.Context, lang listing.Lang, goal listing.Goal, n int) []site.SimilarCard {
	cards := []site.SimilarCard{}
	filter := index.And{index.Term{Attr: "goal", Value: string(goal)},
		index.Or{index.Term{Attr: "status", Value: string(listing.Available)}, index.Term{Attr: "status", Value: string(listing.Option)}}}
	props, err := a.found(ctx, lang, index.SearchRequest{Kind: index.KindProperty, Filter: filter, Sort: index.SortNewest, Length: n})
	if err != nil {
		a.log.Error("page: newest listings", "lang", lang, "goal", goal, "err", err)
		return cards
	}
	for _, p := range props {
		cards = append(cards, site.Card(p, lang))
	}
	return cards
}

// addTestimonials gives the guestbook its published testimonials; a store
// error costs the list, not the page.
func (a *Assembler) addTestimonials(d *site.PageData) {
	if d.View != site.ViewGuestbook {
		return
	}
	leads, err := a.store.PublishedTestimonials()
	if err != nil {
		a.log.Error("page: read testimonials", "err", err)
		return
	}
	d.Testimonials = []site.Testimonial{}
	for _, l := range leads {
		text := func(k string) string { s, _ := l.Fields[k].(string); return s }
		d.Testimonials = append(d.Testimonials, site.Testimonial{ID: l.ID, Name: text("name"), About: text("about"),
			Website: text("website"), Comment: text("comment"), Date: l.Received.In(a.loc).Format("2/1/2006")})
	}
}

// addTypeTree gives a list page its type filter and its towns' postcodes,
// and the demand register the types a searcher can ask for (those offered
// for sale: the platform offers every type for both); a store error costs
// the choice, not the page.
func (a *Assembler) addTypeTree(d *site.PageData) {
	goal := map[site.View]listing.Goal{site.ViewForSale: listing.Sale, site.ViewForRent: listing.Rent,
		site.ViewDemandRegister: listing.Sale}[d.View]
	if goal == "" {
		return
	}
	types, err := a.store.Types(d.Lang)
	if err != nil {
		a.log.Error("page: read property types", "lang", d.Lang, "err", err)
		return
	}
	d.TypeTree = site.TypeTree(types, goal, d.Lang, a.typeSort)
	if d.View == site.ViewDemandRegister {
		return
	}
	cities, err := a.store.Cities(d.Lang)
	if err != nil {
		a.log.Error("page: read towns", "lang", d.Lang, "err", err)
		return
	}
	d.TownZips = site.TownZips(cities)
}
