package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/compliance"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/index"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/platform"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
	platformsync "github.com/estate-agency/estate/sync"
)

// app is the opened data of the site: store, index and syncer. Only one
// process opens it at a time (bbolt and Bleve lock their files).
type app struct {
	cfg    config.Config
	log    *slog.Logger
	store  *store.Store
	index  *index.Index
	syncer *platformsync.Syncer
	// source is where listings come from; a platform (*platform.Client)
	// also takes leads.
	source platformsync.Source
	// routes are the site's localized paths, for the server and its mails.
	routes *site.Routes

	// syncListeners hear of every finished sync (set by serve: the alerts,
	// the page cache).
	listenMu      sync.Mutex
	syncListeners []func()
	// warming is set while the first sync or an index rebuild at start runs.
	warming atomic.Bool
	closeMu sync.Once
}

// platformConfig is the platform client's configuration of source.* and
// sync.timezone, the agency's clock on which the platform writes dates.
func platformConfig(cfg config.Config) platform.Config {
	retries := cfg.Source.RetryMax
	if retries == 0 {
		retries = -1 // the client reads 0 as "default"; in config.yaml 0 means no retry
	}
	return platform.Config{
		BaseURL:  cfg.Source.URL,
		Customer: cfg.Source.Customer,
		Password: cfg.Source.Password,
		Zone:     cfg.Sync.Timezone,
		Timeout:  cfg.Source.Timeout,
		RetryMax: retries,
		PageSize: cfg.Source.PageSize,
	}
}

func newSource(cfg config.Config, log *slog.Logger) (platformsync.Source, error) {
	switch cfg.Source.Kind {
	case "platform":
		c, err := platform.New(platformConfig(cfg), log.With("component", "platform"))
		if err != nil {
			return nil, err
		}
		return c, nil
	default:
		src, err := platformsync.NewDirSource(cfg.Source.Dir, cfg.Sync.Timezone)
		if err != nil {
			return nil, &config.KeyError{Key: "source.dir", Err: err}
		}
		if cfg.Demo {
			// The bundled agency was exported once: its visit slots follow
			// the calendar so the demo keeps offering visits.
			src.SlotsClock = time.Now
			src.StatsClock = time.Now // and the owners' statistics end yesterday
		}
		return src, nil
	}
}

// openApp opens the store and index and prepares the syncer.
func openApp(cfg config.Config, log *slog.Logger) (*app, error) {
	src, err := newSource(cfg, log)
	if err != nil {
		return nil, err
	}
	routes, err := routeTable(cfg)
	if err != nil {
		return nil, err
	}
	st, err := store.Open(cfg.Storage.DBPath(), cfg.Languages.Enabled, store.Options{})
	if err != nil {
		return nil, err
	}
	ix, err := index.Open(cfg.Storage.IndexDir(), cfg.Languages.Enabled, log.With("component", "index"))
	if err != nil {
		st.Close()
		return nil, err
	}
	a := &app{cfg: cfg, log: log, store: st, index: ix, source: src, routes: routes}
	a.syncer = platformsync.NewSyncer(src, st, ix, log.With("component", "sync"), platformsync.Options{
		Languages:      cfg.Languages.Enabled,
		MinKeepRatio:   cfg.Sync.MinKeepRatio,
		Concurrency:    cfg.Sync.Concurrency,
		VideoHosts:     listing.VideoHosts{Tours: cfg.Media.TourHosts, Partners: cfg.Media.PartnerHosts},
		Zone:           cfg.Sync.Timezone,
		Badges:         &cfg.Site.Shell.Badges,
		ShowReferences: cfg.Site.Shell.ShowReferences,
		AfterRun:       a.afterSync,
	})
	for _, l := range cfg.Languages.Enabled {
		pending, err := st.IndexPending(l)
		if err != nil {
			a.Close()
			return nil, err
		}
		if pending || ix.Stale(l) {
			a.syncer.MarkStale(l)
		}
	}
	return a, nil
}

// neverSynced reports whether no language has had a good sync yet.
func (a *app) neverSynced() (bool, error) {
	for _, l := range a.cfg.Languages.Enabled {
		t, err := a.store.LastGoodSync(l)
		if err != nil {
			return false, err
		}
		if !t.IsZero() {
			return false, nil
		}
	}
	return true, nil
}

func (a *app) Close() {
	a.closeMu.Do(func() {
		if err := a.index.Close(); err != nil {
			a.log.Error("close index", "err", err)
		}
		if err := a.store.Close(); err != nil {
			a.log.Error("close store", "err", err)
		}
	})
}

// Run implements admin.Worker.
func (a *app) Run(ctx context.Context, ro platformsync.RunOptions) (admin.Run, error) {
	run, err := a.syncer.Run(ctx, ro)
	return admin.RunFrom(run), err
}

// Reindex implements admin.Worker.
func (a *app) Reindex(ctx context.Context, progress platformsync.Progress) error {
	return a.syncer.Reindex(ctx, progress)
}

// afterSync runs after every sync or rebuild: it tells whoever listens
// (the alerts) and hands memory back.
func (a *app) afterSync() {
	a.listenMu.Lock()
	listeners := slices.Clone(a.syncListeners)
	a.listenMu.Unlock()
	for _, fn := range listeners {
		fn()
	}
	releaseMemory()
}

// listenSync has fn called after every sync or rebuild.
func (a *app) listenSync(fn func()) {
	a.listenMu.Lock()
	defer a.listenMu.Unlock()
	a.syncListeners = append(a.syncListeners, fn)
}

// releaseMemory hands the heap a sync or rebuild grew back to the system at
// once: the server idles between runs, and the runtime would otherwise keep
// it resident for minutes.
func releaseMemory() { debug.FreeOSMemory() }

// Status implements admin.Worker: the data's part (the server adds its
// rendering).
func (a *app) Status(context.Context) (admin.Status, error) {
	return admin.Collect(a.store, a.index, a.cfg.Languages.Enabled)
}

// Compliance implements admin.Worker: the mandatory mentions the published
// listings miss.
func (a *app) Compliance(context.Context) ([]compliance.Finding, error) {
	rep, err := platformsync.Compliance(a.store, a.cfg.Languages.Enabled)
	return rep.Findings, err
}

// Ready implements httpd.Readiness: the index is open and holds data, or the
// agency really has nothing listed after a good sync.
func (a *app) Ready(context.Context) error {
	if a.warming.Load() {
		return errors.New("the index is being built")
	}
	var total uint64
	for _, l := range a.cfg.Languages.Enabled {
		if !a.index.Loaded(l) {
			return fmt.Errorf("search of %s is not loaded", l)
		}
		n, err := a.index.Count(l)
		if err != nil {
			return fmt.Errorf("index %s: %w", l, err)
		}
		total += n
	}
	if total > 0 {
		return nil
	}
	never, err := a.neverSynced()
	if err != nil {
		return err
	}
	if never {
		return errors.New("no listings synced yet")
	}
	return nil
}
