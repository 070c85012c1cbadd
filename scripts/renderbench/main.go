// Command renderbench compares server bundles (ui/dist/.server/render.js of
// two builds) on the fixture pages of ui/testdata/render, in one process and
// in the order given, so that alternating them (OLD NEW OLD NEW) spreads a
// busy machine over both. For each bundle and page it prints the p50 and p95
// of a render in one warm QuickJS runtime.
//
//	go run ./scripts/renderbench OLD/render.js NEW/render.js OLD/render.js NEW/render.js
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/estate-agency/estate/render"
)

func main() {
	n := flag.Int("n", 60, "renders measured per page, after 5 to warm up")
	fixtures := flag.String("fixtures", "ui/testdata/render", "folder of site.json, pages.json and search.json")
	flag.Parse()
	read := func(name string, v any) {
		b, err := os.ReadFile(filepath.Join(*fixtures, name))
		if err != nil {
			log.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			log.Fatalf("%s: %v", name, err)
		}
	}
	var site json.RawMessage
	pages := map[string]json.RawMessage{}
	search := map[string]json.RawMessage{}
	read("site.json", &site)
	read("pages.json", &pages)
	read("search.json", &search)

	for _, path := range flag.Args() {
		bundle, err := os.ReadFile(path)
		if err != nil {
			log.Fatal(err)
		}
		r, err := render.New(bundle, render.Options{Runtimes: 1, Timeout: 10 * time.Second}, nil)
		if err != nil {
			log.Fatalf("%s: %v", path, err)
		}
		for _, name := range []string{"home-nl", "cookie-policy-nl", "for-sale-nl", "property-nl", "project-nl"} {
			var pg struct{ Path string }
			if err := json.Unmarshal(pages[name], &pg); err != nil {
				log.Fatalf("%s: %v", name, err)
			}
			in, _ := json.Marshal(map[string]any{"url": pg.Path, "site": site, "page": pages[name], "search": search[name]})
			took := make([]time.Duration, 0, *n)
			for i := range *n + 5 {
				start := time.Now()
				if _, err := r.Render(context.Background(), in); err != nil {
					log.Fatalf("%s %s: %v", path, name, err)
				}
				if i >= 5 {
					took = append(took, time.Since(start))
				}
			}
			slices.Sort(took)
			ms := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))]) / 1e6 }
			fmt.Printf("%s\t%-18s p50 %6.1f ms  p95 %6.1f ms\n", path, name, ms(0.5), ms(0.95))
		}
		_ = r.Close()
	}
}
