package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/foamc/foamc/llm"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/rules"
	"github.com/foamc/foamc/workflow"
	"github.com/foamc/foamc/workflow/session"
)

// formatValue is --format: one of a command's formats, checked when parsed.
type formatValue struct {
	name    string
	allowed []string
}

func (f *formatValue) String() string { return f.name }
func (f *formatValue) Type() string   { return "format" }
func (f *formatValue) Set(v string) error {
	if !slices.Contains(f.allowed, v) {
		return fmt.Errorf("unknown format %q (want %s)%s", v, strings.Join(f.allowed, "|"), didYouMean(v, f.allowed, ""))
	}
	f.name = v
	return nil
}

// jsonAlias is the hidden --json, kept from before --format: --format json.
type jsonAlias struct{ f *formatValue }

func (j jsonAlias) String() string { return "false" }
func (j jsonAlias) Type() string   { return "bool" }
func (j jsonAlias) Set(v string) error {
	if v == "true" {
		j.f.name = "json"
	}
	return nil
}

// addFormatFlag adds --format (default text; allowed: the output package's formats, or
// those given) and the hidden --json alias.
func addFormatFlag(fs *pflag.FlagSet, usage string, allowed ...string) *formatValue {
	if allowed == nil {
		allowed = output.Formats()
	}
	f := &formatValue{name: "text", allowed: allowed}
	fs.Var(f, "format", usage+": "+strings.Join(allowed, "|"))
	fs.Var(jsonAlias{f}, "json", "same as --format json")
	fs.Lookup("json").NoOptDefVal = "true"
	_ = fs.MarkHidden("json")
	return f
}

// engineFlags are the rule engine flags of lint, gate, run, rules and lsp: a
// workflow session's options.
type engineFlags struct {
	opts session.Options
	sess *workflow.Session
}

func addEngineFlags(fs *pflag.FlagSet) *engineFlags {
	ef := &engineFlags{}
	fs.StringVar(&ef.opts.KBPath, "kb", "", "knowledge-base snapshot (default: the embedded v1912 snapshot)")
	fs.StringArrayVar(&ef.opts.PolicyDirs, "policy", nil, "directory of extra Rego rules (repeatable)")
	fs.StringArrayVar(&ef.opts.Disabled, "disable", nil, "rule ID to skip (repeatable)")
	fs.BoolVar(&ef.opts.AllowCode, "allow-code", false, "allow #codeStream, #calc, coded* and systemCall (SEC-001..003)")
	addReleaseFlag(fs, &ef.opts.Release)
	return ef
}

// addReleaseFlag is --openfoam, the release a case is read and judged as.
func addReleaseFlag(fs *pflag.FlagSet, release *string) {
	fs.StringVar(release, "openfoam", "", "OpenFOAM release the cases are for (openfoam-v1912, openfoam-v2506, openfoam-12; default: $FOAMC_OPENFOAM, the case's banner and layout, $WM_PROJECT_VERSION)")
}

// session is the command's workflow session, made from the parsed flags.
func (ef *engineFlags) session() *workflow.Session {
	if ef.sess == nil {
		ef.sess = workflow.New(ef.opts)
	}
	return ef.sess
}

// engine builds the session's rules engine; the preload case directories load while it
// compiles. A --disable ID the engine does not know is a usage error.
func (ef *engineFlags) engine(ctx context.Context, cmd *cobra.Command, preload ...string) (*rules.Engine, error) {
	eng, err := ef.session().Engine(ctx, preload...)
	var unknown *session.UnknownRuleError
	if errors.As(err, &unknown) {
		return nil, usageErrorf(cmd, "--disable %s: no rule has this ID%s", unknown.ID, didYouMean(unknown.ID, unknown.Known, ""))
	}
	return eng, err
}

// outputRules is the rule catalogue in the output package's shape.
func outputRules(e *rules.Engine) []output.Rule {
	var out []output.Rule
	for _, r := range e.Rules() {
		out = append(out, output.Rule{ID: r.ID, Severity: r.Severity, Title: r.Title, Description: r.Description, Fix: r.Fix, Provenance: r.Provenance})
	}
	return out
}

// llmFlags are the LLM endpoint flags; unset flags fall back to FOAMC_LLM_BASE_URL,
// FOAMC_LLM_MODEL and OPENAI_API_KEY.
type llmFlags struct {
	baseURL, model, apiKey string
	timeout                time.Duration
}

func addLLMFlags(fs *pflag.FlagSet) *llmFlags {
	l := &llmFlags{}
	fs.StringVar(&l.baseURL, "llm-base-url", "", "OpenAI-compatible endpoint, e.g. http://localhost:8000/v1 (default $"+llm.EnvBaseURL+")")
	fs.StringVar(&l.model, "llm-model", "", "model name (default $"+llm.EnvModel+")")
	fs.StringVar(&l.apiKey, "llm-api-key", "", "API key (default $"+llm.EnvAPIKey+"; prefer the environment)")
	fs.DurationVar(&l.timeout, "llm-timeout", 0, "overall deadline of one LLM request, retries included (default 5m)")
	return l
}

// client returns nil, nil when no model is configured.
func (l *llmFlags) client() (*llm.Client, error) {
	cfg := llm.ConfigFromEnv().Override(l.baseURL, l.model, l.apiKey)
	if !cfg.Enabled() {
		return nil, nil
	}
	cfg.Deadline = l.timeout
	return llm.New(cfg)
}

// plotsFlag is --plots DIR / --no-plots of verify and run: where the pictures of the
// evidence go. The default is CASE.verify beside the case: verify never writes into the
// case it judges.
type plotsFlag struct {
	path string
	off  bool
}

func addPlotsFlag(fs *pflag.FlagSet) *plotsFlag {
	p := &plotsFlag{}
	fs.StringVar(&p.path, "plots", "", "directory for the pictures of the evidence (PNG; default CASE.verify beside the case)")
	fs.BoolVar(&p.off, "no-plots", false, "write no pictures")
	return p
}

// dir is the pictures' directory for the case in dir ("" with --no-plots).
func (p *plotsFlag) dir(dir string) string {
	switch {
	case p.off:
		return ""
	case p.path != "":
		return p.path
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = filepath.Clean(dir)
	}
	return abs + ".verify"
}

// --require-containment: gate and run refuse (deny FOAM-RUN-028) to start programs the
// kernel cannot contain (internal/contain); FOAMC_REQUIRE_CONTAINMENT=1 does the same.
const (
	containmentFlag  = "require-containment"
	containmentUsage = "refuse to run when the kernel cannot contain the programs (Landlock, network namespace); also FOAMC_REQUIRE_CONTAINMENT=1"
)

func addContainmentFlag(fs *pflag.FlagSet) *bool {
	return fs.Bool(containmentFlag, false, containmentUsage)
}
