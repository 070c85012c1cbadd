package httpd

import (
	"reflect"
	"testing"
	"testing/fstest"
)

func TestLocaleFiles(t *testing.T) {
	tests := []struct {
		name     string
		manifest string
		want     map[string]string
	}{
		{"one file per language", `{
		  "src/locales/nl.json": {"file": "assets/nl-1.json", "src": "src/locales/nl.json"},
		  "src/locales/fr.json": {"file": "assets/fr-1.json", "src": "src/locales/fr.json"},
		  "src/app/start.tsx": {"file": "assets/start-1.js"}
		}`, map[string]string{"nl": "/assets/nl-1.json", "fr": "/assets/fr-1.json"}},
		// A namespace's own file, as builds before the bundles listed them, is no language.
		{"namespace files", `{
		  "src/locales/nl.json": {"file": "assets/nl-1.json"},
		  "src/locales/nl/common.json": {"file": "assets/common-1.json"}
		}`, map[string]string{"nl": "/assets/nl-1.json"}},
		{"no texts", `{"src/app/start.tsx": {"file": "assets/start-1.js"}}`, map[string]string{}},
		{"not a manifest", `[`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := localeFiles(fstest.MapFS{".vite/manifest.json": {Data: []byte(tc.manifest)}})
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	if got := localeFiles(fstest.MapFS{}); got != nil {
		t.Errorf("no manifest: %v", got)
	}
}
