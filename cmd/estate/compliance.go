package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/estate-agency/estate/admin"
	"github.com/estate-agency/estate/compliance"
	"github.com/estate-agency/estate/listing"
)

func (c *cli) complianceCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "compliance",
		Short: "List the published listings that miss a mandatory legal mention",
		Long: "Check every published listing against its region's advertising rules and list each\n" +
			"mandatory mention it misses: listing id, region, rule, the languages whose record misses it\n" +
			"and the rule's legal source. A report: nothing is unpublished, and it exits 0 whatever it finds.",
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			var findings []compliance.Finding
			err := c.withData(ctx,
				func(cl *admin.Client) error {
					var err error
					findings, err = cl.Compliance(ctx)
					return err
				},
				func(a *app) error {
					var err error
					findings, err = a.Compliance(ctx)
					return err
				})
			if err != nil {
				return fmt.Errorf("compliance report: %w", err)
			}
			if findings == nil {
				findings = []compliance.Finding{} // printed as [], not null
			}
			if asJSON {
				return c.printJSON(findings)
			}
			printCompliance(c, findings)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

func printCompliance(c *cli, findings []compliance.Finding) {
	if len(findings) > 0 {
		tw := c.table("ID\tREGION\tRULE\tLANGUAGES\tSOURCE")
		for _, f := range findings {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", f.ID, f.Region, f.Rule, joinLangs(f.Languages), f.Source)
		}
		tw.Flush()
	}
	n := compliance.Listings(findings)
	if n == 0 {
		printComplianceCount(c, 0)
		return
	}
	verb := "listings miss"
	if n == 1 {
		verb = "listing misses"
	}
	noun := "mandatory mentions"
	if len(findings) == 1 {
		noun = "mandatory mention"
	}
	fmt.Fprintf(c.stdout, "compliance: %d %s %d %s\n", n, verb, len(findings), noun)
}

// printComplianceCount is status's line on the report.
func printComplianceCount(c *cli, n int) {
	if n == 0 {
		fmt.Fprintln(c.stdout, "compliance: all listings carry their mandatory mentions")
		return
	}
	if n == 1 {
		fmt.Fprintln(c.stdout, "compliance: 1 listing misses mandatory mentions (estate compliance)")
		return
	}
	fmt.Fprintf(c.stdout, "compliance: %d listings miss mandatory mentions (estate compliance)\n", n)
}

func joinLangs(langs []listing.Lang) string {
	s := make([]string, len(langs))
	for i, l := range langs {
		s[i] = string(l)
	}
	return strings.Join(s, ",")
}
