package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/workflow"
	"github.com/foamc/foamc/workflow/session"
)

func newInspectCmd() *cobra.Command {
	var values, allowOutside bool
	var release string
	cmd := &cobra.Command{
		Use:   "inspect CASE",
		Short: "print the derived features of a case (--format json: the whole case document)",
		Args:  argsBetween(1, 1, "one CASE"),
	}
	cmd.Flags().BoolVar(&values, "values", false, "with --format json, include nonuniform field values")
	cmd.Flags().BoolVar(&allowOutside, "allow-outside", false, "read includes outside the case directory")
	addReleaseFlag(cmd.Flags(), &release)
	format := addFormatFlag(cmd.Flags(), "output format (json: the case document; sarif, junit, github: the case's read errors)")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		dir := args[0]
		// the case as foamc lint and MCP inspect_case see it (its Allrun read)
		c, err := workflow.New(session.Options{Release: release}).LoadCase(dir, session.LoadOptions{Values: values, AllowOutsideIncludes: allowOutside})
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
			printMesh(stdout, c, "", "patches")
			for _, r := range c.Regions() {
				printRegion(stdout, c, r)
			}
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

// printMesh prints the patches of one mesh region ("" the default one) on a line headed label.
func printMesh(w io.Writer, c *foamcase.Case, region, label string) {
	fmt.Fprintf(w, "%-16s", label)
	for _, p := range c.Patches {
		if p.Region == region {
			fmt.Fprintf(w, " %s:%s", p.Name, p.Type)
		}
	}
	fmt.Fprintln(w)
}

// printRegion prints a region of a multi-region case: its kind, mesh and fields, then its
// patches, as the solver will see them (constant/<region>/polyMesh).
func printRegion(w io.Writer, c *foamcase.Case, r foamcase.Region) {
	kind := r.Kind
	if kind == "" {
		kind = "-"
	}
	mesh := "no mesh yet"
	if m, ok := c.Meshes[r.Name]; ok {
		mesh = m.Source
		if m.NCells != nil {
			mesh = fmt.Sprintf("%d cells (%s)", *m.NCells, m.Source)
		}
	}
	var fields []string
	for name := range c.Fields {
		if f, ok := strings.CutPrefix(name, r.Name+"/"); ok && !strings.Contains(f, "/") {
			fields = append(fields, f)
		}
	}
	slices.Sort(fields)
	if len(fields) == 0 {
		fields = []string{"-"}
	}
	fmt.Fprintf(w, "%-16s %s, %s, fields %s\n", "region "+r.Name, kind, mesh, strings.Join(fields, " "))
	printMesh(w, c, r.Name, "  patches")
}
