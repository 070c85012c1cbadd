package httpd_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/estate-agency/estate/demo"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/internal/benchmark"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store/storetest"
	platformsync "github.com/estate-agency/estate/sync"
)

// BenchmarkPropertyPage10k measures the page data of detail pages the page
// cache has not seen, on an agency of 10,000 listings: the property, its
// other languages and its similar properties (found through the index, so
// the cost must not grow with the number of listings).
//
//	go test ./httpd -run '^$' -bench PropertyPage10k -benchtime 3000x
func BenchmarkPropertyPage10k(b *testing.B) {
	n := benchmark.Size(b, "ESTATE_BENCH_N", 10_000)
	langs := []listing.Lang{listing.NL, listing.FR}
	fake := fakeplatform.New(demo.Synthetic(n, langs, 1), "bench", "bench-password")
	server := httptest.NewServer(fake)
	defer server.Close()
	dir := b.TempDir()
	log := slog.New(slog.DiscardHandler)
	st := storetest.OpenIn(b, dir, langs...)
	ix, err := index.Open(filepath.Join(dir, "index"), langs, log)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	src, err := platform.New(platform.Config{BaseURL: server.URL, Customer: "bench", Password: "bench-password", Zone: brussels}, nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := platformsync.NewSyncer(src, st, ix, log, platformsync.Options{Languages: langs, Zone: brussels}).Run(context.Background(), platformsync.RunOptions{Full: true}); err != nil {
		b.Fatal(err)
	}
	cfg := loadShippedConfig(b)
	cfg.Languages.Enabled = langs
	engine, err := httpd.New(cfg, httpd.Deps{Log: log, Search: ix, Catalog: st, Listings: st, UI: testUI})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(engine)
	defer srv.Close()
	ids, err := st.ActivePropertyIDs(listing.NL)
	if err != nil {
		b.Fatal(err)
	}
	props, err := st.PropertiesByID(listing.NL, ids)
	if err != nil {
		b.Fatal(err)
	}
	paths := make([]string, len(props))
	for i, p := range props {
		paths[i] = srv.URL + "/api/page?path=" + url.QueryEscape(site.CanonicalDetail(p, listing.NL))
	}
	client := &http.Client{}
	took := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	i := 0
	for b.Loop() {
		d, err := timed(http.StatusOK, func() (*http.Response, error) { return client.Get(paths[i%len(paths)]) })
		if err != nil {
			b.Fatal(err)
		}
		took = append(took, d)
		i++
	}
	b.StopTimer()
	benchmark.ReportLatencies(b, took, 50, 95)
	b.ReportMetric(float64(len(props)), "listings")
}
