// Package rendertest runs the built UI's server bundle for tests.
package rendertest

import (
	"bytes"
	"log/slog"
	"testing"

	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/ui"
)

// Bundle is the built UI's server bundle; the test is skipped without it.
func Bundle(tb testing.TB) []byte {
	tb.Helper()
	b, ok := ui.ServerBundle()
	if !ok {
		tb.Skip("ui/dist/.server/render.js is not built: run make build (or cd ui && npm run build) to test the server render")
	}
	return b
}

// New loads the bundle into a renderer with opts, closed when the test
// ends; the test fails when the script logged a warning or an error.
func New(tb testing.TB, opts render.Options) *render.Renderer {
	tb.Helper()
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelWarn}))
	r, err := render.New(Bundle(tb), opts, log)
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

// FirstHits reads of a search answer (the initial results a page renders
// with) what its cards show: each result's hit count, and its hits' url
// and priceText.
type FirstHits struct {
	Results []struct {
		NbHits int `json:"nbHits"`
		Hits   []struct {
			URL       string `json:"url"`
			PriceText string `json:"priceText"`
		} `json:"hits"`
	} `json:"results"`
}
