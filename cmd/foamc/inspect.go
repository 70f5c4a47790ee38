package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
)

func init() {
	register("inspect", "print the derived features of a case (--json: the whole case document)", runInspect)
}

func runInspect(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the case document as JSON")
	values := fs.Bool("values", false, "with --json, include nonuniform field values")
	allowOutside := fs.Bool("allow-outside", false, "read includes outside the case directory")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foamc inspect [--json] [--values] CASE")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 1
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 1
	}
	c, err := foamcase.Load(fs.Arg(0), foamcase.Options{Values: *values, AllowOutsideIncludes: *allowOutside})
	if err != nil {
		fmt.Fprintf(stderr, "foamc inspect: %v\n", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(c.Document()); err != nil {
			fmt.Fprintf(stderr, "foamc inspect: %v\n", err)
			return 1
		}
	} else {
		feats := c.Features.Map()
		keys := make([]string, 0, len(feats))
		for k := range feats {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
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
		for _, f := range c.Errors {
			fmt.Fprintln(stdout, f.String())
		}
	}
	if finding.Max(c.Errors) == finding.Deny {
		return 1
	}
	return 0
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
	sort.Strings(fields)
	if len(fields) == 0 {
		fields = []string{"-"}
	}
	fmt.Fprintf(w, "%-16s %s, %s, fields %s\n", "region "+r.Name, kind, mesh, strings.Join(fields, " "))
	printMesh(w, c, r.Name, "  patches")
}
