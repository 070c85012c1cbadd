package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/demands"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/ownerstats"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
)

// agencyView is how the agency signs its mails, and the site address
// every link of a mail is made absolute against.
func agencyView(cfg config.Config) mail.AgencyView {
	agency := cfg.Site.Shell.Agency
	return mail.AgencyView{Name: agency.Name, Phone: site.DisplayPhone(agency.Phone), Email: agency.Email, Website: cfg.Server.BaseURL,
		BaseURL: cfg.Server.BaseURL}
}

// pageLink returns a function giving the absolute address of an internal
// page in a language.
func pageLink(cfg config.Config, routes *site.Routes) func(internal string, lang listing.Lang) string {
	return func(internal string, lang listing.Lang) string {
		p, ok := routes.Localize(internal, lang, nil)
		if !ok {
			p, _ = routes.Localize(internal, cfg.Languages.Default, nil)
		}
		return cfg.Server.BaseURL + p
	}
}

// routeTable is the site's localized route table. A process builds it once:
// serve when it opens the app, a command when it needs a page's address.
func routeTable(cfg config.Config) (*site.Routes, error) {
	routes, err := site.NewRoutes(cfg.Site, cfg.Languages.Enabled, cfg.Languages.Default)
	if err != nil {
		return nil, fmt.Errorf("site.routes: %w", err)
	}
	return routes, nil
}

// routes loads the configuration and its route table, for a command that
// works on the store alone.
func (c *cli) routes() (config.Config, *site.Routes, error) {
	cfg, _, err := c.load()
	if err != nil {
		return cfg, nil, err
	}
	routes, err := routeTable(cfg)
	return cfg, routes, err
}

// newResetMails returns the mailer of password links: the reset page's
// address carries the token in its fragment, which browsers never send.
func newResetMails(cfg config.Config, routes *site.Routes, svc *accounts.Service, st *store.Store, log *slog.Logger, wake func()) *accounts.ResetMails {
	link := pageLink(cfg, routes)
	return accounts.NewResetMails(svc, st, agencyView(cfg), func(lang listing.Lang, token string) string {
		return link("/password-reset/", lang) + "#token=" + token
	}, wake, log.With("component", "accounts"))
}

// accountParts are the logins, the reset mails and the search demands of
// a running server.
type accountParts struct {
	service *accounts.Service
	resets  *accounts.ResetMails
	demands *demands.Service
	csrfKey []byte
}

// newAccounts prepares the accounts of serve: the demand register's mail
// carries the link that opens its alert account, and every sync is
// followed by an alert run.
func newAccounts(cfg config.Config, a *app, formLeads *leads.Service, mailer *leads.Mailer, stats *ownerstats.Refresher, wakeRelay func(), log *slog.Logger) (accountParts, error) {
	alog := log.With("component", "accounts")
	svc, err := accounts.New(a.store, alog, nil)
	if err != nil {
		return accountParts{}, err
	}
	if d, ok := a.source.(accounts.OwnerDirectory); ok && cfg.Source.Kind == "platform" {
		svc.UseOwnerDirectory(d, func(ctx context.Context, owner store.Account) {
			// Their first portal page shows the platform's figures, not
			// an empty section until the next half-hourly refresh, in
			// every language (the portal's language may change).
			ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			defer cancel()
			for _, id := range owner.Properties {
				if err := stats.RefreshAll(ctx, id); err != nil {
					alog.Warn("accounts: platform statistics at login", "property", id, "err", err)
				}
			}
		})
	}
	resets := newResetMails(cfg, a.routes, svc, a.store, log, wakeRelay)
	csrfKey, err := a.store.Secret("csrf")
	if err != nil {
		return accountParts{}, err
	}
	dem, err := newDemands(cfg, a.routes, a.store, formLeads.Spec(), wakeRelay, log)
	if err != nil {
		return accountParts{}, err
	}
	mailer.Confirmations = dem
	a.listenSync(dem.Notify)
	return accountParts{service: svc, resets: resets, demands: dem, csrfKey: csrfKey}, nil
}

// newDemands returns the search demands' service over the store.
func newDemands(cfg config.Config, routes *site.Routes, st *store.Store, texts demands.Texts, wake func(), log *slog.Logger) (*demands.Service, error) {
	unsubscribeKey, err := st.Secret("unsubscribe")
	if err != nil {
		return nil, err
	}
	link := pageLink(cfg, routes)
	return demands.New(demands.Options{
		Store: st, Texts: texts,
		Links: demands.Links{Page: link, Base: cfg.Server.BaseURL, Property: func(p listing.Property, l listing.Lang) string {
			return cfg.Server.BaseURL + site.CanonicalDetail(p, l)
		}},
		Agency: agencyView(cfg), Language: cfg.Languages.Default,
		Key: unsubscribeKey, Wake: wake, Log: log.With("component", "alerts"),
		PlatformDemands: cfg.Source.Kind == "platform",
	})
}

// purgeSessions deletes ended sessions and spent reset links.
func purgeSessions(st *store.Store, svc *accounts.Service, log *slog.Logger) {
	log = log.With("component", "accounts")
	if n, err := st.PurgeExpired(svc.SessionDead, time.Now()); err != nil {
		log.Error("accounts: purge sessions", "err", err)
	} else if n > 0 {
		log.Info("accounts: purged ended sessions and reset links", "count", n)
	}
}

// PreviewAlerts implements admin.AlertKeeper.
func (s *server) PreviewAlerts(_ context.Context, email string) (admin.AlertPreview, error) {
	return previewAlerts(s.acc.demands, email)
}

func previewAlerts(d *demands.Service, email string) (admin.AlertPreview, error) {
	p, err := d.PreviewFor(email)
	if err != nil {
		return admin.AlertPreview{}, err
	}
	out := admin.AlertPreview{Email: p.Account.Email, Lang: p.Account.Lang, Active: p.Active, Matches: p.Matches,
		Subject: p.Subject, Text: p.Text, Listings: []admin.AlertListing{}}
	for _, l := range p.Listings {
		out.Listings = append(out.Listings, admin.AlertListing{Title: l.Title, City: l.City, PriceText: l.PriceText, URL: l.URL})
	}
	return out, nil
}

func (c *cli) alertsCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "alerts", Short: "Look at the search demands' alert mails"}
	var email string
	var asJSON bool
	preview := &cobra.Command{
		Use:   "preview --email ADDRESS [--json]",
		Short: "Show what a searcher would receive now: the listings matching their criteria, as the mail shows them",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !strings.Contains(email, "@") {
				return usageError{errors.New("--email must be an email address")}
			}
			ctx := cmd.Context()
			var p admin.AlertPreview
			err := c.withLeads(ctx,
				func(cl *admin.Client) error { var err error; p, err = cl.PreviewAlerts(ctx, email); return err },
				func(st *store.Store, log *slog.Logger) error {
					cfg, routes, err := c.routes()
					if err != nil {
						return err
					}
					spec, err := leads.Load()
					if err != nil {
						return err
					}
					d, err := newDemands(cfg, routes, st, spec, nil, log)
					if err != nil {
						return err
					}
					p, err = previewAlerts(d, email)
					return err
				})
			if err != nil {
				return err
			}
			if asJSON {
				return c.printJSON(p)
			}
			state := "active"
			if !p.Active {
				state = "paused or unsubscribed: nothing is sent"
			}
			fmt.Fprintf(c.stdout, "%s (%s), alerts %s, %d matching listings\n", p.Email, p.Lang, state, p.Matches)
			if p.Matches == 0 {
				return nil
			}
			fmt.Fprintf(c.stdout, "\nSubject: %s\n\n%s\n", p.Subject, p.Text)
			return nil
		},
	}
	preview.Flags().StringVar(&email, "email", "", "the searcher's email address")
	preview.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	cmd.AddCommand(preview)
	return cmd
}
