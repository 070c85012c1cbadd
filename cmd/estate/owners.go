package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/estate-agency/estate/accounts"
	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/listing"
	"github.com/estate-agency/estate/store"
)

// AddOwner implements admin.OwnerKeeper.
func (a *app) AddOwner(_ context.Context, o admin.NewOwner) (store.Account, error) {
	return addOwner(a.store, a.log, o)
}

// Owners implements admin.OwnerKeeper.
func (a *app) Owners(context.Context) ([]store.Account, error) { return owners(a.store) }

// addOwner creates an owner account for properties the store knows.
func addOwner(st *store.Store, log *slog.Logger, o admin.NewOwner) (store.Account, error) {
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
	a, err := svc.Create("owner", o.Email, o.Password, o.Lang, o.Properties)
	if err == nil {
		log.Info("accounts: owner added", "account", a.ID, "properties", o.Properties)
	}
	return a, err
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
		Use:   "add --email ADDRESS --property ID [--property ID…] [--lang nl] < password",
		Short: "Create an owner account; the password is read from the first line of stdin",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !strings.Contains(o.Email, "@") {
				return usageError{errors.New("--email must be an email address")}
			}
			line, err := bufio.NewReader(cmd.InOrStdin()).ReadString('\n')
			o.Password = strings.TrimRight(line, "\r\n")
			if o.Password == "" {
				return usageError{fmt.Errorf("no password on stdin (%v)", err)}
			}
			if len([]rune(o.Password)) < accounts.MinPassword {
				return usageError{fmt.Errorf("the password needs %d characters or more", accounts.MinPassword)}
			}
			ctx := cmd.Context()
			var a store.Account
			err = c.withLeads(ctx,
				func(cl *admin.Client) error { var err error; a, err = cl.AddOwner(ctx, o); return err },
				func(st *store.Store, log *slog.Logger) error {
					var err error
					a, err = addOwner(st, log, o)
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
			tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tEMAIL\tLANG\tPROPERTIES\tCREATED")
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
	cmd.AddCommand(add, list)
	return cmd
}
