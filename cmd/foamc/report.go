package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/fieldplot"
	"github.com/foamc/foamc/report"
)

func newReportCmd() *cobra.Command {
	var out, markdown, timeSel, specFile, plane string
	var fields, marks []string
	cmd := &cobra.Command{
		Use:   "report CASE",
		Short: "one self-contained HTML report of a finished run: verdict, spec, provenance, residuals, expectations, field pictures (docs/report.md)",
		Long: "report judges the run as foamc verify does and writes one HTML file (no network, no script,\n" +
			"pictures inline) with the verdict and its findings, the expect: items against their references,\n" +
			"the residual history, field pictures drawn from the case's own files, the spec and the provenance\n" +
			"of every compiled value. --markdown DIR writes the same as DIR/report.md beside its PNG files.\n" +
			"It reads the case only; the exit code is 0 when the report is written, whatever the verdict.",
		Args: argsBetween(1, 1, "one CASE"),
	}
	cmd.Flags().StringVarP(&out, "output", "o", "", "the HTML file to write (default CASE.report.html beside the case)")
	cmd.Flags().StringVar(&markdown, "markdown", "", "write Markdown and PNG files into this directory instead of HTML")
	cmd.Flags().StringVar(&timeSel, "time", "latest", "the time directory judged and drawn: latest|T")
	cmd.Flags().StringVar(&specFile, "spec", "", "the spec to judge against (default: the one foamc compile recorded in the case)")
	cmd.Flags().StringVar(&plane, "plane", "", "slice the field pictures on x=V, y=V or z=V (default: the plane of a 2-D case, else the z mid-plane)")
	cmd.Flags().StringSliceVar(&fields, "field", nil, "a field to draw (repeatable; default: phase fractions, U, p or p_rgh, T)")
	cmd.Flags().StringArrayVar(&marks, "mark", nil, "X,Y,LABEL: a reference point drawn on the field pictures, in plane coordinates (repeatable)")
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		dir := args[0]
		opt := report.Options{Time: timeSel, Spec: specFile, Fields: fields}
		if plane != "" {
			pl, err := fieldplot.ParsePlane(plane)
			if err != nil {
				return usageErrorf(cmd, "--plane: %v", err)
			}
			opt.Plane = &pl
		}
		for _, m := range marks {
			mk, err := fieldplot.ParseMark(m)
			if err != nil {
				return usageErrorf(cmd, "--mark: %v", err)
			}
			opt.Marks = append(opt.Marks, mk)
		}
		r, err := report.Build(dir, opt)
		if err != nil {
			return err
		}
		if markdown != "" {
			if err := r.WriteMarkdown(markdown); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "report: %s (%d pictures, verdict %s)\n", filepath.Join(markdown, "report.md"), len(r.Images()), r.Verdict)
			return nil
		}
		if out == "" {
			abs, err := filepath.Abs(dir)
			if err != nil {
				abs = filepath.Clean(dir)
			}
			out = abs + ".report.html"
		}
		b, err := r.HTML()
		if err != nil {
			return err
		}
		if err := os.WriteFile(out, b, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "report: %s (%d bytes, %d pictures, verdict %s)\n", out, len(b), len(r.Images()), r.Verdict)
		return nil
	}
	return cmd
}
