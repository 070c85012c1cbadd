package site

import (
	"path/filepath"
	"testing"

	"github.com/spf13/viper"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
)

// shipped builds the table of config.yaml for the given languages.
func shipped(t *testing.T, langs ...listing.Lang) *Routes {
	t.Helper()
	cfg, err := config.Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(langs) == 0 {
		langs = cfg.Languages.Enabled
	}
	r, err := NewRoutes(cfg.Site, langs, cfg.Languages.Default)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

type row struct {
	internal string // filled internal path
	nl, fr   string
	params   map[string]string
}

// table is the spec's route table (§2), written out so the test checks
// config.yaml against the spec rather than against itself.
func table() []row {
	rows := []row{
		{"/", "/nl/", "/fr/", nil},
		{"/for-sale/", "/nl/te-koop/", "/fr/a-vendre/", nil},
		{"/for-rent/", "/nl/te-huur/", "/fr/a-louer/", nil},
		{"/office/", "/nl/ons-kantoor/", "/fr/notre-agence/", nil},
		{"/guestbook/", "/nl/gastenboek/", "/fr/temoignages/", nil},
		{"/disclaimer/", "/nl/disclaimer/", "/fr/disclaimer/", nil},
		{"/privacy-statement/", "/nl/privacy-statement/", "/fr/privacy-statement/", nil},
		{"/cookie-policy/", "/nl/cookie-policy/", "/fr/cookie-policy/", nil},
		{"/demand-register/", "/nl/inschrijven/", "/fr/je-m'inscris/", nil},
		{"/contact-demand/", "/nl/gratis-schatting/", "/fr/expertise-gratuite/", nil},
		{"/login/", "/nl/login/", "/fr/login/", nil},
		{"/services/sale/", "/nl/onze-diensten/verkoop/", "/fr/nos-services/vente/", nil},
		{"/services/rent/", "/nl/onze-diensten/verhuur/", "/fr/nos-services/location/", nil},
		{"/services/management/", "/nl/onze-diensten/beheer/", "/fr/nos-services/gestion-locative/", nil},
		{"/services/syndic/", "/nl/onze-diensten/syndic/", "/fr/nos-services/syndic/", nil},
		{"/testimonials/familie-peeters/", "/nl/testimonials/familie-peeters/", "/fr/testimonials/familie-peeters/", map[string]string{"slug": "familie-peeters"}},
	}
	for _, f := range []string{"contact-me", "contact-appointment", "contact-construction", "contact-demand", "demand-register",
		"send-to-friend", "site-contact", "sign-newsletter", "contact-testimonial"} {
		rows = append(rows, row{"/feedback/" + f + "/", "/nl/bedankt/" + f + "/", "/fr/merci/" + f + "/", map[string]string{"form": f}})
	}
	for _, s := range []string{"commercial", "commons", "potential-tenants", "potential-buyers"} {
		rows = append(rows, row{"/stat/stat-" + s + "/", "/nl/stat/stat-" + s + "/", "/fr/stat/stat-" + s + "/", map[string]string{"stat": "stat-" + s}})
	}
	return rows
}

func TestEveryRouteResolvesInNLAndFR(t *testing.T) {
	r := shipped(t)
	for _, tt := range table() {
		for lang, path := range map[listing.Lang]string{listing.NL: tt.nl, listing.FR: tt.fr} {
			t.Run(path, func(t *testing.T) {
				m, res := r.Resolve(path)
				if res != Found || m.Path != tt.internal || m.Lang != lang {
					t.Fatalf("Resolve = %v %+v, want found %s in %s", res, m, tt.internal, lang)
				}
				for k, v := range tt.params {
					if m.Params[k] != v {
						t.Errorf("param %s = %q, want %q", k, m.Params[k], v)
					}
				}
			})
		}
	}
}

func TestOwnersRedirectToLoginInTheirLanguage(t *testing.T) {
	r := shipped(t)
	for path, want := range map[string]string{"/nl/eigenaars/": "/nl/login/", "/fr/proprietaires/": "/fr/login/"} {
		t.Run(path, func(t *testing.T) {
			m, res := r.Resolve(path)
			if res != TempRedirect || m.Location != want || m.Internal != "/owners/" {
				t.Fatalf("Resolve = %v %+v, want 302 to %s", res, m, want)
			}
		})
	}
}

func TestResolveEdgeCases(t *testing.T) {
	r := shipped(t)
	tests := []struct {
		name, path string
		res        Result
		want       string // Location for redirects, filled internal path for Found
	}{
		{"apostrophe raw", "/fr/je-m'inscris/", Found, "/demand-register/"},
		{"apostrophe encoded", "/fr/je-m%27inscris/", Found, "/demand-register/"},
		{"encoded letters", "/nl/te-%6Boop/", Found, "/for-sale/"},
		{"root goes to default home", "/", TempRedirect, "/nl/"},
		{"missing slash", "/nl/te-koop", Redirect, "/nl/te-koop/"},
		{"missing slash on home", "/fr", Redirect, "/fr/"},
		{"missing slash keeps decoded apostrophe", "/fr/je-m%27inscris", Redirect, "/fr/je-m'inscris/"},
		{"missing slash on unknown stays 404", "/nl/nope", NotFound, ""},
		{"unknown page", "/nl/does-not-exist/", NotFound, ""},
		{"unknown language", "/xx/", NotFound, ""},
		{"language not enabled", "/de/zu-verkaufen/", NotFound, ""},
		{"traversal", "/nl/../etc/", NotFound, ""},
		{"encoded traversal", "/nl/%2E%2E/etc/", NotFound, ""},
		{"encoded slash", "/nl%2Fte-koop/", NotFound, ""},
		{"double slash", "/nl//te-koop/", NotFound, ""},
		{"bad escape", "/nl/te-koop%zz/", NotFound, ""},
		{"case sensitive", "/NL/te-koop/", NotFound, ""},
		{"relative", "nl/te-koop/", NotFound, ""},
		{"empty", "", NotFound, ""},
		{"unknown form", "/nl/bedankt/hack/", NotFound, ""},
		{"unknown stat", "/fr/stat/stat-weather/", NotFound, ""},
		{"testimonial slug must be a slug", "/nl/testimonials/Not_A_Slug/", NotFound, ""},
		{"internal path is not public", "/for-sale/", NotFound, ""},
		{"bare property prefix", "/property/", NotFound, ""},
		{"property id not numeric", "/property/abc/", NotFound, ""},
		{"property id leading zero", "/property/04012/", NotFound, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, res := r.Resolve(tt.path)
			if res != tt.res {
				t.Fatalf("Resolve(%q) = %v %+v, want %v", tt.path, res, m, tt.res)
			}
			switch res {
			case Redirect, TempRedirect:
				if m.Location != tt.want {
					t.Errorf("Location = %q, want %q", m.Location, tt.want)
				}
			case Found:
				if m.Path != tt.want {
					t.Errorf("Path = %q, want %q", m.Path, tt.want)
				}
			}
		})
	}
}

func TestPropertyPaths(t *testing.T) {
	r := shipped(t)
	tests := []struct {
		name, path string
		res        Result
		lang       listing.Lang
		goal       listing.Goal
	}{
		{"property ref", "/property/4012/", PropertyRef, listing.NL, ""},
		{"nl sale with city", "/nl/te-koop/libramont-chevigny/villa-met-tuin/4012/", PropertyDetail, listing.NL, listing.Sale},
		{"nl sale without city", "/nl/te-koop/villa-met-tuin/4012/", PropertyDetail, listing.NL, listing.Sale},
		{"fr rent with city", "/fr/a-louer/bastogne/appartement/4012/", PropertyDetail, listing.FR, listing.Rent},
		{"fr rent without city", "/fr/a-louer/appartement/4012/", PropertyDetail, listing.FR, listing.Rent},
		{"other language's goal", "/fr/te-koop/x/4012/", NotFound, listing.FR, ""},
		{"no id", "/nl/te-koop/bastogne/villa/", NotFound, listing.NL, ""},
		{"too deep", "/nl/te-koop/a/b/c/4012/", NotFound, listing.NL, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, res := r.Resolve(tt.path)
			if res != tt.res || m.Lang != tt.lang {
				t.Fatalf("Resolve = %v %+v, want %v in %s", res, m, tt.res, tt.lang)
			}
			if res != NotFound && (m.PropertyID != 4012 || m.Goal != tt.goal) {
				t.Errorf("id %d goal %q, want 4012 %q", m.PropertyID, m.Goal, tt.goal)
			}
		})
	}
}

func TestDetailRedirect(t *testing.T) {
	r := shipped(t)
	p := listing.Property{ID: 4012, Goal: listing.Sale, Title: "Villa met tuin", Address: listing.Address{City: "Libramont-Chevigny"}}
	canonical := "/nl/te-koop/libramont-chevigny/villa-met-tuin/4012/"
	if got := CanonicalDetail(p, listing.NL); got != canonical {
		t.Fatalf("CanonicalDetail = %q", got)
	}
	tests := []struct {
		path     string
		redirect bool
	}{
		{canonical, false},
		{"/nl/te-koop/villa-met-tuin/4012/", true},
		{"/nl/te-koop/bastogne/oude-titel/4012/", true},
		{"/nl/te-huur/libramont-chevigny/villa-met-tuin/4012/", true},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			m, res := r.Resolve(tt.path)
			if res != PropertyDetail {
				t.Fatalf("Resolve = %v", res)
			}
			got, redirect := DetailRedirect(m, p)
			if got != canonical || redirect != tt.redirect {
				t.Errorf("DetailRedirect = %q %v, want %q %v", got, redirect, canonical, tt.redirect)
			}
		})
	}
}

func TestLocalizeBothWays(t *testing.T) {
	r := shipped(t)
	for _, tt := range table() {
		t.Run(tt.internal, func(t *testing.T) {
			for lang, want := range map[listing.Lang]string{listing.NL: tt.nl, listing.FR: tt.fr} {
				if got, ok := r.Localize(tt.internal, lang, nil); !ok || got != want {
					t.Errorf("Localize(%s, %s) = %q %v, want %q", tt.internal, lang, got, ok, want)
				}
				// From the page found in one language to the other, as the switcher does.
				for _, from := range []string{tt.nl, tt.fr} {
					m, _ := r.Resolve(from)
					if got, ok := r.Localize(m.Internal, lang, m.Params); !ok || got != want {
						t.Errorf("Localize(%s via %s, %s) = %q %v, want %q", m.Internal, from, lang, got, ok, want)
					}
				}
			}
		})
	}
}

func TestLocalizeRefuses(t *testing.T) {
	r := shipped(t)
	tests := []struct {
		name, internal string
		lang           listing.Lang
		params         map[string]string
	}{
		{"language not enabled", "/for-sale/", listing.DE, nil},
		{"unknown internal path", "/nowhere/", listing.NL, nil},
		{"missing parameter", "/feedback/{form}/", listing.NL, nil},
		{"parameter not allowed", "/feedback/{form}/", listing.NL, map[string]string{"form": "hack"}},
		{"filled with a value not allowed", "/feedback/hack/", listing.FR, nil},
		{"property is the caller's", "/property/4012/", listing.NL, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, ok := r.Localize(tt.internal, tt.lang, tt.params); ok {
				t.Errorf("Localize = %q, want refusal", got)
			}
		})
	}
}

func TestAlternatesCoverEveryLanguageWithAPath(t *testing.T) {
	cfg, err := config.Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	all := []listing.Lang{listing.NL, listing.FR, listing.EN, listing.DE}
	for _, langs := range [][]listing.Lang{cfg.Languages.Enabled, all} {
		r, err := NewRoutes(cfg.Site, langs, listing.NL)
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range table() {
			t.Run(tt.internal, func(t *testing.T) {
				m, res := r.Resolve(tt.fr)
				if res != Found {
					t.Fatalf("Resolve(%s) = %v", tt.fr, res)
				}
				alt := r.Alternates(m)
				if alt[listing.NL] != tt.nl || alt[listing.FR] != tt.fr {
					t.Errorf("alternates = %v", alt)
				}
				rt := cfg.Site.Routes[r.byInternal[m.Internal]]
				for _, l := range langs {
					if _, has := rt.Paths[l]; has != (alt[l] != "") {
						t.Errorf("%s: path configured %v, alternate %q", l, has, alt[l])
					}
				}
				if len(alt) > len(langs) {
					t.Errorf("alternates %v hold a language not enabled", alt)
				}
			})
		}
	}
}

func TestLoginHasAnEnglishPath(t *testing.T) {
	r := shipped(t, listing.NL, listing.FR, listing.EN)
	m, res := r.Resolve("/en/login/")
	if res != Found || m.Internal != "/login/" || m.Lang != listing.EN {
		t.Fatalf("Resolve = %v %+v", res, m)
	}
}

func TestBreadcrumb(t *testing.T) {
	r := shipped(t)
	tests := []struct {
		path string
		lang listing.Lang
		want []Crumb
	}{
		{"/nl/", listing.NL, []Crumb{{"Home", "/nl/"}}},
		{"/fr/", listing.FR, []Crumb{{"Accueil", "/fr/"}}},
		{"/nl/te-koop/", listing.NL, []Crumb{{"Home", "/nl/"}, {"Te koop", "/nl/te-koop/"}}},
		{"/nl/te-koop/", listing.FR, []Crumb{{"Accueil", "/fr/"}, {"À vendre", "/fr/a-vendre/"}}},
		{"/fr/je-m%27inscris/", listing.FR, []Crumb{{"Accueil", "/fr/"}, {"Je m'inscris", "/fr/je-m'inscris/"}}},
		{"/nl/onze-diensten/beheer/", listing.NL, []Crumb{{"Home", "/nl/"}, {"Beheer", "/nl/onze-diensten/beheer/"}}},
		{"/fr/merci/contact-me/", listing.FR, []Crumb{{"Accueil", "/fr/"}, {"Merci", "/fr/merci/contact-me/"}}},
		{"/fr/testimonials/famille-dubois/", listing.FR, []Crumb{{"Accueil", "/fr/"}, {"Témoignages", "/fr/temoignages/"}}},
		{"/nl/stat/stat-commons/", listing.NL, []Crumb{{"Home", "/nl/"}, {"Statistieken", "/nl/stat/stat-commons/"}}},
		{"/fr/a-louer/bastogne/appartement/4012/", listing.FR, []Crumb{{"Accueil", "/fr/"}, {"À louer", "/fr/a-louer/"}}},
	}
	for _, tt := range tests {
		t.Run(tt.path+" "+string(tt.lang), func(t *testing.T) {
			m, _ := r.Resolve(tt.path)
			got := r.Breadcrumb(m, tt.lang)
			if len(got) != len(tt.want) {
				t.Fatalf("Breadcrumb = %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("crumb %d = %v, want %v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestLangOf(t *testing.T) {
	r := shipped(t)
	for path, want := range map[string]listing.Lang{
		"/fr/a-vendre/": listing.FR, "/nl/": listing.NL, "/de/zu-verkaufen/": listing.NL,
		"/property/1/": listing.NL, "/": listing.NL, "/fr": listing.FR, "": listing.NL,
	} {
		if got := r.LangOf(path); got != want {
			t.Errorf("LangOf(%q) = %s, want %s", path, got, want)
		}
	}
}

func TestNewRoutesRefusesBadTables(t *testing.T) {
	home := config.Route{Internal: "/", Paths: map[listing.Lang]string{listing.NL: "/nl/"}}
	sale := config.Route{Internal: "/for-sale/", Paths: map[listing.Lang]string{listing.NL: "/nl/te-koop/"}}
	dupe := config.Route{Internal: "/sale/", Paths: map[listing.Lang]string{listing.NL: "/nl/te-koop/"}}
	nl := []listing.Lang{listing.NL}
	tests := []struct {
		name   string
		routes []config.Route
		langs  []listing.Lang
		def    listing.Lang
	}{
		{"no languages", []config.Route{home}, nil, listing.NL},
		{"default not enabled", []config.Route{home}, nl, listing.FR},
		{"unsupported language", []config.Route{home}, []listing.Lang{"xx"}, "xx"},
		{"no home", []config.Route{sale}, nl, listing.NL},
		{"duplicate internal", []config.Route{home, sale, sale}, nl, listing.NL},
		{"duplicate path", []config.Route{home, sale, dupe}, nl, listing.NL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := NewRoutes(config.Site{Routes: tt.routes}, tt.langs, tt.def); err == nil {
				t.Error("NewRoutes accepted the table")
			}
		})
	}
}

func TestExternalProjectPage(t *testing.T) {
	cfg := config.Site{Routes: []config.Route{
		{Internal: "/", Paths: map[listing.Lang]string{listing.NL: "/nl/"}},
		{Internal: "/projects/", Paths: map[listing.Lang]string{listing.NL: "/nl/projecten/"}, External: "https://projects.example.be/"},
	}}
	r, err := NewRoutes(cfg, []listing.Lang{listing.NL}, listing.NL)
	if err != nil {
		t.Fatal(err)
	}
	if m, res := r.Resolve("/nl/projecten/"); res != TempRedirect || m.Location != "https://projects.example.be/" {
		t.Errorf("Resolve = %v %+v", res, m)
	}
	if got, ok := r.Localize("/projects/", listing.NL, nil); !ok || got != "https://projects.example.be/" {
		t.Errorf("Localize = %q %v", got, ok)
	}
}
