package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/runner"
)

func newRunCmd() *cobra.Command {
	var opt runner.Options
	var tutorials string
	var slurmJob, cancelJob bool
	cmd := &cobra.Command{
		Use:   "run CASE",
		Short: "gate, mesh and solve a case with OpenFOAM; classify and repair failures",
		Long: "run lints the case (the gate: a deny refuses the run, exit 3), meshes and solves it,\n" +
			"classifies a failure and, with --repair, repairs it (kb first, then the LLM if\n" +
			"configured). With --slurm it submits the case's job.slurm and follows the job.\n" +
			"--format json prints the run's result document.",
		Args: argsBetween(1, 1, "one CASE"),
	}
	fs := cmd.Flags()
	fs.IntVar(&opt.Steps, "steps", 0, "limit the solver to N time steps (0: the case's endTime)")
	fs.IntVar(&opt.Parallel, "parallel", 0, "decompose and run on N MPI ranks")
	fs.BoolVar(&slurmJob, "slurm", false, "submit the case's job.slurm with sbatch and follow the job (Ctrl-C cancels it)")
	fs.BoolVar(&cancelJob, "cancel", false, "with --slurm: cancel the job last submitted for CASE (scancel)")
	fs.IntVar(&opt.Repair, "repair", 0, "repair failures in at most N rounds (kb first, then the LLM if configured)")
	fs.DurationVar(&opt.Timeout, "timeout", 0, "overall time limit, repairs included (e.g. 10m)")
	fs.StringVar(&tutorials, "tutorials", "", "OpenFOAM tutorials for what the kb cannot answer in repairs (default, in order: "+openfoam.TutorialsHelp()+")")
	format := addFormatFlag(fs, "output format (json: the run's result; sarif, junit, github: the gate's findings)")
	lf := addLLMFlags(fs)
	ef := addEngineFlags(fs)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		dir := args[0]
		ctx := cmd.Context()
		stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
		if cancelJob {
			return cancelSlurm(ctx, dir, stderr)
		}
		lint, _, err := ef.linter(ctx, cmd)
		if err != nil {
			return err
		}
		if slurmJob {
			if opt.Parallel > 0 || opt.Repair > 0 {
				// The job's rank count is job.slurm's; repairs need the solver here.
				return usageErrorf(cmd, "--slurm runs the case's job.slurm: --parallel and --repair do not apply")
			}
			return runSlurm(ctx, dir, runner.SlurmOptions{Lint: lint, Log: stderr, Timeout: opt.Timeout, Steps: opt.Steps}, format.name, stdout, stderr)
		}
		opt.Lint, opt.Log = lint, stderr
		if opt.Repair > 0 {
			k, err := openKB(ef.kbPath)
			if err != nil {
				return err
			}
			opt.Retriever = runner.DefaultRetriever(k, tutorials)
			if opt.LLM, err = lf.client(); err != nil {
				return err
			}
		}
		var done func()
		opt.Progress, done = liveProgress(stderr, format.name)
		res, err := runner.Run(ctx, dir, opt)
		done()
		if err != nil {
			return err
		}
		if opt.LLM != nil {
			reportTokens(stderr, opt.LLM.Usage())
		}
		return reportRun(res, format.name, stdout)
	}
	return cmd
}

// reportRun prints a run's result in the format and returns run's exit for it.
func reportRun(res *runner.Result, format string, stdout io.Writer) error {
	var err error
	switch format {
	case "json":
		err = writeJSON(stdout, res)
	case "text":
		if len(res.Gate) > 0 {
			err = output.Write(stdout, "text", findingsReport(res.Case, res.Gate))
		}
		fmt.Fprint(stdout, res.Summary())
	default:
		err = output.Write(stdout, format, findingsReport(res.Case, res.Gate))
	}
	if err != nil {
		return err
	}
	switch res.Status {
	case runner.StatusOK:
		return nil
	case runner.StatusRefused:
		return exitWith(exitDeny, nil)
	case runner.StatusCancelled:
		return exitWith(exitCancelled, nil)
	}
	return exitWith(exitSolverFailed, nil)
}

// liveProgress rewrites one terminal line per solver step; done clears it. Not a terminal
// or a machine format: no progress.
func liveProgress(stderr io.Writer, format string) (func(runner.Step), func()) {
	if !isTerminal(stderr) || format != "text" {
		return nil, func() {}
	}
	return func(s runner.Step) { fmt.Fprintf(stderr, "\r\033[K%s", progressLine(s)) },
		func() { fmt.Fprint(stderr, "\r\033[K") }
}

func progressLine(s runner.Step) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Time = %g", s.Time)
	if s.CourantMax > 0 {
		fmt.Fprintf(&b, "  Co %.3g", s.CourantMax)
	}
	for _, k := range slices.Sorted(maps.Keys(s.Residuals)) {
		fmt.Fprintf(&b, "  %s %.2e", k, s.Residuals[k])
	}
	return b.String()
}
