package httpd_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/listing"
)

// One address that searches past its budget gets 429 with Retry-After in
// Algolia's error shape, on every search endpoint; another address is not
// held back by it.
func TestSearchIsRateLimitedPerAddress(t *testing.T) {
	st, ix := syncDemo(t)
	cfg := config.Config{
		Server:    config.Server{BaseURL: siteOrigin},
		Languages: config.Languages{Enabled: demoLangs, Default: listing.NL},
		Search:    config.Search{RatePerMinute: 1, Burst: 3},
	}
	engine, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st})
	if err != nil {
		t.Fatal(err)
	}
	search := func(from, method, path, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.RemoteAddr = from + ":40000"
		rec := httptest.NewRecorder()
		engine.ServeHTTP(rec, req)
		return rec
	}
	const multi = `{"requests":[{"indexName":"properties_nl","hitsPerPage":1},{"indexName":"cities_nl","hitsPerPage":1}]}`
	// A burst of three, whatever the endpoint; a multi-query counts once.
	for i, r := range []struct{ method, path, body string }{
		{"POST", "/1/indexes/*/queries", multi},
		{"POST", "/1/indexes/properties_nl/query", `{"hitsPerPage":1}`},
		{"GET", "/1/indexes/properties_nl?hitsPerPage=1", ""},
	} {
		if rec := search("198.51.100.7", r.method, r.path, r.body); rec.Code != http.StatusOK {
			t.Fatalf("search %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	for _, r := range []struct{ method, path, body string }{
		{"POST", "/1/indexes/*/queries", multi},
		{"POST", "/1/indexes/properties_nl/facets/city/query", `{"facetQuery":"b"}`},
	} {
		rec := search("198.51.100.7", r.method, r.path, r.body)
		if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
			t.Fatalf("%s past the burst: %d, Retry-After %q", r.path, rec.Code, rec.Header().Get("Retry-After"))
		}
		var got struct {
			Message string
			Status  int
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Status != 429 || !strings.Contains(got.Message, "Too many search requests") {
			t.Errorf("body %s", rec.Body)
		}
	}
	if rec := search("198.51.100.8", "POST", "/1/indexes/*/queries", multi); rec.Code != http.StatusOK {
		t.Errorf("another address: %d %s", rec.Code, rec.Body)
	}
	// A preflight is not a search.
	if rec := search("198.51.100.7", "OPTIONS", "/1/indexes/*/queries", ""); rec.Code == http.StatusTooManyRequests {
		t.Errorf("preflight: %d", rec.Code)
	}
}
