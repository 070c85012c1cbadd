package main

import (
	"fmt"
	"log/slog"
	"net/http"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/images"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
)

// newPhotos opens the image library under the storage dir and its
// pipeline; nil, nil when images.enabled is off. local serves the
// same-origin photo addresses.
func newPhotos(cfg config.Config, local http.Handler, changed func(), log *slog.Logger) (*images.Library, *images.Pipeline, error) {
	if !cfg.Images.Enabled {
		return nil, nil, nil
	}
	lib, err := images.OpenLibrary(cfg.Storage.ImagesDir())
	if err != nil {
		return nil, nil, err
	}
	pipe := images.NewPipeline(lib, images.Options{
		Fetcher: images.Fetcher{
			Client:   &http.Client{Timeout: cfg.Images.FetchTimeout},
			Local:    local,
			MaxBytes: int64(cfg.Images.MaxBytes),
		},
		Limits:  images.Limits{MaxPixels: cfg.Images.MaxPixels},
		Log:     log,
		Changed: changed,
	})
	return lib, pipe, nil
}

// photoSources are every photo the site shows: the banner's and the
// pages' (a module card shows its page's first image), then each listing's
// and project's in every enabled language (the same address in two
// languages is one photo), ranked by their place in the listing.
func photoSources(st *store.Store, cfg config.Config) ([]images.Source, error) {
	var out []images.Source
	for _, img := range cfg.Site.Shell.Banner.Images {
		out = append(out, images.Source{URL: img.Src})
	}
	for _, pg := range cfg.Site.Shell.Pages {
		for i, img := range pg.Image.Images {
			out = append(out, images.Source{URL: img.Src, Rank: i})
		}
	}
	add := func(m listing.Media) {
		for i, p := range m.Pictures {
			out = append(out, images.Source{URL: p.URL, Rank: i})
		}
	}
	for _, l := range cfg.Languages.Enabled {
		if err := st.EachProperty(l, func(p listing.Property) error { add(p.Media); return nil }); err != nil {
			return nil, fmt.Errorf("photos of %s listings: %w", l, err)
		}
		projects, err := st.Projects(l)
		if err != nil {
			return nil, fmt.Errorf("photos of %s projects: %w", l, err)
		}
		for _, p := range projects {
			add(p.Media)
		}
	}
	return out, nil
}
