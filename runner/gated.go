package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"syscall"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/proc"
	"github.com/foamc/foamc/openfoam"
)

// GateOptions is a gated command: the linter decides, Gate executes.
type GateOptions struct {
	Lint Linter
	// Argv is the command and its arguments, run in the working directory.
	Argv []string
	// Env is the command's environment; nil means openfoam.Env(), the environment `foamc
	// run` gives OpenFOAM programs.
	Env            []string
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// BeforeRun, when not nil, sees the findings of a case that passed, before the
	// command starts (to show its warnings first).
	BeforeRun func([]finding.Finding)
}

// GateResult is what the gate decided and, when the command ran, how it ended.
type GateResult struct {
	Findings []finding.Finding
	// Denied is true when a deny finding refused the command.
	Denied bool
	// Ran is true when the command was started; Status is then its exit status
	// (128+N when killed by signal N, as a shell reports it).
	Ran    bool
	Status int
}

// Errors of Gate, apart from the command's own status.
var (
	// ErrNotEvaluated: the case could not be evaluated, so the command did not run
	// (fail closed).
	ErrNotEvaluated = errors.New("runner: gate: the case could not be evaluated")
	// ErrNotStarted: the command passed the gate but could not be started; errors.Is
	// with exec.ErrNotFound tells a missing program from one that cannot be executed.
	ErrNotStarted = errors.New("runner: gate: the command could not be started")
)

// Gate lints dir and runs the command only when no finding is deny. A case the linter
// cannot evaluate never runs the command (ErrNotEvaluated).
func Gate(ctx context.Context, dir string, o GateOptions) (GateResult, error) {
	if len(o.Argv) == 0 {
		return GateResult{}, fmt.Errorf("%w: no command given", ErrNotStarted)
	}
	fs, err := o.Lint(dir)
	g := GateResult{Findings: fs}
	if err != nil {
		return g, fmt.Errorf("%w: %w", ErrNotEvaluated, err)
	}
	if finding.Max(fs) == finding.Deny {
		g.Denied = true
		return g, nil
	}
	if o.BeforeRun != nil {
		o.BeforeRun(fs)
	}
	env := o.Env
	if env == nil {
		env = openfoam.Env()
	}
	// Its own session: cancelling ctx stops the command and all it started.
	cmd := proc.Command(ctx, o.Argv[0], o.Argv[1:]...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = o.Stdin, o.Stdout, o.Stderr
	if err := cmd.Start(); err != nil {
		return g, fmt.Errorf("%w: %s: %w", ErrNotStarted, o.Argv[0], err)
	}
	g.Ran = true
	err = proc.Wait(cmd)
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			g.Status = 128 + int(ws.Signal())
		} else {
			g.Status = ee.ExitCode()
		}
	case err != nil:
		return g, fmt.Errorf("runner: gate: %s: %w", o.Argv[0], err)
	}
	return g, nil
}
