package httpd

import (
	"strings"
	"testing"

	"github.com/estate-agency/estate/config"
)

func TestTileHost(t *testing.T) {
	for _, tc := range []struct {
		name, tmpl, want string
	}{
		{"OpenStreetMap's standard tiles", "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"},
		{"subdomains become a wildcard", "https://{s}.tile.example.org/{z}/{x}/{y}.png", "https://*.tile.example.org"},
		{"retina suffix and a port", "https://tiles.example.org:8443/{z}/{x}/{y}{r}.png", "https://tiles.example.org:8443"},
		{"query string with a key", "https://tiles.example.org/{z}/{x}/{y}.png?key=abc", "https://tiles.example.org"},
		{"plain http", "http://tiles.local/{z}/{x}/{y}.png", "http://tiles.local"},
		{"no tiles", "", ""},
		{"a path on the site itself", "/tiles/{z}/{x}/{y}.png", ""},
		{"another scheme", "ftp://tiles.example.org/{z}/{x}/{y}.png", ""},
		{"a quote would end the directive", "https://tiles.example.org';script-src/{z}/{x}/{y}.png", ""},
		{"not a URL", "https://%zz/{z}", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tileHost(tc.tmpl); got != tc.want {
				t.Errorf("tileHost(%q) = %q, want %q", tc.tmpl, got, tc.want)
			}
		})
	}
}

// The tile host joins img-src only when tiles are configured.
func TestContentSecurityPolicyTiles(t *testing.T) {
	for _, tc := range []struct {
		tmpl, want string
	}{
		{"https://tile.openstreetmap.org/{z}/{x}/{y}.png", "img-src 'self' data: https://tile.openstreetmap.org;"},
		{"", "img-src 'self' data:;"},
	} {
		var sh config.Shell
		sh.Map.TileURL = tc.tmpl
		if csp := contentSecurityPolicy(sh, config.Media{}); !strings.Contains(csp, tc.want) {
			t.Errorf("tiles %q: %s", tc.tmpl, csp)
		}
	}
}
