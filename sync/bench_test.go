package platformsync_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/demo"
	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/internal/benchmark"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/platform/fakeplatform"
	"github.com/estate-agency/estate/store/storetest"
	platformsync "github.com/estate-agency/estate/sync"
)

// BenchmarkFullSync10k is the goal "a full sync of 10,000 listings, indexing
// included, within 30 s": the synthetic listings are served over real HTTP by
// the fake platform and read by the production client (its defaults: page
// size, ID chunks, pooled transport, retries), then stored and indexed into a
// fresh storage dir, as `estate sync --full` does on a new machine.
//
//	go test ./sync -run '^$' -bench FullSync10k -benchtime 1x
//	ESTATE_BENCH_RTT=20ms ESTATE_BENCH_CONCURRENCY=16 go test ./sync -run '^$' -bench FullSync10k -benchtime 1x
func BenchmarkFullSync10k(b *testing.B) {
	n := benchmark.Size(b, "ESTATE_BENCH_N", 10_000)
	langs := []listing.Lang{listing.NL}
	fake := fakeplatform.New(demo.Synthetic(n, langs, 1), customer, password)
	// Loopback answers in well under a millisecond; the real platform does
	// not. ESTATE_BENCH_RTT=20ms delays every call to show what latency does
	// to a run of 10,000 listings: their pictures come embedded in the rows,
	// so it is the list pages and detail chunks that wait.
	if s := os.Getenv("ESTATE_BENCH_RTT"); s != "" {
		rtt, err := time.ParseDuration(s)
		if err != nil || rtt < 0 {
			b.Fatalf("ESTATE_BENCH_RTT=%q: want a duration such as 20ms", s)
		}
		fake.Fail(fakeplatform.Delay(rtt))
	}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	src, err := platform.New(platform.Config{BaseURL: srv.URL, Customer: customer, Password: password, Zone: brussels}, nil)
	if err != nil {
		b.Fatal(err)
	}
	// sync.concurrency, 8 by default; ESTATE_BENCH_CONCURRENCY tries others.
	concurrency := 8
	if s := os.Getenv("ESTATE_BENCH_CONCURRENCY"); s != "" {
		if concurrency, err = strconv.Atoi(s); err != nil || concurrency < 1 {
			b.Fatalf("ESTATE_BENCH_CONCURRENCY=%q: want a positive number", s)
		}
	}
	log := slog.New(slog.DiscardHandler)

	var fetch, write time.Duration
	for b.Loop() {
		b.StopTimer()
		dir := b.TempDir()
		st := storetest.OpenIn(b, dir, langs...)
		ix, err := index.Open(filepath.Join(dir, "index"), langs, log)
		if err != nil {
			b.Fatal(err)
		}
		// The options of config.yaml's defaults, built as cmd/estate's openApp does.
		sy := platformsync.NewSyncer(src, st, ix, log, platformsync.Options{
			Languages: langs, MinKeepRatio: 0.5, Concurrency: concurrency,
			VideoHosts: listing.VideoHosts{Tours: []string{"matterport.com", "nodalview.com", "kuula.co"}}, Zone: brussels,
		})
		// A new index is stale, which makes the syncer rebuild it in batches
		// rather than apply 10,000 documents as one batch: what openApp does.
		for _, l := range langs {
			if ix.Stale(l) {
				sy.MarkStale(l)
			}
		}
		// The fetch ends with the last detail (or picture list); what
		// follows is mapping, the store transaction and the index.
		var fetchedAt time.Time
		progress := func(stage string, done, total int) {
			if strings.HasSuffix(stage, " properties") && done == total && total > 0 {
				fetchedAt = time.Now()
			}
		}
		b.StartTimer()

		start := time.Now()
		run, err := sy.Run(context.Background(), platformsync.RunOptions{Full: true, Progress: progress})
		end := time.Now()

		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		if run.Added != n {
			b.Fatalf("run added %d listings, want %d", run.Added, n)
		}
		if got, err := ix.Count(listing.NL); err != nil || got != uint64(n) {
			b.Fatalf("index holds %d listings (err %v), want %d", got, err, n)
		}
		if !fetchedAt.IsZero() {
			fetch += fetchedAt.Sub(start)
			write += end.Sub(fetchedAt)
		}
		if err := ix.Close(); err != nil {
			b.Fatal(err)
		}
		if err := st.Close(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	per := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(per, "s/sync")
	b.ReportMetric(float64(n)/per, "listings/s")
	b.ReportMetric(fetch.Seconds()/float64(b.N), "s-fetch")
	b.ReportMetric(write.Seconds()/float64(b.N), "s-store+index")
	b.ReportMetric(benchmark.PeakRSSMB(), "peakRSS-MB")
}
