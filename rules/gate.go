package rules

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/proc"
)

// Exit codes shared by lint and gate (ARCHITECTURE.md).
const (
	ExitClean = 0
	ExitError = 1 // tool error or could not evaluate (fail closed)
	ExitWarn  = 2 // warnings only, when asked to fail on warnings
	ExitDeny  = 3
)

// ExitCode maps lint results to the exit code: any evaluation error wins (fail closed),
// then deny, then warn when failOnWarn.
func ExitCode(results []Result, evalErr bool, failOnWarn bool) int {
	if evalErr {
		return ExitError
	}
	var all []finding.Finding
	for _, r := range results {
		all = append(all, r.Findings...)
	}
	switch finding.Max(all) {
	case finding.Deny:
		return ExitDeny
	case finding.Warn:
		if failOnWarn {
			return ExitWarn
		}
	}
	return ExitClean
}

// GateResult is what the gate decided and, when it ran the command, how that ended.
type GateResult struct {
	Lint Result
	// Ran is true when the command was started.
	Ran bool
	// Code is the exit code to return: ExitDeny when refused, ExitError when the case
	// could not be evaluated or the command could not start, else the command's own.
	Code int
}

// Gate lints dir and runs argv only when no finding is deny. It fails closed: a case
// that cannot be evaluated never runs. The command inherits stdin/stdout/stderr given.
// beforeRun, when not nil, sees the lint result of a case that passed, before the command
// starts (to show its warnings first).
func (e *Engine) Gate(ctx context.Context, dir string, opts foamcase.Options, argv []string, stdin io.Reader, stdout, stderr io.Writer, beforeRun func(Result)) (GateResult, error) {
	if len(argv) == 0 {
		return GateResult{Code: ExitError}, fmt.Errorf("rules: gate: no command given")
	}
	res, err := e.LintDir(ctx, dir, opts)
	g := GateResult{Lint: res}
	if err != nil {
		g.Code = ExitError
		return g, err
	}
	if finding.Max(res.Findings) == finding.Deny {
		g.Code = ExitDeny
		return g, nil
	}
	if beforeRun != nil {
		beforeRun(res)
	}
	// Its own session: cancelling ctx stops the command and all it started.
	cmd := proc.Command(ctx, argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	g.Ran = true
	if err := proc.Run(cmd); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() >= 0 {
			g.Code = ee.ExitCode()
			return g, nil
		}
		g.Code = ExitError
		return g, fmt.Errorf("rules: gate: run %s: %w", argv[0], err)
	}
	g.Code = 0
	return g, nil
}
