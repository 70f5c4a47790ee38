package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/proc"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/study"
)

func newStudyCmd() *cobra.Command {
	var (
		out string
		opt study.Options
	)
	cmd := &cobra.Command{
		Use:   "study STUDY.yaml -o DIR",
		Short: "run a parameter sweep or a grid convergence study of a spec: one results table",
		Long: "study compiles, gates, runs and verifies every variant of a base spec (docs/study.md):\n" +
			"a sweep of spec fields (lists, ranges, products, zipped lists) or a grid convergence\n" +
			"study (blockMesh cell counts refined by a ratio; observed order, Richardson\n" +
			"extrapolation and GCI after Celik et al. 2008). DIR holds one case per variant,\n" +
			"results.csv, results.md, plots/ and study.json, the record that makes a second run\n" +
			"resume: only missing, failed or interrupted variants run; a variant whose inputs\n" +
			"changed is refused unless --redo. Failures do not stop the study.\n" +
			"Exit: 0 every variant finished and was verified (whatever its verdict); 3 a bad\n" +
			"study file or a changed variant refused; 4 a variant did not compile, was refused\n" +
			"by its gate or failed; 130/143 interrupted (the record resumes).",
		Args: argsBetween(1, 1, "one STUDY file"),
	}
	fs := cmd.Flags()
	fs.StringVarP(&out, "output", "o", "", "study directory (required; reused to resume)")
	fs.IntVar(&opt.Concurrency, "concurrency", 0, "variants run at once (default: the study's run.concurrency, else 1)")
	fs.BoolVar(&opt.Redo, "redo", false, "run again the variants whose spec or mesh inputs changed since they were recorded")
	fs.BoolVar(&opt.Slurm, "slurm", false, "run the variants as one Slurm job array (the base spec needs run.slurm)")
	fs.BoolVar(&opt.RequireContainment, containmentFlag, false, containmentUsage)
	format := addFormatFlag(fs, "output format (json: the study's result)", "text", "json")
	ef := addEngineFlags(fs)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if out == "" {
			return usageErrorf(cmd, "-o DIR is required")
		}
		ctx, interrupted, stop := proc.Interrupts(cmd.Context())
		defer stop()
		stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
		f, err := study.Load(args[0])
		if err != nil {
			return studyFindings(stderr, err)
		}
		if _, err := ef.engine(ctx, cmd); err != nil {
			return err
		}
		opt.Out, opt.Log = out, stderr
		res, err := ef.session().Study(ctx, f, opt)
		if err != nil {
			return studyFindings(stderr, err)
		}
		if format.name == "json" {
			if err := writeJSON(stdout, res); err != nil {
				return err
			}
		} else if len(res.Findings) > 0 {
			if err := output.Write(stdout, "text", findingsReport("", res.Findings)); err != nil {
				return err
			}
		}
		if code := interrupted(); code != 0 {
			return exitWith(code, fmt.Errorf("interrupted (signal %d): the running solvers were stopped; run the same command to resume", code-128))
		}
		if len(res.Findings) > 0 {
			return exitWith(exitDeny, nil)
		}
		for _, o := range res.Variants {
			if o.State != study.StateDone {
				return exitWith(exitSolverFailed, nil)
			}
		}
		return nil
	}
	return cmd
}

// studyFindings reports a study file's (or base spec's) findings, exit 3; other errors
// pass through.
func studyFindings(stderr io.Writer, err error) error {
	var fl finding.List
	if !errors.As(err, &fl) {
		return err
	}
	if werr := output.Write(stderr, "text", findingsReport("", fl)); werr != nil {
		return werr
	}
	return exitWith(exitDeny, nil)
}
