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
	strict := fs.Bool("strict", false, "refuse values settled by kb retrieval or engineering defaults (state every value)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foamc compile SPEC -o DIR [--explain] [--kb FILE] [--force] [--json] [--strict]")
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
	// The kb loads while the spec is read and validated; the rule engine compiles while the
	// case is compiled.
	type loaded struct {
		k   *kb.KB
		err error
	}
	kbc := make(chan loaded, 1)
	go func() {
		if *kbFile != "" {
			k, err := kb.Load(*kbFile)
			kbc <- loaded{k, err}
			return
		}
		k, err := kb.Default()
		kbc <- loaded{k, err}
	}()
	spec, err := compiler.LoadSpec(pos[0])
	kl := <-kbc
	if err != nil {
		return reportCompileError(err, *asJSON, stdout, stderr)
	}
	if kl.err != nil {
		fmt.Fprintln(stderr, "foamc compile: knowledge base:", kl.err)
		return 1
	}
	linter := compiler.StartRulesLinter(ctx, kl.k)
	res, err := compiler.Compile(ctx, spec, compiler.Options{Linter: linter, KB: kl.k, Filler: fillerOption(), Strict: *strict})
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
