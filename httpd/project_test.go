package httpd_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
)

func pageData(t *testing.T, body string) site.PageData {
	t.Helper()
	var d site.PageData
	if err := json.Unmarshal([]byte(parseHead(t, body).pageData), &d); err != nil {
		t.Fatalf("page data: %v", err)
	}
	return d
}

// The project list and every demo project's detail page, in nl and fr.
func TestProjectPages(t *testing.T) {
	e := newPagesEnv(t, nil)
	var details []string
	for _, lang := range demoLangs {
		list := map[listing.Lang]string{listing.NL: "/nl/nieuwbouw/", listing.FR: "/fr/neuf/"}[lang]
		resp, body := get(t, e.url+list)
		d := pageData(t, body)
		if resp.StatusCode != http.StatusOK || d.View != site.ViewProjects || len(d.Projects) == 0 {
			t.Fatalf("%s: %d %q %d projects", list, resp.StatusCode, d.View, len(d.Projects))
		}
		if first := d.Projects[0].Thumbnail; first == nil || !strings.Contains(body, `<link rel="preload" as="image" href="`+first.URL+`" imagesrcset=`) {
			t.Errorf("%s: the first card's photo is not preloaded", list)
		}
		for _, card := range d.Projects {
			details = append(details, card.URL)
			if !strings.HasPrefix(card.URL, list) || card.Name == "" || card.Thumbnail == nil {
				t.Errorf("card %+v", card)
			}
			resp, body := get(t, e.url+(&url.URL{Path: card.URL}).EscapedPath())
			pd := pageData(t, body)
			if resp.StatusCode != http.StatusOK || pd.View != site.ViewProject || pd.Project == nil || pd.Project.ID != card.ID {
				t.Fatalf("%s: %d %q", card.URL, resp.StatusCode, pd.View)
			}
			p := pd.Project
			if len(p.Units) == 0 || p.Name != card.Name || pd.Title != card.Name || len(pd.Alternates) != len(demoLangs) {
				t.Errorf("%s: %d units, alternates %v", card.URL, len(p.Units), pd.Alternates)
			}
			if n := len(pd.Breadcrumb); n != 3 || pd.Breadcrumb[1].Path != list || pd.Breadcrumb[2].Path != card.URL {
				t.Errorf("%s: breadcrumb %v", card.URL, pd.Breadcrumb)
			}
			var ld map[string]any
			for _, v := range parseHead(t, body).jsonLD {
				if v["@type"] == "RealEstateListing" {
					ld = v
				}
			}
			offer, _ := ld["offers"].(map[string]any)
			if offer["@type"] != "AggregateOffer" || offer["lowPrice"] != p.PriceMin || offer["highPrice"] != p.PriceMax || offer["priceCurrency"] != "EUR" {
				t.Errorf("%s: JSON-LD offer %v", card.URL, offer)
			}
			if !strings.Contains(body, `<link rel="preload" as="image"`) {
				t.Errorf("%s: no photo preload", card.URL)
			}
			// A stale slug is sent to the canonical path.
			stale := strings.Replace(card.URL, "/"+listing.Slug(card.Name)+"/", "/oude-naam/", 1)
			if resp, _ := get(t, e.url+stale); resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != (&url.URL{Path: card.URL}).EscapedPath() {
				t.Errorf("%s: %d to %q", stale, resp.StatusCode, resp.Header.Get("Location"))
			}
		}
		unknown := list + "bestaat-niet/999999/"
		resp, body = get(t, e.url+unknown)
		if d := pageData(t, body); resp.StatusCode != http.StatusNotFound || d.View != site.ViewProject || d.Project != nil || d.Status != http.StatusNotFound {
			t.Errorf("%s: %d %q", unknown, resp.StatusCode, d.View)
		}
	}
	_, sitemap := get(t, e.url+"/sitemap.xml")
	for _, path := range append(details, "/nl/nieuwbouw/", "/fr/neuf/") {
		if !strings.Contains(sitemap, "<loc>"+siteOrigin+(&url.URL{Path: path}).EscapedPath()+"</loc>") {
			t.Errorf("the sitemap does not list %s", path)
		}
	}
}
