package main

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/output"
)

func newFmtCmd() *cobra.Command {
	var write, check bool
	cmd := &cobra.Command{
		Use:   "fmt FILE...",
		Short: "format dictionaries canonically (-w rewrites, --check lists files that would change)",
		Long: "fmt prints each dictionary in canonical form on stdout, rewrites it with -w (gzip\n" +
			"kept), or with --check lists the files whose formatting differs (exit 2). Files that\n" +
			"do not parse are findings on stderr (exit 3).",
		Args: argsBetween(1, -1, "FILE"),
	}
	cmd.Flags().BoolVarP(&write, "write", "w", false, "write the result back to each file instead of stdout")
	cmd.Flags().BoolVar(&check, "check", false, "print the files whose formatting differs and exit 2 if any")
	format := addFormatFlag(cmd.Flags(), "format of the findings written to stderr")
	cmd.RunE = func(cmd *cobra.Command, files []string) error {
		stdout := cmd.OutOrStdout()
		var bad []finding.Finding
		var toolErr error
		unformatted := false
		for _, path := range files {
			f, err := grammar.ParseFile(path)
			if err != nil {
				fd, ok := asFinding(err)
				if !ok {
					toolErr = errors.Join(toolErr, err)
					continue
				}
				bad = append(bad, fd)
				continue
			}
			// The output is streamed (to stdout, or against the source for --check):
			// a big dictionary's formatted text is never held whole beside its tree.
			switch {
			case check:
				same := &sameAs{want: f.Src}
				if err := grammar.FormatTo(same, f); err != nil {
					return err
				}
				if !same.equal() {
					fmt.Fprintln(stdout, path)
					unformatted = true
				}
			case write:
				if out := grammar.Format(f); !bytes.Equal(out, f.Src) {
					toolErr = errors.Join(toolErr, grammar.WriteFile(path, out, f.Gzip))
				}
			default:
				if err := grammar.FormatTo(stdout, f); err != nil {
					return err
				}
			}
		}
		return fileFindingsExit(cmd, format, bad, toolErr, unformatted)
	}
	return cmd
}

// sameAs is a writer that compares what is written, in order, with want.
type sameAs struct {
	want   []byte
	n      int
	differ bool
}

func (c *sameAs) Write(b []byte) (int, error) {
	if !c.differ && (c.n+len(b) > len(c.want) || !bytes.Equal(b, c.want[c.n:c.n+len(b)])) {
		c.differ = true
	}
	c.n += len(b)
	return len(b), nil
}

// equal reports whether everything written is exactly want.
func (c *sameAs) equal() bool { return !c.differ && c.n == len(c.want) }

// asFinding is the located finding a parse error carries.
func asFinding(err error) (finding.Finding, bool) {
	var fd finding.Finding
	ok := errors.As(err, &fd)
	return fd, ok
}

// fileFindingsExit reports the findings of commands that read files (fmt, parse) on stderr
// and returns the exit: a tool error first, then a deny finding, then exitWarn when
// warnWanted (fmt --check found unformatted files).
func fileFindingsExit(cmd *cobra.Command, format *formatValue, fs []finding.Finding, toolErr error, warnWanted bool) error {
	if len(fs) > 0 || format.name != "text" {
		if err := output.Write(cmd.ErrOrStderr(), format.name, findingsReport("", fs)); err != nil {
			return err
		}
	}
	switch {
	case toolErr != nil:
		return toolErr
	case finding.Max(fs) == finding.Deny:
		return exitWith(exitDeny, nil)
	case warnWanted:
		return exitWith(exitWarn, nil)
	}
	return nil
}
