package main

import (
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/output"
)

func newLintCmd() *cobra.Command {
	var failOn string
	cmd := &cobra.Command{
		Use:   "lint CASE...",
		Short: "check case directories against the rule library",
		Args:  argsBetween(1, -1, "CASE"),
	}
	format := addFormatFlag(cmd.Flags(), "output format")
	cmd.Flags().StringVar(&failOn, "fail-on", "deny", "lowest severity that fails: deny|warn")
	ef := addEngineFlags(cmd.Flags())
	cmd.RunE = func(cmd *cobra.Command, dirs []string) error {
		if failOn != "deny" && failOn != "warn" {
			return usageErrorf(cmd, "--fail-on must be deny or warn, not %q", failOn)
		}
		ctx := cmd.Context()
		// The first cases (one per worker of LintDirs) load while the policies compile.
		eng, err := ef.engine(ctx, cmd, dirs[:min(len(dirs), runtime.GOMAXPROCS(0))]...)
		if err != nil {
			return err
		}
		stderr := cmd.ErrOrStderr()
		var progress func(int, string)
		if len(dirs) > 1 && isTerminal(stderr) {
			progress = func(n int, d string) { fmt.Fprintf(stderr, "\r\033[K[%d/%d] %s", n, len(dirs), d) }
		}
		cases, errs := eng.LintDirs(ctx, dirs, foamcase.Options{Release: ef.release}, progress)
		if progress != nil {
			fmt.Fprint(stderr, "\r\033[K")
		}
		for i := range cases {
			if errs[i] != nil {
				cases[i].Error = errs[i].Error()
			}
		}
		rep := output.Report{Tool: "foamc", Rules: outputRules(eng), Cases: cases}
		if err := output.Write(cmd.OutOrStdout(), format.name, rep); err != nil {
			return err
		}
		return findingsExit(rep, failOn == "warn")
	}
	return cmd
}

// argsBetween checks the number of positional arguments (max < 0: no limit); what names
// them in the message.
func argsBetween(lo, hi int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) < lo:
			return usageErrorf(cmd, "missing %s", what)
		case hi >= 0 && len(args) > hi:
			return usageErrorf(cmd, "too many arguments: %q (want %s)", args[hi:], what)
		}
		return nil
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
