package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/viper"
)

// shippedWith is config.yaml with old replaced by new (once), as a file.
func shippedWith(t *testing.T, old, new string) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	if !strings.Contains(text, old) {
		t.Fatalf("config.yaml has no %q", old)
	}
	file := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(file, []byte(strings.Replace(text, old, new, 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestUnknownKeysAreNamedWithTheirPath(t *testing.T) {
	tests := []struct {
		name, old, new string
		key, want      string
	}{
		{"a typo in a section", "  addr: \":8080\"\n", "  adr: \":8080\"\n", "server.adr", "did you mean server.addr?"},
		{"a typo at the top", "\nsource:\n", "\nsourc:\n", "sourc", "did you mean source?"},
		{"a typo two levels down", "    max_attempts: 10", "    max_attemps: 10", "mail.retry.max_attemps", "did you mean mail.retry.max_attempts?"},
		{"an empty section at the top", "\ndemo: true\n", "\ndemo: true\nsourc: {}\n", "sourc", "did you mean source?"},
		{"a key with no value at the top", "\ndemo: true\n", "\ndemo: true\nsourc:\n", "sourc", "did you mean source?"},
		{"a key with no value in a section", "  addr: \":8080\"\n", "  addr: \":8080\"\n  adr:\n", "server.adr", "did you mean server.addr?"},
		{"a key at the wrong level", "\ndemo: true\n", "\ndemo: true\naddr: \":9090\"\n", "addr", "did you mean server.addr?"},
		{"nothing close", "  addr: \":8080\"\n", "  addr: \":8080\"\n  colour: red\n", "server.colour", "known here: addr, base_url, client_ip_header, shutdown_timeout, trusted_proxies"},
		{"a section written as a value", "\nlog:\n  level: info", "\nlog: info\nlogging:\n  level: info", "log", "must be a mapping of format, level"},
		{"a key removed: the site key lives in site.analytics", "    min_score: 0.5", "    min_score: 0.5\n    site_key: abc", "forms.recaptcha.site_key", "known here: min_score, secret"},
		{"a site subsection", "  header:\n    logo_position:", "  header:\n    logo_positon:", "site.header.logo_positon", "did you mean site.header.logo_position?"},
		{"a site section", "\n  top_bar:\n", "\n  topbar:\n", "site.topbar", "did you mean site.top_bar?"},
		{"an empty site section", "\n  consent: {enabled: true}\n", "\n  consent: {enabled: true}\n  heder: {}\n", "site.heder", "did you mean site.header?"},
		{"a route", "    - internal: /\n", "    - internal: /\n      redirct: /\n", "site.routes[0].redirct", "did you mean site.routes[0].redirect?"},
		{"a breadcrumb", "      breadcrumb: {name: {nl: Home", "      breadcrumb: {nme: {nl: Home", "site.routes[0].breadcrumb.nme", "did you mean site.routes[0].breadcrumb.name?"},
		{"inside a language's SEO", "    nl:\n      title_suffix:", "    nl:\n      titel_suffix:", "site.seo.nl.titel_suffix", "did you mean site.seo.nl.title_suffix?"},
		{"inside a list of pages", "  pages:\n    - path: /\n", "  pages:\n    - path: /\n      titel: {nl: x}\n", "site.pages[0].titel", "did you mean site.pages[0].title?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(viper.New(), shippedWith(t, tt.old, tt.new))
			var ke *KeyError
			if !errors.As(err, &ke) || ke.Key != tt.key {
				t.Fatalf("err = %v, want a KeyError for %s", err, tt.key)
			}
			if !strings.Contains(err.Error(), tt.key+": ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("message %q does not name %s with %q", err, tt.key, tt.want)
			}
		})
	}
}

func TestEveryUnknownKeyIsReported(t *testing.T) {
	file := shippedWith(t, "  addr: \":8080\"\n", "  adr: \":8080\"\n  base_ur: x\n")
	_, err := Load(viper.New(), file)
	for _, key := range []string{"server.adr", "server.base_ur"} {
		if err == nil || !strings.Contains(err.Error(), "config: "+key+": ") {
			t.Errorf("err = %v, want it to name %s", err, key)
		}
	}
}

// Mappings keyed by language or by a name the writer chose are values:
// any key goes, and only what they hold is checked.
func TestFreeKeysAreValues(t *testing.T) {
	file := shippedWith(t, `      fr: "Trouvez votre coin d'Ardenne"`, `      FR: "Trouvez votre coin d'Ardenne"`)
	cfg, err := Load(viper.New(), file)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Site.HomeSearch.Title.Get("fr") == "" || len(cfg.Site.SEO) != 4 {
		t.Errorf("home search %+v, seo %+v", cfg.Site.HomeSearch, cfg.Site.SEO)
	}
	if len(cfg.Site.Routes) == 0 || len(cfg.Site.Pages) == 0 {
		t.Errorf("the shipped routes and pages (free paths, params, breadcrumb names) were lost")
	}
}

func TestUnknownEnvironmentVariablesAreWarnings(t *testing.T) {
	t.Setenv("ESTATE_SERVER_ADR", ":9090")
	t.Setenv("ESTATE_BIN", "/tmp/estate")
	t.Setenv("ESTATE_SERVER_ADDR", ":9091")
	cfg, err := Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, w := range cfg.EnvWarnings {
		got[w.Name] = w.Suggestion
	}
	if s, ok := got["ESTATE_SERVER_ADR"]; !ok || s != "ESTATE_SERVER_ADDR" {
		t.Errorf("ESTATE_SERVER_ADR: warned %v, suggestion %q", ok, s)
	}
	if s, ok := got["ESTATE_BIN"]; !ok || s != "" {
		t.Errorf("ESTATE_BIN: warned %v, suggestion %q (nothing is close)", ok, s)
	}
	if _, ok := got["ESTATE_SERVER_ADDR"]; ok || cfg.Server.Addr != ":9091" {
		t.Errorf("a known variable was warned about or ignored: %v, addr %s", cfg.EnvWarnings, cfg.Server.Addr)
	}
}

// The schema is the defaults: a default nobody reads would be a key the
// file accepts and the program ignores.
func TestEveryKnownKeyIsRead(t *testing.T) {
	v := viper.New()
	if _, err := read(v, filepath.Join("..", "config.yaml")); err != nil {
		t.Fatal(err)
	}
	p := parser{v: v}
	p.config()
	if p.err != nil {
		t.Fatal(p.err)
	}
	for key := range defaultValues() {
		if !p.read[key] {
			t.Errorf("%s has a default but is never read", key)
		}
	}
	for _, key := range []string{"site", "site.routes"} {
		if !p.read[key] {
			t.Errorf("%s is never read", key)
		}
	}
}

func TestReadingAnUndeclaredKeyIsABug(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "server.port") {
			t.Errorf("recovered %v, want a panic naming server.port", r)
		}
	}()
	(&parser{v: viper.New()}).str("server.port")
}

func TestClosest(t *testing.T) {
	tests := []struct {
		word       string
		candidates []string
		want       []string
	}{
		{"adr", []string{"addr", "base_url"}, []string{"addr"}},
		{"sourc", []string{"source", "storage", "sync"}, []string{"source"}},
		{"x", []string{"demo", "log"}, nil},
		{"mx", []string{"max", "base"}, []string{"max"}},
		{"lvl", []string{"level", "format"}, nil},
		{"bas", []string{"base", "max"}, []string{"base"}},
		{"ab", []string{"ac", "bb", "abcd"}, []string{"ac", "bb"}},
		{"titel", []string{"title", "intro", "path"}, []string{"title"}},
		{"colour", []string{"addr", "base_url"}, nil},
	}
	for _, tt := range tests {
		if got := closest(tt.word, tt.candidates); !slices.Equal(got, tt.want) {
			t.Errorf("closest(%q, %v) = %v, want %v", tt.word, tt.candidates, got, tt.want)
		}
	}
}
