package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/rules"
)

func newRulesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "list the rule library or show one rule",
		Args:  commandArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageErrorf(cmd, "missing subcommand: list or show ID")
		},
	}
	list := &cobra.Command{
		Use:   "list",
		Short: "list every rule: ID, severity, title",
		Args:  argsBetween(0, 0, "no arguments"),
	}
	lef := addEngineFlags(list.Flags())
	list.RunE = func(cmd *cobra.Command, _ []string) error {
		eng, err := lef.engine(cmd.Context(), cmd)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
		for _, r := range eng.Rules() {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, r.Severity, r.Title)
		}
		return tw.Flush()
	}
	show := &cobra.Command{
		Use:   "show ID",
		Short: "explain one rule: what it checks, why, how to fix, provenance",
		Args:  argsBetween(1, 1, "one rule ID"),
	}
	sef := addEngineFlags(show.Flags())
	show.RunE = func(cmd *cobra.Command, args []string) error {
		eng, err := sef.engine(cmd.Context(), cmd)
		if err != nil {
			return err
		}
		r, ok := eng.Rule(args[0])
		if !ok {
			return fmt.Errorf("no rule %s%s", args[0], didYouMean(args[0], ruleIDs(eng), ""))
		}
		fmt.Fprint(cmd.OutOrStdout(), rules.Describe(r))
		return nil
	}
	cmd.AddCommand(list, show)
	return cmd
}

// ruleIDs lists the engine's rule IDs, for suggestions.
func ruleIDs(eng *rules.Engine) []string {
	var ids []string
	for _, r := range eng.Rules() {
		ids = append(ids, r.ID)
	}
	return ids
}
