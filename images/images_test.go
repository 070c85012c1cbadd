package images

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"

	"github.com/estate-agency/estate/listing"
)

// photo is a test photo: a gradient, so the encoders have detail to keep.
func photo(t testing.TB, w, h int, format string) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x + y) % 256), 255})
		}
	}
	var b bytes.Buffer
	var err error
	if format == "png" {
		img.Set(0, 0, color.NRGBA{}) // a transparent corner: it must come out white, not black
		err = png.Encode(&b, img)
	} else {
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 90})
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// platform is a photo host shaped like the platform's: each picture at
// its own address with its media type (the Omnicasa clients show photo
// URLs on the agency's picture server, served as image/jpeg).
type platform struct {
	*httptest.Server
	mu       sync.Mutex
	requests map[string]int
}

func newPlatform(t *testing.T, files map[string][]byte, types map[string]string) *platform {
	p := &platform{requests: map[string]int{}}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.requests[r.URL.Path]++
		p.mu.Unlock()
		b, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", types[r.URL.Path])
		_, _ = w.Write(b)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *platform) count(path string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.requests[path]
}

func testFetcher(local http.Handler) Fetcher {
	return Fetcher{Client: &http.Client{Timeout: 2 * time.Second}, Local: local, MaxBytes: 1 << 20}
}

func TestFetch(t *testing.T) {
	jpg := photo(t, 120, 80, "jpg")
	host := newPlatform(t, map[string][]byte{
		"/a.jpg": jpg, "/html.jpg": []byte("<!doctype html><title>x</title>"), "/typed-html": jpg,
		"/big.jpg": append(slices.Clone(jpg), make([]byte, 1<<20)...),
	}, map[string]string{"/a.jpg": "image/jpeg", "/html.jpg": "image/jpeg", "/typed-html": "text/html", "/big.jpg": "image/jpeg"})
	local := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/demo/photos/1/1/600.jpg" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "image/jpeg")
		_, _ = w.Write(jpg)
	})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
	}))
	defer slow.Close()
	f := testFetcher(local)
	f.Client.Timeout = 300 * time.Millisecond
	for _, tc := range []struct {
		name, url, wantErr string
	}{
		{"a photo", host.URL + "/a.jpg", ""},
		{"the site's own photo, in memory", "/demo/photos/1/1/600.jpg", ""},
		{"missing", host.URL + "/gone.jpg", "404"},
		{"a page said to be a photo", host.URL + "/html.jpg", "the bytes are text/html"},
		{"a photo said to be a page", host.URL + "/typed-html", `content type "text/html"`},
		{"too big", host.URL + "/big.jpg", "images.max_bytes"},
		{"too slow", slow.URL + "/x.jpg", "Timeout"},
		{"a file address", "file:///etc/passwd", "only http and https"},
		{"another scheme", "ftp://example.be/a.jpg", "only http and https"},
		{"a missing own photo", "/demo/photos/1/1/400.jpg", "404"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := f.Fetch(context.Background(), tc.url)
			if tc.wantErr == "" {
				if err != nil || !bytes.Equal(b, jpg) {
					t.Fatalf("got %d bytes, %v; want the photo", len(b), err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want it to say %q", err, tc.wantErr)
			}
		})
	}
	t.Run("own addresses need a local handler", func(t *testing.T) {
		if _, err := testFetcher(nil).Fetch(context.Background(), "/demo/photos/1/1/600.jpg"); err == nil {
			t.Fatal("fetched a relative address with no handler")
		}
	})
}

func TestDecodeRefusesHugeImages(t *testing.T) {
	b := photo(t, 300, 200, "png")
	if _, err := decode(b, Limits{MaxPixels: 300*200 - 1}); err == nil || !strings.Contains(err.Error(), "images.max_pixels") {
		t.Fatalf("err = %v, want the pixel limit", err)
	}
	if _, err := decode([]byte("GIF89a not really"), Limits{MaxPixels: 1 << 20}); err == nil {
		t.Fatal("decoded garbage")
	}
}

func TestWidthsFor(t *testing.T) {
	for _, tc := range []struct {
		width int
		want  []int
	}{
		{1600, []int{100, 280, 400, 600, 800, 1024, 1360, 1600}},
		{900, []int{100, 280, 400, 600, 800, 900}},
		{800, []int{100, 280, 400, 600, 800}},
		{5000, []int{100, 280, 400, 600, 800, 1024, 1360, 2048}},
		{60, []int{60}},
	} {
		if got := widthsFor(tc.width); !slices.Equal(got, tc.want) {
			t.Errorf("widthsFor(%d) = %v, want %v", tc.width, got, tc.want)
		}
	}
}

// run hands the pipeline a list and runs until the round is done.
func run(t *testing.T, p *Pipeline, srcs []Source) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { p.Run(ctx); close(done) }()
	p.roundDone = make(chan struct{})
	p.Want(srcs)
	select {
	case <-p.roundDone:
	case <-time.After(2 * time.Minute):
		t.Fatal("the round did not end")
	}
	cancel()
	<-done
}

func TestPipeline(t *testing.T) {
	jpg, pngb := photo(t, 900, 600, "jpg"), photo(t, 500, 300, "png")
	host := newPlatform(t, map[string][]byte{"/p/1.jpg": jpg, "/p/copy.jpg": jpg, "/p/2.png": pngb, "/p/text.jpg": []byte("nope")},
		map[string]string{"/p/1.jpg": "image/jpeg", "/p/copy.jpg": "image/jpeg", "/p/2.png": "image/png", "/p/text.jpg": "image/jpeg"})
	dir := t.TempDir()
	lib, err := OpenLibrary(dir)
	if err != nil {
		t.Fatal(err)
	}
	var changes int
	p := NewPipeline(lib, Options{Fetcher: testFetcher(nil), Limits: Limits{MaxPixels: 1 << 24}, Changed: func() { changes++ }})
	srcs := []Source{
		{URL: host.URL + "/p/2.png", Rank: 1}, {URL: host.URL + "/p/1.jpg"}, {URL: host.URL + "/p/copy.jpg", Rank: 2},
		{URL: host.URL + "/p/text.jpg", Rank: 3}, {URL: host.URL + "/p/1.jpg"}, {URL: host.URL + "/p/missing.jpg", Rank: 4},
	}
	run(t, p, srcs)

	one, png2 := lib.Optimized(host.URL+"/p/1.jpg"), lib.Optimized(host.URL+"/p/2.png")
	if one == nil || png2 == nil {
		t.Fatalf("not processed: %v %v", one, png2)
	}
	if want := []int{100, 280, 400, 600, 800, 900}; !slices.Equal(one.Widths, want) || one.Width != 900 || one.Height != 600 {
		t.Errorf("jpeg: widths %v %d×%d, want %v 900×600", one.Widths, one.Width, one.Height, want)
	}
	if !slices.Equal(one.Formats, []string{"avif", "webp", "jpg"}) {
		t.Errorf("formats %v, want avif, webp, jpg", one.Formats)
	}
	if copyOf := lib.Optimized(host.URL + "/p/copy.jpg"); copyOf == nil || copyOf.Base != one.Base {
		t.Errorf("the same photo under two addresses: %v and %v, want one set of renditions", copyOf, one)
	}
	if lib.Optimized(host.URL+"/p/text.jpg") != nil || lib.Optimized(host.URL+"/p/missing.jpg") != nil {
		t.Error("a broken photo has renditions")
	}
	if st := p.Stats(); st.Processed != 2 || st.Reused != 1 || st.Failed != 2 {
		t.Errorf("stats %+v, want 2 processed, 1 reused, 2 failed", st)
	}
	if host.count("/p/1.jpg") != 1 || host.count("/p/2.png") != 1 {
		t.Errorf("photos fetched %d and %d times, want once (the source is kept for the second pass)", host.count("/p/1.jpg"), host.count("/p/2.png"))
	}
	if lib.Len() != 3 || lib.Done() != 3 {
		t.Errorf("library holds %d photos, %d in every format; want 3 and 3", lib.Len(), lib.Done())
	}
	if changes < 2 {
		t.Errorf("changed called %d times, want after each pass", changes)
	}

	t.Run("every rendition decodes at its width", func(t *testing.T) {
		h := lib.Handler()
		for _, o := range []*listing.Optimized{one, png2} {
			for _, w := range o.Widths {
				for _, f := range o.Formats {
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, o.Rendition(w, f), nil))
					if rec.Code != 200 || rec.Header().Get("Content-Type") != contentTypes[f] {
						t.Fatalf("%s: %d %s", o.Rendition(w, f), rec.Code, rec.Header().Get("Content-Type"))
					}
					img := decodeAs(t, f, rec.Body.Bytes())
					if img.Bounds().Dx() != w {
						t.Errorf("%s is %d wide", o.Rendition(w, f), img.Bounds().Dx())
					}
					if w == o.Widths[len(o.Widths)-1] && img.Bounds().Dy() != o.Height {
						t.Errorf("%s is %d high, want %d", o.Rendition(w, f), img.Bounds().Dy(), o.Height)
					}
				}
			}
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, png2.Rendition(500, "jpg"), nil))
		if r, g, b, _ := decodeAs(t, "jpg", rec.Body.Bytes()).At(0, 0).RGBA(); r>>8 < 200 || g>>8 < 200 || b>>8 < 200 {
			t.Errorf("a transparent pixel came out %d,%d,%d, want white", r>>8, g>>8, b>>8)
		}
	})

	t.Run("sources are dropped once every format is made", func(t *testing.T) {
		if b := lib.source(strings.Split(one.Base, "/")[3]); b != nil {
			t.Error("source.bin kept after AVIF")
		}
	})

	t.Run("a reopened library knows its photos", func(t *testing.T) {
		again, err := OpenLibrary(dir)
		if err != nil {
			t.Fatal(err)
		}
		if got := again.Optimized(host.URL + "/p/1.jpg"); got == nil || got.Base != one.Base || again.Len() != 3 {
			t.Fatalf("reopened: %v, %d entries", got, again.Len())
		}
	})

	t.Run("a photo no longer shown is removed", func(t *testing.T) {
		run(t, p, []Source{{URL: host.URL + "/p/2.png"}})
		if lib.Optimized(host.URL+"/p/1.jpg") != nil || lib.Optimized(host.URL+"/p/copy.jpg") != nil {
			t.Fatal("entries of a gone listing kept")
		}
		if _, err := os.Stat(filepath.Join(dir, strings.TrimPrefix(one.Base, PathPrefix))); !os.IsNotExist(err) {
			t.Fatalf("renditions of a gone listing kept: %v", err)
		}
		if lib.Optimized(host.URL+"/p/2.png") == nil {
			t.Fatal("the photo still shown was removed")
		}
	})
}

func decodeAs(t *testing.T, format string, b []byte) image.Image {
	t.Helper()
	var img image.Image
	var err error
	switch format {
	case "avif":
		img, err = avif.Decode(bytes.NewReader(b))
	case "webp":
		img, err = webp.Decode(bytes.NewReader(b))
	default:
		img, err = jpeg.Decode(bytes.NewReader(b))
	}
	if err != nil {
		t.Fatalf("decode %s: %v", format, err)
	}
	return img
}

func TestOpenLibraryDropsHalfWrittenWork(t *testing.T) {
	dir := t.TempDir()
	hash := strings.Repeat("ab", 16)
	for _, p := range []string{"sources", "ab/" + hash + ".tmp123"} {
		if err := os.MkdirAll(filepath.Join(dir, p), 0o750); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		"sources/x.json.tmp1": "{",                                                                                // an entry being written
		"sources/y.json":      `{"url":"https://x/y.jpg","hash":"` + hash + `","widths":[100],"formats":["jpg"]}`, // its renditions are gone
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	lib, err := OpenLibrary(dir)
	if err != nil {
		t.Fatal(err)
	}
	if lib.Len() != 0 {
		t.Errorf("%d entries, want none", lib.Len())
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	if len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

func TestHandlerPaths(t *testing.T) {
	dir := t.TempDir()
	lib, err := OpenLibrary(dir)
	if err != nil {
		t.Fatal(err)
	}
	hash := strings.Repeat("0f", 16)
	if err := os.MkdirAll(filepath.Join(dir, "0f", hash), 0o750); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"400.avif", "source.bin"} {
		if err := os.WriteFile(filepath.Join(dir, "0f", hash, name), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	base := PathPrefix + "0f/" + hash + "/"
	for _, tc := range []struct {
		method, path string
		want         int
	}{
		{"GET", base + "400.avif", 200},
		{"HEAD", base + "400.avif", 200},
		{"POST", base + "400.avif", 405},
		{"GET", base + "600.avif", 404},
		{"GET", base + "source.bin", 404},
		{"GET", base + "0400.avif", 404},
		{"GET", base + "400.gif", 404},
		{"GET", PathPrefix + "aa/" + hash + "/400.avif", 404},
		{"GET", PathPrefix + "0f/../0f/" + hash + "/400.avif", 404},
		{"GET", base + "../" + hash + "/400.avif", 404},
	} {
		rec := httptest.NewRecorder()
		lib.Handler().ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
		if rec.Code != tc.want {
			t.Errorf("%s %s: %d, want %d", tc.method, tc.path, rec.Code, tc.want)
		}
		if rec.Code == 200 {
			h := rec.Header()
			if h.Get("Cache-Control") != "public, max-age=31536000, immutable" || h.Get("Content-Type") != "image/avif" || h.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("headers %v", h)
			}
		}
	}
}

func TestOptimizeLeavesTheRecordAlone(t *testing.T) {
	lib := &Library{byURL: map[string]entry{"https://x/1.jpg": {URL: "https://x/1.jpg", Hash: strings.Repeat("12", 16), Widths: []int{100}, Formats: []string{"jpg"}}}}
	m := listing.Media{Pictures: []listing.Picture{{Image: listing.Image{URL: "https://x/1.jpg"}}, {Image: listing.Image{URL: "https://x/2.jpg"}}}}
	got := lib.Optimize(m)
	if m.Pictures[0].Optimized != nil {
		t.Fatal("the record was changed")
	}
	if got.Pictures[0].Optimized == nil || got.Pictures[0].Optimized.Base != "/img/12/"+strings.Repeat("12", 16)+"/" || got.Pictures[1].Optimized != nil {
		t.Fatalf("optimized %+v", got.Pictures)
	}
	if th := got.Thumbnail(); th == nil || th.Optimized == nil {
		t.Fatal("the card's thumbnail lost its renditions")
	}
}
