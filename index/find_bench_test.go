package index

import (
	"context"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/estate-agency/estate/internal/benchmark"
	"github.com/estate-agency/estate/listing"
)

// findMix is the fixed query mix of the search API goals (issue 3), cycled in this order:
//
//	a: text (a type, or a town with a typo) + 4 facets + a price range + a 30 km circle
//	b: no text, goal:sale AND status:available, newest first, a deep page (offset 200)
//	c: cheapest first with facets and price stats
//	d: a reference id typed in the quick search
func findMix(n int) []struct {
	kind string
	req  SearchRequest
} {
	facets := []string{"type", "city", "bedrooms", "epcLabel"}
	price := NumRange{Attr: "price", Min: 150000, Max: 600000, MinIncl: true, MaxIncl: true}
	around := func(lat, lng float64) *GeoFilter {
		return &GeoFilter{Around: &Around{Lat: lat, Lng: lng, Radius: 30000}}
	}
	mix := []struct {
		kind string
		req  SearchRequest
	}{
		{"a", SearchRequest{Text: "villa", Facets: facets, Filter: price, Geo: around(50.5, 4.4), Length: 20}},
		{"b", SearchRequest{Filter: And{Term{"goal", "sale"}, Term{"status", "available"}}, Sort: SortNewest, Offset: 200, Length: 20}},
		{"c", SearchRequest{Filter: Term{"goal", "sale"}, Sort: SortPriceAsc, Facets: append(slices.Clone(facets), "price"), Length: 20}},
		{"d", SearchRequest{Text: strconv.Itoa(100000 + n/3), Length: 20}},
		{"a", SearchRequest{Text: "Bastgne", Facets: facets, Filter: price, Geo: around(50.0, 5.7), Length: 20}},
		{"b", SearchRequest{Filter: And{Term{"goal", "sale"}, Term{"status", "available"}}, Sort: SortNewest, Offset: 200, Length: 20}},
		{"c", SearchRequest{Filter: Term{"goal", "rent"}, Sort: SortPriceAsc, Facets: append(slices.Clone(facets), "price"), Length: 20}},
		{"d", SearchRequest{Text: strconv.Itoa(100000 + n/2), Length: 20}},
		{"a", SearchRequest{Text: "Libramnt", Facets: facets, Filter: price, Geo: around(49.9, 5.4), Length: 20}},
		{"a", SearchRequest{Text: "appartement", Facets: facets, Filter: price, Geo: around(50.8, 3.3), Length: 20}},
	}
	return mix
}

func percentile(d []time.Duration, p float64) float64 {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return float64(s[max(i, 0)]) / float64(time.Millisecond)
}

// findBench holds one built index per size.
type findBench struct {
	ix    *Index
	n     int
	build time.Duration
	load  time.Duration
	heap  float64 // MB held by the columns (heap in use after Load minus before)
	disk  float64
}

func newFindBench(b *testing.B, n int) *findBench {
	props := genProps(n)
	projects := findProjects()
	for i := range projects {
		projects[i].Lang = listing.NL
	}
	docs := SliceDocs(props, projects, benchCities())
	dir := b.TempDir()
	ix, err := Open(dir, []listing.Lang{listing.NL}, nil)
	if err != nil {
		b.Fatal(err)
	}
	ix.batchSize = 2000
	start := time.Now()
	if err := ix.Rebuild(context.Background(), listing.NL, docs, nil); err != nil {
		b.Fatal(err)
	}
	fb := &findBench{n: n, build: time.Since(start)}
	if err := ix.Close(); err != nil {
		b.Fatal(err)
	}
	fb.disk = dirSizeMB(b, dir)
	// Reopen and Load as the server does, so the heap figure is the columns' alone.
	ix, err = Open(dir, []listing.Lang{listing.NL}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = ix.Close() })
	var before, after runtime.MemStats
	// Twice: objects with finalizers (the closed index's files) are freed by the second cycle.
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	start = time.Now()
	if err := ix.Load(listing.NL, docs); err != nil {
		b.Fatal(err)
	}
	fb.load = time.Since(start)
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&after)
	// The documents stay alive across both readings: the difference is the columns.
	runtime.KeepAlive(props)
	fb.heap = float64(int64(after.HeapInuse)-int64(before.HeapInuse)) / (1 << 20)
	fb.ix = ix
	// Warm the segment maps and let merges settle: the first search after a merge maps the new
	// segment once (measured separately by BenchmarkSegmentMap).
	for range 3 {
		for _, q := range findMix(n) {
			if _, err := ix.Find(context.Background(), listing.NL, q.req); err != nil {
				b.Fatal(err)
			}
		}
	}
	return fb
}

func findSizes(b *testing.B) []int {
	return benchmarkSizes(b, "ESTATE_BENCH_FIND_DOCS", []int{1000, 10000, 100000})
}

// benchmarkSizes reads a comma-separated list of sizes from env.
func benchmarkSizes(b *testing.B, env string, def []int) []int {
	v := strings.TrimSpace(os.Getenv(env))
	if v == "" {
		return def
	}
	var out []int
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			b.Fatalf("%s=%q: want sizes like 1000,10000", env, v)
		}
		out = append(out, n)
	}
	return out
}

// BenchmarkFind measures the search API's query mix on n synthetic properties: latency
// percentiles per query kind with one client, and throughput with 1 and 8 concurrent clients.
//
//	go test ./index/ -run '^$' -bench 'Find$' -benchtime 4000x
//	ESTATE_BENCH_FIND_DOCS=10000 go test ./index/ -run '^$' -bench 'Find$' -benchtime 4000x
func BenchmarkFind(b *testing.B) {
	for _, n := range findSizes(b) {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			fb := newFindBench(b, n)
			mix := findMix(n)
			b.Run("clients=1", func(b *testing.B) {
				lat := map[string][]time.Duration{}
				all := make([]time.Duration, 0, b.N)
				ctx := context.Background()
				i := 0
				b.ResetTimer()
				for b.Loop() {
					q := mix[i%len(mix)]
					i++
					t0 := time.Now()
					if _, err := fb.ix.Find(ctx, listing.NL, q.req); err != nil {
						b.Fatal(err)
					}
					d := time.Since(t0)
					lat[q.kind] = append(lat[q.kind], d)
					all = append(all, d)
				}
				b.StopTimer()
				b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "q/s")
				b.ReportMetric(percentile(all, 50), "p50-ms")
				b.ReportMetric(percentile(all, 99), "p99-ms")
				for _, k := range []string{"a", "b", "c", "d"} {
					b.ReportMetric(percentile(lat[k], 50), k+"-p50-ms")
					b.ReportMetric(percentile(lat[k], 95), k+"-p95-ms")
					b.ReportMetric(percentile(lat[k], 99), k+"-p99-ms")
				}
				b.ReportMetric(fb.heap, "columns-heap-MB")
				b.ReportMetric(fb.disk, "index-disk-MB")
				b.ReportMetric(fb.build.Seconds(), "rebuild-s")
				b.ReportMetric(fb.load.Seconds(), "load-s")
			})
			b.Run("clients=8", func(b *testing.B) {
				const clients = 8
				var next atomic.Int64
				lats := make([][]time.Duration, clients)
				var wg sync.WaitGroup
				total := int64(b.N)
				b.ResetTimer()
				for c := range clients {
					wg.Go(func() {
						ctx := context.Background()
						for {
							i := next.Add(1) - 1
							if i >= total {
								return
							}
							q := mix[int(i)%len(mix)]
							t0 := time.Now()
							if _, err := fb.ix.Find(ctx, listing.NL, q.req); err != nil {
								b.Error(err)
								return
							}
							lats[c] = append(lats[c], time.Since(t0))
							// A server's goroutine parks on the network between requests. Without
							// this, 8 busy loops on 2 cores are time-sliced by the scheduler every
							// 10 ms and the tail measures the slices, not the searches.
							runtime.Gosched()
						}
					})
				}
				wg.Wait()
				b.StopTimer()
				var all []time.Duration
				for _, l := range lats {
					all = append(all, l...)
				}
				b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "q/s")
				b.ReportMetric(percentile(all, 50), "p50-ms")
				b.ReportMetric(percentile(all, 99), "p99-ms")
				b.ReportMetric(benchmark.PeakRSSMB(), "peakRSS-MB")
			})
		})
	}
}

// BenchmarkFindParts takes the query of kind a apart, to tell what dominates its cost.
//
//	ESTATE_BENCH_FIND_DOCS=100000 go test ./index/ -run '^$' -bench 'FindParts' -benchmem
func BenchmarkFindParts(b *testing.B) {
	for _, n := range findSizes(b) {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			fb := newFindBench(b, n)
			facets := []string{"type", "city", "bedrooms", "epcLabel"}
			price := NumRange{Attr: "price", Min: 150000, Max: 600000, MinIncl: true, MaxIncl: true}
			geo := &GeoFilter{Around: &Around{Lat: 50.5, Lng: 4.4, Radius: 30000}}
			for _, tt := range []struct {
				name string
				req  SearchRequest
			}{
				{"text-villa", SearchRequest{Text: "villa", Length: 20}},
				{"text-villa-count-only", SearchRequest{Text: "villa"}},
				{"text-town-typo", SearchRequest{Text: "Bastgne", Length: 20}},
				{"text-town-typo-uncached", SearchRequest{Text: "Bastgne", Length: 20}},
				{"text-description-stem", SearchRequest{Text: "tuinen terrassen", Length: 20}},
				{"facets-all-docs", SearchRequest{Facets: facets}},
				{"facets-and-price-stats-all-docs", SearchRequest{Facets: append(slices.Clone(facets), "price")}},
				{"price-range", SearchRequest{Filter: price, Length: 20}},
				{"geo-around", SearchRequest{Geo: geo, Length: 20}},
				{"full-a", SearchRequest{Text: "villa", Facets: facets, Filter: price, Geo: geo, Length: 20}},
				{"full-a-without-text", SearchRequest{Facets: facets, Filter: price, Geo: geo, Length: 20}},
				{"browse-newest-page-1", SearchRequest{Sort: SortNewest, Length: 20}},
				{"browse-price-deep", SearchRequest{Sort: SortPriceAsc, Offset: 5000, Length: 20}},
			} {
				b.Run(tt.name, func(b *testing.B) {
					var total int
					cols := fb.ix.shards[listing.NL].cols.Load()
					for b.Loop() {
						if strings.HasSuffix(tt.name, "-uncached") {
							// Every search a typo never seen: the Levenshtein automata are built.
							clear(cols.expansions.m)
						}
						res, err := fb.ix.Find(context.Background(), listing.NL, tt.req)
						if err != nil {
							b.Fatal(err)
						}
						total = res.Total
					}
					b.ReportMetric(float64(total), "hits")
				})
			}
		})
	}
}

// BenchmarkSegmentMap measures mapping a segment's documents to ordinals, paid by the first search
// after a merge produced the segment.
func BenchmarkSegmentMap(b *testing.B) {
	n := benchmark.Size(b, "ESTATE_BENCH_DOCS", 10000)
	fb := newFindBench(b, n)
	sh := fb.ix.shards[listing.NL]
	adv, err := sh.idx.Advanced()
	if err != nil {
		b.Fatal(err)
	}
	r, err := adv.Reader()
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	snap := r.(*scorch.IndexSnapshot).Segments()
	cols := sh.cols.Load()
	var docs uint64
	for b.Loop() {
		cache := newSegCache()
		docs = 0
		for _, ss := range snap {
			if _, err := cache.get(ss.Segment(), ss.Deleted(), cols); err != nil {
				b.Fatal(err)
			}
			docs += ss.Segment().Count()
		}
	}
	b.ReportMetric(float64(len(snap)), "segments")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(docs), "ns/doc")
}

// BenchmarkApplyColumns measures what Apply adds to a sync run: deriving the next column set
// (copy, ten changed listings, bitmaps and sort orders rebuilt).
//
//	ESTATE_BENCH_DOCS=100000 go test ./index/ -run '^$' -bench ApplyColumns -benchmem
func BenchmarkApplyColumns(b *testing.B) {
	n := benchmark.Size(b, "ESTATE_BENCH_DOCS", 10000)
	props := genProps(n)
	cols := newColumns(folder(mustMapping(b)), n)
	for _, p := range props {
		cols.putProperty(p)
	}
	for _, c := range benchCities() {
		cols.putCity(c)
	}
	cols.finish()
	changed := slices.Clone(props[:10])
	for i := range changed {
		changed[i].Price.Amount++
	}
	for b.Loop() {
		next := cols.clone()
		applyColumns(next, changed, []int{props[20].ID}, nil, nil)
		next.finish()
	}
}

func mustMapping(b *testing.B) *mapping.IndexMappingImpl {
	im, err := buildMapping(listing.NL)
	if err != nil {
		b.Fatal(err)
	}
	return im
}

// BenchmarkColumns measures the column store's parts alone (no Bleve), quick to run at any size.
//
//	ESTATE_BENCH_DOCS=100000 go test ./index/ -run '^$' -bench Columns -benchmem
func BenchmarkColumns(b *testing.B) {
	n := benchmark.Size(b, "ESTATE_BENCH_DOCS", 100000)
	cols := newColumns(folder(mustMapping(b)), n)
	for _, p := range genProps(n) {
		cols.putProperty(p)
	}
	cols.finish()
	all := cols.live[KindProperty]
	price := NumRange{Attr: "price", Min: 150000, Max: 600000, MinIncl: true, MaxIncl: true}
	inPrice, _ := cols.eval(price, KindProperty, false)
	geo := &GeoFilter{Around: &Around{Lat: 50.5, Lng: 4.4, Radius: 30000}}
	facets := []string{"type", "city", "bedrooms", "epcLabel"}
	for _, tt := range []struct {
		name string
		run  func()
	}{
		{"price-range", func() { cols.eval(price, KindProperty, false) }},
		{"term-and-term", func() { cols.eval(And{Term{"goal", "sale"}, Term{"status", "available"}}, KindProperty, false) }},
		{"geo-around-all", func() { cols.geo(all, geo) }},
		{"geo-around-price-range", func() { cols.geo(inPrice, geo) }},
		{"facets-all", func() { cols.facets(KindProperty, facets, all, 100) }},
		{"facets-price-range", func() { cols.facets(KindProperty, facets, inPrice, 100) }},
		{"price-stats-and-values-all", func() { cols.facets(KindProperty, []string{"price"}, all, 100) }},
		{"window-relevance-price-range", func() { cols.window(inPrice, SortRelevance, nil, 0, 20) }},
		{"window-price-deep", func() { cols.window(inPrice, SortPriceAsc, nil, 5000, 20) }},
	} {
		b.Run(tt.name, func(b *testing.B) {
			for b.Loop() {
				tt.run()
			}
		})
	}
}
