package httpd_test

import (
	"context"
	"encoding/json"
	"html"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/demo/photos"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/images"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/ui"
)

// TestProcessedPhotosComeFromOurOrigin runs the demo agency with the UI's
// server bundle and the image pipeline, processes the first photo of the
// for-sale list's first card (through the site itself, as the demo's
// photos are), and reads the pages as a browser gets them: the list's
// first HTML preloads that photo in AVIF with exactly the srcset of the
// card's first <source>, the detail page does the same for its main
// photo, the search API's hit carries the renditions, and the renditions
// are served immutable with their media type. A photo not processed yet
// keeps the platform's address.
func TestProcessedPhotosComeFromOurOrigin(t *testing.T) {
	httpd.SkipUnderRace(t) // the encoders run for seconds under the race detector
	bundle, ok := ui.ServerBundle()
	if !ok {
		t.Skip("the UI is not built (make build): no server bundle to render with")
	}
	dist, err := fs.Sub(ui.Dist, "dist")
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.New(bundle, render.Options{Runtimes: 1, Timeout: time.Minute, MaxQueue: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	lib, err := images.OpenLibrary(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	st, ix := syncDemo(t)
	cfg := loadShippedConfig(t)
	h, err := httpd.New(cfg, httpd.Deps{Log: slog.New(slog.DiscardHandler), Search: ix, Catalog: st, Listings: st, UI: dist,
		Renderer: r, Photos: lib, DemoMedia: photos.Handler{}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	var res struct {
		Hits []struct {
			ID        int           `json:"id"`
			URL       string        `json:"url"`
			Thumbnail listing.Image `json:"thumbnail"`
		}
	}
	getJSON(t, srv.URL+"/1/indexes/properties_nl?filters=goal%3Asale&hitsPerPage=1", &res)
	if len(res.Hits) == 0 || res.Hits[0].Thumbnail.Optimized != nil {
		t.Fatalf("before processing: %+v", res.Hits)
	}
	first, err := st.Property(listing.NL, res.Hits[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	photo := first.Media.Pictures[0].URL

	passes := make(chan struct{}, 2)
	pipe := images.NewPipeline(lib, images.Options{
		Fetcher: images.Fetcher{Client: http.DefaultClient, Local: h, MaxBytes: 10 << 20},
		Limits:  images.Limits{MaxPixels: 10_000_000},
		Changed: func() { h.PurgePages(); passes <- struct{}{} }, // as estate serve does
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go pipe.Run(ctx)
	banner := cfg.Site.Shell.Banner.Images[0].Src
	var service string // a page's image, which the home's services module shows on a card
	for _, pg := range cfg.Site.Shell.Pages {
		if strings.HasPrefix(pg.Path, "/services/") && len(pg.Image.Images) > 0 {
			service = pg.Image.Images[0].Src
			break
		}
	}
	pipe.Want([]images.Source{{URL: photo}, {URL: banner}, {URL: service}})
	for range 2 { // the first formats, then AVIF
		select {
		case <-passes:
		case <-time.After(2 * time.Minute):
			t.Fatal("the photo was not processed")
		}
	}
	opt, bannerOpt := lib.Optimized(photo), lib.Optimized(banner)
	if opt == nil || len(opt.Formats) != 3 || bannerOpt == nil {
		t.Fatalf("processed: %+v %+v", opt, bannerOpt)
	}

	preloadRE := regexp.MustCompile(`<link rel="preload" as="image" href="([^"]+)" type="image/avif" imagesrcset="([^"]+)" imagesizes="([^"]+)"`)
	sourceRE := regexp.MustCompile(`<source type="image/avif" srcSet="([^"]+)"`)
	check := func(t *testing.T, path string, opt *listing.Optimized) {
		_, body := get(t, srv.URL+path)
		m := preloadRE.FindStringSubmatch(body)
		if m == nil || !strings.HasPrefix(m[1], opt.Base) {
			t.Fatalf("no AVIF preload of %s in the head:\n%.2000s", opt.Base, body)
		}
		root := rootOf(t, body)
		var sets []string
		for _, s := range sourceRE.FindAllStringSubmatch(root, -1) {
			sets = append(sets, html.UnescapeString(s[1]))
		}
		if len(sets) == 0 || sets[0] != html.UnescapeString(m[2]) {
			t.Fatalf("the page's first AVIF <source> is %q, the preload's srcset %q: the browser would fetch twice", sets, m[2])
		}
		if !strings.Contains(root, `<picture`) {
			t.Error("no <picture> in the server's HTML")
		}
	}
	t.Run("the list's first card", func(t *testing.T) { check(t, "/nl/te-koop/", opt) })
	t.Run("the home's banner", func(t *testing.T) { check(t, "/fr/", bannerOpt) })
	t.Run("a module card's page image", func(t *testing.T) {
		o := lib.Optimized(service)
		if o == nil {
			t.Fatalf("%q not processed", service)
		}
		_, body := get(t, srv.URL+"/nl/")
		if want := `<source type="image/avif" srcSet="` + o.Rendition(o.Widths[0], "avif"); !strings.Contains(rootOf(t, body), want) {
			t.Errorf("the home's services card has no %s", want)
		}
	})
	t.Run("the detail page's main photo", func(t *testing.T) { check(t, res.Hits[0].URL, opt) })

	t.Run("the hit carries the renditions", func(t *testing.T) {
		var again struct {
			Hits []struct {
				Thumbnail json.RawMessage `json:"thumbnail"`
			}
		}
		getJSON(t, srv.URL+"/1/indexes/properties_nl?filters=goal%3Asale&hitsPerPage=2", &again)
		if !strings.Contains(string(again.Hits[0].Thumbnail), `"base":"`+opt.Base+`"`) {
			t.Errorf("first hit %s", again.Hits[0].Thumbnail)
		}
		if strings.Contains(string(again.Hits[1].Thumbnail), "optimized") {
			t.Errorf("an unprocessed photo has renditions: %s", again.Hits[1].Thumbnail)
		}
	})

	t.Run("the renditions are served immutable", func(t *testing.T) {
		for _, f := range opt.Formats {
			resp, body := get(t, srv.URL+opt.Rendition(opt.Widths[2], f))
			if resp.StatusCode != 200 || resp.Header.Get("Content-Type") == "" || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") || len(body) < 100 {
				t.Errorf("%s: %d %v", f, resp.StatusCode, resp.Header)
			}
		}
	})
}
