package main

import (
	"log/slog"
	"net/http"
	"path/filepath"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/demo/photos"
)

// demoMedia serves the demo agency's generated photos and documents, cached
// under the storage dir; nil outside demo mode.
func demoMedia(cfg config.Config, log *slog.Logger) http.Handler {
	if !cfg.Demo {
		return nil
	}
	return photos.Handler{CacheDir: filepath.Join(cfg.Storage.CacheDir(), "demo"), Log: log.With("component", "demo")}
}
