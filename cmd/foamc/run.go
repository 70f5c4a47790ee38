package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/internal/proc"
	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/runner"
	"github.com/foamc/foamc/verify"
	"github.com/foamc/foamc/workflow"
)

func newRunCmd() *cobra.Command {
	var opt runner.Options
	var tutorials string
	var slurmJob, cancelJob, noPreflight bool
	cmd := &cobra.Command{
		Use:   "run CASE",
		Short: "gate, mesh and solve a case with OpenFOAM; classify and repair failures",
		Long: "run lints the case (the gate: a deny refuses the run, exit 3), meshes and solves it,\n" +
			"classifies a failure and, with --repair, repairs it (kb first, then the LLM if\n" +
			"configured). A finished run is judged by foamc verify: a reject fails the run (exit 6)\n" +
			"and --repair acts on it (continues an unconverged steady run, bounded schemes).\n" +
			"With --slurm it submits the case's job.slurm and follows the job.\n" +
			"--format json prints the run's result document.",
		Args: argsBetween(1, 1, "one CASE"),
	}
	fs := cmd.Flags()
	fs.IntVar(&opt.Steps, "steps", 0, "limit the solver to N time steps (0: the case's endTime)")
	fs.IntVar(&opt.Parallel, "parallel", 0, "decompose and run on N MPI ranks")
	fs.BoolVar(&slurmJob, "slurm", false, "submit the case's job.slurm with sbatch and follow the job (Ctrl-C cancels it)")
	fs.BoolVar(&cancelJob, "cancel", false, "with --slurm: cancel the job last submitted for CASE (scancel)")
	fs.BoolVar(&noPreflight, "no-preflight", false, "with --slurm: submit without first checking the partition and, on a node, the solver and srun's MPI plugin")
	fs.IntVar(&opt.Repair, "repair", 0, "repair failures in at most N rounds (kb first, then the LLM if configured)")
	fs.DurationVar(&opt.Timeout, "timeout", 0, "overall time limit, repairs included (e.g. 10m)")
	fs.StringVar(&tutorials, "tutorials", "", "OpenFOAM tutorials for what the kb cannot answer in repairs (default, in order: "+openfoam.TutorialsHelp()+")")
	fs.BoolVar(&opt.RequireContainment, containmentFlag, false, containmentUsage)
	noVerify := fs.Bool("no-verify", false, "do not judge the finished run with foamc verify")
	plots := addPlotsFlag(fs)
	format := addFormatFlag(fs, "output format (json: the run's result; sarif, junit, github: the gate's and verify's findings)")
	lf := addLLMFlags(fs)
	ef := addEngineFlags(fs)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		dir := args[0]
		ctx, interrupted, stop := proc.Interrupts(cmd.Context())
		defer stop()
		stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
		if cancelJob {
			return cancelSlurm(ctx, dir, stderr)
		}
		if slurmJob && (opt.Parallel > 0 || opt.Repair > 0) {
			// The job's rank count is job.slurm's; repairs need the solver here.
			return usageErrorf(cmd, "--slurm runs the case's job.slurm: --parallel and --repair do not apply")
		}
		if _, err := ef.engine(ctx, cmd); err != nil {
			return err
		}
		req := workflow.RunRequest{Slurm: slurmJob, NoPreflight: noPreflight, Tutorials: tutorials}
		if !*noVerify {
			req.Verify = &verify.Options{Plots: plots.dir(dir)}
		}
		opt.Log = stderr
		if opt.Repair > 0 {
			var err error
			if opt.LLM, err = lf.client(); err != nil {
				return err
			}
		}
		var done func()
		opt.Progress, done = liveProgress(stderr, format.name)
		req.Options = opt
		res, err := ef.session().Run(ctx, dir, req)
		done()
		if code := interrupted(); code != 0 && !slurmJob {
			// SIGINT/SIGTERM: the solver and its ranks are stopped and controlDict
			// restored; say what ran and exit as a shell would (130, 143). A Slurm job
			// is scancelled and reported as cancelled (exit 130).
			if res != nil {
				fmt.Fprint(stdout, res.Summary())
			}
			return exitWith(code, fmt.Errorf("interrupted (signal %d): the solver's processes were stopped", code-128))
		}
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
	// The gate's denies, the solver failure, verify's findings with its verdict.
	rep := findingsReport(res.Case, res.Findings)
	if v := res.Verify; v != nil {
		rep.Cases[0].Verdict = v.Verdict
	}
	switch format {
	case "json":
		err = writeJSON(stdout, res)
	case "text":
		if len(rep.Cases[0].Findings) > 0 {
			err = output.Write(stdout, "text", rep)
		}
		fmt.Fprint(stdout, res.Summary())
	default:
		err = output.Write(stdout, format, rep)
	}
	if err != nil {
		return err
	}
	switch res.Status {
	case runner.StatusOK:
		// verify: insufficient leaves the exit alone: the solver finished and nothing
		// was found wrong; the warnings say what evidence was missing.
		return nil
	case runner.StatusRejected:
		return exitWith(exitRejected, nil)
	case runner.StatusRefused:
		return exitWith(exitDeny, nil)
	case runner.StatusCancelled:
		return exitWith(exitCancelled, nil)
	}
	return exitWith(exitSolverFailed, nil)
}

// liveProgress rewrites one terminal line per solver step; done clears it. Off a terminal
// it prints a plain line every progressEvery (stderr, so a machine format on stdout is
// untouched); on a terminal with a machine format, nothing.
func liveProgress(stderr io.Writer, format string) (func(runner.Progress), func()) {
	switch {
	case !isTerminal(stderr):
		// logs and CI: a plain line now and then instead of a redrawn one
		return plainProgress(stderr, progressEvery, time.Now), func() {}
	case format != "text":
		return nil, func() {}
	}
	return func(s runner.Progress) {
			if s.Phase != "" {
				fmt.Fprintf(stderr, "\r\033[K%s", s.Phase) // a meshing phase
				return
			}
			fmt.Fprintf(stderr, "\r\033[K%s", progressLine(s.Step))
		},
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

// progressEvery is the interval of plainProgress lines.
const progressEvery = 5 * time.Second

// plainProgress prints one line per interval (and the first step at once): the step,
// the simulated time, the maximum Courant number and the log to follow.
func plainProgress(w io.Writer, every time.Duration, now func() time.Time) func(runner.Progress) {
	var last time.Time
	return func(s runner.Progress) {
		if s.Phase != "" {
			return // meshing phases are in the run's log lines already
		}
		t := now()
		if !last.IsZero() && t.Sub(last) < every {
			return
		}
		last = t
		co := ""
		if s.CourantMax > 0 {
			co = fmt.Sprintf("  Co %.3g", s.CourantMax)
		}
		fmt.Fprintf(w, "progress: %s  step %d  Time = %g%s  log %s\n", t.UTC().Format(time.TimeOnly), s.N, s.Time, co, s.Log)
	}
}
