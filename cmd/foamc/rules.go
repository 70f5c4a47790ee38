package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/foamc/foamc/rules"
)

func init() {
	register("rules", "list the rule library or show one rule", runRules)
}

func runRules(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("foamc rules", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ef := addEngineFlags(fs)
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: foamc rules list | show ID [--policy DIR]") }
	pos, ok := parseInterleaved(fs, args)
	if !ok {
		return rules.ExitError
	}
	if len(pos) == 0 || (pos[0] == "show" && len(pos) != 2) || (pos[0] != "list" && pos[0] != "show") {
		fs.Usage()
		return rules.ExitError
	}
	eng, err := ef.engine(context.Background())
	if err != nil {
		fmt.Fprintf(stderr, "foamc rules: %v\n", err)
		return rules.ExitError
	}
	if pos[0] == "list" {
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		for _, r := range eng.Rules() {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, r.Severity, r.Title)
		}
		tw.Flush()
		return 0
	}
	r, ok := eng.Rule(pos[1])
	if !ok {
		fmt.Fprintf(stderr, "foamc rules: no rule %s\n", pos[1])
		return rules.ExitError
	}
	fmt.Fprint(stdout, rules.Describe(r))
	return 0
}
