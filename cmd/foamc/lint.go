package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/rules"
)

func init() {
	register("lint", "check case directories against the rule library", runLint)
}

// listFlag collects a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// engineFlags are the flags lint and gate share.
type engineFlags struct {
	kbPath    string
	policies  listFlag
	disabled  listFlag
	allowCode bool
}

func addEngineFlags(fs *flag.FlagSet) *engineFlags {
	ef := &engineFlags{}
	fs.StringVar(&ef.kbPath, "kb", "", "knowledge-base snapshot (default: the embedded v1912 snapshot)")
	fs.Var(&ef.policies, "policy", "directory of extra Rego rules (repeatable)")
	fs.Var(&ef.disabled, "disable", "rule ID to skip (repeatable)")
	fs.BoolVar(&ef.allowCode, "allow-code", false, "allow #codeStream, #calc, coded* and systemCall (SEC-001..003)")
	return ef
}

// engine builds the rules engine; the preload case directories load while it compiles.
func (ef *engineFlags) engine(ctx context.Context, preload ...string) (*rules.Engine, error) {
	opts := rules.Options{
		Preload:    preload,
		PolicyDirs: ef.policies, AllowCode: ef.allowCode, Disabled: ef.disabled,
	}
	// data.kb: the precomputed document of the embedded snapshot (no full decode), else
	// RulesData() of the snapshot named by --kb.
	if ef.kbPath == "" {
		opts.KBJSON = kb.DefaultRulesJSON
	} else {
		opts.LoadKB = func() (map[string]any, error) {
			k, err := kb.Load(ef.kbPath)
			if err != nil {
				return nil, err
			}
			return k.RulesData(), nil
		}
	}
	return rules.New(ctx, opts)
}

// outputRules is the rule catalogue in the output package's shape.
func outputRules(e *rules.Engine) []output.Rule {
	var out []output.Rule
	for _, r := range e.Rules() {
		out = append(out, output.Rule{ID: r.ID, Severity: r.Severity, Title: r.Title, Description: r.Description, Fix: r.Fix, Provenance: r.Provenance})
	}
	return out
}

func runLint(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("foamc lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "text", "output format: "+strings.Join(output.Formats(), "|"))
	failOn := fs.String("fail-on", "deny", "lowest severity that fails: deny|warn")
	ef := addEngineFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foamc lint CASE... [--format text|json|sarif|junit|github] [--fail-on warn] [--disable ID] [--policy DIR] [--allow-code] [--kb FILE]")
		fs.PrintDefaults()
	}
	dirs, ok := parseInterleaved(fs, args)
	if !ok {
		return rules.ExitError
	}
	if len(dirs) == 0 {
		fs.Usage()
		return rules.ExitError
	}
	if *failOn != "deny" && *failOn != "warn" {
		fmt.Fprintf(stderr, "foamc lint: --fail-on must be deny or warn, not %q\n", *failOn)
		return rules.ExitError
	}
	ctx := context.Background()
	// The first cases (one per worker of LintDirs) load while the policies compile.
	eng, err := ef.engine(ctx, dirs[:min(len(dirs), runtime.GOMAXPROCS(0))]...)
	if err != nil {
		fmt.Fprintf(stderr, "foamc lint: %v\n", err)
		return rules.ExitError
	}
	var progress func(int, string)
	if len(dirs) > 1 && isTerminal(stderr) {
		progress = func(n int, d string) { fmt.Fprintf(stderr, "\r\033[K[%d/%d] %s", n, len(dirs), d) }
	}
	results, errs := eng.LintDirs(ctx, dirs, foamcase.Options{}, progress)
	if progress != nil {
		fmt.Fprint(stderr, "\r\033[K")
	}
	rep := output.Report{Tool: "foamc", Rules: outputRules(eng)}
	failed := false
	for i, d := range dirs {
		c := output.Case{Dir: d, Findings: results[i].Findings}
		if errs[i] != nil {
			failed = true
			c.Error = errs[i].Error()
		}
		rep.Cases = append(rep.Cases, c)
	}
	if err := output.Write(stdout, *format, rep); err != nil {
		fmt.Fprintf(stderr, "foamc lint: %v\n", err)
		return rules.ExitError
	}
	return rules.ExitCode(results, failed, *failOn == "warn")
}

// stdinOf is the process stdin for commands the gate starts.
var stdinOf io.Reader = os.Stdin
