package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/kb"
)

func init() {
	register("compile", "compile a case spec into an OpenFOAM case directory", runCompile)
}

func runCompile(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "output case directory (required)")
	explain := fs.Bool("explain", false, "print the slot table (slot, value, source)")
	kbFile := fs.String("kb", "", "knowledge base snapshot to use instead of the embedded one")
	force := fs.Bool("force", false, "replace an existing output directory")
	asJSON := fs.Bool("json", false, "print findings and the slot table as JSON")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foamc compile SPEC -o DIR [--explain] [--kb FILE] [--force] [--json]")
		fs.PrintDefaults()
	}
	// Accept flags after the positional spec path too.
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return 1
		}
		args = fs.Args()
		if len(args) > 0 {
			pos = append(pos, args[0])
			args = args[1:]
		}
	}
	if len(pos) != 1 || *out == "" {
		fs.Usage()
		return 1
	}
	ctx := context.Background()
	var k *kb.KB
	var err error
	if *kbFile != "" {
		k, err = kb.Load(*kbFile)
	} else {
		k, err = kb.Default()
	}
	if err != nil {
		fmt.Fprintln(stderr, "foamc compile: knowledge base:", err)
		return 1
	}
	linter, err := compiler.NewRulesLinterKB(ctx, k)
	if err != nil {
		fmt.Fprintln(stderr, "foamc compile:", err)
		return 1
	}
	res, err := compiler.CompileFile(ctx, pos[0], compiler.Options{Linter: linter, KB: k, Filler: fillerOption()})
	if err != nil {
		return reportCompileError(err, *asJSON, stdout, stderr)
	}
	if err := res.Write(*out, *force); err != nil {
		return reportCompileError(err, *asJSON, stdout, stderr)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(map[string]any{"case": *out, "findings": nonNil(res.Findings), "slots": res.Slots})
		return 0
	}
	for _, f := range res.Findings {
		fmt.Fprintln(stderr, f.String())
		if f.Fix != "" {
			fmt.Fprintln(stderr, "    fix: "+f.Fix)
		}
	}
	if *explain {
		_ = res.Slots.WriteText(stdout)
	}
	fmt.Fprintf(stderr, "compiled %s (%s) into %s: %d files, %d slots\n", res.Name, res.Features, *out, len(res.Files), len(res.Slots))
	return 0
}

func nonNil(f []finding.Finding) []finding.Finding {
	if f == nil {
		return []finding.Finding{}
	}
	return f
}

func reportCompileError(err error, asJSON bool, stdout, stderr io.Writer) int {
	var fl finding.List
	if !errors.As(err, &fl) {
		if f, ok := err.(finding.Finding); ok {
			fl = finding.List{f}
		}
	}
	if fl == nil {
		fmt.Fprintln(stderr, "foamc compile:", err)
		return 1
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(map[string]any{"findings": []finding.Finding(fl)})
		return 3
	}
	for _, f := range fl {
		fmt.Fprintln(stderr, f.String())
		if f.Excerpt != "" {
			fmt.Fprintln(stderr, "    "+indent(f.Excerpt))
		}
		if f.Fix != "" {
			fmt.Fprintln(stderr, "    fix: "+f.Fix)
		}
	}
	return 3
}

func indent(s string) string {
	out := []byte{}
	for _, c := range []byte(s) {
		out = append(out, c)
		if c == '\n' {
			out = append(out, "    "...)
		}
	}
	return string(out)
}
