package httpd_test

import (
	"bytes"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/estate-agency/estate/internal/benchmark"
)

// searchMix is a fixed mix of what visitors send: the header's quick search,
// a faceted list with a price range and a map area, a sorted list page and a
// reference lookup.
var searchMix = []string{
	`{"requests":[{"indexName":"properties_nl","query":"bouil","hitsPerPage":5},{"indexName":"cities_nl","query":"bouil","hitsPerPage":5}]}`,
	`{"requests":[{"indexName":"properties_fr","query":"maison","facets":["type","city","bedrooms","epcLabel"],"numericFilters":["price<=400000"],"aroundLatLng":"49.8,5.1","aroundRadius":30000,"facetFilters":["goal:sale"]}]}`,
	`{"requests":[{"indexName":"properties_nl_price_asc","filters":"goal:sale AND status:available","page":1,"hitsPerPage":20,"facets":["*"]}]}`,
	`{"requests":[{"indexName":"properties_nl","query":"4012","hitsPerPage":5}]}`,
}

// BenchmarkSearchAPI measures whole requests over loopback HTTP on the demo
// agency, with 1 and 8 clients, and reports latency percentiles.
//
//	go test ./httpd -run '^$' -bench SearchAPI -benchtime 4000x
func BenchmarkSearchAPI(b *testing.B) {
	env := newSearchEnv(b)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	for _, clients := range []int{1, 8} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			var (
				mu   sync.Mutex
				took []time.Duration
				wg   sync.WaitGroup
				next = make(chan int)
			)
			start := time.Now()
			for range clients {
				wg.Go(func() {
					for i := range next {
						d, err := timed(http.StatusOK, func() (*http.Response, error) {
							return client.Post(env.url+"/1/indexes/*/queries", "text/plain", bytes.NewBufferString(searchMix[i%len(searchMix)]))
						})
						if err != nil {
							b.Error(err)
							return
						}
						mu.Lock()
						took = append(took, d)
						mu.Unlock()
					}
				})
			}
			for i := range b.N {
				next <- i
			}
			close(next)
			wg.Wait()
			elapsed := time.Since(start)
			benchmark.ReportLatencies(b, took, 50, 95, 99)
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
		})
	}
}
