package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

func init() {
	register("parse", "print dictionaries as JSON (syntax, or --expand for the expanded mapping)", runParse)
}

// parseRecord is one file of `foamc parse` output.
type parseRecord struct {
	File     string            `json:"file"`
	FoamFile any               `json:"FoamFile,omitempty"`
	Syntax   any               `json:"syntax,omitempty"`
	Value    any               `json:"value,omitempty"`
	Findings []finding.Finding `json:"findings,omitempty"`
}

func runParse(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	expand := fs.Bool("expand", false, "expand includes, macros and directives (docs/case-document.md section 1 mapping)")
	values := fs.Bool("values", false, "include bulk data (nonuniform field values, numeric list text)")
	caseDir := fs.String("case", "", "case directory for <case>, $FOAM_CASE and the include boundary (default: the file's grandparent)")
	allowOutside := fs.Bool("allow-outside", false, "read includes outside the case directory")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foamc parse [--expand] [--values] [--case DIR] FILE...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 1
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 1
	}
	code := 0
	var records []parseRecord
	for _, path := range fs.Args() {
		rec := parseRecord{File: path}
		f, err := grammar.ParseFile(path)
		if err != nil {
			var fd finding.Finding
			if errors.As(err, &fd) {
				rec.Findings = append(rec.Findings, fd)
			} else {
				rec.Findings = append(rec.Findings, finding.Finding{ID: "FOAM-PARSE-000", Severity: finding.Deny,
					Summary: "cannot read " + path, Detail: err.Error(), Location: finding.Location{File: path}})
			}
			fmt.Fprintln(stderr, rec.Findings[0].String())
			records = append(records, rec)
			code = 1
			continue
		}
		if !*expand {
			rec.Syntax = grammar.ToSyntax(f, grammar.SyntaxOptions{Values: *values})
			records = append(records, rec)
			continue
		}
		x := grammar.Expand(f, path, grammar.ExpandOptions{CaseDir: *caseDir, AllowOutside: *allowOutside})
		if x.Header != nil {
			rec.FoamFile = x.Header.Value(grammar.ValueOptions{})
		}
		rec.Value = x.Value(grammar.ValueOptions{Values: *values})
		rec.Findings = x.Findings
		for _, fd := range x.Findings {
			fmt.Fprintln(stderr, fd.String())
			if fd.Severity == finding.Deny {
				code = 1
			}
		}
		records = append(records, rec)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	var out any = records
	if len(records) == 1 {
		out = records[0]
	}
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(stderr, "foamc parse: %v\n", err)
		return 1
	}
	return code
}
