package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/kb/mine"
	"github.com/foamc/foamc/workflow/session"
)

func newKBCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "kb",
		Short: "the knowledge base: build | query | bc | stats",
		Args:  commandArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageErrorf(cmd, "missing subcommand: build, query, bc or stats")
		},
	}
	cmd.AddCommand(newKBBuildCmd(), newKBQueryCmd(), newKBBCCmd(), newKBStatsCmd())
	return cmd
}

// addKBFlag is --kb, the snapshot a kb subcommand reads.
func addKBFlag(cmd *cobra.Command) *string {
	return cmd.Flags().String("kb", "", "snapshot file (default: the embedded v1912 snapshot)")
}

// openKB is the snapshot at path ("" the embedded one), as every command loads it.
func openKB(path string) (*kb.KB, error) {
	return session.New(session.Options{KBPath: path}).KB()
}

func newKBBuildCmd() *cobra.Command {
	var opts mine.BuildOptions
	var out string
	cmd := &cobra.Command{
		Use:   "build",
		Short: "mine the tutorials and the source package into a snapshot",
		Args:  argsBetween(0, 0, "no arguments"),
	}
	cmd.Flags().StringVar(&opts.Tutorials, "tutorials", "", "tutorials directory (default: detected)")
	cmd.Flags().StringVar(&opts.Src, "src", "", "OpenFOAM source package root or its src/ (default: detected)")
	cmd.Flags().StringVarP(&out, "output", "o", "kb.json.gz", "output snapshot")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		stderr := cmd.ErrOrStderr()
		if isTerminal(stderr) {
			opts.Progress = progressBar(stderr)
		}
		start := time.Now()
		k, err := mine.Build(opts)
		if isTerminal(stderr) {
			fmt.Fprint(stderr, "\r\033[K")
		}
		if err != nil {
			return err
		}
		if err := k.Save(out); err != nil {
			return err
		}
		// The rules document beside the snapshot: lint reads it without the case records.
		rulesOut := kb.RulesDataPath(out)
		if err := k.SaveRulesData(rulesOut); err != nil {
			return err
		}
		st := k.Stats()
		fmt.Fprintf(cmd.OutOrStdout(), "%s: %s, %d cases, %d keys, %d contracts in %.1fs (rules data: %s)\n",
			out, st.Version, st.Cases, st.Keys, st.Contracts, time.Since(start).Seconds(), rulesOut)
		return nil
	}
	return cmd
}

// progressBar draws one line on a terminal: phase, bar, count.
func progressBar(w io.Writer) func(phase string, done, total int) {
	const width = 30
	return func(phase string, done, total int) {
		if total <= 0 {
			return
		}
		n := done * width / total
		fmt.Fprintf(w, "\r\033[K%s [%s%s] %d/%d", phase, strings.Repeat("=", n), strings.Repeat(" ", width-n), done, total)
	}
}

func newKBQueryCmd() *cobra.Command {
	var q kb.Query
	var r kb.Retrieval
	var comp, incomp bool
	var logFile string
	cmd := &cobra.Command{
		Use:   "query --solver S [flags]",
		Short: "retrieve settings for a solver, model and target file",
		Long: "query answers from the kb with a retriever: " + strings.Join(kb.Retrievers(), ", ") + ".\n" +
			"Without --retriever: keyword with --keyword or --log, multi-source with --bc, all-model for\n" +
			"system/fvSchemes, template for system/fvSolution, else cascade.",
		Args: argsBetween(0, 0, "no arguments"),
	}
	kbPath := addKBFlag(cmd)
	fs := cmd.Flags()
	fs.StringVar(&q.Solver, "solver", "", "solver (controlDict application)")
	fs.StringVar(&q.Turbulence, "turbulence", "", "turbulence model, or laminar")
	fs.StringVar(&q.Target, "target", "", "case file, e.g. system/fvSchemes or 0/U")
	fs.StringVar(&q.Path, "path", "", "JSON pointer inside the target, e.g. /divSchemes")
	fs.IntVar(&q.NMax, "nmax", 0, "cardinality limit (default 5)")
	fs.BoolVar(&comp, "compressible", false, "compressible flow (default: from the solver)")
	fs.BoolVar(&incomp, "incompressible", false, "incompressible flow (default: from the solver)")
	fs.StringVar(&r.Retriever, "retriever", "", strings.Join(kb.Retrievers(), " | "))
	fs.Float64Var(&r.Tau, "tau", kb.DefaultTau, "template frequency threshold")
	fs.StringVar(&r.BC, "bc", "", "boundary condition type (multi-source)")
	fs.StringVar(&r.Keyword, "keyword", "", "keyword to find (keyword retriever)")
	fs.StringVar(&logFile, "log", "", "solver log to take the keyword from (keyword retriever)")
	cmd.MarkFlagsMutuallyExclusive("compressible", "incompressible")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		if comp || incomp {
			q.Compressible = &comp
		}
		k, err := openKB(*kbPath)
		if err != nil {
			return err
		}
		if logFile != "" {
			data, err := os.ReadFile(logFile)
			if err != nil {
				return err
			}
			kw, dict, ok := kb.KeywordFromLog(string(data))
			if !ok {
				return fmt.Errorf("%s: no missing keyword in the log", logFile)
			}
			r.Keyword = kw
			if t, ptr := kb.TargetFromDictPath(dict); t != "" && q.Target == "" {
				q.Target, q.Path = t, ptr
			}
		}
		res, err := k.Retrieve(q, r)
		if err != nil {
			return err
		}
		return writeJSON(cmd.OutOrStdout(), res)
	}
	return cmd
}

func newKBBCCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bc NAME",
		Short: "the contract of a boundary condition type",
		Args:  argsBetween(1, 1, "one boundary condition NAME"),
	}
	kbPath := addKBFlag(cmd)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		name := args[0]
		k, err := openKB(*kbPath)
		if err != nil {
			return err
		}
		c, ok := k.Contract(name)
		if !ok {
			return fmt.Errorf("%q is not a boundary condition type in %s%s", name, k.Version, meant(k.SimilarContracts(name)))
		}
		return writeJSON(cmd.OutOrStdout(), c)
	}
	return cmd
}

func newKBStatsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "what the snapshot holds",
		Args:  argsBetween(0, 0, "no arguments"),
	}
	kbPath := addKBFlag(cmd)
	format := addFormatFlag(cmd.Flags(), "output format", "text", "json")
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		k, err := openKB(*kbPath)
		if err != nil {
			return err
		}
		st := k.Stats()
		stdout := cmd.OutOrStdout()
		if format.name == "json" {
			return writeJSON(stdout, st)
		}
		fmt.Fprintf(stdout, "version    %s\n", st.Version)
		fmt.Fprintf(stdout, "cases      %d (%d solvers)\n", st.Cases, st.Solvers)
		fmt.Fprintf(stdout, "keys       %d distinct (solver, turbulence model, compressibility)\n", st.Keys)
		fmt.Fprintf(stdout, "contracts  %d (table and code: %d, code only: %d, table only: %d, curated: %d; with provenance: %d)\n",
			st.Contracts, st.ContractsBySource["both"], st.ContractsBySource["code"], st.ContractsBySource["table"],
			st.ContractsBySource["curated"], st.WithProvenance)
		fmt.Fprint(stdout, "vocab     ")
		for _, n := range slices.Sorted(maps.Keys(st.Vocab)) {
			fmt.Fprintf(stdout, " %s=%d", n, st.Vocab[n])
		}
		fmt.Fprintln(stdout)
		return nil
	}
	return cmd
}
