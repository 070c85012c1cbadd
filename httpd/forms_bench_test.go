package httpd_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/internal/benchmark"
	"github.com/estate-agency/estate/leads"
)

// BenchmarkSubmit measures accepted form submissions over HTTP on the real
// store: every 201 waits for its bbolt commit (fsync) of the lead and its
// outbox entries. Clients post in parallel; concurrent commits share a
// batch.
//
//	go test ./httpd -run '^$' -bench Submit -benchtime 2000x
func BenchmarkSubmit(b *testing.B) {
	for _, clients := range []int{1, 16} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			st, ix := syncDemo(b)
			cfg := loadShippedConfig(b)
			cfg.Forms.Captcha, cfg.Forms.RatePerMinute = "off", 0
			spec, err := leads.Load()
			if err != nil {
				b.Fatal(err)
			}
			engine, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: testUI,
				Leads: leads.NewService(spec, st, st, false, nil)})
			if err != nil {
				b.Fatal(err)
			}
			srv := httptest.NewServer(engine)
			defer srv.Close()
			body := []byte(`{"lang":"nl","fields":{"title":"mr","firstName":"Jan","lastName":"Peeters","email":"jan@example.be",` +
				`"phone":"0470 12 34 56","street":"Kerkstraat 1","zip":"6830","city":"Bouillon","remark":"Graag meer informatie","privacy":true}}`)
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
			jobs := make(chan struct{})
			took := make([][]time.Duration, clients)
			var wg sync.WaitGroup
			b.ResetTimer()
			start := time.Now()
			for c := range clients {
				wg.Go(func() {
					for range jobs {
						d, err := timed(http.StatusCreated, func() (*http.Response, error) {
							return client.Post(srv.URL+"/api/forms/site-contact", "application/json", bytes.NewReader(body))
						})
						if err != nil {
							b.Error(err)
							return
						}
						took[c] = append(took[c], d)
					}
				})
			}
			for range b.N {
				jobs <- struct{}{}
			}
			close(jobs)
			wg.Wait()
			elapsed := time.Since(start)
			b.StopTimer()
			all := slices.Concat(took...)
			b.ReportMetric(float64(len(all))/elapsed.Seconds(), "accepted/s")
			benchmark.ReportLatencies(b, all, 50, 99)
		})
	}
}
