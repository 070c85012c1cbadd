package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
	platformsync "github.com/estate-agency/estate/sync"
)

// tryServer loads the configuration and runs remote against the running
// server on the admin socket. served is false when no server answers: the
// command then works on the files itself, with cfg and log.
func (c *cli) tryServer(remote func(*admin.Client) error) (cfg config.Config, log *slog.Logger, served bool, err error) {
	if cfg, log, err = c.load(); err != nil {
		return cfg, log, false, err
	}
	err = remote(admin.NewClient(cfg.Storage.AdminSocket()))
	if errors.Is(err, admin.ErrNoServer) {
		return cfg, log, false, nil
	}
	return cfg, log, true, err
}

// withData runs fn against the running server when one answers on the admin
// socket, else against the store opened here.
func (c *cli) withData(ctx context.Context, remote func(*admin.Client) error, local func(*app) error) error {
	cfg, log, served, err := c.tryServer(remote)
	if served || err != nil {
		return err
	}
	a, err := openApp(cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()
	return local(a)
}

func (c *cli) syncCmd() *cobra.Command {
	var full, force bool
	cmd := &cobra.Command{
		Use:   "sync",
		Short: "Run one sync with the listing platform now",
		Long: "Run one sync now: incremental (changes since the last good run) unless --full.\n" +
			"A running server does the work; without one the store is opened here.",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			pr := newProgress(c.stdout)
			defer pr.finish()
			var run *admin.Run
			err := c.withData(ctx,
				func(cl *admin.Client) error {
					var err error
					run, err = cl.Sync(ctx, full, force, pr.report)
					return err
				},
				func(a *app) error {
					r, err := a.Run(ctx, platformsync.RunOptions{Full: full, Force: force, Progress: pr.report})
					run = &r
					return err
				})
			pr.finish()
			if run != nil && run.FinishedAt.After(run.StartedAt) {
				fmt.Fprintf(c.stdout, "sync: %d added, %d changed, %d removed in %s\n", run.Added, run.Changed, run.Removed,
					run.FinishedAt.Sub(run.StartedAt).Round(1e6))
				printRecords(c, *run)
			}
			if errors.Is(err, platformsync.ErrBusy) {
				return errors.New("a sync or reindex is already running; try again when it ends")
			}
			return err
		},
	}
	cmd.Flags().BoolVar(&full, "full", false, "re-read everything instead of the changes since the last good run")
	cmd.Flags().BoolVar(&force, "force", false, "accept an answer that would remove most listings (after checking the platform)")
	return cmd
}

func (c *cli) reindexCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "reindex",
		Short: "Rebuild the search index from the store, without calling the platform",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			pr := newProgress(c.stdout)
			defer pr.finish()
			err := c.withData(ctx,
				func(cl *admin.Client) error { return cl.Reindex(ctx, pr.report) },
				func(a *app) error { return a.Reindex(ctx, pr.report) })
			pr.finish()
			if errors.Is(err, platformsync.ErrBusy) {
				return errors.New("a sync or reindex is already running; try again when it ends")
			}
			if err == nil {
				fmt.Fprintln(c.stdout, "reindex: done")
			}
			return err
		},
	}
}

func (c *cli) statusCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Show listings, index and last sync",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			var st admin.Status
			err := c.withData(ctx,
				func(cl *admin.Client) error {
					var err error
					st, err = cl.Status(ctx)
					return err
				},
				func(a *app) error {
					var err error
					st, err = a.Status(ctx)
					return err
				})
			if err != nil {
				return err
			}
			if asJSON {
				return c.printJSON(st)
			}
			printStatus(c, st)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func printStatus(c *cli, st admin.Status) {
	tw := c.table("LANG\tSALE\tRENT\tWITHDRAWN\tPROJECTS\tINDEXED")
	langs := make([]listing.Lang, 0, len(st.Listings))
	for l := range st.Listings {
		langs = append(langs, l)
	}
	sort.Slice(langs, func(i, j int) bool { return langs[i] < langs[j] })
	for _, l := range langs {
		n := st.Listings[l]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\n", l, n.Sale, n.Rent, n.Withdrawn, st.Projects[l], st.Index[l])
	}
	tw.Flush()
	fmt.Fprintf(c.stdout, "visit slots: %d\n", st.VisitSlots)
	fmt.Fprintf(c.stdout, "leads: %d, deliveries waiting: %d, dead letters: %d\n", st.Leads.Total, st.Leads.Outbox, st.Leads.Dead)
	for _, u := range st.Leads.Unconfirmed {
		fmt.Fprintf(c.stdout, "  unconfirmed: lead %d %s sent %s, no answer (not sent again; check the platform): %s\n",
			u.LeadID, u.Kind, u.SentAt.Local().Format("2006-01-02 15:04"), u.Cause)
	}
	for _, e := range st.Leads.DeadLetters {
		fmt.Fprintf(c.stdout, "  dead: lead %d %s after %d attempts: %s\n", e.LeadID, e.Kind, e.Attempts, e.LastError)
	}
	printComplianceCount(c, st.Compliance)
	printRender(c, st.Render)
	if im := st.Images; im != nil {
		fmt.Fprintf(c.stdout, "photos: %d on our origin, %d of them in AVIF too; %d failed since start (shown from the platform)\n", im.Photos, im.AllFormats, im.Failed)
	}
	if st.LastSync == nil {
		fmt.Fprintln(c.stdout, "last sync: never")
		return
	}
	r := st.LastSync
	state := "ok"
	if !r.OK {
		state = "FAILED: " + r.Error
	}
	fmt.Fprintf(c.stdout, "last sync: %s (%s, %d added, %d changed, %d removed) %s\n",
		r.StartedAt.Local().Format("2006-01-02 15:04:05"), r.FinishedAt.Sub(r.StartedAt).Round(1e6), r.Added, r.Changed, r.Removed, state)
	printRecords(c, *r)
}

// printRecords lists the records a run left out or cut, per language.
func printRecords(c *cli, r admin.Run) {
	for _, lr := range r.Languages {
		printRecordsOf(c, string(lr.Lang), lr.Quarantined, lr.Truncated)
	}
	printRecordsOf(c, "visit slots", r.Quarantined, nil)
}

func printRecordsOf(c *cli, heading string, quarantined []store.Quarantined, truncated []store.Truncated) {
	if len(quarantined) == 0 && len(truncated) == 0 {
		return
	}
	fmt.Fprintf(c.stdout, "  %s: %d quarantined, %d cut (a quarantined record keeps its last good version)\n", heading, len(quarantined), len(truncated))
	for _, q := range quarantined {
		fmt.Fprintf(c.stdout, "    %s\n", q)
	}
	for _, t := range truncated {
		fmt.Fprintf(c.stdout, "    %s\n", t)
	}
}

// printRender tells how the running server made its pages since start.
func printRender(c *cli, r *admin.RenderStatus) {
	if r == nil {
		return
	}
	var failed uint64
	var reasons []string
	for _, reason := range slices.Sorted(maps.Keys(r.Failures)) {
		if n := r.Failures[reason]; n > 0 {
			failed += n
			reasons = append(reasons, fmt.Sprintf("%s %d", reason, n))
		}
	}
	fmt.Fprintf(c.stdout, "pages: %d rendered on the server (%s, %d runtimes), %d served client-rendered", r.Renders, r.Engine, r.Runtimes, failed)
	if len(reasons) > 0 {
		fmt.Fprintf(c.stdout, " (%s)", strings.Join(reasons, ", "))
	}
	fmt.Fprintf(c.stdout, "; cache: %d hits, %d stale, %d misses, %d pages, %d KB\n",
		r.Pages.Hits, r.Pages.Stale, r.Pages.Misses, r.Pages.Pages, r.Pages.Bytes>>10)
}
