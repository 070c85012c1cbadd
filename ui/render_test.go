package ui_test

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/ui"
)

// The pages in testdata/render are /api/site and /api/page answers of the
// demo agency (make run), so these tests render what the server would.

// renderInput is entry-server.tsx's RenderInput.
type renderInput struct {
	URL  string          `json:"url"`
	Site json.RawMessage `json:"site"`
	Page json.RawMessage `json:"page"`
}

// page is the part of a page's data the checks read.
type page struct {
	Path     string `json:"path"`
	Title    string `json:"title"`
	Property *struct {
		PriceText string `json:"priceText"`
	} `json:"property"`
}

// bundle is the built server bundle; the test skips before the UI is built.
func bundle(tb testing.TB) []byte {
	tb.Helper()
	b, ok := ui.ServerBundle()
	if !ok {
		tb.Skip("ui/dist/.server/render.js is not built: run make build (or cd ui && npm run build) to test the server render")
	}
	return b
}

// input reads testdata/render/{name}.json into a render's input.
func input(tb testing.TB, name string) ([]byte, page) {
	tb.Helper()
	site, err := os.ReadFile(filepath.Join("testdata", "render", "site.json"))
	if err != nil {
		tb.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join("testdata", "render", name+".json"))
	if err != nil {
		tb.Fatal(err)
	}
	var p page
	if err := json.Unmarshal(raw, &p); err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	in, err := json.Marshal(renderInput{URL: p.Path, Site: site, Page: raw})
	if err != nil {
		tb.Fatal(err)
	}
	return in, p
}

// newRenderer loads the bundle in one runtime. What the script logs at
// warning level or above (React's errors among them) fails the test.
func newRenderer(tb testing.TB, engine render.Engine) *render.Renderer {
	tb.Helper()
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelWarn}))
	// A generous deadline: the race detector slows the engine several-fold.
	r, err := render.New(bundle(tb), render.Options{Engine: engine, Runtimes: 1, Timeout: 20 * time.Second}, log)
	if err != nil {
		tb.Fatalf("load the server bundle: %v", err)
	}
	tb.Cleanup(func() {
		_ = r.Close()
		if logged.Len() > 0 {
			tb.Errorf("the script logged:\n%s", logged.String())
		}
	})
	return r
}

var h1Pattern = regexp.MustCompile(`(?s)<h1\b[^>]*>(.*?)</h1>`)
var tagPattern = regexp.MustCompile(`<[^>]+>`)

// h1 is the text of the first h1 of s.
func h1(s string) string {
	m := h1Pattern.FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return html.UnescapeString(tagPattern.ReplaceAllString(m[1], ""))
}

var pages = []string{
	"home-nl", "home-fr", "for-sale-nl", "for-sale-fr", "for-rent-fr", "property-nl", "property-fr",
	"projects-nl", "article-nl", "office-fr",
}

func TestServerBundleRendersPages(t *testing.T) {
	r := newRenderer(t, render.QuickJS)
	for _, name := range pages {
		t.Run(name, func(t *testing.T) {
			in, p := input(t, name)
			out, err := r.Render(context.Background(), in)
			if err != nil {
				t.Fatalf("render: %v", err)
			}
			if got := h1(out); got != p.Title {
				t.Errorf("h1 = %q, want %q", got, p.Title)
			}
			if p.Property != nil && !strings.Contains(html.UnescapeString(out), p.Property.PriceText) {
				t.Errorf("no price text %q in the page", p.Property.PriceText)
			}
		})
	}
}
