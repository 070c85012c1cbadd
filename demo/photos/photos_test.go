package photos

import (
	"bytes"
	"fmt"
	"image/jpeg"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

func get(t *testing.T, h http.Handler, path string, hdr ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "http://example.test/", nil)
	req.URL.Path = path // set directly so test paths are not cleaned by the URL parser
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestPhotoSizes(t *testing.T) {
	h := Handler{CacheDir: t.TempDir()}
	for _, w := range Widths() {
		t.Run(strconv.Itoa(w), func(t *testing.T) {
			rec := get(t, h, fmt.Sprintf("/demo/photos/4001/1/%d.jpg", w))
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d", rec.Code)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "image/jpeg" {
				t.Errorf("Content-Type %q", ct)
			}
			if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
				t.Errorf("Cache-Control %q", cc)
			}
			img, err := jpeg.Decode(rec.Body)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if b := img.Bounds(); b.Dx() != w || b.Dy() != Height(w) {
				t.Errorf("size %dx%d, want %dx%d", b.Dx(), b.Dy(), w, Height(w))
			}
		})
	}
}

func TestHeight(t *testing.T) {
	for w, want := range map[int]int{100: 67, 280: 187, 400: 267, 600: 400, 1360: 907, 1600: 1067} {
		if got := Height(w); got != want {
			t.Errorf("Height(%d) = %d, want %d", w, got, want)
		}
	}
}

func TestPhotoCacheAndDeterminism(t *testing.T) {
	dir := t.TempDir()
	h := Handler{CacheDir: dir}
	const path = "/demo/photos/4002/3/400.jpg"
	first := get(t, h, path).Body.Bytes()
	var direct bytes.Buffer
	if err := Render(&direct, "4002", 3, 400); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, direct.Bytes()) {
		t.Fatal("handler bytes differ from Render")
	}
	if again := get(t, Handler{}, path).Body.Bytes(); !bytes.Equal(first, again) {
		t.Fatal("rendering twice gives different bytes")
	}
	cached := filepath.Join(dir, renderVersion, "4002", "3-400.jpg")
	b, err := os.ReadFile(cached)
	if err != nil || !bytes.Equal(b, first) {
		t.Fatalf("cache file %s: %v", cached, err)
	}
	// Replace the cached file: a second request must serve it as is.
	marker := append([]byte(nil), first...)
	marker[len(marker)-3] ^= 0xff
	if err := os.WriteFile(cached, marker, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := get(t, h, path).Body.Bytes(); !bytes.Equal(got, marker) {
		t.Fatal("second request did not come from the cache")
	}
	entries, err := os.ReadDir(filepath.Dir(cached))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestPhotoConcurrentFirstRequests(t *testing.T) {
	h := Handler{CacheDir: t.TempDir()}
	const path = "/demo/photos/4010/2/600.jpg"
	var wg sync.WaitGroup
	bodies := make([][]byte, 8)
	for i := range bodies {
		wg.Go(func() { bodies[i] = get(t, h, path).Body.Bytes() })
	}
	wg.Wait()
	for i, b := range bodies {
		if !bytes.Equal(b, bodies[0]) || len(b) == 0 {
			t.Fatalf("response %d differs", i)
		}
	}
}

func TestPhotosDistinct(t *testing.T) {
	seen := map[string]string{}
	for _, key := range []string{"4001", "4002", "4003", "4101", "p1"} {
		for n := 1; n <= int(sceneCount); n++ {
			var b bytes.Buffer
			if err := Render(&b, key, n, 280); err != nil {
				t.Fatal(err)
			}
			id := fmt.Sprintf("%s/%d", key, n)
			if other, dup := seen[b.String()]; dup {
				t.Errorf("%s renders like %s", id, other)
			}
			seen[b.String()] = id
		}
	}
}

func TestNotFound(t *testing.T) {
	h := Handler{CacheDir: t.TempDir()}
	for _, p := range []string{
		"/demo/photos/4001/1/500.jpg",  // width not offered
		"/demo/photos/4001/1/1600.png", // wrong extension
		"/demo/photos/4001/0/400.jpg",  // n too small
		"/demo/photos/4001/21/400.jpg", // n too large
		"/demo/photos/4001/01/400.jpg", // non-canonical n
		"/demo/photos/4001/1/0400.jpg", // non-canonical width
		"/demo/photos/ABC/1/400.jpg",   // upper case key
		"/demo/photos/12345678901234567/1/400.jpg",
		"/demo/photos//1/400.jpg",
		"/demo/photos/4001/1/400.jpg/x",
		"/demo/photos/4001/1",
		"/demo/photos/../1/400.jpg",
		"/demo/photos/4001/../../etc/passwd",
		"/demo/photos/..%2f/1/400.jpg",
		"/demo/documents/../../etc/passwd.pdf",
		"/demo/documents/4001/../x.pdf",
		"/demo/documents/4001/plan.txt",
		"/demo/documents/4001/Plan.pdf",
		"/demo/documents/4001/.pdf",
		"/demo/other/4001/1/400.jpg",
		"/demo/",
	} {
		t.Run(p, func(t *testing.T) {
			if rec := get(t, h, p); rec.Code != http.StatusNotFound {
				t.Errorf("status %d, want 404", rec.Code)
			}
		})
	}
}

func TestConditionalAndRange(t *testing.T) {
	h := Handler{CacheDir: t.TempDir()}
	const path = "/demo/photos/4003/1/280.jpg"
	full := get(t, h, path)
	etag := full.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	tests := []struct {
		name   string
		hdr    []string
		status int
		length int
	}{
		{"if-none-match", []string{"If-None-Match", etag}, http.StatusNotModified, 0},
		{"other etag", []string{"If-None-Match", `"x"`}, http.StatusOK, full.Body.Len()},
		{"range", []string{"Range", "bytes=0-9"}, http.StatusPartialContent, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(t, h, path, tt.hdr...)
			if rec.Code != tt.status || rec.Body.Len() != tt.length {
				t.Errorf("got %d with %d bytes, want %d with %d", rec.Code, rec.Body.Len(), tt.status, tt.length)
			}
		})
	}
}

func TestMethodNotAllowed(t *testing.T) {
	req := httptest.NewRequest(http.MethodPost, "/demo/photos/4001/1/280.jpg", nil)
	rec := httptest.NewRecorder()
	Handler{}.ServeHTTP(rec, req)
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("status %d", rec.Code)
	}
}

func TestDocument(t *testing.T) {
	rec := get(t, Handler{}, "/demo/documents/4001/epb-certificaat.pdf")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" {
		t.Fatalf("status %d, type %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	b := rec.Body.Bytes()
	if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.HasSuffix(b, []byte("%%EOF")) {
		t.Fatalf("not a PDF: %q…%q", b[:8], b[len(b)-8:])
	}
	if !bytes.Contains(b, []byte("epb certificaat")) {
		t.Error("title missing")
	}
	// Every xref entry must point at its object, and startxref at the table.
	m := regexp.MustCompile(`startxref\n(\d+)\n`).FindSubmatch(b)
	if m == nil {
		t.Fatal("no startxref")
	}
	xref, _ := strconv.Atoi(string(m[1]))
	if !bytes.HasPrefix(b[xref:], []byte("xref\n")) {
		t.Fatalf("startxref %d does not point at xref", xref)
	}
	entries := regexp.MustCompile(`(\d{10}) 00000 n \n`).FindAllSubmatch(b[xref:], -1)
	if len(entries) != 5 {
		t.Fatalf("%d xref entries", len(entries))
	}
	for i, e := range entries {
		off, _ := strconv.Atoi(string(e[1]))
		if want := fmt.Sprintf("%d 0 obj\n", i+1); !bytes.HasPrefix(b[off:], []byte(want)) {
			t.Errorf("object %d not at offset %d", i+1, off)
		}
	}
	length := regexp.MustCompile(`/Length (\d+) >>\nstream\n`).FindSubmatchIndex(b)
	n, _ := strconv.Atoi(string(b[length[2]:length[3]]))
	if !bytes.HasPrefix(b[length[1]+n:], []byte("endstream")) {
		t.Error("stream /Length is wrong")
	}
}

func BenchmarkRender(b *testing.B) {
	for _, w := range []int{1600, 280} {
		for _, n := range []int{1, 2} {
			b.Run(fmt.Sprintf("w%d/%s", w, map[int]string{1: "facade", 2: "interior"}[n]), func(b *testing.B) {
				for b.Loop() {
					if err := Render(io.Discard, "4001", n, w); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
