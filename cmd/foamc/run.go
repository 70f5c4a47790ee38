package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/proc"
	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/runner"
)

func init() {
	register("run", "gate, mesh and solve a case with OpenFOAM; classify and repair failures", runRun)
}

// Exit codes of run: 0 solved, 1 tool error, 3 refused by the gate, 4 the
// solver failed (after any repairs).
const exitSolverFailed = 4

// exitCancelled: a Slurm job cancelled by Ctrl-C, --timeout or the scheduler (128+SIGINT).
const exitCancelled = 130

func runRun(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	steps := fs.Int("steps", 0, "limit the solver to N time steps (0: the case's endTime)")
	parallel := fs.Int("parallel", 0, "decompose and run on N MPI ranks")
	slurmJob := fs.Bool("slurm", false, "submit the case's job.slurm with sbatch and follow the job (Ctrl-C cancels it)")
	cancelJob := fs.Bool("cancel", false, "with --slurm: cancel the job last submitted for CASE (scancel)")
	repair := fs.Int("repair", 0, "repair failures in at most N rounds (kb first, then the LLM if configured)")
	timeout := fs.Duration("timeout", 0, "overall time limit, repairs included (e.g. 10m)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	tutorials := fs.String("tutorials", "", "OpenFOAM tutorials for what the kb cannot answer in repairs (default, in order: "+openfoam.TutorialsHelp()+")")
	lf := addLLMFlags(fs)
	ef := addEngineFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: foamc run CASE [--steps N] [--parallel N | --slurm [--cancel]] [--repair N] [--timeout D] [--json] [lint flags] [llm flags]")
		fs.PrintDefaults()
	}
	pos, ok := parseInterleaved(fs, args)
	if !ok {
		return 1 // flag already printed the problem and the usage
	}
	if len(pos) != 1 {
		fs.Usage()
		return 1
	}
	dir := pos[0]
	ctx, interrupted, stop := proc.Interrupts(context.Background())
	defer stop()
	if *cancelJob {
		return cancelSlurm(ctx, dir, stderr)
	}
	lint, err := newLinter(ctx, ef)
	if err != nil {
		fmt.Fprintln(stderr, "foamc run:", err)
		return 1
	}
	if *slurmJob {
		if *parallel > 0 || *repair > 0 {
			// The job's rank count is job.slurm's; repairs need the solver here.
			fmt.Fprintln(stderr, "foamc run: --slurm runs the case's job.slurm: --parallel and --repair do not apply")
			return 1
		}
		return runSlurm(ctx, dir, runner.SlurmOptions{Lint: lint, Log: stderr, Timeout: *timeout, Steps: *steps}, *asJSON, stdout, stderr)
	}
	opt := runner.Options{Steps: *steps, Parallel: *parallel, Repair: *repair, Timeout: *timeout, Lint: lint, Log: stderr}
	if *repair > 0 {
		// The kb answers repairs; the tutorials (foamDictionary) only what it
		// does not hold (mesh and decomposition dictionaries).
		k, err := openKB(ef.kbPath)
		if err != nil {
			fmt.Fprintln(stderr, "foamc run:", err)
			return 1
		}
		retr := &runner.KBRetriever{KB: k}
		dirT := *tutorials
		if dirT == "" {
			dirT = openfoam.Tutorials()
		}
		if dirT != "" {
			retr.Fallback = &runner.TutorialRetriever{Dir: dirT, Env: openfoam.Env()}
		}
		opt.Retriever = retr
		client, err := lf.client()
		if err != nil {
			fmt.Fprintln(stderr, "foamc run:", err)
			return 1
		}
		opt.LLM = client
	}
	var done func()
	opt.Progress, done = liveProgress(stderr, *asJSON)
	res, err := runner.Run(ctx, dir, opt)
	done()
	if code := interrupted(); code != 0 {
		// SIGINT/SIGTERM: the solver and its ranks are stopped and controlDict
		// restored; say what ran and exit as a shell would (130, 143).
		if res != nil {
			fmt.Fprint(stdout, res.Summary())
		}
		fmt.Fprintf(stderr, "foamc run: interrupted (signal %d): the solver's processes were stopped\n", code-128)
		return code
	}
	if err != nil {
		fmt.Fprintln(stderr, "foamc run:", err)
		return 1
	}
	if opt.LLM != nil {
		reportTokens(stderr, opt.LLM.Usage())
	}
	return report(res, *asJSON, stdout)
}

// report prints a run's result and returns run's exit code for it.
func report(res *runner.Result, asJSON bool, stdout io.Writer) int {
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(res)
	} else {
		for _, f := range res.Gate {
			fmt.Fprintln(stdout, f.String())
			if f.Fix != "" {
				fmt.Fprintln(stdout, "    fix: "+f.Fix)
			}
		}
		fmt.Fprint(stdout, res.Summary())
	}
	switch res.Status {
	case runner.StatusOK:
		return 0
	case runner.StatusRefused:
		return 3
	case runner.StatusCancelled:
		return exitCancelled
	}
	return exitSolverFailed
}

// newLinter is the gate: exactly what `foamc lint` checks, with the same
// engine flags (--kb, --policy, --disable, --allow-code).
func newLinter(ctx context.Context, ef *engineFlags) (runner.Linter, error) {
	eng, err := ef.engine(ctx)
	if err != nil {
		return nil, err
	}
	return func(dir string) ([]finding.Finding, error) {
		res, err := eng.LintDir(ctx, dir, foamcase.Options{})
		return res.Findings, err
	}, nil
}

// liveProgress rewrites one terminal line per solver step; done clears it. Off a terminal
// it prints a plain line every progressEvery (stderr, so --json output is untouched); on a
// terminal with --json, nothing.
func liveProgress(stderr io.Writer, asJSON bool) (func(runner.Progress), func()) {
	switch {
	case !isTerminal(stderr):
		// logs and CI: a plain line now and then instead of a redrawn one
		return plainProgress(stderr, progressEvery, time.Now), func() {}
	case asJSON:
		return nil, func() {}
	}
	return func(s runner.Progress) { fmt.Fprintf(stderr, "\r\033[K%s", progressLine(s.Step)) },
		func() { fmt.Fprint(stderr, "\r\033[K") }
}

func progressLine(s runner.Step) string {
	keys := make([]string, 0, len(s.Residuals))
	for k := range s.Residuals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "Time = %g", s.Time)
	if s.CourantMax > 0 {
		fmt.Fprintf(&b, "  Co %.3g", s.CourantMax)
	}
	for _, k := range keys {
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

// parseInterleaved accepts flags before and after positional arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, bool) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, false
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, true
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}
