package site

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/viper"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
)

func TestIsExternal(t *testing.T) {
	tests := map[string]bool{
		"/office/": false, "/nl/te-koop/": false, "": false,
		"https://www.immoweb.be": true, "http://x.example": true, "//cdn.example/x": true,
		"tel:+3284312240": true, "mailto:info@example.be": true,
	}
	for link, want := range tests {
		if got := IsExternal(link); got != want {
			t.Errorf("IsExternal(%q) = %v, want %v", link, got, want)
		}
	}
}

func pagesFor(t *testing.T, sh config.Shell) (*Pages, error) {
	t.Helper()
	return NewPages(shipped(t), sh)
}

func TestNewPagesChecksReferences(t *testing.T) {
	article := config.Page{Path: "/services/sale/", Title: config.Text{"nl": "Verkoop"}}
	tests := []struct {
		name string
		sh   config.Shell
		want string
	}{
		{"page outside the route table", config.Shell{Pages: []config.Page{{Path: "/nowhere/"}}}, "site.pages[0].path"},
		{"page twice", config.Shell{Pages: []config.Page{article, article}}, "site.pages[1].path"},
		{"menu to nowhere", config.Shell{Menu: []config.MenuItem{{Path: "/", Children: []config.MenuItem{{Path: "/nowhere/"}}}}}, "site.menu[0].children[0].path"},
		{"relation without page", config.Shell{Pages: []config.Page{{Path: "/", Modules: []config.Module{{Relations: []config.Relation{{Type: "article", ID: "/office/"}}}}}}}, "site.pages[0].modules[0].relations[0].id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := pagesFor(t, tt.sh)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one naming %s", err, tt.want)
			}
		})
	}
	if _, err := pagesFor(t, config.Shell{Menu: []config.MenuItem{{Path: "https://www.immoweb.be"}, {Path: "/for-sale/"}}}); err != nil {
		t.Errorf("external and internal menu paths: %v", err)
	}
}

func TestModulesResolveRelations(t *testing.T) {
	var pages []config.Page
	var rels []config.Relation
	for _, s := range []string{"sale", "rent", "management", "syndic"} {
		p := "/services/" + s + "/"
		pages = append(pages, config.Page{Path: p, Title: config.Text{"nl": "T " + s, "fr": "F " + s}, Intro: config.Text{"nl": "I " + s},
			Image: config.ImageSetting{Kind: "image", Images: []config.Image{{Src: "/x.jpg", Width: 4, Height: 3, Alt: config.Text{"fr": "alt"}}}}})
		rels = append(rels, config.Relation{Type: "article", ID: p})
	}
	pages = append(pages, config.Page{Path: "/", Title: config.Text{"nl": "Welkom"}, Body: config.Text{"nl": "# Kop\n\n<script>alert(1)</script>\n\nTekst <img src=x onerror=alert(1)> **vet**\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n"},
		Modules: []config.Module{
			{ID: "b", Position: 2, MaxItems: 3, View: "list-view", Relations: rels},
			{ID: "a", Position: 1, MaxItems: 4, View: "single-view", Relations: rels[:1]},
		}})
	p, err := pagesFor(t, config.Shell{Pages: pages})
	if err != nil {
		t.Fatal(err)
	}
	m, res := shipped(t).Resolve("/fr/")
	if res != Found {
		t.Fatal(res)
	}
	d, ok := p.Found(m)
	if !ok {
		t.Fatal("home not found")
	}
	mods := d.Content.Modules
	if len(mods) != 2 || mods[0].ID != "a" || mods[1].ID != "b" {
		t.Fatalf("modules not in position order: %+v", mods)
	}
	if len(mods[1].Items) != 3 || mods[1].Items[0].Path != "/fr/nos-services/vente/" || mods[1].Items[0].Title != "F sale" || mods[1].Items[0].Image.Alt != "alt" {
		t.Errorf("items %+v", mods[1].Items)
	}
	nl, _ := shipped(t).Resolve("/nl/")
	dn, _ := p.Found(nl)
	if strings.Contains(dn.Content.HTML, "<script>") || strings.Contains(dn.Content.HTML, "<img") || !strings.Contains(dn.Content.HTML, "<strong>vet</strong>") || !strings.Contains(dn.Content.HTML, "<h1") {
		t.Errorf("body HTML %q", dn.Content.HTML)
	}
	// The CSP refuses style attributes: table alignment must be an attribute of its own.
	if strings.Contains(dn.Content.HTML, "style=") || !strings.Contains(dn.Content.HTML, `<td align="right">2</td>`) {
		t.Errorf("table HTML %q", dn.Content.HTML)
	}
	if dn.Title != "Welkom" || d.Title == "" {
		t.Errorf("titles %q %q", dn.Title, d.Title)
	}
}

func TestFoundNeedsContentForOpenSlugs(t *testing.T) {
	p, err := pagesFor(t, config.Shell{Pages: []config.Page{{Path: "/testimonials/anne/", Title: config.Text{"nl": "Anne"}}}})
	if err != nil {
		t.Fatal(err)
	}
	r := shipped(t)
	tests := []struct {
		path string
		want bool
	}{
		{"/nl/testimonials/anne/", true},
		{"/nl/testimonials/bob/", false},
		{"/nl/stat/stat-commons/", false}, // listed value, but an article without text is no page
		{"/nl/bedankt/contact-me/", true}, // thank-you pages take their text from the UI
		{"/nl/ons-kantoor/", true},
	}
	for _, tt := range tests {
		m, res := r.Resolve(tt.path)
		if res != Found {
			t.Fatalf("%s: %s", tt.path, res)
		}
		if _, ok := p.Found(m); ok != tt.want {
			t.Errorf("%s: found = %v, want %v", tt.path, ok, tt.want)
		}
	}
	m, _ := r.Resolve("/nl/testimonials/anne/")
	d, _ := p.Found(m)
	if len(d.Alternates) != 1 || d.Alternates[0].Lang != listing.NL {
		t.Errorf("an article written in nl only has alternates %+v", d.Alternates)
	}
	if last := d.Breadcrumb[len(d.Breadcrumb)-1]; last.Name != "Anne" || last.Path != "/nl/testimonials/anne/" {
		t.Errorf("breadcrumb %+v", d.Breadcrumb)
	}
}

func TestDocumentTitle(t *testing.T) {
	p := &Pages{shell: config.Shell{SEO: map[string]config.SEO{"nl": {TitleSuffix: "Ardenne Immo"}}, Agency: config.Agency{Name: "AI"}}}
	tests := []struct {
		title string
		lang  listing.Lang
		home  bool
		want  string
	}{
		{"Te koop", listing.NL, false, "Te koop | Ardenne Immo"},
		{"Vastgoed in de Ardennen", listing.NL, true, "Ardenne Immo | Vastgoed in de Ardennen"},
		{"Ardenne Immo", listing.NL, true, "Ardenne Immo"},
		{"À vendre", listing.FR, false, "À vendre | AI"},
	}
	for _, tt := range tests {
		if got := p.documentTitle(tt.title, tt.lang, tt.home); got != tt.want {
			t.Errorf("documentTitle(%q) = %q, want %q", tt.title, got, tt.want)
		}
	}
}

// The shipped rates reach the UI in the shape ui/src/lib/api/calculatorRates.ts reads.
func TestSiteDataCarriesTheCalculatorRates(t *testing.T) {
	cfg, err := config.Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewSiteData(cfg)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Calculator struct {
			Registration map[string]struct {
				OnlyHome struct {
					Rate      float64
					ValidFrom string
					Abatement *struct{ Amount, MaxPrice float64 }
				}
			}
			Notary struct {
				Brackets []struct{ UpTo, Rate float64 }
				VATRate  float64
			}
		}
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	c := got.Calculator
	if len(c.Registration) != 3 || c.Registration["flanders"].OnlyHome.Rate != 0.02 || c.Registration["flanders"].OnlyHome.ValidFrom != "2025-01-01" {
		t.Errorf("registration %+v", c.Registration)
	}
	if a := c.Registration["brussels"].OnlyHome.Abatement; a == nil || a.Amount != 200000 || a.MaxPrice != 600000 {
		t.Errorf("brussels abatement %+v", a)
	}
	if b := c.Notary.Brackets; len(b) != 7 || b[0].UpTo != 7500 || b[6].UpTo != 0 || c.Notary.VATRate != 0.21 {
		t.Errorf("notary %+v", c.Notary)
	}
	cfg.Site.Calculator = nil
	if d, err = NewSiteData(cfg); err != nil {
		t.Fatal(err)
	}
	if raw, _ := json.Marshal(d); strings.Contains(string(raw), `"calculator"`) {
		t.Error("without the section the UI must get no calculator")
	}
}

func TestWhatsAppHref(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"+32 475 12 34 56", "https://wa.me/32475123456"},
		{"0475/12.34.56", "https://wa.me/32475123456"},
		{"0031 6 12345678", "https://wa.me/31612345678"},
	}
	for _, tt := range tests {
		if got := whatsAppHref(tt.in); got != tt.want {
			t.Errorf("whatsAppHref(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
