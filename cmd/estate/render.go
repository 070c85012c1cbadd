package main

import (
	"fmt"
	"log/slog"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/ui"
)

// newRenderer loads the UI's server bundle into a pool of runtimes, or
// returns nil when pages are left to the browser: render.engine is off, or
// the binary holds no UI build (a bare `go build` on a fresh clone).
func newRenderer(cfg config.Config, log *slog.Logger) (*render.Renderer, error) {
	if cfg.Render.Engine == "off" {
		return nil, nil
	}
	bundle, ok := ui.ServerBundle()
	if !ok {
		log.Warn("pages are rendered by the browser only: the binary holds no server bundle (run make build)")
		return nil, nil
	}
	r, err := render.New(bundle, render.Options{
		Engine:   render.Engine(cfg.Render.Engine),
		Runtimes: cfg.Render.Runtimes,
		Timeout:  cfg.Render.Timeout,
	}, log)
	if err != nil {
		return nil, fmt.Errorf("render.engine %s: %w", cfg.Render.Engine, err)
	}
	return r, nil
}
