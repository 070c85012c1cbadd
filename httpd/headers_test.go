package httpd_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
)

// panicky is a readiness check that panics, so /readyz exercises the
// recovery path of the real stack.
type panicky struct{}

func (panicky) Ready(context.Context) error { panic("readiness exploded") }

// newFullStack serves every route group New knows: pages, search, forms,
// accounts, the owner portal, search demands, demo media and health.
func newFullStack(t *testing.T) string {
	t.Helper()
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	cfg.Forms.Captcha = "off"
	cfg.Demo = true
	log := slog.New(slog.DiscardHandler)
	spec, err := leads.Load()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := accounts.New(st, log, nil)
	if err != nil {
		t.Fatal(err)
	}
	resets := accounts.NewResetMails(svc, st, mail.AgencyView{Name: "Ardenne Immo"}, func(l listing.Lang, token string) string {
		return "http://localhost/" + string(l) + "/login/#token=" + token
	}, nil, log)
	key := bytes.Repeat([]byte{7}, 32)
	dem := newDemands(t, st, spec, key, log)
	engine, err := httpd.New(cfg, httpd.Deps{
		Log: log, Ready: panicky{}, Search: ix, Catalog: st, Listings: st, UI: testUI,
		Leads:     leads.NewService(spec, st, st, false, nil),
		DemoMedia: http.StripPrefix("/demo", http.FileServer(http.FS(testUI))),
		Accounts:  svc, Resets: resets, CSRFKey: key, Reports: st, Demands: dem,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestEveryAnswerCarriesTheSecurityHeaders sends requests of every shape
// the server answers, including the ones Gin answers before any middleware
// runs (trailing-slash redirects), and wants the same headers on each.
func TestEveryAnswerCarriesTheSecurityHeaders(t *testing.T) {
	base := newFullStack(t)
	tests := []struct {
		name, method, path string
		header             []string
		body               string
		status             int
		location           string // "" = no redirect expected
	}{
		{"home page", "GET", "/nl/", nil, "", 200, ""},
		{"root redirects to the default language", "GET", "/", nil, "", 302, "/nl/"},
		{"page without its slash", "GET", "/nl/te-koop", nil, "", 301, "/nl/te-koop/"},
		{"old property address", "GET", "/property/4003/", nil, "", 301, ""},
		{"unknown page", "GET", "/nl/nergens/", nil, "", 404, ""},
		{"unknown page HEAD", "HEAD", "/nl/nergens/", nil, "", 404, ""},
		{"page POST", "POST", "/nl/te-koop/", nil, "", 405, ""},
		{"static asset", "GET", "/assets/index-AbC123.js", nil, "", 200, ""},
		{"static asset gzipped", "GET", "/assets/index-AbC123.js", []string{"Accept-Encoding", "gzip"}, "", 200, ""},
		{"site data", "GET", "/api/site", nil, "", 200, ""},
		{"site data gzipped", "GET", "/api/site", []string{"Accept-Encoding", "gzip"}, "", 200, ""},
		{"site data with a trailing slash", "GET", "/api/site/", nil, "", 301, "/api/site"},
		{"form with a trailing slash", "POST", "/api/forms/site-contact/", []string{"Content-Type", "application/json"}, "{}", 307, "/api/forms/site-contact"},
		{"form refused", "POST", "/api/forms/site-contact", []string{"Content-Type", "application/json"}, "{}", 422, ""},
		{"form GET not allowed", "GET", "/api/forms/site-contact", nil, "", 405, ""},
		{"captcha off", "GET", "/api/captcha", nil, "", 404, ""},
		{"account", "GET", "/api/account", nil, "", 200, ""},
		{"account with a trailing slash", "GET", "/api/account/", nil, "", 301, "/api/account"},
		{"login without CSRF", "POST", "/api/account/login", []string{"Content-Type", "application/json"}, "{}", 403, ""},
		{"owner portal signed out", "GET", "/api/owner/properties", nil, "", 401, ""},
		{"owner portal with a trailing slash", "GET", "/api/owner/properties/", nil, "", 301, "/api/owner/properties"},
		{"search demand signed out", "GET", "/api/demand", nil, "", 401, ""},
		{"search demand with a trailing slash", "GET", "/api/demand/", nil, "", 301, "/api/demand"},
		{"search demand PUT with a trailing slash", "PUT", "/api/demand/", []string{"Content-Type", "application/json"}, "{}", 307, "/api/demand"},
		{"search", "POST", "/1/indexes/*/queries", []string{"Content-Type", "text/plain"}, `{"requests":[{"indexName":"properties_nl"}]}`, 200, ""},
		{"search preflight", "OPTIONS", "/1/indexes/*/queries", []string{"Origin", siteOrigin, "Access-Control-Request-Method", "POST"}, "", 204, ""},
		{"search preflight from elsewhere", "OPTIONS", "/1/indexes/*/queries", []string{"Origin", "https://evil.example", "Access-Control-Request-Method", "POST"}, "", 403, ""},
		{"search with a trailing slash", "POST", "/1/indexes/properties_nl/query/", []string{"Content-Type", "text/plain"}, "{}", 307, "/1/indexes/properties_nl/query"},
		{"sitemap", "GET", "/sitemap.xml", nil, "", 200, ""},
		{"robots.txt with a trailing slash", "GET", "/robots.txt/", nil, "", 301, "/robots.txt"},
		{"epc image", "GET", "/images/epc/flanders/a.png", nil, "", 200, ""},
		{"demo media", "GET", "/demo/favicon.svg", nil, "", 200, ""},
		{"health", "GET", "/healthz", nil, "", 200, ""},
		{"health with a trailing slash", "GET", "/healthz/", nil, "", 301, "/healthz"},
		{"health HEAD with a trailing slash", "HEAD", "/healthz/", nil, "", 307, "/healthz"},
		{"health POST", "POST", "/healthz", nil, "", 405, ""},
		{"a panic", "GET", "/readyz", nil, "", 500, ""},
		{"a panic, browser", "GET", "/readyz", []string{"Accept", "text/html"}, "", 500, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, base+tt.path, strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i+1 < len(tt.header); i += 2 {
				req.Header.Set(tt.header[i], tt.header[i+1])
			}
			resp, err := noRedirect.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.status {
				t.Errorf("%s %s = %d, want %d", tt.method, tt.path, resp.StatusCode, tt.status)
			}
			if tt.location != "" && resp.Header.Get("Location") != tt.location {
				t.Errorf("Location = %q, want %q", resp.Header.Get("Location"), tt.location)
			}
			// Built files and photos run nothing and embed nothing, so they
			// carry the short policy that forbids everything.
			policy := "default-src 'self'"
			if strings.HasPrefix(tt.path, "/assets/") {
				policy = "default-src 'none'; frame-ancestors 'none'"
			}
			for h, want := range map[string]string{
				"Content-Security-Policy": policy,
				"X-Content-Type-Options":  "nosniff",
				"Referrer-Policy":         "strict-origin-when-cross-origin",
				"X-Frame-Options":         "DENY",
				"Permissions-Policy":      "camera=()",
			} {
				if got := resp.Header.Get(h); !strings.Contains(got, want) {
					t.Errorf("%s = %q, want it to hold %q", h, got, want)
				}
			}
		})
	}
}
