package render

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// benchInput is a list page's input of about 50 KB: 100 listings.
func benchInput(b *testing.B) []byte {
	type listing struct {
		Title       string            `json:"title"`
		URL         string            `json:"url"`
		Photo       string            `json:"photo"`
		Price       float64           `json:"price"`
		Facts       map[string]string `json:"facts"`
		Description string            `json:"description"`
	}
	page := struct {
		Title    string    `json:"title"`
		Listings []listing `json:"listings"`
	}{Title: "Te koop in Gent & omgeving"}
	for i := range 100 {
		page.Listings = append(page.Listings, listing{
			Title: fmt.Sprintf("Ruime woning met tuin <%d>", i),
			URL:   fmt.Sprintf("/nl/te-koop/gent/woning/%d/", 4000+i),
			Photo: fmt.Sprintf("https://images.example.com/%d/main.jpg", 4000+i),
			Price: 250000 + float64(i)*1250,
			Facts: map[string]string{
				"slaapkamers": strconv.Itoa(i%5 + 1), "badkamers": "1", "bewoonbaar": "180 m²", "EPC": "C",
			},
			Description: strings.Repeat("Lichtrijke woning in een rustige straat. ", 6),
		})
	}
	in, err := json.Marshal(page)
	if err != nil {
		b.Fatal(err)
	}
	return in
}

// BenchmarkRender renders bench.js's page in one runtime: the time of one
// render.
func BenchmarkRender(b *testing.B) {
	for _, eng := range engines {
		b.Run(string(eng), func(b *testing.B) {
			in := benchInput(b)
			r, err := New(bundle(b, "bench.js"), Options{Engine: eng, Runtimes: 1, Timeout: time.Minute}, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer r.Close()
			out := 0
			for b.Loop() {
				html, err := r.Render(context.Background(), in)
				if err != nil {
					b.Fatal(err)
				}
				out = len(html)
			}
			b.ReportMetric(float64(len(in))/1024, "KB-in")
			b.ReportMetric(float64(out)/1024, "KB-out")
		})
	}
}

// BenchmarkRenderParallel renders bench.js's page from many goroutines with
// the default pool, one runtime per core.
func BenchmarkRenderParallel(b *testing.B) {
	for _, eng := range engines {
		b.Run(string(eng), func(b *testing.B) {
			in := benchInput(b)
			r, err := New(bundle(b, "bench.js"), Options{
				Engine: eng, Timeout: time.Minute, MaxQueue: 1000,
			}, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer r.Close()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if _, err := r.Render(context.Background(), in); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// BenchmarkNew measures New, compile and load of every runtime, for a
// bundle of about 1 MB, with one runtime and with one per core.
func BenchmarkNew(b *testing.B) {
	src := bigBundle(1 << 20)
	for _, eng := range engines {
		for _, n := range []int{1, runtime.GOMAXPROCS(0)} {
			b.Run(fmt.Sprintf("%s/runtimes=%d", eng, n), func(b *testing.B) {
				for b.Loop() {
					r, err := New(src, Options{Engine: eng, Runtimes: n}, nil)
					if err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					if _, err := r.Render(context.Background(), []byte(`{"items":["a","b"]}`)); err != nil {
						b.Fatal(err)
					}
					r.Close()
					b.StartTimer()
				}
				b.ReportMetric(float64(len(src))/1024, "KB-bundle")
			})
		}
	}
}

// BenchmarkRuntimeMemory measures what a runtime of a pool holds once it has
// loaded the bundle and rendered a page (the compiled bundle, shared, is
// counted in too): rss-MB/runtime is the process's resident
// memory, where QuickJS's allocations (outside the Go heap) show;
// goheap-MB/runtime is Go's heap, where goja's objects live. Each iteration
// loads a fixed number of runtimes, so the numbers do not depend on b.N; run
// each alone with -benchtime=1x for the cleanest RSS, as a later iteration
// reuses memory the earlier one freed.
func BenchmarkRuntimeMemory(b *testing.B) {
	const runtimes = 8
	for _, bc := range []struct {
		name   string
		bundle []byte
		input  []byte
	}{
		{"bench.js", bundle(b, "bench.js"), benchInput(b)},
		{"1MB", bigBundle(1 << 20), []byte(`{"items":["a","b"]}`)},
	} {
		for _, eng := range engines {
			b.Run(bc.name+"/"+string(eng), func(b *testing.B) {
				var rss, heap, n float64
				for b.Loop() {
					rss0, heap0 := memory()
					r, err := New(bc.bundle, Options{Engine: eng, Runtimes: runtimes, Timeout: time.Minute}, nil)
					if err != nil {
						b.Fatal(err)
					}
					// Renders at once, so that most runtimes render one.
					var wg sync.WaitGroup
					for range runtimes {
						wg.Go(func() {
							if _, err := r.Render(context.Background(), bc.input); err != nil {
								b.Error(err)
							}
						})
					}
					wg.Wait()
					rss1, heap1 := memory()
					rss += mb(rss1 - rss0)
					heap += mb(heap1 - heap0)
					n += runtimes
					r.Close()
				}
				b.ReportMetric(rss/n, "rss-MB/runtime")
				b.ReportMetric(heap/n, "goheap-MB/runtime")
			})
		}
	}
}

// bigBundle writes a bundle of at least size bytes shaped like a bundled
// app: many small components that build HTML, each with texts in two
// languages and a registry entry made at load time.
func bigBundle(size int) []byte {
	var b strings.Builder
	b.WriteString("(function () {\n\"use strict\";\nvar registry = {};\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, `var T%[1]d = { nl: "Tekst %[1]d over een woning met tuin", fr: "Texte %[1]d sur une maison avec jardin" };
function C%[1]d(props) {
	var items = props.items || [], out = "<div class=\"c%[1]d\" data-k=\"" + (props.k || "") + "\">";
	for (var i = 0; i < items.length; i++) out += "<span title=\"" + T%[1]d[props.lang || "nl"] + "\">" + String(items[i]) + "</span>";
	return out + "</div>";
}
registry["c%[1]d"] = { render: C%[1]d, texts: T%[1]d, order: %[1]d };
`, i)
	}
	b.WriteString(`globalThis.renderPage = function (input) {
	var props = JSON.parse(input), out = "";
	for (var k in registry) if (registry[k].order % 100 === 0) out += registry[k].render(props);
	return out;
};
})();
`)
	return []byte(b.String())
}

// memory returns the process's resident memory and Go's heap in use, after
// a collection.
func memory() (rss, heap uint64) {
	debug.FreeOSMemory() // a collection that also returns free Go memory, so RSS shows what is held
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if b, err := os.ReadFile("/proc/self/statm"); err == nil {
		var pages, resident uint64
		if _, err := fmt.Sscan(string(b), &pages, &resident); err == nil {
			rss = resident * uint64(os.Getpagesize())
		}
	}
	return rss, ms.HeapInuse
}

func mb(n uint64) float64 { return float64(int64(n)) / (1 << 20) }
