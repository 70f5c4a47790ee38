package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/suggest"
)

// The exit codes of every foamc command: this table is the one place they are decided,
// `foamc help exit-codes` prints it, and docs/cli.md and README.md carry it (a test
// checks they agree).
const (
	exitOK           = 0
	exitFailure      = 1 // tool error, usage error, a case that could not be evaluated (fail closed)
	exitWarn         = 2 // lint --fail-on warn: warnings; fmt --check: files not formatted
	exitDeny         = 3 // a deny finding: lint, compile, run (refused by its gate), parse, fmt, inspect
	exitSolverFailed = 4 // run: the solver failed or timed out, after any repairs
	exitNoSpec       = 5 // compile --prompt: the LLM gave no spec that compiles
	// run: the solver finished but verify rejected the result, after any repairs. Apart
	// from 3 (refused: nothing ran) and 4 (the solver failed): the run produced results
	// and they are wrong.
	exitRejected   = 6
	exitCancelled  = 130 // run, gate: SIGINT; run --slurm: the job was cancelled (Ctrl-C, --timeout or the scheduler)
	exitTerminated = 143 // run, gate: SIGTERM
	// gate runs a command: its own outcomes are kept apart from the command's exit status,
	// which it returns unchanged (128+N when the command is killed by signal N), using
	// the codes env(1) and timeout(1) reserve for the wrapper.
	exitGateDenied     = 124 // gate: a deny finding; the command did not run
	exitGateError      = 125 // gate: usage error, or the case could not be evaluated (fail closed)
	exitGateCannotExec = 126 // gate: the command was found but could not be started
	exitGateNotFound   = 127 // gate: the command was not found
)

// foamc verify's verdicts share the codes of the same weight: a reject weighs as a deny;
// insufficient evidence, like a failed solver, leaves no result to accept.
const (
	exitReject       = exitDeny
	exitInsufficient = exitSolverFailed
)

// exitTable is the table `foamc help exit-codes` prints and the docs carry.
var exitTable = []struct {
	code    int
	meaning string
}{
	{exitOK, "success: no deny finding (and no warning under --fail-on warn); verify: accept"},
	{exitFailure, "tool or usage error, or a case that could not be evaluated (fail closed)"},
	{exitWarn, "lint --fail-on warn found warnings; fmt --check found unformatted files"},
	{exitDeny, "a deny finding (lint, compile, parse, fmt, inspect; run refused by its gate); verify: reject"},
	{exitSolverFailed, "run: the solver failed or timed out, after any repairs; verify: insufficient (no results or no solver log to judge)"},
	{exitNoSpec, "compile --prompt: the LLM gave no spec that compiles"},
	{exitRejected, "run: the solver finished but verify rejected the result, after any repairs (verify: insufficient leaves run's exit at 0)"},
	{exitGateDenied, "gate: a deny finding, the command did not run"},
	{exitGateError, "gate: usage error or the case could not be evaluated, the command did not run"},
	{exitGateCannotExec, "gate: the command could not be started"},
	{exitGateNotFound, "gate: the command was not found"},
	{exitCancelled, "run, gate: interrupted by SIGINT (128+2); run --slurm: the job was cancelled"},
	{exitTerminated, "run, gate: interrupted by SIGTERM (128+15); the command and everything it started were stopped"},
}

// exitCodesMarkdown is the table in Markdown, as docs/cli.md and README.md carry it.
func exitCodesMarkdown() string {
	var b strings.Builder
	b.WriteString("| code | meaning |\n|---|---|\n")
	for _, e := range exitTable {
		fmt.Fprintf(&b, "| %d | %s |\n", e.code, e.meaning)
	}
	b.WriteString("| other | gate: the command's own exit status (128+N: killed by signal N) |\n")
	return b.String()
}

func newExitCodesTopic() *cobra.Command {
	return &cobra.Command{
		Use:   "exit-codes",
		Short: "the exit codes of every command",
		Long:  "The exit codes of foamc:\n\n" + exitCodesMarkdown(),
	}
}

// exitError carries a command's exit code; err, when set, is printed first.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// exitWith ends a command with code, printing err (when not nil) on stderr.
func exitWith(code int, err error) error { return &exitError{code: code, err: err} }

// usageError is a command line foamc cannot run: printed with a pointer to --help.
type usageError struct {
	cmd *cobra.Command
	msg string
}

func (e *usageError) Error() string { return e.msg }

func usageErrorf(cmd *cobra.Command, format string, args ...any) error {
	return &usageError{cmd: cmd, msg: fmt.Sprintf(format, args...)}
}

// flagError turns a flag parser error into a usage error, suggesting the nearest flag for
// an unknown one.
func flagError(cmd *cobra.Command, err error) error {
	var ne *pflag.NotExistError
	if errors.As(err, &ne) && ne.GetSpecifiedName() != "" {
		var names []string
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				names = append(names, f.Name)
			}
		})
		return usageErrorf(cmd, "%v%s", err, didYouMean(ne.GetSpecifiedName(), names, "--"))
	}
	return usageErrorf(cmd, "%v", err)
}

// didYouMean is " (did you mean X?)" for the candidates nearest to word, or "".
func didYouMean(word string, candidates []string, prefix string) string {
	hits := suggest.DidYouMean(word, candidates)
	for i := range hits {
		hits[i] = prefix + hits[i]
	}
	return meant(hits)
}

// meant is " (did you mean A or B?)", or "" without hits.
func meant(hits []string) string {
	if len(hits) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(hits, " or ") + "?)"
}

// exitCode prints what err says and returns the exit code: the single mapping from a
// command's outcome to the process status.
func exitCode(cmd *cobra.Command, err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	name := "foamc"
	if cmd != nil {
		name = cmd.CommandPath()
	}
	var ue *usageError
	if errors.As(err, &ue) {
		if ue.cmd != nil {
			name = ue.cmd.CommandPath()
		}
		fmt.Fprintf(stderr, "%s: %s\nRun '%s --help' for usage.\n", name, ue.msg, name)
		if isGate(ue.cmd) {
			return exitGateError
		}
		return exitFailure
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, ee.err)
		}
		return ee.code
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	if isGate(cmd) {
		return exitGateError
	}
	return exitFailure
}

func isGate(cmd *cobra.Command) bool { return cmd != nil && cmd.Name() == "gate" }

// findingsExit is the exit code of findings reported by a command: deny wins, then
// warnings when failOnWarn, and a case that could not be evaluated is an error (fail
// closed).
func findingsExit(rep output.Report, failOnWarn bool) error {
	for _, c := range rep.Cases {
		if c.Error != "" {
			return exitWith(exitFailure, nil)
		}
	}
	var all []finding.Finding
	for _, c := range rep.Cases {
		all = append(all, c.Findings...)
	}
	switch finding.Max(all) {
	case finding.Deny:
		return exitWith(exitDeny, nil)
	case finding.Warn:
		if failOnWarn {
			return exitWith(exitWarn, nil)
		}
	}
	return nil
}
