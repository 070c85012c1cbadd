package site

import (
	"path/filepath"
	"testing"

	"github.com/spf13/viper"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
)

func TestProjectPaths(t *testing.T) {
	cfg, err := config.Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRoutes(cfg.Site, []listing.Lang{listing.NL, listing.FR, listing.EN, listing.DE}, listing.NL)
	if err != nil {
		t.Fatal(err)
	}
	proj := listing.Project{ID: 7001, Name: "Résidence Semois"}
	for lang, want := range map[listing.Lang]string{
		listing.NL: "/nl/nieuwbouw/residence-semois/7001/",
		listing.FR: "/fr/neuf/residence-semois/7001/",
		listing.EN: "/en/new-builds/residence-semois/7001/",
		listing.DE: "/de/neubau/residence-semois/7001/",
	} {
		path, ok := r.ProjectPath(proj, lang)
		if !ok || path != want {
			t.Errorf("%s: ProjectPath %q %v, want %q", lang, path, ok, want)
			continue
		}
		m, res := r.Resolve(path)
		if res != ProjectDetail || m.ProjectID != 7001 || m.Lang != lang {
			t.Errorf("Resolve(%s) = %v %+v", path, res, m)
		}
		if _, wrong := r.ProjectRedirect(m, proj); wrong {
			t.Errorf("%s: the canonical path redirects", path)
		}
	}
	for path, want := range map[string]Result{
		"/nl/nieuwbouw/":                     Found,
		"/nl/nieuwbouw/oude-naam/7001/":      ProjectDetail, // the caller redirects
		"/nl/nieuwbouw/7001/":                NotFound,
		"/nl/nieuwbouw/x/007001/":            NotFound,
		"/fr/nieuwbouw/residence/7001/":      NotFound, // another language's segment
		"/nl/nieuwbouw/a/b/7001/":            NotFound,
		"/nl/te-koop/residence-semois/7001/": PropertyDetail,
	} {
		if _, res := r.Resolve(path); res != want {
			t.Errorf("Resolve(%s) = %v, want %v", path, res, want)
		}
	}
	m, _ := r.Resolve("/nl/nieuwbouw/oude-naam/7001/")
	if to, wrong := r.ProjectRedirect(m, proj); !wrong || to != "/nl/nieuwbouw/residence-semois/7001/" {
		t.Errorf("ProjectRedirect = %q %v", to, wrong)
	}
}

// Without a /projects/ route there are no project paths.
func TestNoProjectRoute(t *testing.T) {
	r, err := NewRoutes(config.Site{Routes: []config.Route{{Internal: "/", Paths: map[listing.Lang]string{listing.NL: "/nl/"}}}}, []listing.Lang{listing.NL}, listing.NL)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := r.ProjectPath(listing.Project{ID: 1, Name: "x"}, listing.NL); ok {
		t.Error("a project path without a project list")
	}
	if _, res := r.Resolve("/nl/nieuwbouw/x/1/"); res != NotFound {
		t.Errorf("Resolve = %v", res)
	}
}

func TestNewProjectView(t *testing.T) {
	p := listing.Project{
		ID: 7001, Name: "Residentie", Address: listing.Address{Street: "Quai", HouseNumber: "14", Zip: "6830", City: "Bouillon", CountryID: listing.CountryBelgium},
		Geo: &listing.Geo{Lat: 49.795812, Lng: 5.062734}, PriceMin: 189000, PriceMax: 379000,
		Units: []listing.Unit{{ID: 1, Name: "A1", Price: 239000, Status: listing.Sold}, {ID: 2, Name: "A2", Status: listing.Sold}},
	}
	v := NewProjectView(p, listing.NL, map[int]string{1: "/nl/te-koop/bouillon/a1/1/"})
	if v.Address.Street != "" || v.Geo == nil || !v.Geo.Approximate || v.Geo.Lat != 49.8 {
		t.Errorf("private address: %+v %+v", v.Address, v.Geo)
	}
	if !v.SoldOut || len(v.Units) != 2 || v.Units[0].URL == "" || v.Units[1].URL != "" || v.Units[0].PriceText == "" || v.Units[1].PriceText != "" {
		t.Errorf("units %+v, sold out %v", v.Units, v.SoldOut)
	}
	if v.PriceMinText != listing.FormatEuro(189000, listing.NL) || v.PriceMaxText == "" {
		t.Errorf("price range %q %q", v.PriceMinText, v.PriceMaxText)
	}
	p.Address.Published = true
	p.Units[1].Status = listing.Available
	v = NewProjectView(p, listing.NL, nil)
	if v.Address.Street != "Quai" || v.Geo.Approximate || v.SoldOut {
		t.Errorf("published: %+v %+v sold out %v", v.Address, v.Geo, v.SoldOut)
	}
}
