package pagedata_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/pagedata"
	"github.com/estate-agency/estate/site"
)

func TestHead(t *testing.T) {
	cfg, _, _ := shipped(t)
	sd, err := site.NewSiteData(cfg)
	if err != nil {
		t.Fatal(err)
	}
	heads := pagedata.NewHeads("https://agence.example/", sd, listing.NL)
	alternates := []site.Alternate{{Lang: listing.NL, Path: "/nl/je-m'inscris/"}, {Lang: listing.FR, Path: "/fr/je-m'inscris/"}}
	variants := []listing.Image{{URL: "/p/1/100.jpg", Width: 100}, {URL: "/p/1/400.jpg", Width: 400}, {URL: "/p/1/600.jpg", Width: 600},
		{URL: "/p/1/1360.jpg", Width: 1360}, {URL: "/p/1/1600.jpg", Width: 1600}}
	photo := site.DetailPhoto{URL: "/p/1/1600.jpg", Width: 1600, Variants: variants}
	detailPreload := &pagedata.Preload{Href: "/p/1/1360.jpg",
		SrcSet: "/p/1/400.jpg 400w, /p/1/600.jpg 600w, /p/1/1360.jpg 1360w, /p/1/1600.jpg 1600w", Sizes: "(max-width: 1050px) 100vw, 1050px"}
	// An own-origin picture is preloaded in its best format with the srcset
	// of the UI's first <source> (ui/src/lib/photo/pictures.test.ts pins the
	// same strings).
	const base = "/img/3f/3fa9c1d2e4b5a6978812a3b4c5d6e7f8/"
	optimized := &listing.Optimized{Base: base, Width: 1600, Height: 1067,
		Widths: []int{100, 280, 400, 600, 800, 1024, 1360, 1600}, Formats: []string{"avif", "webp", "jpg"}}
	avifSet := func(widths ...int) string {
		var parts []string
		for _, w := range widths {
			parts = append(parts, fmt.Sprintf("%s%d.avif %dw", base, w, w))
		}
		return strings.Join(parts, ", ")
	}
	optimizedPhoto := photo
	optimizedPhoto.Optimized = optimized
	tests := []struct {
		name    string
		page    site.PageData
		ogType  string
		ld      []string
		preload *pagedata.Preload
	}{
		{name: "home: the banner's first photo", page: site.PageData{Lang: listing.NL, View: site.ViewHome, Path: "/nl/"},
			ogType: "website", ld: []string{"RealEstateAgent", "BreadcrumbList"},
			preload: &pagedata.Preload{Href: cfg.Site.Shell.Banner.Images[0].Src, SrcSet: site.Banner().SrcSet(cfg.Site.Shell.Banner.Images[0].Src, cfg.Site.Shell.Banner.Images[0].Width), Sizes: site.Banner().Sizes}},
		{name: "office", page: site.PageData{Lang: listing.FR, View: site.ViewOffice, Path: "/fr/bureau/"},
			ogType: "website", ld: []string{"RealEstateAgent", "BreadcrumbList"}},
		{name: "a listing on offer: its photo nearest 1360 px", page: site.PageData{Lang: listing.NL, View: site.ViewProperty, Path: "/nl/te-koop/x/y/1/",
			Property: &site.PropertyView{ID: 1, Photos: []site.DetailPhoto{photo}}},
			ogType: "product", ld: []string{"RealEstateListing", "BreadcrumbList"}, preload: detailPreload},
		{name: "a withdrawn listing offers nothing", page: site.PageData{Lang: listing.NL, View: site.ViewProperty, Path: "/nl/te-koop/x/y/1/",
			Property: &site.PropertyView{ID: 1, Withdrawn: true, Photos: []site.DetailPhoto{photo}}},
			ogType: "website", ld: []string{"BreadcrumbList"}, preload: detailPreload},
		{name: "a photo without renditions", page: site.PageData{Lang: listing.NL, View: site.ViewProperty, Path: "/nl/te-koop/x/y/1/",
			Property: &site.PropertyView{ID: 1, Photos: []site.DetailPhoto{{URL: "/p/2/1600.jpg", Width: 1600}}}},
			ogType: "product", ld: []string{"RealEstateListing", "BreadcrumbList"}, preload: &pagedata.Preload{Href: "/p/2/1600.jpg"}},
		{name: "a project", page: site.PageData{Lang: listing.NL, View: site.ViewProject, Path: "/nl/nieuwbouw/z/2/",
			Project: &site.ProjectView{ID: 2, Photos: []site.DetailPhoto{photo}}},
			ogType: "website", ld: []string{"RealEstateListing", "BreadcrumbList"}, preload: detailPreload},
		{name: "a list's first card, as the card shows it", page: site.PageData{Lang: listing.NL, View: site.ViewForSale, Path: "/nl/te-koop/",
			FirstPhoto: &listing.Image{URL: "/p/3/400.jpg?v=2"}},
			ogType: "website", ld: []string{"BreadcrumbList"}, preload: &pagedata.Preload{Href: "/p/3/400.jpg?v=2",
				SrcSet: "/p/3/100.jpg?v=2 100w, /p/3/400.jpg?v=2 400w, /p/3/600.jpg?v=2 600w, /p/3/800.jpg?v=2 800w, /p/3/1024.jpg?v=2 1024w, /p/3/1360.jpg?v=2 1360w, /p/3/1600.jpg?v=2 1600w",
				Sizes:  "(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px"}},
		{name: "a processed photo: its best format at the detail's widths", page: site.PageData{Lang: listing.NL, View: site.ViewProperty, Path: "/nl/te-koop/x/y/1/",
			Property: &site.PropertyView{ID: 1, Photos: []site.DetailPhoto{optimizedPhoto}}},
			ogType: "product", ld: []string{"RealEstateListing", "BreadcrumbList"}, preload: &pagedata.Preload{Href: base + "1360.avif",
				SrcSet: avifSet(400, 600, 800, 1024, 1360, 1600), Sizes: "(max-width: 1050px) 100vw, 1050px", Type: "image/avif"}},
		{name: "a processed card photo: every width, the src from 400 px", page: site.PageData{Lang: listing.NL, View: site.ViewForSale, Path: "/nl/te-koop/",
			FirstPhoto: &listing.Image{URL: "/p/3/280.jpg", Optimized: optimized}},
			ogType: "website", ld: []string{"BreadcrumbList"}, preload: &pagedata.Preload{Href: base + "400.avif",
				SrcSet: avifSet(100, 280, 400, 600, 800, 1024, 1360, 1600), Sizes: "(max-width: 766px) 100vw, (max-width: 1279px) 50vw, 400px", Type: "image/avif"}},
		{name: "a processed photo narrower than the detail's smallest width", page: site.PageData{Lang: listing.NL, View: site.ViewProject, Path: "/nl/nieuwbouw/z/2/",
			Project: &site.ProjectView{ID: 2, Photos: []site.DetailPhoto{{URL: "/p/4/300.jpg", Optimized: &listing.Optimized{Base: base, Width: 300, Height: 200,
				Widths: []int{100, 280, 300}, Formats: []string{"webp", "jpg"}}}}}},
			ogType: "website", ld: []string{"RealEstateListing", "BreadcrumbList"}, preload: &pagedata.Preload{Href: base + "300.webp",
				SrcSet: base + "300.webp 300w", Sizes: "(max-width: 1050px) 100vw, 1050px", Type: "image/webp"}},
		{name: "a card photo of another server", page: site.PageData{Lang: listing.NL, View: site.ViewForSale, Path: "/nl/te-koop/",
			FirstPhoto: &listing.Image{URL: "https://cdn.example/a.png"}},
			ogType: "website", ld: []string{"BreadcrumbList"}, preload: &pagedata.Preload{Href: "https://cdn.example/a.png"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.page.Alternates = alternates
			h := heads.Head(tt.page)
			if h.OGType != tt.ogType {
				t.Errorf("og:type %q, want %q", h.OGType, tt.ogType)
			}
			var types []string
			for _, o := range h.StructuredData {
				types = append(types, o["@type"].(string))
			}
			if !reflect.DeepEqual(types, tt.ld) {
				t.Errorf("JSON-LD %v, want %v", types, tt.ld)
			}
			if !reflect.DeepEqual(h.FirstImage, tt.preload) {
				t.Errorf("preload %+v, want %+v", h.FirstImage, tt.preload)
			}
			if h.Canonical != "https://agence.example"+pagedata.AbsURL("", tt.page.Path) || h.SiteName != sd.Agency.Name {
				t.Errorf("canonical %q site %q", h.Canonical, h.SiteName)
			}
			// Both languages, apostrophes percent-encoded; the default one is x-default.
			want := []pagedata.Hreflang{{Lang: "nl", URL: "https://agence.example/nl/je-m%27inscris/"}, {Lang: "fr", URL: "https://agence.example/fr/je-m%27inscris/"}}
			if !reflect.DeepEqual(h.Alternates, want) || h.XDefault != want[0].URL {
				t.Errorf("alternates %+v x-default %q", h.Alternates, h.XDefault)
			}
			other := map[listing.Lang]string{listing.NL: "fr_BE", listing.FR: "nl_BE"}[tt.page.Lang]
			if h.Locale != map[listing.Lang]string{listing.NL: "nl_BE", listing.FR: "fr_BE"}[tt.page.Lang] || !reflect.DeepEqual(h.Locales, []string{other}) {
				t.Errorf("locale %q, alternates %v", h.Locale, h.Locales)
			}
		})
	}
}

func TestAbsURL(t *testing.T) {
	tests := []struct{ base, path, want string }{
		{"https://a.example", "/fr/je-m'inscris/", "https://a.example/fr/je-m%27inscris/"},
		{"https://a.example", "/nl/café/", "https://a.example/nl/caf%C3%A9/"},
		{"https://a.example", "https://cdn.example/x.jpg", "https://cdn.example/x.jpg"},
		{"https://a.example", "", ""},
		{"", "/fr/je-m'inscris/", "/fr/je-m%27inscris/"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			if got := pagedata.AbsURL(tt.base, tt.path); got != tt.want {
				t.Errorf("AbsURL(%q, %q) = %q, want %q", tt.base, tt.path, got, tt.want)
			}
		})
	}
}
