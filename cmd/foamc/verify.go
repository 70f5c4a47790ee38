package main

import (
	"github.com/spf13/cobra"

	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/verify"
	"github.com/foamc/foamc/workflow"
)

func newVerifyCmd() *cobra.Command {
	var timeSel, specFile string
	cmd := &cobra.Command{
		Use:   "verify CASE",
		Short: "judge a finished run: accept, reject or insufficient (docs/verify.md)",
		Long: "verify reads a case's results and solver log (never runs a solver, never edits the case)\n" +
			"and answers accept (exit 0), reject (exit 3) or insufficient (exit 4); each reason is a\n" +
			"FOAM-VERIFY-* finding naming the file read, the method, the threshold and the measured value.\n" +
			"Pictures of the evidence (PNG) go to --plots DIR, by default CASE.verify beside the case;\n" +
			"a FOAM-VERIFY-070 finding names each.",
		Args: argsBetween(1, 1, "one CASE"),
	}
	cmd.Flags().StringVar(&specFile, "spec", "", "the case spec to judge the run against: the problem it asks and its expect: items (default: the foamc.spec.json foamc compile recorded in the case)")
	cmd.Flags().StringVar(&timeSel, "time", "latest", "time directories to judge: latest|all|T (a time directory's name)")
	plots := addPlotsFlag(cmd.Flags())
	format := addFormatFlag(cmd.Flags(), "output format")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		dir := args[0]
		r, err := workflow.Verify(dir, verify.Options{Time: timeSel, Spec: specFile, Plots: plots.dir(dir)})
		if err != nil {
			return err
		}
		rep := findingsReport(dir, r.Findings)
		rep.Cases[0].Verdict = string(r.Verdict)
		if err := output.Write(cmd.OutOrStdout(), format.name, rep); err != nil {
			return err
		}
		switch r.Verdict {
		case verify.Reject:
			return exitWith(exitReject, nil)
		case verify.Insufficient:
			return exitWith(exitInsufficient, nil)
		}
		return nil
	}
	return cmd
}
