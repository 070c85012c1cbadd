package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/estate-agency/estate/config"
	"github.com/estate-agency/estate/platform"
)

func (c *cli) platformCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "platform",
		Short: "Talk to the agency's listing platform (Omnicasa's web API)",
	}
	var (
		limit  int
		record string
		asJSON bool
	)
	check := &cobra.Command{
		Use:   "check",
		Short: "Call every platform method the site uses and say what each answered",
		Long: "Call every method the site uses once per language, with the configured credentials\n" +
			"(source.url, source.customer, ESTATE_SOURCE_PASSWORD) and small limits, and print per method:\n" +
			"answered or failed (with the reason), rows, the fields the site maps, the fields present that it\n" +
			"ignores, the fields it expected and did not get. Exit 1 when a method the site needs fails.\n" +
			"--record DIR writes the answers, personal data redacted, as a dataset the dir source replays\n" +
			"(source.kind dir, source.dir DIR); --limit 0 records every row.",
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, log, err := c.load()
			if err != nil {
				return err
			}
			if cfg.Source.Kind != "platform" {
				return &config.KeyError{Key: "source.kind", Err: errors.New(`is "dir"; platform check needs "platform" (ESTATE_SOURCE_KIND=platform)`)}
			}
			if limit < 0 {
				return usageError{fmt.Errorf("--limit %d: want 0 (every row) or more", limit)}
			}
			client, err := platform.New(platformConfig(cfg), log.With("component", "platform"))
			if err != nil {
				return err
			}
			reports, ds := client.Check(cmd.Context(), platform.CheckOptions{Langs: cfg.Languages.Enabled, Limit: limit})
			if asJSON {
				enc := json.NewEncoder(c.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(reports); err != nil {
					return err
				}
			} else {
				u, _ := url.Parse(cfg.Source.URL)
				fmt.Fprintf(c.stdout, "Platform %s, customer %s, languages %s, %s per list\n\n",
					u.Redacted(), cfg.Source.Customer, langList(cfg), rowsText(limit))
				tw := tabwriter.NewWriter(c.stdout, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "method\tlang\tresult\trows\tmapped\tignored\tmissing\tbad")
				for _, r := range reports {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\n", r.Method, r.Lang, r.Result(), r.Rows, len(r.Mapped), len(r.Ignored), len(r.Missing), len(r.Bad))
				}
				tw.Flush()
				fmt.Fprintln(c.stdout)
				for _, r := range reports {
					fmt.Fprintln(c.stdout, strings.Join(r.Describe(), "\n"))
				}
			}
			if record != "" {
				if err := os.MkdirAll(record, 0o755); err != nil {
					return err
				}
				if err := ds.WriteDir(record); err != nil {
					return err
				}
				if !asJSON {
					fmt.Fprintf(c.stdout, "\nrecorded the answers in %s (personal data redacted)\n", record)
				}
			}
			return platform.Summary(reports)
		},
	}
	check.Flags().IntVar(&limit, "limit", 5, "rows asked of each list (0: every row)")
	check.Flags().StringVar(&record, "record", "", "write the answers to `DIR` as a dataset the dir source replays")
	check.Flags().BoolVar(&asJSON, "json", false, "print the reports as JSON")
	cmd.AddCommand(check)
	return cmd
}

func langList(cfg config.Config) string {
	parts := make([]string, len(cfg.Languages.Enabled))
	for i, l := range cfg.Languages.Enabled {
		parts[i] = string(l)
	}
	return strings.Join(parts, ", ")
}

func rowsText(limit int) string {
	if limit == 0 {
		return "every row"
	}
	return fmt.Sprintf("%d row(s)", limit)
}
