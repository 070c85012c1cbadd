package config

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/viper"

	"github.com/estate-agency/estate/listing"
)

func TestTextFallsBackToTheUpperCaseKey(t *testing.T) {
	tests := []struct {
		text Text
		lang listing.Lang
		want string
	}{
		{Text{"nl": "Huis", "fr": "Maison"}, listing.FR, "Maison"},
		{Text{"NL": "Huis"}, listing.NL, "Huis"},
		{Text{"nl": "huis", "NL": "HUIS"}, listing.NL, "huis"},
		{Text{"nl": "Huis"}, listing.DE, ""},
		{nil, listing.NL, ""},
	}
	for _, tt := range tests {
		if got := tt.text.Get(tt.lang); got != tt.want {
			t.Errorf("%v.Get(%s) = %q, want %q", tt.text, tt.lang, got, tt.want)
		}
	}
}

// loadSite loads config.yaml's routes with a site section replaced by yaml.
func loadSite(t *testing.T, yaml string) (Config, error) {
	t.Helper()
	routes, err := os.ReadFile(filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	// Keep the shipped file's routes: everything up to the first shell key.
	text := string(routes)
	if i := strings.Index(text, "\n  agency:"); i >= 0 {
		text = text[:i+1]
	}
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte(text+yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	return Load(viper.New(), path)
}

func TestShellErrorsNameTheKey(t *testing.T) {
	tests := []struct {
		name, yaml, key string
	}{
		{"unknown section", "  heder: {}\n", "site.heder"},
		{"unknown field", "  header: {logo_size: 3}\n", "site.header.logo_size"},
		{"logo position", "  header: {logo_position: top}\n", "site.header.logo_position"},
		{"banner without images", "  banner: {kind: gallery}\n", "site.banner.images"},
		{"image without size", "  banner: {kind: image, images: [{src: /a.jpg}]}\n", "site.banner.images[0]"},
		{"video without source", "  banner: {kind: video}\n", "site.banner.video.src"},
		{"menu status", "  menu: [{id: a, path: /, status: Draft}]\n", "site.menu[0].status"},
		{"page path", "  pages: [{path: services}]\n", "site.pages[0].path"},
		{"module view", "  pages: [{path: /, modules: [{id: m, view: grid}]}]\n", "site.pages[0].modules[0].view"},
		{"relation type", "  pages: [{path: /, modules: [{id: m, relations: [{type: video, id: /}]}]}]\n", "site.pages[0].modules[0].relations[0].type"},
		{"listings relation of a page that lists nothing", "  pages: [{path: /, modules: [{id: m, relations: [{type: listings, id: /}]}]}]\n", "site.pages[0].modules[0].relations[0].id"},
		{"seo language", "  seo: {xx: {title_suffix: A}}\n", "site.seo.xx"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadSite(t, tt.yaml)
			var ke *KeyError
			if !errors.As(err, &ke) || ke.Key != tt.key {
				t.Fatalf("err = %v, want a KeyError for %s", err, tt.key)
			}
		})
	}
}

func TestShellDefaults(t *testing.T) {
	cfg, err := loadSite(t, "  pages: [{path: /, modules: [{id: m}]}]\n  footer: {columns: [{title: {nl: A}}]}\n")
	if err != nil {
		t.Fatal(err)
	}
	m := cfg.Site.Pages[0].Modules[0]
	if m.MaxItems != 4 || m.View != "list-view" || m.Col != (ColumnWidths{12, 12, 12}) {
		t.Errorf("module defaults %+v", m)
	}
	if cfg.Site.Banner.Kind != "empty" || cfg.Site.Header.LogoPosition != "left" {
		t.Errorf("banner %q, logo %q", cfg.Site.Banner.Kind, cfg.Site.Header.LogoPosition)
	}
	if w := cfg.Site.Footer.Columns[0].Widths; w != (ColumnWidths{12, 6, 3}) {
		t.Errorf("footer widths %+v", w)
	}
}

func TestCalculatorErrorsNameTheKey(t *testing.T) {
	// A valid section to break one value at a time.
	valid := map[string]string{
		"fl":     `flanders: {only_home: {rate: 0.02, valid_from: "2025-01-01"}, other: {rate: 0.12, valid_from: "2022-01-01"}}`,
		"wa":     `wallonia: {only_home: {rate: 0.03, valid_from: "2025-01-01"}, other: {rate: 0.125, valid_from: "2025-01-01"}}`,
		"br":     `brussels: {only_home: {rate: 0.125, valid_from: "2023-04-01", abatement: {amount: 200000, max_price: 600000, valid_from: "2023-04-01"}}, other: {rate: 0.125, valid_from: "2023-04-01"}}`,
		"vat":    `new_build_vat: {rate: 0.21, valid_from: "1996-01-01"}`,
		"notary": `notary: {brackets: [{up_to: 7500, rate: 0.0456}, {rate: 0.00057}], valid_from: "1950-12-16", vat_rate: 0.21, vat_valid_from: "2012-01-01"}`,
		"admin":  `admin_costs: {amount: 1150, valid_from: "2026-01-01"}`,
	}
	section := func(change func(map[string]string)) string {
		m := maps.Clone(valid)
		change(m)
		return "  calculator: {registration: {" + m["fl"] + ", " + m["wa"] + ", " + m["br"] + "}, " + m["vat"] + ", " + m["notary"] + ", " + m["admin"] + "}\n"
	}
	cfg, err := loadSite(t, section(func(map[string]string) {}))
	if err != nil {
		t.Fatalf("valid section: %v", err)
	}
	if c := cfg.Site.Calculator; c == nil || c.Registration.Brussels.OnlyHome.Abatement.MaxPrice != 600000 || len(c.Notary.Brackets) != 2 {
		t.Fatalf("decoded %+v", c)
	}
	tests := []struct {
		name, part, value, key string
	}{
		{"percent instead of fraction", "fl", `flanders: {only_home: {rate: 2, valid_from: "2025-01-01"}, other: {rate: 0.12, valid_from: "2022-01-01"}}`, "site.calculator.registration.flanders.only_home.rate"},
		{"undated rate", "wa", `wallonia: {only_home: {rate: 0.03, valid_from: "2025-01-01"}, other: {rate: 0.125}}`, "site.calculator.registration.wallonia.other.valid_from"},
		{"abatement above its ceiling", "br", `brussels: {only_home: {rate: 0.125, valid_from: "2023-04-01", abatement: {amount: 700000, max_price: 600000, valid_from: "2023-04-01"}}, other: {rate: 0.125, valid_from: "2023-04-01"}}`, "site.calculator.registration.brussels.only_home.abatement"},
		{"date in another format", "vat", `new_build_vat: {rate: 0.21, valid_from: "1/1/1996"}`, "site.calculator.new_build_vat.valid_from"},
		{"brackets going down", "notary", `notary: {brackets: [{up_to: 7500, rate: 0.0456}, {up_to: 5000, rate: 0.02}, {rate: 0.00057}], valid_from: "1950-12-16", vat_rate: 0.21, vat_valid_from: "2012-01-01"}`, "site.calculator.notary.brackets[1].up_to"},
		{"last bracket with an edge", "notary", `notary: {brackets: [{up_to: 7500, rate: 0.0456}], valid_from: "1950-12-16", vat_rate: 0.21, vat_valid_from: "2012-01-01"}`, "site.calculator.notary.brackets[0].up_to"},
		{"negative admin costs", "admin", `admin_costs: {amount: -1, valid_from: "2026-01-01"}`, "site.calculator.admin_costs.amount"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadSite(t, section(func(m map[string]string) { m[tt.part] = tt.value }))
			var ke *KeyError
			if !errors.As(err, &ke) || ke.Key != tt.key {
				t.Fatalf("err = %v, want a KeyError for %s", err, tt.key)
			}
		})
	}
}

func TestNewBuildPrices(t *testing.T) {
	tests := []struct {
		name, yaml, want string
		fails            bool
	}{
		{"default", "", NewBuildPricesExcludingVAT, false},
		{"including", "  new_build_prices: including_vat\n", NewBuildPricesIncludingVAT, false},
		{"unknown", "  new_build_prices: with_vat\n", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := loadSite(t, tt.yaml)
			if tt.fails {
				var ke *KeyError
				if !errors.As(err, &ke) || ke.Key != "site.new_build_prices" {
					t.Fatalf("err = %v, want a KeyError for site.new_build_prices", err)
				}
				return
			}
			if err != nil || cfg.Site.NewBuildPrices != tt.want {
				t.Fatalf("NewBuildPrices = %q (%v), want %q", cfg.Site.NewBuildPrices, err, tt.want)
			}
		})
	}
}
