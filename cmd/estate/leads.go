package main

import (
	"context"
	"crypto/rand"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/captcha"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/httpd"
	"github.com/estate-agency/estate/leads"
	"github.com/estate-agency/estate/mail"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
	"github.com/spf13/cobra"
)

// spentCaptchas keeps accepted captcha solutions in the store, so a
// solution is accepted once even across a restart.
type spentCaptchas struct{ st *store.Store }

func (s spentCaptchas) Spend(_ context.Context, id string, until time.Time) (bool, error) {
	return s.st.SpendCaptcha(id, until, time.Now())
}

// challenger adapts the captcha service to the handler's interface.
type challenger struct{ *captcha.Service }

func (c challenger) Challenge() (any, error) { return c.Service.Challenge() }

// formCaptcha hands out challenges (the server's /api/captcha) and checks
// their solutions (the leads service).
type formCaptcha interface {
	httpd.Captcha
	leads.Verifier
}

// newCaptcha returns the forms' captcha as forms.captcha says; nil when off.
func newCaptcha(cfg config.Config, st *store.Store) (formCaptcha, error) {
	switch cfg.Forms.Captcha {
	case "off":
		return nil, nil
	case "recaptcha":
		r, err := captcha.NewRecaptcha(cfg.Site.Shell.Analytics.RecaptchaSiteKey, cfg.Forms.RecaptchaSecret, cfg.Forms.RecaptchaMinScore, "")
		if err != nil {
			return nil, &config.KeyError{Key: "forms.recaptcha", Err: err}
		}
		return r, nil
	}
	key := []byte(cfg.Forms.CaptchaKey)
	if len(key) == 0 {
		// Challenges then live as long as the process: one handed out
		// before a restart is refused after it, and the widget fetches another.
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, fmt.Errorf("captcha key: %w", err)
		}
	}
	svc, err := captcha.New(key, captcha.Options{Spent: spentCaptchas{st}})
	if err != nil {
		return nil, &config.KeyError{Key: "forms.captcha_key", Err: err}
	}
	return challenger{svc}, nil
}

// newLeads returns the form service over the app's store.
func newLeads(cfg config.Config, st *store.Store) (*leads.Service, error) {
	spec, err := leads.Load()
	if err != nil {
		return nil, err
	}
	return leads.NewService(spec, st, st, cfg.Source.Kind == "platform", nil), nil
}

// Leads implements admin.LeadKeeper.
func (a *app) Leads(context.Context) ([]store.Lead, error) { return allLeads(a.store) }

// EraseEmail implements admin.LeadKeeper.
func (a *app) EraseEmail(_ context.Context, email string) (int, error) {
	return eraseEmail(a.store, email, a.log)
}

// ApproveTestimonial implements admin.LeadKeeper.
func (a *app) ApproveTestimonial(_ context.Context, id uint64) error {
	return a.store.ApproveTestimonial(id)
}

func allLeads(st *store.Store) ([]store.Lead, error) {
	var out []store.Lead
	err := st.EachLead(func(l store.Lead) error { out = append(out, l); return nil })
	return out, err
}

func eraseEmail(st *store.Store, email string, log *slog.Logger) (int, error) {
	if !strings.Contains(email, "@") {
		return 0, usageError{fmt.Errorf("%q is not an email address", email)}
	}
	n, err := st.EraseEmail(email)
	if err != nil {
		return n, err
	}
	// A searcher's alert account is theirs too; an owner's account is the
	// agency's to close (estate owner), not erased with leads.
	if a, err := st.AccountByEmail(email); err == nil && a.Kind == "searcher" {
		if err := st.DeleteAccount(a.ID); err != nil {
			return n, fmt.Errorf("erase alert account: %w", err)
		}
		log.Info("leads: erased a searcher's alert account", "account", a.ID)
	} else if err != nil && !errors.Is(err, store.ErrNotFound) {
		return n, err
	}
	log.Info("leads: erased a person's data", "leads", n)
	return n, nil
}

// withLeads runs against the running server when one answers, else on the
// store alone: reading leads needs neither the index nor the platform.
func (c *cli) withLeads(ctx context.Context, remote func(*admin.Client) error, local func(*store.Store, *slog.Logger) error) error {
	cfg, log, served, err := c.tryServer(remote)
	if served || err != nil {
		return err
	}
	st, err := store.Open(cfg.Storage.DBPath(), cfg.Languages.Enabled, store.Options{})
	if err != nil {
		return err
	}
	defer st.Close()
	return local(st, log)
}

func (c *cli) leadsCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "leads", Short: "Read, export and erase what visitors sent"}
	var format string
	list := &cobra.Command{
		Use:   "list",
		Short: "List every lead with the state of its deliveries",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ls, err := c.leads(cmd.Context())
			if err != nil {
				return err
			}
			tw := c.table("ID\tRECEIVED\tFORM\tLANG\tEMAIL\tABOUT\tDELIVERIES")
			for _, l := range ls {
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", l.ID, l.Received.Local().Format("2006-01-02 15:04"), l.Form, l.Lang,
					l.Email, about(l), deliveries(l))
			}
			return tw.Flush()
		},
	}
	show := &cobra.Command{
		Use:   "show ID",
		Short: "Show one lead in full",
		Args:  wrapArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := parseID(args[0], "lead")
			if err != nil {
				return err
			}
			ls, err := c.leads(cmd.Context())
			if err != nil {
				return err
			}
			for _, l := range ls {
				if l.ID == id {
					return c.printJSON(l)
				}
			}
			return fmt.Errorf("no lead %d", id)
		},
	}
	export := &cobra.Command{
		Use:   "export",
		Short: "Write every lead as CSV or JSON to stdout",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "csv" && format != "json" {
				return usageError{fmt.Errorf("--format must be csv or json, not %q", format)}
			}
			ls, err := c.leads(cmd.Context())
			if err != nil {
				return err
			}
			if format == "json" {
				if ls == nil {
					ls = []store.Lead{}
				}
				return c.printJSON(ls)
			}
			return writeCSV(c.stdout, ls)
		},
	}
	export.Flags().StringVar(&format, "format", "csv", "csv or json")
	var email string
	erase := &cobra.Command{
		Use:   "erase --email ADDRESS",
		Short: "Remove a person's data: their leads, deliveries, repeat guards and alert account (GDPR)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if email == "" {
				return usageError{errors.New("--email is required")}
			}
			ctx := cmd.Context()
			var n int
			err := c.withLeads(ctx,
				func(cl *admin.Client) error { var err error; n, err = cl.EraseEmail(ctx, email); return err },
				func(st *store.Store, log *slog.Logger) error {
					var err error
					n, err = eraseEmail(st, email, log)
					return err
				})
			if err == nil {
				fmt.Fprintf(c.stdout, "erased %d leads\n", n)
			}
			return err
		},
	}
	erase.Flags().StringVar(&email, "email", "", "the person's email address")
	cmd.AddCommand(list, show, export, erase)
	return cmd
}

func (c *cli) testimonialsCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "testimonials", Short: "Moderate the testimonials visitors sent"}
	list := &cobra.Command{
		Use:   "list",
		Short: "List testimonials, pending and published",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ls, err := c.leads(cmd.Context())
			if err != nil {
				return err
			}
			tw := c.table("ID\tRECEIVED\tSTATUS\tNAME\tCOMMENT")
			for _, l := range ls {
				if !l.IsTestimonial() {
					continue
				}
				comment, _ := l.Fields["comment"].(string)
				name, _ := l.Fields["name"].(string)
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", l.ID, l.Received.Local().Format("2006-01-02"), l.Status, name, cut(comment, 60))
			}
			return tw.Flush()
		},
	}
	approve := &cobra.Command{
		Use:   "approve ID",
		Short: "Publish a pending testimonial on the guestbook",
		Args:  wrapArgs(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := parseID(args[0], "testimonial")
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			err = c.withLeads(ctx,
				func(cl *admin.Client) error { return cl.ApproveTestimonial(ctx, id) },
				func(st *store.Store, _ *slog.Logger) error { return st.ApproveTestimonial(id) })
			if err == nil {
				fmt.Fprintf(c.stdout, "testimonial %d is published\n", id)
			}
			return err
		},
	}
	cmd.AddCommand(list, approve)
	return cmd
}

func (c *cli) leads(ctx context.Context) ([]store.Lead, error) {
	var ls []store.Lead
	err := c.withLeads(ctx,
		func(cl *admin.Client) error { var err error; ls, err = cl.Leads(ctx); return err },
		func(st *store.Store, _ *slog.Logger) error { var err error; ls, err = allLeads(st); return err })
	return ls, err
}

func about(l store.Lead) string {
	switch {
	case l.PropertyID > 0:
		return "property " + strconv.Itoa(l.PropertyID)
	case l.ProjectID > 0:
		return "project " + strconv.Itoa(l.ProjectID)
	}
	return ""
}

func deliveries(l store.Lead) string {
	parts := make([]string, 0, len(l.Deliveries))
	for _, d := range l.Deliveries {
		part := d.Kind + ":" + d.Status
		if d.LastError != "" && (d.Status == store.DeliveryDead || d.Status == store.DeliveryUnconfirmed) {
			// Why, in the platform's words when it refused.
			why := strings.TrimPrefix(d.LastError, leads.ErrPermanent.Error()+": ")
			part += " (" + cut(why, 160) + ")"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, " ")
}

func cut(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// writeCSV writes one row per lead; the form's own fields go as one JSON
// column, since every form has others.
func writeCSV(w io.Writer, ls []store.Lead) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"id", "received", "form", "lang", "email", "property", "project", "slot", "status", "deliveries", "fields"})
	for _, l := range ls {
		fields, err := json.Marshal(l.Fields)
		if err != nil {
			return err
		}
		_ = cw.Write([]string{strconv.FormatUint(l.ID, 10), l.Received.UTC().Format(time.RFC3339), l.Form, l.Lang, csvSafe(l.Email),
			itoa(l.PropertyID), itoa(l.ProjectID), itoa(l.SlotID), l.Status, deliveries(l), csvSafe(string(fields))})
	}
	cw.Flush()
	return cw.Error()
}

// csvSafe keeps a spreadsheet from reading a visitor's text as a formula.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func itoa(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// newRelay returns the outbox relay: mails over SMTP (or into files under
// mail.dir when mail.host is empty) and, with a platform source, pushes;
// and the mailer that writes them, which the thank-you pages read too.
func newRelay(cfg config.Config, a *app, spec *leads.Spec, log *slog.Logger) (*leads.Relay, *leads.Mailer, error) {
	agency := cfg.Site.Shell.Agency
	fromName := cfg.Mail.FromName
	if fromName == "" {
		fromName = agency.Name
	}
	agencyTo := cfg.Mail.AgencyTo
	if agencyTo == "" {
		agencyTo = agency.Email
	}
	var sender leads.MailSender
	var err error
	if cfg.Mail.Host == "" {
		dir := cfg.Mail.Dir
		if dir == "" {
			dir = filepath.Join(cfg.Storage.Dir, "mail")
		}
		from := cfg.Mail.From
		if from == "" {
			from = agency.Email
		}
		sender, err = mail.NewFileSender(dir, mail.Address{Name: fromName, Email: from})
		log.Info("mail: no mail.host, mails are written as files", "dir", dir)
	} else {
		sender, err = mail.NewSender(mail.Config{
			Host: cfg.Mail.Host, Port: cfg.Mail.Port, Username: cfg.Mail.Username, Password: cfg.Mail.Password,
			From: cfg.Mail.From, FromName: fromName, TLS: cfg.Mail.TLS, Timeout: cfg.Mail.Timeout, AgencyTo: agencyTo,
		}, mail.WithLogger(log.With("component", "mail")))
	}
	if err != nil {
		return nil, nil, &config.KeyError{Key: "mail", Err: err}
	}
	m := &leads.Mailer{
		Spec: spec, Sender: sender, Catalog: a.store, Links: site.Links{Routes: a.routes},
		Agency:      agencyView(cfg),
		AgencyTo:    mail.Address{Name: agency.Name, Email: agencyTo},
		Location:    cfg.Sync.Timezone,
		PlatformIDs: leads.PlatformIDs{SiteID: cfg.Source.SiteID, SourceID: cfg.Source.LeadSourceID},
	}
	if p, ok := a.source.(leads.PlatformPusher); ok && cfg.Source.Kind == "platform" {
		m.Platform = p
	}
	policy := leads.RetryPolicy{MaxAttempts: cfg.Mail.Retry.MaxAttempts, Base: cfg.Mail.Retry.Base, Max: cfg.Mail.Retry.Max,
		Timeout: cfg.Mail.Timeout + 10*time.Second}
	return leads.NewRelay(a.store, m, policy, log.With("component", "relay")), m, nil
}

// newReceipts returns what tells a thank-you page what its form did, signed
// with a key of its own kept in the store.
func newReceipts(st *store.Store, m *leads.Mailer) (*leads.Receipts, error) {
	key, err := st.Secret("receipts")
	if err != nil {
		return nil, err
	}
	return leads.NewReceipts(key, m, nil)
}

// purgeLeads removes the leads past the retention period (forms.retention_days).
func purgeLeads(st *store.Store, days int, log *slog.Logger) {
	log = log.With("component", "leads")
	n, err := st.PurgeBefore(time.Now().AddDate(0, 0, -days))
	switch {
	case err != nil:
		log.Error("leads: retention purge", "err", err)
	case n > 0:
		log.Info("leads: purged leads past the retention period", "leads", n, "days", days)
	}
}
