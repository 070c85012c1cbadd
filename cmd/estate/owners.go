package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/site"
	"github.com/estate-agency/estate/store"
)

// AddOwner implements admin.OwnerKeeper: a link mailed goes out at once.
func (s *server) AddOwner(_ context.Context, o admin.NewOwner) (store.Account, error) {
	return addOwner(s.cfg, s.routes, s.store, s.log, o, s.relay.Wake)
}

// ResetOwner implements admin.OwnerKeeper.
func (s *server) ResetOwner(_ context.Context, r admin.OwnerReset) (store.Account, error) {
	return resetOwner(s.cfg, s.routes, s.store, s.log, r, s.relay.Wake)
}

// Owners implements admin.OwnerKeeper.
func (a *app) Owners(context.Context) ([]store.Account, error) { return owners(a.store) }

// addOwner creates an owner account for properties the store knows, with
// the password given or, with MailLink, a random one and a mailed link to
// choose their own.
func addOwner(cfg config.Config, routes *site.Routes, st *store.Store, log *slog.Logger, o admin.NewOwner, wake func()) (store.Account, error) {
	if len(o.Properties) == 0 {
		return store.Account{}, usageError{errors.New("an owner needs at least one --property")}
	}
	for _, id := range o.Properties {
		if _, err := st.Property(listing.Lang(o.Lang), id); err != nil {
			return store.Account{}, fmt.Errorf("property %d: %w", id, err)
		}
	}
	svc, err := accounts.New(st, log, nil)
	if err != nil {
		return store.Account{}, err
	}
	password := o.Password
	if o.MailLink {
		// Nobody knows it: the owner chooses theirs through the link.
		if password, err = randomPassword(); err != nil {
			return store.Account{}, err
		}
	}
	a, err := svc.Create("owner", o.Email, password, o.Lang, o.Properties)
	if err != nil {
		return a, err
	}
	log.Info("accounts: owner added", "account", a.ID, "properties", o.Properties)
	if o.MailLink {
		mails := newResetMails(cfg, routes, svc, st, log, wake)
		return a, mails.Mail(a, listing.Lang(a.Lang), accounts.SetupValidity)
	}
	return a, nil
}

// resetOwner sets an owner's password, or mails them a link to choose one;
// either way their sessions end.
func resetOwner(cfg config.Config, routes *site.Routes, st *store.Store, log *slog.Logger, r admin.OwnerReset, wake func()) (store.Account, error) {
	a, err := st.AccountByEmail(r.Email)
	if err != nil {
		return a, err
	}
	if a.Kind != "owner" {
		return a, fmt.Errorf("%w: no owner account %s", store.ErrNotFound, r.Email)
	}
	svc, err := accounts.New(st, log, nil)
	if err != nil {
		return a, err
	}
	if !r.MailLink {
		a, err = svc.SetPassword(a.ID, r.Password)
		if err == nil {
			log.Info("accounts: owner password set", "account", a.ID)
		}
		return a, err
	}
	if _, err := svc.LogoutEverywhere(a.ID); err != nil {
		return a, err
	}
	mails := newResetMails(cfg, routes, svc, st, log, wake)
	if err := mails.Mail(a, listing.Lang(a.Lang), accounts.SetupValidity); err != nil {
		return a, err
	}
	log.Info("accounts: owner reset link queued", "account", a.ID)
	return a, nil
}

func randomPassword() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random password: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// readPassword reads the password from the first line of in.
func readPassword(in io.Reader) (string, error) {
	line, err := bufio.NewReader(in).ReadString('\n')
	password := strings.TrimRight(line, "\r\n")
	if password == "" {
		return "", usageError{fmt.Errorf("no password on stdin (%v); or use --mail-link", err)}
	}
	if len([]rune(password)) < accounts.MinPassword {
		return "", usageError{fmt.Errorf("the password needs %d characters or more", accounts.MinPassword)}
	}
	return password, nil
}

// credentials checks an account's email address and, unless the account
// gets a link to choose a password, reads the password from in.
func credentials(email string, mailLink bool, password *string, in io.Reader) error {
	if !strings.Contains(email, "@") {
		return usageError{errors.New("--email must be an email address")}
	}
	if mailLink {
		return nil
	}
	var err error
	*password, err = readPassword(in)
	return err
}

func owners(st *store.Store) ([]store.Account, error) {
	all, err := st.Accounts()
	var out []store.Account
	for _, a := range all {
		if a.Kind == "owner" {
			a.PasswordHash = ""
			out = append(out, a)
		}
	}
	return out, err
}

func (c *cli) ownerCmd() *cobra.Command {
	cmd := &cobra.Command{Use: "owner", Short: "Manage the owners who log in to see their properties' statistics"}
	var o admin.NewOwner
	add := &cobra.Command{
		Use:   "add --email ADDRESS --property ID [--property ID…] [--lang nl] (< password | --mail-link)",
		Short: "Create an owner account; the password is read from the first line of stdin, or the owner gets a link to choose one",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := credentials(o.Email, o.MailLink, &o.Password, cmd.InOrStdin()); err != nil {
				return err
			}
			ctx := cmd.Context()
			var a store.Account
			err := c.withLeads(ctx,
				func(cl *admin.Client) error { var err error; a, err = cl.AddOwner(ctx, o); return err },
				func(st *store.Store, log *slog.Logger) error {
					cfg, routes, err := c.routes()
					if err != nil {
						return err
					}
					a, err = addOwner(cfg, routes, st, log, o, nil)
					return err
				})
			if err == nil {
				fmt.Fprintf(c.stdout, "owner %d: %s, properties %v\n", a.ID, a.Email, a.Properties)
			}
			return err
		},
	}
	add.Flags().StringVar(&o.Email, "email", "", "the owner's email address (their login)")
	add.Flags().IntSliceVar(&o.Properties, "property", nil, "a property id the owner sees (repeat for several)")
	add.Flags().StringVar(&o.Lang, "lang", "nl", "the owner's language (mails, portal)")
	add.Flags().BoolVar(&o.MailLink, "mail-link", false, "mail the owner a one-time link (valid 7 days) to choose their password, instead of reading it from stdin")
	var r admin.OwnerReset
	reset := &cobra.Command{
		Use:   "reset --email ADDRESS (< password | --mail-link)",
		Short: "Give an owner a new password (first line of stdin) or mail them a link to choose one; their sessions end",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := credentials(r.Email, r.MailLink, &r.Password, cmd.InOrStdin()); err != nil {
				return err
			}
			ctx := cmd.Context()
			var a store.Account
			err := c.withLeads(ctx,
				func(cl *admin.Client) error { var err error; a, err = cl.ResetOwner(ctx, r); return err },
				func(st *store.Store, log *slog.Logger) error {
					cfg, routes, err := c.routes()
					if err != nil {
						return err
					}
					a, err = resetOwner(cfg, routes, st, log, r, nil)
					return err
				})
			if err != nil {
				return err
			}
			if r.MailLink {
				fmt.Fprintf(c.stdout, "owner %d: %s, a link to choose a password is on its way\n", a.ID, a.Email)
			} else {
				fmt.Fprintf(c.stdout, "owner %d: %s, password changed, sessions ended\n", a.ID, a.Email)
			}
			return nil
		},
	}
	reset.Flags().StringVar(&r.Email, "email", "", "the owner's email address")
	reset.Flags().BoolVar(&r.MailLink, "mail-link", false, "mail a one-time link (valid 7 days) instead of reading a password from stdin")
	list := &cobra.Command{
		Use:   "list",
		Short: "List the owner accounts and their properties",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			var all []store.Account
			err := c.withLeads(ctx,
				func(cl *admin.Client) error { var err error; all, err = cl.Owners(ctx); return err },
				func(st *store.Store, _ *slog.Logger) error { var err error; all, err = owners(st); return err })
			if err != nil {
				return err
			}
			tw := c.table("ID\tEMAIL\tLANG\tPROPERTIES\tCREATED")
			for _, a := range all {
				ids := make([]string, len(a.Properties))
				for i, p := range a.Properties {
					ids[i] = strconv.Itoa(p)
				}
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", a.ID, a.Email, a.Lang, strings.Join(ids, ","), a.CreatedAt.Local().Format("2006-01-02"))
			}
			return tw.Flush()
		},
	}
	cmd.AddCommand(add, list, reset)
	return cmd
}
