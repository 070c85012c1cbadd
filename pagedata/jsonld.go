package pagedata

import (
	"net/url"
	"strings"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// schemaDays maps the config's day codes to schema.org's DayOfWeek.
var schemaDays = map[string]string{
	"mo": "Monday", "tu": "Tuesday", "we": "Wednesday", "th": "Thursday",
	"fr": "Friday", "sa": "Saturday", "su": "Sunday",
}

// agencyLD is the schema.org RealEstateAgent of the home and office pages.
func agencyLD(a site.Agency, base string, lang string) map[string]any {
	ad := a.Address
	street := strings.TrimSpace(ad.Street + " " + ad.Number)
	if ad.Box != "" {
		street += " " + ad.Box
	}
	country := "BE"
	if ad.CountryID == 50 {
		country = "LU"
	}
	var hours []map[string]any
	for _, h := range a.OpeningHours {
		if h.ByAppointment {
			continue
		}
		days := make([]string, 0, len(h.Days))
		for _, d := range h.Days {
			days = append(days, schemaDays[d])
		}
		hours = append(hours, map[string]any{
			"@type": "OpeningHoursSpecification", "dayOfWeek": days, "opens": h.Opens, "closes": h.Closes,
		})
	}
	ld := map[string]any{
		"@context": "https://schema.org",
		"@type":    "RealEstateAgent",
		"@id":      base + "/#agency",
		"name":     a.Name,
		"url":      base + "/" + lang + "/",
		"address": map[string]any{
			"@type": "PostalAddress", "streetAddress": street, "postalCode": ad.Zip,
			"addressLocality": ad.City, "addressCountry": country,
		},
	}
	if a.LegalName != "" {
		ld["legalName"] = a.LegalName
	}
	if a.Logo.Src != "" {
		ld["logo"] = AbsURL(base, a.Logo.Src)
		ld["image"] = AbsURL(base, a.Logo.Src)
	}
	if a.PhoneHref != "" {
		ld["telephone"] = strings.TrimPrefix(a.PhoneHref, "tel:")
	}
	if a.Email != "" {
		ld["email"] = a.Email
	}
	if a.VAT != "" {
		ld["vatID"] = a.VAT
	}
	if a.Geo.Lat != 0 || a.Geo.Lng != 0 {
		ld["geo"] = map[string]any{"@type": "GeoCoordinates", "latitude": a.Geo.Lat, "longitude": a.Geo.Lng}
	}
	if len(hours) > 0 {
		ld["openingHoursSpecification"] = hours
	}
	return ld
}

// breadcrumbLD is the schema.org BreadcrumbList of a page's trail.
func breadcrumbLD(trail []site.Crumb, base string) map[string]any {
	items := make([]map[string]any, 0, len(trail))
	for i, c := range trail {
		item := map[string]any{"@type": "ListItem", "position": i + 1, "name": c.Name}
		if c.Path != "" {
			item["item"] = AbsURL(base, c.Path)
		}
		items = append(items, item)
	}
	return map[string]any{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

// AbsURL makes a decoded site path an absolute, percent-encoded address,
// so every link to a page (canonical, hreflang, og:url, sitemap, JSON-LD)
// is spelt the same; addresses that already are absolute stay. With an
// empty base it is the path as a Location header writes it.
func AbsURL(base, p string) string {
	if p == "" || strings.Contains(p, "://") {
		return p
	}
	return base + (&url.URL{Path: p}).EscapedPath()
}

// Schema.org and GoodRelations terms of a listing's offer.
const (
	grSell          = "http://purl.org/goodrelations/v1#Sell"
	grLeaseOut      = "http://purl.org/goodrelations/v1#LeaseOut"
	schemaInStock   = "https://schema.org/InStock"
	schemaLimited   = "https://schema.org/LimitedAvailability"
	schemaSoldOut   = "https://schema.org/SoldOut"
	maxListingImage = 10
)

// listingLD is the schema.org RealEstateListing of a property page. It is
// built from the visitor-safe view only, so what the owner keeps private
// (street, exact point, price on request) cannot reach it: the street and
// the point come only with a published address, the price only when
// published.
func listingLD(d site.PageData, base string) map[string]any {
	p := d.Property
	pageURL := AbsURL(base, d.Path)
	offer := map[string]any{"@type": "Offer", "url": pageURL, "businessFunction": grSell}
	if p.Goal == listing.Rent {
		offer["businessFunction"] = grLeaseOut
	}
	switch p.Status {
	case listing.Sold, listing.Rented:
		offer["availability"] = schemaSoldOut
	case listing.Option:
		offer["availability"] = schemaLimited
	default:
		offer["availability"] = schemaInStock
	}
	if p.Price.Amount != nil {
		offer["price"] = *p.Price.Amount
		offer["priceCurrency"] = "EUR"
	}
	place := placeLD(p.Address, p.Geo)
	ld := map[string]any{
		"@context":        "https://schema.org",
		"@type":           "RealEstateListing",
		"@id":             pageURL + "#listing",
		"name":            d.Title,
		"url":             pageURL,
		"inLanguage":      string(d.Lang),
		"offers":          offer,
		"about":           place,
		"contentLocation": place,
	}
	if !p.Posted.IsZero() {
		ld["datePosted"] = p.Posted.UTC().Format("2006-01-02")
	}
	if !p.Modified.IsZero() {
		ld["dateModified"] = p.Modified.UTC().Format("2006-01-02")
	}
	if d.Description != "" {
		ld["description"] = d.Description
	}
	if len(p.Photos) > 0 {
		ld["image"] = imagesLD(p.Photos, base)
	}
	return ld
}

// imagesLD are the absolute addresses of the first photos.
func imagesLD(photos []site.DetailPhoto, base string) []string {
	out := make([]string, 0, maxListingImage)
	for _, ph := range photos[:min(len(photos), maxListingImage)] {
		out = append(out, AbsURL(base, ph.URL))
	}
	return out
}

// placeLD is the schema.org Place of an address: the street and the point
// only when the address is published.
func placeLD(a site.DetailAddress, geo *site.DetailGeo) map[string]any {
	addr := map[string]any{"@type": "PostalAddress", "postalCode": a.Zip, "addressLocality": a.City}
	switch a.CountryID {
	case listing.CountryBelgium:
		addr["addressCountry"] = "BE"
	case listing.CountryLuxembourg:
		addr["addressCountry"] = "LU"
	default:
		if a.CountryName != "" {
			addr["addressCountry"] = a.CountryName
		}
	}
	place := map[string]any{"@type": "Place", "address": addr}
	if a.Published {
		if street := streetLine(a); street != "" {
			addr["streetAddress"] = street
		}
		if geo != nil && !geo.Approximate {
			place["geo"] = map[string]any{"@type": "GeoCoordinates", "latitude": geo.Lat, "longitude": geo.Lng}
		}
	}
	return place
}

// projectLD is the schema.org RealEstateListing of a new-build project:
// its price range as an AggregateOffer over the units still for sale.
func projectLD(d site.PageData, base string) map[string]any {
	p := d.Project
	pageURL := AbsURL(base, d.Path)
	offer := map[string]any{"@type": "AggregateOffer", "url": pageURL, "businessFunction": grSell, "availability": schemaInStock}
	if p.SoldOut {
		offer["availability"] = schemaSoldOut
	}
	left := 0
	for _, u := range p.Units {
		if u.Status == listing.Available || u.Status == listing.Option {
			left++
		}
	}
	if left > 0 {
		offer["offerCount"] = left
	}
	if p.PriceMin > 0 {
		offer["lowPrice"] = p.PriceMin
		offer["priceCurrency"] = "EUR"
	}
	if p.PriceMax > 0 {
		offer["highPrice"] = p.PriceMax
		offer["priceCurrency"] = "EUR"
	}
	place := placeLD(p.Address, p.Geo)
	ld := map[string]any{
		"@context": "https://schema.org", "@type": "RealEstateListing", "@id": pageURL + "#listing",
		"name": d.Title, "url": pageURL, "inLanguage": string(d.Lang),
		"offers": offer, "about": place, "contentLocation": place,
	}
	if d.Description != "" {
		ld["description"] = d.Description
	}
	if len(p.Photos) > 0 {
		ld["image"] = imagesLD(p.Photos, base)
	}
	return ld
}

// streetLine is "Street 12/3" of a published address, as
// listing.FormatAddress writes it.
func streetLine(a site.DetailAddress) string {
	s := strings.TrimSpace(a.Street + " " + a.HouseNumber)
	if a.Box != "" && s != "" {
		s += "/" + strings.TrimLeft(a.Box, "/ ")
	}
	return s
}
