package site

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
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

// routeCases is testdata/route-cases.json, which the UI's test
// (ui/src/lib/routing/routes.test.ts) runs too; its $comment says how to read it.
type routeCases struct {
	Languages []listing.Lang `json:"languages"`
	Default   listing.Lang   `json:"default"`
	Routes    []struct {
		Internal string                  `json:"internal"`
		Paths    map[listing.Lang]string `json:"paths"`
		Params   map[string][]string     `json:"params"`
		Redirect string                  `json:"redirect"`
	} `json:"routes"`
	Resolve []struct {
		Path         string            `json:"path"`
		Internal     string            `json:"internal"`
		Params       map[string]string `json:"params"`
		Lang         listing.Lang      `json:"lang"`
		Redirect     string            `json:"redirect"`
		TempRedirect string            `json:"tempRedirect"`
		PropertyRef  int               `json:"propertyRef"`
		Property     *struct {
			ID   int          `json:"id"`
			Goal listing.Goal `json:"goal"`
		} `json:"property"`
		Project int `json:"project"`
	} `json:"resolve"`
	Localize []struct {
		Internal string            `json:"internal"`
		Lang     listing.Lang      `json:"lang"`
		Params   map[string]string `json:"params"`
		Path     *string           `json:"path"`
	} `json:"localize"`
}

// sharedRoutes reads the shared cases and builds their route table.
func sharedRoutes(t *testing.T) (*Routes, routeCases) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "route-cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc routeCases
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var cfg config.Site
	for _, rt := range doc.Routes {
		cfg.Routes = append(cfg.Routes, config.Route{Internal: rt.Internal, Paths: rt.Paths, Params: rt.Params, Redirect: rt.Redirect})
	}
	r, err := NewRoutes(cfg, doc.Languages, doc.Default)
	if err != nil {
		t.Fatal(err)
	}
	return r, doc
}

// What a request path is, and how the server answers it.
func TestResolveSharedCases(t *testing.T) {
	r, doc := sharedRoutes(t)
	for _, tc := range doc.Resolve {
		t.Run(tc.Path, func(t *testing.T) {
			m, res := r.Resolve(tc.Path)
			want, loc := Found, ""
			switch {
			case tc.Redirect != "":
				want, loc = Redirect, tc.Redirect
			case tc.TempRedirect != "":
				want, loc = TempRedirect, tc.TempRedirect
			case tc.PropertyRef != 0:
				want = PropertyRef
			case tc.Property != nil:
				want = PropertyDetail
			case tc.Project != 0:
				want = ProjectDetail
			case tc.Internal == "":
				want = NotFound
			}
			if res != want || m.Location != loc {
				t.Fatalf("Resolve = %v to %q (%+v), want %v to %q", res, m.Location, m, want, loc)
			}
			switch res {
			case Redirect:
				// The path with its slash is the page the UI takes the path for.
				m, res = r.Resolve(loc)
				if res != Found {
					t.Fatalf("Resolve(%s) = %v", loc, res)
				}
			case PropertyRef:
				if m.PropertyID != tc.PropertyRef {
					t.Errorf("property %d, want %d", m.PropertyID, tc.PropertyRef)
				}
			case PropertyDetail:
				if m.PropertyID != tc.Property.ID || m.Goal != tc.Property.Goal || m.Lang != tc.Lang {
					t.Errorf("property %d %s in %s, want %+v in %s", m.PropertyID, m.Goal, m.Lang, *tc.Property, tc.Lang)
				}
			case ProjectDetail:
				if m.ProjectID != tc.Project || m.Lang != tc.Lang {
					t.Errorf("project %d in %s, want %d in %s", m.ProjectID, m.Lang, tc.Project, tc.Lang)
				}
			}
			if m.Internal != tc.Internal || tc.Internal != "" && m.Lang != tc.Lang || !maps.Equal(m.Params, tc.Params) {
				t.Errorf("page %q %v in %s, want %q %v in %s", m.Internal, m.Params, m.Lang, tc.Internal, tc.Params, tc.Lang)
			}
		})
	}
}

// The public path of an internal path in a language.
func TestLocalizeSharedCases(t *testing.T) {
	r, doc := sharedRoutes(t)
	for _, tc := range doc.Localize {
		t.Run(tc.Internal+" "+string(tc.Lang), func(t *testing.T) {
			got, ok := r.Localize(tc.Internal, tc.Lang, tc.Params)
			switch {
			case tc.Path == nil && ok:
				t.Errorf("Localize = %q, want none", got)
			case tc.Path != nil && (!ok || got != *tc.Path):
				t.Errorf("Localize = %q %v, want %q", got, ok, *tc.Path)
			}
		})
	}
}

// Every page of the shared table without parameters is found at each of
// its paths, and localizes back to it.
func TestSharedTableRoundTrips(t *testing.T) {
	r, doc := sharedRoutes(t)
	for _, rt := range doc.Routes {
		if strings.Contains(rt.Internal, "{") {
			continue
		}
		for lang, path := range rt.Paths {
			m, res := r.Resolve(path)
			if (res != Found && rt.Redirect == "") || m.Internal != rt.Internal || m.Lang != lang {
				t.Errorf("Resolve(%s) = %v %+v", path, res, m)
			}
			if got, ok := r.Localize(rt.Internal, lang, nil); !ok || got != path {
				t.Errorf("Localize(%s, %s) = %q", rt.Internal, lang, got)
			}
		}
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
