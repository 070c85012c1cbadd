package httpd

import (
	"os"
	"reflect"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/estate-agency/estate/site"
)

func TestViewChunks(t *testing.T) {
	manifest := `{
	  "index.html": {"file": "assets/index-1.js", "isEntry": true, "imports": ["_react-1.js"]},
	  "_react-1.js": {"file": "assets/react-1.js"},
	  "_shared-1.js": {"file": "assets/shared-1.js", "imports": ["_react-1.js", "_cycle-1.js"], "css": ["assets/shared-1.css", "assets/content-1.css"]},
	  "_cycle-1.js": {"file": "assets/cycle-1.js", "imports": ["_shared-1.js"]},
	  "src/pages/listings/ListingsPage.tsx": {"file": "assets/ListingsPage-1.js", "imports": ["index.html", "_react-1.js", "_shared-1.js"],
	    "dynamicImports": ["src/map/index.ts"], "css": ["assets/ListingsPage-1.css", "assets/content-1.css"]},
	  "src/map/index.ts": {"file": "assets/map-1.js"},
	  "src/pages/home/HomePage.tsx": {"file": "assets/HomePage-1.js", "imports": ["index.html"]}
	}`
	got := viewChunks(fstest.MapFS{".vite/manifest.json": {Data: []byte(manifest)}})
	list := viewAssets{
		Scripts: []string{"/assets/ListingsPage-1.js", "/assets/shared-1.js", "/assets/cycle-1.js"},
		Styles:  []string{"/assets/ListingsPage-1.css", "/assets/content-1.css", "/assets/shared-1.css"},
	}
	want := map[site.View]viewAssets{
		site.ViewForSale: list, site.ViewForRent: list,
		site.ViewHome: {Scripts: []string{"/assets/HomePage-1.js"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if got := viewChunks(fstest.MapFS{}); got != nil {
		t.Errorf("no manifest: %v", got)
	}
}

// viewModules names the module registry.ts imports for every view.
func TestViewModulesMatchTheRegistry(t *testing.T) {
	src, err := os.ReadFile("../ui/src/pages/registry.ts")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^\s*"?([a-z-]+)"?: \(\) => import\("\./([^"]+)"\)`)
	registry := map[site.View]string{}
	for _, m := range re.FindAllStringSubmatch(string(src), -1) {
		registry[site.View(m[1])] = "src/pages/" + m[2] + ".tsx"
	}
	if len(registry) < 10 || !reflect.DeepEqual(registry, viewModules) {
		t.Errorf("registry.ts %v\nviewModules %v", registry, viewModules)
	}
}
