package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/proc"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/rules"
)

func init() {
	register("gate", "lint a case, then run a command only if nothing is denied", runGate)
}

func runGate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("foamc gate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "text", "format of the findings written to stderr")
	ef := addEngineFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foamc gate CASE [--allow-code] [--disable ID] [--policy DIR] [--kb FILE] -- CMD ARGS...")
		fs.PrintDefaults()
	}
	var argv []string
	for i, a := range args {
		if a == "--" {
			args, argv = args[:i], args[i+1:]
			break
		}
	}
	pos, ok := parseInterleaved(fs, args)
	if !ok {
		return rules.ExitError
	}
	if len(pos) != 1 || len(argv) == 0 {
		fs.Usage()
		return rules.ExitError
	}
	ctx, interrupted, stop := proc.Interrupts(context.Background())
	defer stop()
	eng, err := ef.engine(ctx, pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "foamc gate: %v (refusing to run)\n", err)
		return rules.ExitError
	}
	report := func(res rules.Result, evalErr error) {
		rep := output.Report{Tool: "foamc", Rules: outputRules(eng), Cases: []output.Case{{Dir: pos[0], Findings: res.Findings}}}
		if evalErr != nil {
			rep.Cases[0].Error = evalErr.Error()
		}
		if werr := output.Write(stderr, *format, rep); werr != nil {
			fmt.Fprintf(stderr, "foamc gate: %v\n", werr)
		}
	}
	// Warnings of a case that passes are shown before the command's own output.
	g, err := eng.Gate(ctx, pos[0], foamcase.Options{}, argv, stdinOf, stdout, stderr, func(res rules.Result) {
		if len(res.Findings) > 0 {
			report(res, nil)
		}
	})
	if code := interrupted(); code != 0 {
		// SIGINT/SIGTERM: the command and all it started were stopped (SIGTERM, then
		// SIGKILL after a grace period); exit as a shell would (130, 143).
		what := "while linting; " + argv[0] + " was not started"
		if g.Ran {
			what = "stopped " + argv[0] + " and every process it started"
		}
		fmt.Fprintf(stderr, "foamc gate: interrupted (signal %d): %s\n", code-128, what)
		return code
	}
	if !g.Ran {
		report(g.Lint, err)
		fmt.Fprintf(stderr, "foamc gate: refusing to run %s\n", argv[0])
		return g.Code
	}
	if err != nil {
		fmt.Fprintf(stderr, "foamc gate: %v\n", err)
	}
	return g.Code
}
