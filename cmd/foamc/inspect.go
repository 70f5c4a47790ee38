package main

import (
	"fmt"
	"maps"
	"slices"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/output"
)

func newInspectCmd() *cobra.Command {
	var values, allowOutside bool
	cmd := &cobra.Command{
		Use:   "inspect CASE",
		Short: "print the derived features of a case (--format json: the whole case document)",
		Args:  argsBetween(1, 1, "one CASE"),
	}
	cmd.Flags().BoolVar(&values, "values", false, "with --format json, include nonuniform field values")
	cmd.Flags().BoolVar(&allowOutside, "allow-outside", false, "read includes outside the case directory")
	format := addFormatFlag(cmd.Flags(), "output format (json: the case document; sarif, junit, github: the case's read errors)")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		dir := args[0]
		c, err := foamcase.Load(dir, foamcase.Options{Values: values, AllowOutsideIncludes: allowOutside})
		if err != nil {
			return err
		}
		stdout := cmd.OutOrStdout()
		switch format.name {
		case "json":
			if err := writeJSON(stdout, c.Document()); err != nil {
				return err
			}
		case "text":
			feats := c.Features.Map()
			for _, k := range slices.Sorted(maps.Keys(feats)) {
				v := feats[k]
				if v == nil {
					v = "-"
				}
				fmt.Fprintf(stdout, "%-16s %v\n", k, v)
			}
			fmt.Fprintf(stdout, "%-16s %d (%d fields)\n", "files", len(c.Files), len(c.Fields))
			fmt.Fprintf(stdout, "%-16s", "patches")
			for _, p := range c.Patches {
				fmt.Fprintf(stdout, " %s:%s", p.Name, p.Type)
			}
			fmt.Fprintln(stdout)
			if err := output.Write(stdout, "text", findingsReport(dir, c.Errors)); err != nil {
				return err
			}
		default:
			if err := output.Write(stdout, format.name, findingsReport(dir, c.Errors)); err != nil {
				return err
			}
		}
		if finding.Max(c.Errors) == finding.Deny {
			return exitWith(exitDeny, nil)
		}
		return nil
	}
	return cmd
}
