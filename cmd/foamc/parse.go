package main

import (
	"github.com/spf13/cobra"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/openfoam"
)

// parseRecord is one file of `foamc parse` output.
type parseRecord struct {
	File     string            `json:"file"`
	FoamFile any               `json:"FoamFile,omitempty"`
	Syntax   any               `json:"syntax,omitempty"`
	Value    any               `json:"value,omitempty"`
	Findings []finding.Finding `json:"findings,omitempty"`
}

func newParseCmd() *cobra.Command {
	var expand, values, allowOutside bool
	var caseDir string
	cmd := &cobra.Command{
		Use:   "parse FILE...",
		Short: "print dictionaries as JSON (syntax, or --expand for the expanded mapping)",
		Long: "parse prints one JSON record per file on stdout (docs/json-mapping.md); the findings\n" +
			"of each file are in its record and on stderr in --format.",
		Args: argsBetween(1, -1, "FILE"),
	}
	fs := cmd.Flags()
	fs.BoolVar(&expand, "expand", false, "expand includes, macros and directives (docs/case-document.md section 1 mapping)")
	fs.BoolVar(&values, "values", false, "include bulk data (nonuniform field values, numeric list text)")
	fs.StringVar(&caseDir, "case", "", "case directory for <case>, $FOAM_CASE and the include boundary (default: the file's grandparent)")
	fs.BoolVar(&allowOutside, "allow-outside", false, "read includes outside the case directory")
	format := addFormatFlag(fs, "format of the findings written to stderr")
	cmd.RunE = func(cmd *cobra.Command, files []string) error {
		var records []parseRecord
		var all []finding.Finding
		for _, path := range files {
			rec := parseRecord{File: path}
			f, err := grammar.ParseFile(path)
			switch {
			case err != nil:
				fd, ok := asFinding(err)
				if !ok {
					fd = finding.Finding{ID: "FOAM-PARSE-000", Severity: finding.Deny,
						Summary: "cannot read " + path, Detail: err.Error(), Location: finding.Location{File: path}}
				}
				rec.Findings = []finding.Finding{fd}
			case !expand:
				rec.Syntax = grammar.ToSyntax(f, grammar.SyntaxOptions{Values: values})
			default:
				x := grammar.Expand(f, path, grammar.ExpandOptions{CaseDir: caseDir, AllowOutside: allowOutside, EtcDir: openfoam.Etc()})
				if x.Header != nil {
					rec.FoamFile = x.Header.Value(grammar.ValueOptions{})
				}
				rec.Value = x.Value(grammar.ValueOptions{Values: values})
				rec.Findings = x.Findings
			}
			all = append(all, rec.Findings...)
			records = append(records, rec)
		}
		var out any = records
		if len(records) == 1 {
			out = records[0]
		}
		if err := writeJSON(cmd.OutOrStdout(), out); err != nil {
			return err
		}
		return fileFindingsExit(cmd, format, all, nil, false)
	}
	return cmd
}
