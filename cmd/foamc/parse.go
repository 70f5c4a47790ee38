package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/openfoam"
)

// parseRecord is one file of `foamc parse` output.
type parseRecord struct {
	File     string
	FoamFile any
	// Body is the "syntax" member, or with --expand the "value" member; nil when the
	// file could not be read.
	BodyName string
	Body     jsonStreamer
	Findings []finding.Finding
}

// jsonStreamer writes a (possibly huge) JSON value laid out as json.Encoder with
// SetIndent(prefix, indent) lays it out (grammar.Syntax, grammar.ValueJSON).
type jsonStreamer interface {
	WriteJSON(w io.Writer, prefix, indent string) error
}

// writeRecord writes rec as an indented JSON object at prefix, members in the order
// file, FoamFile, syntax or value, findings (empty ones left out). The body is
// streamed; the other members are small.
func writeRecord(w *bufio.Writer, prefix string, rec parseRecord) error {
	in := prefix + "  "
	member := func(name string, v any) error {
		b, err := marshalIndent(v, in)
		if err != nil {
			return fmt.Errorf("JSON of %s in %s: %w", name, rec.File, err)
		}
		w.WriteString(",\n" + in + `"` + name + `": `)
		w.Write(b)
		return nil
	}
	b, err := marshalIndent(rec.File, in)
	if err != nil {
		return err
	}
	w.WriteString("{\n" + in + `"file": `)
	w.Write(b)
	if rec.FoamFile != nil {
		if err := member("FoamFile", rec.FoamFile); err != nil {
			return err
		}
	}
	if rec.Body != nil {
		w.WriteString(",\n" + in + `"` + rec.BodyName + `": `)
		if err := rec.Body.WriteJSON(w, in, "  "); err != nil {
			return fmt.Errorf("JSON of %s in %s: %w", rec.BodyName, rec.File, err)
		}
	}
	if len(rec.Findings) > 0 {
		if err := member("findings", rec.Findings); err != nil {
			return err
		}
	}
	w.WriteString("\n" + prefix + "}")
	return nil
}

// marshalIndent encodes v as writeJSON does, nested at prefix.
func marshalIndent(v any, prefix string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent(prefix, "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// foamDictionaryEnv is the environment `foamDictionary -expand` reads the file in: the
// caller's, with FOAM_EXECUTABLE set as argList.C sets it unless already present (a
// tutorial's `${_${FOAM_EXECUTABLE}};` is undefined nowhere in OpenFOAM). grammar sets
// FOAM_API, FOAM_CASE and FOAM_CASENAME itself.
func foamDictionaryEnv(k string) (string, bool) {
	v, ok := os.LookupEnv(k)
	if !ok && k == "FOAM_EXECUTABLE" {
		return "foamDictionary", true
	}
	if !ok && k == "FOAM_TUTORIALS" {
		return openfoam.TutorialsDir(nil), true
	}
	return v, ok
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
		// Records are streamed one by one (the syntax tree entry by entry), laid out as
		// writeJSON lays out one record or an array of them.
		out := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
		prefix := ""
		if len(files) > 1 {
			prefix = "  "
			out.WriteString("[")
		}
		var all []finding.Finding
		for i, path := range files {
			rec := parseRecord{File: path}
			var err error
			if !expand {
				var f *grammar.File
				if f, err = grammar.ParseFile(path); err == nil {
					rec.BodyName, rec.Body = "syntax", grammar.ToSyntax(f, grammar.SyntaxOptions{Values: values})
				}
			} else {
				// The syntax tree is not written: NoSyntax expands the entries as they are
				// parsed and drops them (a 2 M-key file's tree is larger than its expansion).
				var x *grammar.Expanded
				x, err = grammar.ExpandFile(path, grammar.ExpandOptions{CaseDir: caseDir, AllowOutside: allowOutside,
					EtcDir: openfoam.Etc(), ResourceDirs: openfoam.TutorialResources(nil, "."), Env: foamDictionaryEnv, NoSyntax: true})
				if err == nil {
					if x.Header != nil {
						rec.FoamFile = x.Header.Value(grammar.ValueOptions{})
					}
					rec.BodyName, rec.Body = "value", x.JSON(grammar.ValueOptions{Values: values})
					rec.Findings = x.Findings
				}
			}
			if err != nil {
				fd, ok := asFinding(err)
				if !ok {
					// The grammar reports unreadable files itself; anything else it returns
					// is a file it could not read either.
					fd = finding.Finding{ID: "FOAM-PARSE-008", Severity: finding.Deny,
						Summary: "cannot read " + path, Detail: err.Error(), Location: finding.Location{File: path}}
				}
				rec.Findings = []finding.Finding{fd}
			}
			all = append(all, rec.Findings...)
			if len(files) > 1 {
				if i > 0 {
					out.WriteString(",")
				}
				out.WriteString("\n" + prefix)
			}
			if err := writeRecord(out, prefix, rec); err != nil {
				return err
			}
		}
		if len(files) > 1 {
			out.WriteString("\n]")
		}
		out.WriteString("\n")
		if err := out.Flush(); err != nil {
			return err
		}
		return fileFindingsExit(cmd, format, all, nil, false)
	}
	return cmd
}
