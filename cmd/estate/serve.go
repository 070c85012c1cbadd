package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	gosync "sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/spf13/cobra"

	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/httpd"
	estsync "github.com/estate-agency/estate/sync"
	"github.com/estate-agency/estate/visits"
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

// serve runs the HTTP server, the admin socket and the sync schedule until
// ctx ends, then shuts down in order: stop taking requests and drain them,
// stop the schedule (a running sync is cancelled and commits nothing), close
// the index and the store.
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

	ln, err := net.Listen("tcp", cfg.Server.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s (server.addr): %w", cfg.Server.Addr, err)
	}
	adminSrv, err := admin.Listen(cfg.Storage.AdminSocket(), admin.Handler(a, log.With("component", "admin")))
	if err != nil {
		ln.Close()
		return err
	}

	formLeads, err := newLeads(cfg, a.store)
	if err != nil {
		ln.Close()
		return err
	}
	guard, err := newCaptcha(cfg, a.store)
	if err != nil {
		ln.Close()
		return err
	}
	relay, mailer, err := newRelay(cfg, a, formLeads.Spec(), log)
	if err != nil {
		ln.Close()
		return err
	}
	receipts, err := newReceipts(a.store, mailer)
	if err != nil {
		ln.Close()
		return err
	}
	views := visits.New(a.store, log.With("component", "visits"), visits.Options{Location: cfg.Sync.Timezone, BaseURL: cfg.Server.BaseURL})
	a.wakeRelay = relay.Wake
	acc, err := newAccounts(cfg, a, formLeads, log)
	if err != nil {
		ln.Close()
		return err
	}

	renderer, err := newRenderer(cfg, log.With("component", "render"))
	if err != nil {
		ln.Close()
		return err
	}
	if renderer != nil {
		defer func() { _ = renderer.Close() }()
	}

	gin.SetMode(gin.ReleaseMode)
	deps := httpd.Deps{
		Leads:     formLeads,
		Receipts:  receipts,
		Captcha:   guard,
		Relay:     relay,
		Visits:    views,
		Accounts:  acc.service,
		Resets:    acc.resets,
		CSRFKey:   acc.csrfKey,
		Reports:   a.store,
		Demands:   acc.demands,
		Log:       log.With("component", "http"),
		Ready:     a,
		DemoMedia: demoMedia(cfg, log),
		Search:    a.index,
		Catalog:   a.store,
		Listings:  a.store,
		Routes:    a.routes,
	}
	if renderer != nil {
		deps.Renderer = renderer // a nil *render.Renderer in the interface would not be nil
	}
	engine, err := httpd.New(cfg, deps)
	if err != nil {
		ln.Close()
		return fmt.Errorf("site: %w", err)
	}
	a.renderStatus.Store(&renderStatusFunc{renderer: renderer, pages: engine.PageStats})
	srv := &http.Server{
		Handler:           engine,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}

	workCtx, stopWork := context.WithCancel(ctx)
	defer stopWork()
	// A sync may change any page: forget them all, then render the site's
	// own pages again behind the visitors.
	var warming gosync.WaitGroup
	warmPages := func() {
		warming.Go(func() {
			n := engine.WarmPages(workCtx)
			log.Debug("pages rendered ahead", "pages", n)
		})
	}
	a.listenSync(func() {
		engine.PurgePages()
		warmPages()
	})
	done := make(chan struct{}, 16)
	// Not ready until warmUp and the demo owner have run: set here, before
	// anything can ask /readyz, so a fresh empty index is never taken for a
	// ready one and the demo login printed by make run works once ready.
	a.warming.Store(true)
	go func() {
		if err := adminSrv.Serve(); err != nil {
			log.Error("admin socket", "err", err)
		}
		done <- struct{}{}
	}()
	go func() {
		c.warmUp(workCtx, a)
		if err := ensureDemoOwner(a, acc.service); err != nil {
			log.Error("demo owner", "err", err)
		}
		a.warming.Store(false)
		warmPages()
		if err := a.syncer.RunScheduled(workCtx, estsync.Schedule{
			Incremental: cfg.Sync.Schedule, Full: cfg.Sync.FullSchedule, Location: cfg.Sync.Timezone,
		}); err != nil {
			log.Error("sync schedule", "err", err)
		}
		done <- struct{}{}
	}()
	go func() {
		// Deliveries owed before a restart go first.
		relay.Run(workCtx)
		done <- struct{}{}
	}()
	go func() {
		// Ends with the work context, writing the views still queued.
		views.Run(workCtx)
		done <- struct{}{}
	}()
	// The store closes after serve returns: every worker that writes to
	// it must have stopped by then, so each reports on done.
	workers := []func(){
		func() { purgeOld(workCtx, a.store, cfg.Forms.RetentionDays, log.With("component", "leads")) },
		func() { acc.resets.Run(workCtx) },
		func() { acc.demands.Run(workCtx) },
		func() { purgeSessions(workCtx, a.store, acc.service, log.With("component", "accounts")) },
	}
	for _, w := range workers {
		go func() {
			w()
			done <- struct{}{}
		}()
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	log.Info("serving", "addr", ln.Addr().String(), "base_url", cfg.Server.BaseURL, "source", cfg.Source.Kind,
		"languages", cfg.Languages.Enabled, "storage", cfg.Storage.Dir)

	select {
	case <-ctx.Done():
		log.Info("shutting down")
	case err := <-serveErr:
		if !errors.Is(err, http.ErrServerClosed) {
			stopWork()
			return fmt.Errorf("http server: %w", err)
		}
	}
	shutCtx, cancel := context.WithTimeout(context.Background(), cfg.Server.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil {
		log.Error("http shutdown", "err", err)
	}
	stopWork()
	if err := adminSrv.Shutdown(shutCtx); err != nil {
		log.Error("admin shutdown", "err", err)
	}
	for range 4 + len(workers) {
		select {
		case <-done:
		case <-shutCtx.Done():
			log.Error("shutdown timed out waiting for workers")
			return nil
		}
	}
	// Rendering ahead reads the store: it ends with the work context.
	warming.Wait()
	log.Info("stopped")
	return nil
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
		if _, err := a.syncer.Run(ctx, estsync.RunOptions{}); err != nil {
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
		docs, err := estsync.StoreDocs(a.store, l)
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
