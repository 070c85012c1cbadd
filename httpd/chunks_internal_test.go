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
	  "index.html": {"file": "assets/index-1.js", "isEntry": true, "imports": ["_react-1.js"], "dynamicImports": ["src/app/start.tsx"]},
	  "src/app/start.tsx": {"file": "assets/start-1.js", "imports": ["_react-1.js", "_router-1.js"], "css": ["assets/start-1.css"]},
	  "_router-1.js": {"file": "assets/router-1.js", "css": ["assets/router-1.css"]},
	  "_react-1.js": {"file": "assets/react-1.js"},
	  "_shared-1.js": {"file": "assets/shared-1.js", "imports": ["_react-1.js", "_cycle-1.js"], "css": ["assets/shared-1.css", "assets/content-1.css"]},
	  "_cycle-1.js": {"file": "assets/cycle-1.js", "imports": ["_shared-1.js"]},
	  "src/pages/listings/ListingsPage.tsx": {"file": "assets/ListingsPage-1.js", "imports": ["index.html", "_react-1.js", "_router-1.js", "_shared-1.js"],
	    "dynamicImports": ["src/features/map/index.ts"], "css": ["assets/ListingsPage-1.css", "assets/content-1.css"]},
	  "src/features/map/index.ts": {"file": "assets/map-1.js"},
	  "src/pages/home/HomePage.tsx": {"file": "assets/HomePage-1.js", "imports": ["index.html"]}
	}`
	got := viewChunks(fstest.MapFS{".vite/manifest.json": {Data: []byte(manifest)}})
	// The app's chunks go with every view, once, and its styles after the view's.
	app := []string{"/assets/start-1.js", "/assets/router-1.js"}
	appStyles := []string{"/assets/start-1.css", "/assets/router-1.css"}
	list := viewAssets{
		Scripts: append([]string{"/assets/ListingsPage-1.js", "/assets/shared-1.js", "/assets/cycle-1.js"}, app...),
		Styles:  append([]string{"/assets/ListingsPage-1.css", "/assets/content-1.css", "/assets/shared-1.css"}, appStyles...),
	}
	want := map[site.View]viewAssets{}
	for view := range viewModules { // a view whose chunk is not built still needs the app
		want[view] = viewAssets{Scripts: app, Styles: appStyles}
	}
	want[site.ViewForSale], want[site.ViewForRent] = list, list
	want[site.ViewHome] = viewAssets{Scripts: append([]string{"/assets/HomePage-1.js"}, app...), Styles: appStyles}
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
