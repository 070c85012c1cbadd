package httpd_test

// The property pages over the whole stack: the demo listings, one of them
// withdrawn the way a sync run withdraws what the platform stopped listing.

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

// detailPage fetches a property's canonical page and returns its status,
// head and page data.
func (e *propertyEnv) detailPage(t *testing.T, p listing.Property, lang listing.Lang) (int, head, string, site.PageData) {
	t.Helper()
	path := (&url.URL{Path: site.CanonicalDetail(p, lang)}).EscapedPath()
	resp, body := get(t, e.url+path)
	h := parseHead(t, body)
	var d site.PageData
	if err := json.Unmarshal([]byte(h.pageData), &d); err != nil {
		t.Fatalf("%s: page data: %v", path, err)
	}
	return resp.StatusCode, h, body, d
}

func listingOf(t *testing.T, h head) map[string]any {
	t.Helper()
	for _, v := range h.jsonLD {
		if v["@type"] == "RealEstateListing" {
			return v
		}
	}
	t.Fatalf("no RealEstateListing among %v", h.ldTypes())
	return nil
}

func TestPropertyJSONLD(t *testing.T) {
	e := newPropertyEnv(t)
	cases := []struct {
		name         string
		ok           func(listing.Property) bool
		function     string
		availability string
	}{
		{"published sale price", func(p listing.Property) bool {
			return p.Goal == listing.Sale && p.Price.Published && p.Status == listing.Available && p.Address.Published
		}, "http://purl.org/goodrelations/v1#Sell", "https://schema.org/InStock"},
		{"price on request", func(p listing.Property) bool { return !p.Price.Published }, "", ""},
		{"rent", func(p listing.Property) bool {
			return p.Goal == listing.Rent && p.Price.Published && p.Status == listing.Available
		},
			"http://purl.org/goodrelations/v1#LeaseOut", "https://schema.org/InStock"},
		{"sold", func(p listing.Property) bool { return p.Status == listing.Sold }, "", "https://schema.org/SoldOut"},
		{"rented", func(p listing.Property) bool { return p.Status == listing.Rented }, "", "https://schema.org/SoldOut"},
	}
	for _, lang := range demoLangs {
		for _, c := range cases {
			t.Run(string(lang)+"/"+c.name, func(t *testing.T) {
				p := find(t, e.props[lang], c.name+" listing", c.ok)
				status, h, _, d := e.detailPage(t, p, lang)
				if status != http.StatusOK {
					t.Fatalf("status %d", status)
				}
				ld := listingOf(t, h)
				if ld["@context"] != "https://schema.org" || ld["name"] != d.Title || ld["url"] != h.canonical {
					t.Errorf("context, name or url: %v %v %v", ld["@context"], ld["name"], ld["url"])
				}
				if ld["datePosted"] != p.Created.UTC().Format("2006-01-02") {
					t.Errorf("datePosted %v, created %v", ld["datePosted"], p.Created)
				}
				if imgs, _ := ld["image"].([]any); len(p.Media.Pictures) > 0 && (len(imgs) == 0 || imgs[0] != siteOrigin+p.Media.Pictures[0].URL) {
					t.Errorf("image %v", ld["image"])
				}
				offer, _ := ld["offers"].(map[string]any)
				if offer == nil || offer["@type"] != "Offer" {
					t.Fatalf("offers %v", ld["offers"])
				}
				price, hasPrice := offer["price"]
				if p.Price.Published {
					if !hasPrice || price != p.Price.Amount || offer["priceCurrency"] != "EUR" {
						t.Errorf("offer price %v %v, listing %v", price, offer["priceCurrency"], p.Price.Amount)
					}
				} else if hasPrice || offer["priceCurrency"] != nil {
					t.Errorf("price on request has an offer price %v", price)
				}
				if c.function != "" && offer["businessFunction"] != c.function {
					t.Errorf("businessFunction %v", offer["businessFunction"])
				}
				if c.availability != "" && offer["availability"] != c.availability {
					t.Errorf("availability %v", offer["availability"])
				}
				place, _ := ld["about"].(map[string]any)
				addr, _ := place["address"].(map[string]any)
				if addr["postalCode"] != p.Address.Zip || addr["addressLocality"] != p.Address.City {
					t.Errorf("address %v", addr)
				}
				_, hasStreet := addr["streetAddress"]
				_, hasGeo := place["geo"]
				if hasStreet != p.Address.Published || (p.Geo != nil && hasGeo != p.Address.Published) {
					t.Errorf("published %v: street %v, geo %v", p.Address.Published, hasStreet, hasGeo)
				}
				if !slicesContain(h.ldTypes(), "BreadcrumbList") {
					t.Errorf("no BreadcrumbList: %v", h.ldTypes())
				}
			})
		}
	}
}

func slicesContain(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// An unpublished address leaves no street and no exact point anywhere in
// the first HTML: head, JSON-LD, page data.
func TestPropertyAddressHidden(t *testing.T) {
	e := newPropertyEnv(t)
	n := 0
	for _, lang := range demoLangs {
		for _, p := range e.props[lang] {
			if p.Address.Published {
				continue
			}
			n++
			status, _, body, d := e.detailPage(t, p, lang)
			if status != http.StatusOK {
				t.Fatalf("%d: status %d", p.ID, status)
			}
			if p.Address.Street == "" || p.Geo == nil {
				t.Fatalf("%d: the demo's hidden address should have a street and a point to hide", p.ID)
			}
			for _, secret := range []string{
				p.Address.Street, strconv.FormatFloat(p.Geo.Lat, 'f', -1, 64), strconv.FormatFloat(p.Geo.Lng, 'f', -1, 64),
			} {
				if strings.Contains(body, secret) || strings.Contains(body, jsonString(secret)) {
					t.Errorf("%s %d: the page shows %q", lang, p.ID, secret)
				}
			}
			v := d.Property
			if v == nil || v.Address.Street != "" || v.Address.HouseNumber != "" || v.Address.Published {
				t.Fatalf("%d: address %+v", p.ID, v)
			}
			if v.Geo == nil || !v.Geo.Approximate {
				t.Errorf("%d: geo %+v, want an approximate point", p.ID, v.Geo)
			}
		}
	}
	if n == 0 {
		t.Fatal("the demo has no listing with a hidden address")
	}
}

// jsonString is s as the page data's JSON spells it (accents stay, but
// an apostrophe or ampersand would be escaped).
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return strings.Trim(string(b), `"`)
}

func TestPropertyStatuses(t *testing.T) {
	e := newPropertyEnv(t)

	t.Run("unknown", func(t *testing.T) {
		for _, path := range []string{"/nl/te-koop/bouillon/bestaat-niet/999999/", "/fr/a-vendre/bouillon/n-existe-pas/999999/"} {
			resp, body := get(t, e.url+(&url.URL{Path: path}).EscapedPath())
			if resp.StatusCode != http.StatusNotFound {
				t.Errorf("%s: status %d", path, resp.StatusCode)
			}
			var d site.PageData
			if err := json.Unmarshal([]byte(parseHead(t, body).pageData), &d); err != nil || d.View != site.ViewNotFound || d.Status != http.StatusNotFound {
				t.Errorf("%s: view %q status %d (%v)", path, d.View, d.Status, err)
			}
			// The spec's 'Property Not Found', not the generic page.
			if want := map[bool]string{true: "Pand niet gevonden", false: "Bien introuvable"}[strings.HasPrefix(path, "/nl/")]; d.Missing != "property" || d.Title != want {
				t.Errorf("%s: missing %q title %q, want %q", path, d.Missing, d.Title, want)
			}
		}
	})

	t.Run("withdrawn", func(t *testing.T) {
		w := e.withdrawn
		status, h, _, d := e.detailPage(t, w, listing.NL)
		if status != http.StatusGone || d.Status != http.StatusGone || d.View != site.ViewProperty {
			t.Fatalf("status %d, data %d %q", status, d.Status, d.View)
		}
		if d.Property == nil || !d.Property.Withdrawn || d.Property.ID != w.ID {
			t.Fatalf("property %+v", d.Property)
		}
		if !strings.Contains(h.robots, "noindex") {
			t.Errorf("robots %q", h.robots)
		}
		if slicesContain(h.ldTypes(), "RealEstateListing") {
			t.Error("a withdrawn listing still offers itself in JSON-LD")
		}
		if h.meta["og:type"] != "website" {
			t.Errorf("og:type %q: a withdrawn listing is no product on offer", h.meta["og:type"])
		}
		// It states that it is withdrawn: no price, no availability, no banner.
		v := d.Property
		if v.Status != site.StatusWithdrawn || v.PriceText != "" || v.Price.Amount != nil || v.Price.Text != "" || v.MarqueeName != "" || v.Availability != "" {
			t.Errorf("withdrawn view: status %q, price %q %+v, banner %q, availability %q", v.Status, v.PriceText, v.Price, v.MarqueeName, v.Availability)
		}
		if !w.Price.Published || w.Price.Amount == 0 {
			t.Fatalf("the withdrawn demo listing should have had a price to hide: %+v", w.Price)
		}
		property, _ := json.Marshal(v)
		price := listing.PriceText(w.Price, w.Goal, listing.NL)
		for _, gone := range []string{price, strconv.FormatFloat(w.Price.Amount, 'f', -1, 64), `"available"`} {
			if strings.Contains(string(property), gone) || strings.Contains(h.title+h.meta["description"]+h.meta["og:description"], gone) {
				t.Errorf("the 410 page still states %s", gone)
			}
		}
		checkSimilar(t, e, w, d.Similar)

		// No hreflang for a page that is gone, but its language switcher
		// leads to the same listing's 410 page in French.
		if len(d.Alternates) != 0 {
			t.Errorf("alternates %+v", d.Alternates)
		}
		var fr string
		for _, a := range d.SwitchTo {
			if a.Lang == listing.FR {
				fr = a.Path
			}
		}
		if !strings.HasPrefix(fr, "/fr/") || !strings.HasSuffix(fr, "/"+strconv.Itoa(w.ID)+"/") {
			t.Fatalf("switchTo %+v: no French path of listing %d", d.SwitchTo, w.ID)
		}
		if resp, _ := get(t, e.url+fr); resp.StatusCode != http.StatusGone {
			t.Errorf("%s: status %d, want the French 410 page", fr, resp.StatusCode)
		}

		// /api/page answers the same data with 200.
		resp, body := get(t, e.url+"/api/page?path="+url.QueryEscape(site.CanonicalDetail(w, listing.NL)))
		var api site.PageData
		if err := json.Unmarshal([]byte(body), &api); err != nil || resp.StatusCode != http.StatusOK || api.Status != http.StatusGone || !api.Property.Withdrawn || len(api.Similar) == 0 {
			t.Errorf("api: %d %v %d", resp.StatusCode, err, api.Status)
		}

		// Nor does the sitemap offer it, in any language.
		_, sitemap := get(t, e.url+"/sitemap.xml")
		if strings.Contains(sitemap, "/"+strconv.Itoa(w.ID)+"/</loc>") {
			t.Errorf("the sitemap lists withdrawn listing %d", w.ID)
		}
	})

	t.Run("similar on an available listing", func(t *testing.T) {
		for _, lang := range demoLangs {
			p := find(t, e.props[lang], "a sale listing", func(p listing.Property) bool { return p.Goal == listing.Sale })
			_, _, _, d := e.detailPage(t, p, lang)
			checkSimilar(t, e, p, d.Similar)
		}
	})
}

// checkSimilar: up to 4 active listings of the same goal and language,
// never the property itself, the ones of its type first.
func checkSimilar(t *testing.T, e *propertyEnv, p listing.Property, cards []site.SimilarCard) {
	t.Helper()
	if len(cards) == 0 || len(cards) > site.SimilarLimit {
		t.Fatalf("%d similar cards", len(cards))
	}
	active := map[int]listing.Property{}
	sameType := 0
	for _, o := range e.props[p.Lang] {
		active[o.ID] = o
		if o.ID != p.ID && o.Goal == p.Goal && o.Type == p.Type {
			sameType++
		}
	}
	for i, c := range cards {
		o, ok := active[c.ID]
		switch {
		case !ok:
			t.Errorf("card %d is not an active listing", c.ID)
		case c.ID == p.ID:
			t.Errorf("the property is its own similar")
		case o.Goal != p.Goal:
			t.Errorf("card %d: goal %s", c.ID, o.Goal)
		case i < sameType && o.Type != p.Type:
			t.Errorf("card %d of type %s before one of type %s", c.ID, o.Type, p.Type)
		case c.URL != site.CanonicalDetail(o, p.Lang) || c.PriceText == "":
			t.Errorf("card %+v", c)
		}
	}
}

// The first photo is preloaded in a rendition the page shows, not the
// 1600 px original alone.
func TestPropertyPreload(t *testing.T) {
	e := newPropertyEnv(t)
	p := find(t, e.props[listing.NL], "a listing with photos", func(p listing.Property) bool { return len(p.Media.Pictures) > 0 })
	_, _, body, _ := e.detailPage(t, p, listing.NL)
	pic := p.Media.Pictures[0]
	var r1360 string
	for _, v := range pic.Variants {
		if v.Width == 1360 {
			r1360 = v.URL
		}
	}
	if r1360 == "" {
		t.Fatalf("%d: no 1360 rendition", p.ID)
	}
	want := `<link rel="preload" as="image" href="` + r1360 + `"`
	i := strings.Index(body, want)
	if i < 0 {
		t.Fatalf("no preload of %s in\n%s", r1360, body[:min(len(body), 3000)])
	}
	tag := body[i : i+strings.Index(body[i:], ">")]
	if !strings.Contains(tag, `imagesrcset="`) || !strings.Contains(tag, " 1360w") || !strings.Contains(tag, `imagesizes="`) {
		t.Errorf("preload without srcset: %s", tag)
	}
}
