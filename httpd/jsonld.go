package httpd

import (
	"encoding/json"
	"html/template"
	"strings"

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
		ld["logo"] = absURL(base, a.Logo.Src)
		ld["image"] = absURL(base, a.Logo.Src)
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
			item["item"] = absURL(base, c.Path)
		}
		items = append(items, item)
	}
	return map[string]any{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

// ldScripts encodes JSON-LD objects for the head. json.Marshal escapes
// <, > and &, so a value cannot end the script element.
func ldScripts(objs ...map[string]any) []template.JS {
	out := make([]template.JS, 0, len(objs))
	for _, o := range objs {
		b, err := json.Marshal(o)
		if err != nil {
			continue // every value here is a string, number or map of them
		}
		out = append(out, template.JS(b)) // #nosec G203 -- escaped JSON, see above
	}
	return out
}

// absURL makes a decoded site path an absolute, percent-encoded address,
// so every link to a page (canonical, hreflang, og:url, sitemap, JSON-LD)
// is spelt the same; addresses that already are absolute stay.
func absURL(base, p string) string {
	if p == "" || strings.Contains(p, "://") {
		return p
	}
	return base + escapeLocation(p)
}
