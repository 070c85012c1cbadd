package pagedata

import (
	"strings"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// Head is what a page's head states besides the page data: its addresses
// in every language, what it shares (Open Graph), its structured data and
// the image the first paint waits for.
type Head struct {
	Canonical  string
	Alternates []Hreflang
	XDefault   string
	Image      string // og:image, absolute
	Locale     string
	Locales    []string
	SiteName   string
	// OGType is "product" for a listing on offer, "website" for every other
	// page, a withdrawn listing's included: nothing is offered there.
	OGType string
	// FirstImage is the page's largest image, fetched before the UI asks
	// for it (the home banner, a detail's first photo, a list's first card).
	FirstImage *Preload
	// StructuredData are the page's JSON-LD objects, in the head's order.
	StructuredData []map[string]any
}

// Hreflang is one language's address of a page.
type Hreflang struct{ Lang, URL string }

// ogLocales are the Open Graph locales of the site's languages (Belgian
// Dutch and French; the agency writes English and German for visitors
// from abroad).
var ogLocales = map[listing.Lang]string{listing.NL: "nl_BE", listing.FR: "fr_BE", listing.EN: "en_GB", listing.DE: "de_DE"}

// Heads writes the heads of one site.
type Heads struct {
	base   string
	agency site.Agency
	banner config.ImageSetting
	def    listing.Lang
}

// NewHeads writes heads for the site at baseURL, whose default language
// is def (the x-default alternate).
func NewHeads(baseURL string, sd site.SiteData, def listing.Lang) *Heads {
	return &Heads{base: strings.TrimSuffix(baseURL, "/"), agency: sd.Agency, banner: sd.Banner, def: def}
}

// Head is the head of page d.
func (h *Heads) Head(d site.PageData) Head {
	hd := Head{
		Canonical: AbsURL(h.base, d.Path),
		Locale:    ogLocales[d.Lang],
		OGType:    "website",
		SiteName:  h.agency.Name,
		Image:     AbsURL(h.base, d.Image),
	}
	for _, a := range d.Alternates {
		hd.Alternates = append(hd.Alternates, Hreflang{Lang: string(a.Lang), URL: AbsURL(h.base, a.Path)})
		if a.Lang == h.def {
			hd.XDefault = AbsURL(h.base, a.Path)
		}
		if a.Lang != d.Lang {
			hd.Locales = append(hd.Locales, ogLocales[a.Lang])
		}
	}
	switch {
	case d.Property != nil && len(d.Property.Photos) > 0:
		hd.FirstImage = photoPreload(d.Property.Photos[0])
	case d.Project != nil && len(d.Project.Photos) > 0:
		hd.FirstImage = photoPreload(d.Project.Photos[0])
	case d.View == site.ViewHome:
		hd.FirstImage = bannerPreload(h.banner)
	case d.FirstPhoto != nil:
		hd.FirstImage = cardPreload(*d.FirstPhoto)
	}
	objs := []map[string]any{breadcrumbLD(d.Breadcrumb, h.base)}
	if d.View == site.ViewHome || d.View == site.ViewOffice {
		objs = append([]map[string]any{agencyLD(h.agency, h.base, string(d.Lang))}, objs...)
	}
	switch {
	case d.Property != nil && !d.Property.Withdrawn:
		hd.OGType = "product"
		objs = append([]map[string]any{listingLD(d, h.base)}, objs...)
	case d.Project != nil:
		objs = append([]map[string]any{projectLD(d, h.base)}, objs...)
	}
	hd.StructuredData = objs
	return hd
}
