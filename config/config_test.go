package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/viper"

	"github.com/estate-agency/estate/listing"
)

func TestShippedConfigLoads(t *testing.T) {
	cfg, err := Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Server.Addr != ":8080" || cfg.Source.Kind != "dir" || !cfg.Demo {
		t.Errorf("unexpected shipped config: %+v", cfg)
	}
	if cfg.Sync.Timezone.String() != "Europe/Brussels" || cfg.Sync.Schedule != "*/15 * * * *" {
		t.Errorf("sync = %+v", cfg.Sync)
	}
	if len(cfg.Languages.Enabled) != 2 || cfg.Languages.Default != listing.NL {
		t.Errorf("languages = %+v", cfg.Languages)
	}
}

func TestBadValuesNameTheKey(t *testing.T) {
	tests := []struct {
		env map[string]string
		key string
	}{
		{map[string]string{"ESTATE_SERVER_ADDR": "8080"}, "server.addr"},
		{map[string]string{"ESTATE_SYNC_SCHEDULE": "every minute"}, "sync.schedule"},
		{map[string]string{"ESTATE_SYNC_TIMEZONE": "Mars/Olympus"}, "sync.timezone"},
		{map[string]string{"ESTATE_SOURCE_KIND": "ftp"}, "source.kind"},
		{map[string]string{"ESTATE_SOURCE_KIND": "platform", "ESTATE_SOURCE_URL": "platform.example"}, "source.url"},
		{map[string]string{"ESTATE_SOURCE_KIND": "platform", "ESTATE_SOURCE_URL": "https://p.example", "ESTATE_SOURCE_CUSTOMER": "x"}, "source.password"},
		{map[string]string{"ESTATE_LANGUAGES_ENABLED": "nl,xx"}, "languages.enabled"},
		{map[string]string{"ESTATE_LANGUAGES_DEFAULT": "de"}, "languages.default"},
		{map[string]string{"ESTATE_SOURCE_TIMEOUT": "soon"}, "source.timeout"},
		{map[string]string{"ESTATE_SYNC_MIN_KEEP_RATIO": "2"}, "sync.min_keep_ratio"},
		{map[string]string{"ESTATE_DEMO": "maybe"}, "demo"},
		{map[string]string{"ESTATE_SERVER_TRUSTED_PROXIES": "10.0.0.300", "ESTATE_SERVER_CLIENT_IP_HEADER": "X-Real-IP"}, "server.trusted_proxies"},
		{map[string]string{"ESTATE_SERVER_TRUSTED_PROXIES": "10.0.0.0/33", "ESTATE_SERVER_CLIENT_IP_HEADER": "X-Real-IP"}, "server.trusted_proxies"},
		{map[string]string{"ESTATE_SERVER_TRUSTED_PROXIES": "0.0.0.0/0", "ESTATE_SERVER_CLIENT_IP_HEADER": "X-Real-IP"}, "server.trusted_proxies"},
		{map[string]string{"ESTATE_SERVER_TRUSTED_PROXIES": "::/0", "ESTATE_SERVER_CLIENT_IP_HEADER": "X-Real-IP"}, "server.trusted_proxies"},
		{map[string]string{"ESTATE_SERVER_CLIENT_IP_HEADER": "X-Forwarded-For"}, "server.trusted_proxies"},
		{map[string]string{"ESTATE_SERVER_TRUSTED_PROXIES": "127.0.0.1"}, "server.client_ip_header"},
		{map[string]string{"ESTATE_SERVER_TRUSTED_PROXIES": "127.0.0.1", "ESTATE_SERVER_CLIENT_IP_HEADER": "X-Real IP:"}, "server.client_ip_header"},
		{map[string]string{"ESTATE_SEARCH_RATE_PER_MINUTE": "-1"}, "search.rate_per_minute"},
		{map[string]string{"ESTATE_SEARCH_BURST": "0"}, "search.burst"},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			_, err := Load(viper.New(), filepath.Join("..", "config.yaml"))
			var ke *KeyError
			if !errors.As(err, &ke) || ke.Key != tt.key {
				t.Fatalf("err = %v, want a KeyError for %s", err, tt.key)
			}
			if !strings.Contains(err.Error(), tt.key) {
				t.Errorf("message %q does not name %s", err, tt.key)
			}
		})
	}
}

func TestEnvOverridesFile(t *testing.T) {
	t.Setenv("ESTATE_SERVER_ADDR", "127.0.0.1:9999")
	t.Setenv("ESTATE_LANGUAGES_ENABLED", "fr nl de")
	t.Setenv("ESTATE_LANGUAGES_DEFAULT", "fr")
	cfg, err := Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Server.Addr != "127.0.0.1:9999" || cfg.Languages.Default != listing.FR || len(cfg.Languages.Enabled) != 3 {
		t.Errorf("cfg = %+v %+v", cfg.Server, cfg.Languages)
	}
}

// No header is trusted unless both keys say from whom: the client address
// is then the connection's, whatever a visitor writes in X-Forwarded-For.
func TestTrustedProxies(t *testing.T) {
	tests := []struct {
		name        string
		env         map[string]string
		wantProxies []string
		wantHeader  string
	}{
		{"off by default", nil, nil, ""},
		{"a list from the environment", map[string]string{
			"ESTATE_SERVER_TRUSTED_PROXIES": "127.0.0.1, ::1 10.0.0.0/8", "ESTATE_SERVER_CLIENT_IP_HEADER": "X-Forwarded-For",
		}, []string{"127.0.0.1", "::1", "10.0.0.0/8"}, "X-Forwarded-For"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			cfg, err := Load(viper.New(), filepath.Join("..", "config.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(cfg.Server.TrustedProxies, tt.wantProxies) || cfg.Server.ClientIPHeader != tt.wantHeader {
				t.Errorf("trusted %q header %q, want %q %q", cfg.Server.TrustedProxies, cfg.Server.ClientIPHeader, tt.wantProxies, tt.wantHeader)
			}
		})
	}
}

func TestMissingFileNamedExplicitlyFails(t *testing.T) {
	_, err := Load(viper.New(), filepath.Join(t.TempDir(), "nope.yaml"))
	if !IsKeyError(err) {
		t.Fatalf("err = %v", err)
	}
}

func TestNoFileUsesDefaults(t *testing.T) {
	t.Chdir(t.TempDir())
	cfg, err := Load(viper.New(), "")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.File != "" || cfg.Storage.Dir != "data" || cfg.Demo {
		t.Errorf("defaults = %+v", cfg)
	}
}

// withRoutes writes a config whose site.routes is the given YAML list.
func withRoutes(t *testing.T, routes string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "config.yaml")
	body := "site:\n  routes:\n" + routes
	if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

const homeRoute = `    - internal: /
      paths: {nl: /nl/, fr: /fr/}
      breadcrumb: {name: {nl: Home, fr: Accueil}, path: /}
`

func TestShippedRoutes(t *testing.T) {
	cfg, err := Load(viper.New(), filepath.Join("..", "config.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	byInternal := map[string]Route{}
	for _, r := range cfg.Site.Routes {
		byInternal[r.Internal] = r
	}
	for internal, want := range map[string][2]string{
		"/":                 {"/nl/", "/fr/"},
		"/demand-register/": {"/nl/inschrijven/", "/fr/je-m'inscris/"},
		"/feedback/{form}/": {"/nl/bedankt/{form}/", "/fr/merci/{form}/"},
	} {
		r := byInternal[internal]
		if r.Paths[listing.NL] != want[0] || r.Paths[listing.FR] != want[1] {
			t.Errorf("%s paths = %v", internal, r.Paths)
		}
	}
	if byInternal["/owners/"].Redirect != "/login/" || len(byInternal["/feedback/{form}/"].Params["form"]) != 12 {
		t.Errorf("owners/feedback = %+v %+v", byInternal["/owners/"], byInternal["/feedback/{form}/"])
	}
}

func TestNoRoutesIsAnEmptySite(t *testing.T) {
	file := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(file, []byte("demo: true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(viper.New(), file)
	if err != nil || len(cfg.Site.Routes) != 0 {
		t.Fatalf("cfg.Site = %+v, err = %v", cfg.Site, err)
	}
}

func TestBadRoutesNameTheKey(t *testing.T) {
	tests := []struct {
		name, routes, key string
	}{
		{"not a list", "    x: 1\n", "site.routes"},
		{"path outside its language", homeRoute + `    - internal: /for-sale/
      paths: {nl: /fr/te-koop/}
      breadcrumb: {name: {nl: Te koop}, path: /for-sale/}
`, "site.routes[1].paths.nl"},
		{"path without trailing slash", homeRoute + `    - internal: /for-sale/
      paths: {nl: /nl/te-koop}
      breadcrumb: {name: {nl: Te koop}, path: /for-sale/}
`, "site.routes[1].paths.nl"},
		{"traversal in a path", homeRoute + `    - internal: /for-sale/
      paths: {nl: /nl/../te-koop/}
      breadcrumb: {name: {nl: Te koop}, path: /for-sale/}
`, "site.routes[1].paths.nl"},
		{"encoded path", homeRoute + `    - internal: /demand-register/
      paths: {fr: "/fr/je-m%27inscris/"}
      breadcrumb: {name: {fr: Inscription}, path: /demand-register/}
`, "site.routes[1].paths.fr"},
		{"unknown language", homeRoute + `    - internal: /for-sale/
      paths: {es: /es/en-venta/}
      breadcrumb: {name: {es: En venta}, path: /for-sale/}
`, "site.routes[1].paths.es"},
		{"internal without slash", homeRoute + `    - internal: for-sale
      paths: {nl: /nl/te-koop/}
      breadcrumb: {name: {nl: Te koop}, path: /for-sale/}
`, "site.routes[1].internal"},
		{"duplicate localized path", homeRoute + `    - internal: /for-sale/
      paths: {nl: /nl/te-koop/}
      breadcrumb: {name: {nl: Te koop}, path: /for-sale/}
    - internal: /sale/
      paths: {nl: /nl/te-koop/}
      breadcrumb: {name: {nl: Koop}, path: /sale/}
`, "site.routes[2].paths.nl"},
		{"duplicate pattern", homeRoute + `    - internal: "/a/{x}/"
      paths: {nl: "/nl/a/{x}/"}
      breadcrumb: {name: {nl: A}, path: "/a/{x}/"}
    - internal: "/b/{y}/"
      paths: {nl: "/nl/a/{y}/"}
      breadcrumb: {name: {nl: B}, path: "/b/{y}/"}
`, "site.routes[2].paths.nl"},
		{"duplicate internal", homeRoute + `    - internal: /
      paths: {de: /de/}
      breadcrumb: {name: {de: Start}, path: /}
`, "site.routes[1].internal"},
		{"missing crumb name", homeRoute + `    - internal: /for-sale/
      paths: {nl: /nl/te-koop/, fr: /fr/a-vendre/}
      breadcrumb: {name: {nl: Te koop}, path: /for-sale/}
`, "site.routes[1].breadcrumb.name.fr"},
		{"crumb to nowhere", homeRoute + `    - internal: /for-sale/
      paths: {nl: /nl/te-koop/}
      breadcrumb: {name: {nl: Te koop}, path: /sale/}
`, "site.routes[1].breadcrumb.path"},
		{"redirect to nowhere", homeRoute + `    - internal: /owners/
      paths: {nl: /nl/eigenaars/}
      redirect: /nowhere/
      breadcrumb: {name: {nl: Eigenaars}, path: /owners/}
`, "site.routes[1].redirect"},
		{"parameter segment missing in a language", homeRoute + `    - internal: "/feedback/{form}/"
      paths: {nl: "/nl/bedankt/{form}/", fr: /fr/merci/}
      breadcrumb: {name: {nl: Bedankt, fr: Merci}, path: "/feedback/{form}/"}
`, "site.routes[1].paths.fr"},
		{"param that is no parameter segment", homeRoute + `    - internal: "/feedback/{form}/"
      paths: {nl: "/nl/bedankt/{form}/"}
      params: {from: [contact-me]}
      breadcrumb: {name: {nl: Bedankt}, path: "/feedback/{form}/"}
`, "site.routes[1].params.from"},
		{"param value not a segment", homeRoute + `    - internal: "/feedback/{form}/"
      paths: {nl: "/nl/bedankt/{form}/"}
      params: {form: [contact-me, "../x"]}
      breadcrumb: {name: {nl: Bedankt}, path: "/feedback/{form}/"}
`, "site.routes[1].params.form[1]"},
		{"external not a URL", homeRoute + `    - internal: /projects/
      paths: {nl: /nl/projecten/}
      external: projects.example.be
      breadcrumb: {name: {nl: Projecten}, path: /projects/}
`, "site.routes[1].external"},
		{"external on a non-project page", homeRoute + `    - internal: /office/
      paths: {nl: /nl/ons-kantoor/}
      external: https://example.be/
      breadcrumb: {name: {nl: Kantoor}, path: /office/}
`, "site.routes[1].external"},
		{"no home", `    - internal: /office/
      paths: {nl: /nl/ons-kantoor/}
      breadcrumb: {name: {nl: Kantoor}, path: /office/}
`, "site.routes"},
		{"home not in default language", `    - internal: /
      paths: {fr: /fr/}
      breadcrumb: {name: {fr: Accueil}, path: /}
`, "site.routes[0].paths.nl"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(viper.New(), withRoutes(t, tt.routes))
			var ke *KeyError
			if !errors.As(err, &ke) || ke.Key != tt.key {
				t.Fatalf("err = %v, want a KeyError for %s", err, tt.key)
			}
			if !strings.Contains(err.Error(), tt.key) {
				t.Errorf("message %q does not name %s", err, tt.key)
			}
		})
	}
}

// agencyYAML is a site.agency section holding every mention the law asks
// for, each on its own line so a test can leave one out.
var agencyYAML = []string{
	"  agency:",
	"    name: Kantoor",
	"    ipi: \"100.200\"",
	"    ipi_title: {nl: Erkend vastgoedmakelaar-bemiddelaar, fr: Agent immobilier intermédiaire agréé}",
	"    company_number: BE 0123.456.749",
	"    supervisor:",
	"      name: {nl: BIV, fr: IPI}",
	"      address: {nl: Luxemburgstraat 16B, 1000 Brussel, fr: rue du Luxembourg 16B, 1000 Bruxelles}",
	"    insurer:",
	"      name: Verzekeraar NV",
	"      policy: \"123\"",
	"    deontology_url: {nl: https://www.biv.be/plichtenleer, fr: https://www.ipi.be/}",
}

// agencyWithout is agencyYAML without the lines that start with any of drop
// (after the indentation), and with the replacements of change.
func agencyWithout(drop []string, change map[string]string) string {
	var b strings.Builder
	for _, line := range agencyYAML {
		trimmed := strings.TrimSpace(line)
		if slices.ContainsFunc(drop, func(d string) bool { return strings.HasPrefix(trimmed, d) }) {
			continue
		}
		for from, to := range change {
			line = strings.ReplaceAll(line, from, to)
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

func TestAgencyMentionsAreRequired(t *testing.T) {
	t.Setenv("ESTATE_DEMO", "false")
	if _, err := loadSite(t, agencyWithout(nil, nil)); err != nil {
		t.Fatalf("a complete agency: %v", err)
	}
	tests := []struct {
		name   string
		drop   []string
		change map[string]string
		key    string
	}{
		{"no BIV/IPI number", []string{"ipi:"}, nil, "site.agency.ipi"},
		{"no professional title", []string{"ipi_title:"}, nil, "site.agency.ipi_title.nl"},
		{"a title missing in a language", nil, map[string]string{", fr: Agent immobilier intermédiaire agréé": ""}, "site.agency.ipi_title.fr"},
		{"no company number", []string{"company_number:"}, nil, "site.agency.company_number"},
		{"a company number of 9 digits", nil, map[string]string{"0123.456.749": "123.456.749"}, "site.agency.company_number"},
		{"no supervisor", []string{"supervisor:", "name: {nl: BIV", "address:"}, nil, "site.agency.supervisor.name.nl"},
		{"no supervisor's address", []string{"address:"}, nil, "site.agency.supervisor.address.nl"},
		{"no insurer", []string{"insurer:", "name: Verzekeraar", "policy:"}, nil, "site.agency.insurer.name"},
		{"no policy number", []string{"policy:"}, nil, "site.agency.insurer.policy"},
		{"no deontology code", []string{"deontology_url:"}, nil, "site.agency.deontology_url.nl"},
		{"a deontology code that is no address", nil, map[string]string{"fr: https://www.ipi.be/": "fr: www.ipi.be"}, "site.agency.deontology_url.fr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadSite(t, agencyWithout(tt.drop, tt.change))
			var ke *KeyError
			if !errors.As(err, &ke) || ke.Key != tt.key {
				t.Fatalf("err = %v, want a KeyError for %s", err, tt.key)
			}
			if !strings.Contains(err.Error(), tt.key) {
				t.Errorf("message %q does not name %s", err, tt.key)
			}
		})
	}
}

func TestInsuranceErrorSaysWhy(t *testing.T) {
	t.Setenv("ESTATE_DEMO", "false")
	_, err := loadSite(t, agencyWithout([]string{"policy:"}, nil))
	want := "config: site.agency.insurer.policy: required (BIV/IPI: professional liability insurance must be stated)"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}

func TestDemoFillsAgencyMentions(t *testing.T) {
	tests := []struct {
		name  string
		yaml  string
		check func(t *testing.T, a Agency)
	}{
		{"no agency at all", "", func(t *testing.T, a Agency) {
			if a.IPI != "512.345" || a.CompanyNumber != "0712.345.678" || a.Insurer != (Insurer{Name: "AXA Belgium", Policy: "730.390.160"}) {
				t.Errorf("numbers %q %q %+v", a.IPI, a.CompanyNumber, a.Insurer)
			}
			if a.IPITitle.Get(listing.FR) != "Agent immobilier intermédiaire et syndic agréé" || a.Supervisor.Address.Get(listing.NL) != "Luxemburgstraat 16B, 1000 Brussel" {
				t.Errorf("texts %v %v", a.IPITitle, a.Supervisor.Address)
			}
			if a.DeontologyURL.Get(listing.NL) != "https://www.biv.be/plichtenleer" {
				t.Errorf("deontology %v", a.DeontologyURL)
			}
		}},
		{"the agency's own values are kept", agencyWithout([]string{"policy:", "ipi_title:"}, nil), func(t *testing.T, a Agency) {
			if a.IPI != "100.200" || a.Insurer != (Insurer{Name: "Verzekeraar NV", Policy: "730.390.160"}) || a.Supervisor.Name.Get(listing.FR) != "IPI" {
				t.Errorf("kept %q %+v %v", a.IPI, a.Insurer, a.Supervisor.Name)
			}
			if a.IPITitle.Get(listing.NL) != "Erkend vastgoedmakelaar-bemiddelaar en vastgoedmakelaar-syndicus" {
				t.Errorf("title %v", a.IPITitle)
			}
		}},
		{"a language left out is filled", agencyWithout(nil, map[string]string{", fr: IPI}": "}"}), func(t *testing.T, a Agency) {
			if a.Supervisor.Name.Get(listing.NL) != "BIV" || a.Supervisor.Name.Get(listing.FR) != "Institut professionnel des agents immobiliers (IPI)" {
				t.Errorf("supervisor %v", a.Supervisor.Name)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := loadSite(t, tt.yaml)
			if err != nil {
				t.Fatal(err)
			}
			if !cfg.Demo {
				t.Fatal("the shipped config's head is no longer the demo")
			}
			tt.check(t, cfg.Site.Agency)
		})
	}
}

// A site without routes publishes no page, so it states nothing either.
func TestEmptySiteNeedsNoMentions(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, err := Load(viper.New(), ""); err != nil {
		t.Fatal(err)
	}
}
