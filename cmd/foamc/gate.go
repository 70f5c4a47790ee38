package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os/exec"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/proc"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/runner"
)

func newGateCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "gate CASE [flags] -- COMMAND [ARGS...]",
		Short: "lint a case, then run a command only if nothing is denied",
		Long: "gate copies CASE into a private snapshot, lints the snapshot and runs COMMAND on it\n" +
			"(in OpenFOAM's environment, as run gives it, contained: it writes only the snapshot and\n" +
			"reaches no network) only when no finding is deny; the results are then written back into\n" +
			"CASE. Findings go to stderr in --format. The exit code is the command's own status when it\n" +
			"ran; gate's own outcomes use 124-127 (foamc help exit-codes).",
		Args: func(cmd *cobra.Command, args []string) error {
			dash := cmd.ArgsLenAtDash()
			if dash < 0 || dash == len(args) {
				return usageErrorf(cmd, "missing -- COMMAND")
			}
			return argsBetween(1, 1, "one CASE before --")(cmd, args[:dash])
		},
	}
	format := addFormatFlag(cmd.Flags(), "format of the findings written to stderr")
	ef := addEngineFlags(cmd.Flags())
	require := addContainmentFlag(cmd.Flags())
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		dir, argv := args[0], args[cmd.ArgsLenAtDash():]
		ctx, interrupted, stop := proc.Interrupts(cmd.Context())
		defer stop()
		stderr := cmd.ErrOrStderr()
		eng, err := ef.engine(ctx, cmd)
		if err != nil {
			var ue *usageError
			if errors.As(err, &ue) {
				return err
			}
			return exitWith(exitGateError, fmt.Errorf("%w (refusing to run)", err))
		}
		report := func(fs []finding.Finding, evalErr error) error {
			rep := output.Report{Tool: "foamc", Rules: outputRules(eng), Cases: []output.Case{{Dir: dir, Findings: fs}}}
			if evalErr != nil {
				rep.Cases[0].Error = evalErr.Error()
			}
			return output.Write(stderr, format.name, rep)
		}
		var reportErr error
		g, err := ef.session().Gate(ctx, dir, runner.GateOptions{
			Argv: argv, RequireContainment: *require,
			Stdin: cmd.InOrStdin(), Stdout: cmd.OutOrStdout(), Stderr: stderr,
			// Warnings of a case that passes are shown before the command's own output.
			BeforeRun: func(fs []finding.Finding) {
				if len(fs) > 0 {
					reportErr = report(fs, nil)
				}
			},
		})
		if len(g.NotSynced) > 0 && reportErr == nil {
			reportErr = report(g.NotSynced, nil)
		}
		if reportErr != nil {
			fmt.Fprintf(stderr, "foamc gate: %v\n", reportErr)
		}
		if code := interrupted(); code != 0 {
			// SIGINT/SIGTERM: the command and all it started were stopped (SIGTERM, then
			// SIGKILL after a grace period); exit as a shell would (130, 143).
			what := "while linting; " + argv[0] + " was not started"
			if g.Ran {
				what = "stopped " + argv[0] + " and every process it started"
			}
			return exitWith(code, fmt.Errorf("interrupted (signal %d): %s", code-128, what))
		}
		switch {
		case g.Ran && err != nil:
			return exitWith(exitGateError, err) // started, but its status is unknown
		case g.Ran:
			return exitWith(g.Status, nil)
		case g.Denied:
			if err := report(g.Findings, nil); err != nil {
				return exitWith(exitGateError, err)
			}
			return exitWith(exitGateDenied, fmt.Errorf("refusing to run %s", argv[0]))
		case errors.Is(err, runner.ErrNotEvaluated):
			_ = report(g.Findings, err)
			return exitWith(exitGateError, fmt.Errorf("refusing to run %s: %w", argv[0], err))
		case errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist):
			return exitWith(exitGateNotFound, err)
		}
		return exitWith(exitGateCannotExec, err)
	}
	return cmd
}
