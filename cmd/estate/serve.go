package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spf13/cobra"
	"golang.org/x/sync/errgroup"

	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/demands"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/images"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/ownerstats"
	"github.com/estate-agency/estate/pageviews"
	"github.com/estate-agency/estate/render"
	"github.com/estate-agency/estate/schedule"
	platformsync "github.com/estate-agency/estate/sync"
)

func (c *cli) serveCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "Serve the site and sync with the platform on schedule",
		RunE: func(cmd *cobra.Command, _ []string) error {
			return c.serve(cmd.Context())
		},
	}
}

// serve runs the HTTP server, the admin socket, the workers and the
// schedule until ctx ends, then shuts down in order: stop taking requests
// and drain them, stop the schedule and the workers (a running sync is
// cancelled and commits nothing), close the index and the store. Every
// service is built before the listener and the admin socket open, so a
// failure to build one leaves nothing open behind it.
func (c *cli) serve(ctx context.Context) error {
	cfg, log, err := c.load()
	if err != nil {
		return err
	}
	a, err := openApp(cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()

	srv, err := newServer(cfg, a, log)
	if err != nil {
		return err
	}
	defer srv.Close()

	ln, err := net.Listen("tcp", cfg.Server.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s (server.addr): %w", cfg.Server.Addr, err)
	}
	defer ln.Close() // Serve closes it too; this covers a return before Serve
	adminSrv, err := admin.Listen(cfg.Storage.AdminSocket(), admin.Handler(srv, log.With("component", "admin")))
	if err != nil {
		return err
	}
	web := &http.Server{
		Handler:           srv.engine,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}

	// The store closes after serve returns: every worker that writes to it
	// runs in the group, which serve waits for.
	var workers errgroup.Group
	workCtx, stopWork := context.WithCancel(ctx)
	defer stopWork()
	// A sync may change any page: forget them all, then render the site's
	// own pages again behind the visitors.
	warmPages := func() {
		workers.Go(func() error {
			n := srv.engine.WarmPages(workCtx)
			log.Debug("pages rendered ahead", "pages", n)
			return nil
		})
	}
	// The photos the site shows, processed behind it: after the start's
	// sync and after every sync that changes the listings.
	wantPhotos := func() {
		if srv.photos == nil {
			return
		}
		srcs, err := photoSources(a.store, cfg)
		if err != nil {
			log.Error("images: list the photos", "err", err)
			return
		}
		srv.photos.Want(srcs)
	}
	srv.photosChanged = func() {
		srv.engine.PurgePages()
		warmPages()
	}
	a.listenSync(func() {
		srv.engine.PurgePages()
		warmPages()
		if !a.warming.Load() { // the start hands the photos over once warm
			wantPhotos()
		}
	})
	// Not ready until warmUp and the demo owner have run: set here, before
	// anything can ask /readyz, so a fresh empty index is never taken for a
	// ready one and the demo login printed by make run works once ready.
	a.warming.Store(true)
	workers.Go(func() error {
		if err := adminSrv.Serve(); err != nil {
			log.Error("admin socket", "err", err)
		}
		return nil
	})
	workers.Go(func() error {
		c.warmUp(workCtx, a)
		if err := ensureDemoOwner(a, srv.acc.service); err != nil {
			log.Error("demo owner", "err", err)
		}
		workers.Go(func() error { srv.stats.Run(workCtx); return nil }) // the owners' platform statistics, in the background
		a.warming.Store(false)
		warmPages()
		wantPhotos()
		// What was due while no server ran, before the schedule takes over.
		purgeLeads(a.store, cfg.Forms.RetentionDays, log)
		purgeSessions(a.store, srv.acc.service, log)
		srv.sched.Run(workCtx)
		return nil
	})
	if srv.photos != nil {
		workers.Go(func() error { srv.photos.Run(workCtx); return nil })
	}
	for _, run := range []func(context.Context){
		srv.relay.Run, // deliveries owed before a restart go first
		srv.views.Run, // writes the views still queued as it ends
		srv.acc.resets.Run,
		srv.acc.demands.Run,
	} {
		workers.Go(func() error { run(workCtx); return nil })
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- web.Serve(ln) }()
	log.Info("serving", "addr", ln.Addr().String(), "base_url", cfg.Server.BaseURL, "source", cfg.Source.Kind,
		"languages", cfg.Languages.Enabled, "storage", cfg.Storage.Dir)

	var failed error
	select {
	case <-ctx.Done():
		log.Info("shutting down")
	case err := <-serveErr:
		if !errors.Is(err, http.ErrServerClosed) {
			failed = fmt.Errorf("http server: %w", err)
		}
	}
	shutCtx, cancel := context.WithTimeout(context.Background(), cfg.Server.ShutdownTimeout)
	defer cancel()
	if err := web.Shutdown(shutCtx); err != nil {
		log.Error("http shutdown", "err", err)
	}
	stopWork()
	if err := adminSrv.Shutdown(shutCtx); err != nil {
		log.Error("admin shutdown", "err", err)
	}
	stopped := make(chan struct{})
	go func() { _ = workers.Wait(); close(stopped) }()
	select {
	case <-stopped:
		log.Info("stopped")
	case <-shutCtx.Done():
		log.Error("shutdown timed out waiting for workers")
	}
	return failed
}

// server is the running site: the app's data and every service built on it.
// newServer builds them all, in the order they need each other, before
// anything listens; the admin socket drives it (it adds the owners, the
// alerts and the rendering to what the app answers).
type server struct {
	*app
	relay    *leads.Relay
	views    *pageviews.Counter
	acc      accountParts
	renderer *render.Renderer // nil when pages are left to the browser
	engine   *httpd.Handler
	sched    *schedule.Scheduler
	stats    *ownerstats.Refresher // nil when the source gives no owner statistics
	photos   *images.Pipeline      // nil when images.enabled is off
	library  *images.Library
	// photosChanged is called when the pipeline made photos available.
	photosChanged func()
}

func newServer(cfg config.Config, a *app, log *slog.Logger) (_ *server, err error) {
	s := &server{app: a}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	formLeads, err := newLeads(cfg, a.store)
	if err != nil {
		return nil, err
	}
	guard, err := newCaptcha(cfg, a.store)
	if err != nil {
		return nil, err
	}
	relay, mailer, err := newRelay(cfg, a, formLeads.Spec(), log)
	if err != nil {
		return nil, err
	}
	s.relay = relay
	receipts, err := newReceipts(a.store, mailer)
	if err != nil {
		return nil, err
	}
	formLeads.Use(leads.Helpers{Captcha: guard, Relay: relay, Receipts: receipts, Log: log.With("component", "forms")})
	s.views = pageviews.New(a.store, log.With("component", "pageviews"), pageviews.Options{Location: cfg.Sync.Timezone, BaseURL: cfg.Server.BaseURL})
	// One refresher of the owners' statistics, for the schedule and for a platform login.
	s.stats = newOwnerStats(cfg, a, log)
	if s.acc, err = newAccounts(cfg, a, formLeads, mailer, s.stats, relay.Wake, log); err != nil {
		return nil, err
	}
	if s.renderer, err = newRenderer(cfg, log.With("component", "render")); err != nil {
		return nil, err
	}

	// Same-origin photo addresses (the demo's, a banner among the UI's
	// files) are fetched from the site itself, in memory.
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.engine.ServeHTTP(w, r) })
	lib, pipe, err := newPhotos(cfg, site, func() {
		if s.photosChanged != nil {
			s.photosChanged()
		}
	}, log.With("component", "images"))
	if err != nil {
		return nil, err
	}
	s.photos, s.library = pipe, lib

	gin.SetMode(gin.ReleaseMode)
	deps := httpd.Deps{
		Leads:     formLeads,
		Receipts:  receipts,
		Captcha:   guard,
		PageViews: s.views,
		Accounts:  s.acc.service,
		Resets:    s.acc.resets,
		CSRFKey:   s.acc.csrfKey,
		Reports:   a.store,
		Demands:   s.acc.demands,
		Log:       log.With("component", "http"),
		Ready:     a,
		DemoMedia: demoMedia(cfg, log),
		Search:    a.index,
		Catalog:   a.store,
		Listings:  a.store,
		Routes:    a.routes,
	}
	if s.renderer != nil {
		deps.Renderer = s.renderer // a nil *render.Renderer in the interface would not be nil
	}
	if lib != nil {
		deps.Photos = lib
	}
	if s.engine, err = httpd.New(cfg, deps); err != nil {
		return nil, fmt.Errorf("site: %w", err)
	}
	if s.sched, err = newSchedule(cfg, a, s.acc, s.stats, log); err != nil {
		return nil, err
	}
	return s, nil
}

// Close stops what the server holds beyond the app: the renderer's runtimes.
func (s *server) Close() {
	if s.renderer != nil {
		_ = s.renderer.Close()
	}
}

// Status implements admin.Worker: the app's data and the pages' rendering.
func (s *server) Status(ctx context.Context) (admin.Status, error) {
	st, err := s.app.Status(ctx)
	if err == nil && s.renderer != nil {
		st.Render = &admin.RenderStatus{Stats: s.renderer.Stats(), Pages: s.engine.PageStats()}
	}
	if err == nil && s.photos != nil {
		st.Images = &admin.ImagesStatus{Photos: s.library.Len(), AllFormats: s.library.Done(), Failed: s.photos.Stats().Failed}
	}
	return st, err
}

// newSchedule puts the server's periodic work on one clock, in the agency's
// time zone: the syncs, the retention purges and the daily digests.
func newSchedule(cfg config.Config, a *app, acc accountParts, stats *ownerstats.Refresher, log *slog.Logger) (*schedule.Scheduler, error) {
	sched := schedule.New(cfg.Sync.Timezone, log.With("component", "schedule"))
	syncJob := func(full bool) func(context.Context) {
		return func(ctx context.Context) {
			if _, err := a.syncer.Run(ctx, platformsync.RunOptions{Full: full}); errors.Is(err, platformsync.ErrBusy) {
				log.Info("scheduled sync skipped: another run is in progress", "component", "sync")
			}
		}
	}
	jobs := []struct {
		name, spec string
		job        func(context.Context)
	}{
		{"sync", cfg.Sync.Schedule, syncJob(false)},
		{"full sync", cfg.Sync.FullSchedule, syncJob(true)},
		// At night, when no one sends a form.
		{"lead retention", "30 3 * * *", func(context.Context) { purgeLeads(a.store, cfg.Forms.RetentionDays, log) }},
		{"ended sessions", "@hourly", func(context.Context) { purgeSessions(a.store, acc.service, log) }},
		{"daily digests", demands.DigestSpec, acc.demands.SendDailyDigests},
		{"owner stats", ownerstats.Schedule, func(ctx context.Context) { stats.Run(ctx) }},
	}
	for _, j := range jobs {
		if err := sched.Add(j.name, j.spec, j.job); err != nil {
			return nil, err
		}
	}
	return sched, nil
}

// warmUp makes the site ready: it runs the first sync when the store has
// never synced, rebuilds the index of languages whose index was missing,
// outdated or behind the store, and loads the search columns of the others
// from the store (the index keeps no field values on disk).
func (c *cli) warmUp(ctx context.Context, a *app) {
	never, err := a.neverSynced()
	if err != nil {
		a.log.Error("read sync state", "err", err)
		return
	}
	if never {
		a.log.Info("store is empty: first sync")
		if _, err := a.syncer.Run(ctx, platformsync.RunOptions{}); err != nil {
			a.log.Error("first sync failed; retrying on schedule", "err", err)
		}
	}
	langs, err := a.syncer.RebuildStale(ctx, nil)
	switch {
	case err != nil:
		a.log.Error("index rebuild failed; retrying at the next sync", "languages", langs, "err", err)
	case len(langs) > 0:
		a.log.Info("index was missing, outdated or behind the store: rebuilt", "languages", langs)
	}
	for _, l := range a.cfg.Languages.Enabled {
		if a.index.Loaded(l) || a.index.Stale(l) {
			continue
		}
		start := time.Now()
		docs, err := platformsync.StoreDocs(a.store, l)
		if err == nil {
			err = a.index.Load(l, docs)
		}
		if err != nil {
			a.log.Error("load search columns", "lang", l, "err", err)
			continue
		}
		a.log.Info("search columns loaded", "lang", l, "listings", docs.Total, "took", time.Since(start).Round(time.Millisecond))
	}
}
