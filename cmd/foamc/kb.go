package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/foamc/foamc/kb"
)

func init() {
	register("kb", "the knowledge base: build | query | bc | stats", runKB)
}

const kbUsage = `usage:
  foamc kb build [--tutorials DIR] [--src DIR] [-o FILE]
  foamc kb query --solver S [--turbulence M] [--target FILE] [--retriever R] [--compressible|--incompressible]
                 [--path PTR] [--nmax N] [--tau T] [--bc TYPE] [--keyword K | --log FILE] [--kb FILE]
  foamc kb bc NAME [--kb FILE]
  foamc kb stats [--kb FILE] [--json]

retrievers: cascade (default), all-model (default for system/fvSchemes), template (default for
system/fvSolution), multi-source (with --bc), keyword (with --keyword or --log)
`

func runKB(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, kbUsage)
		return 1
	}
	switch args[0] {
	case "build":
		return kbBuild(args[1:], stdout, stderr)
	case "query":
		return kbQuery(args[1:], stdout, stderr)
	case "bc":
		return kbBC(args[1:], stdout, stderr)
	case "stats":
		return kbStats(args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, kbUsage)
		return 0
	}
	fmt.Fprintf(stderr, "foamc kb: unknown subcommand %q\n%s", args[0], kbUsage)
	return 1
}

func kbFlags(name string, stderr io.Writer) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("foamc kb "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs, fs.String("kb", "", "snapshot file (default: the embedded v1912 snapshot)")
}

func openKB(path string) (*kb.KB, error) {
	if path == "" {
		return kb.Default()
	}
	return kb.Load(path)
}

func kbBuild(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("foamc kb build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tut := fs.String("tutorials", "", "tutorials directory (default: detected)")
	src := fs.String("src", "", "OpenFOAM source package root or its src/ (default: detected)")
	out := fs.String("o", "kb.json.gz", "output snapshot")
	if fs.Parse(args) != nil {
		return 1
	}
	opts := kb.BuildOptions{Tutorials: *tut, Src: *src}
	if isTerminal(stderr) {
		opts.Progress = progressBar(stderr)
	}
	start := time.Now()
	k, err := kb.Build(opts)
	if isTerminal(stderr) {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err != nil {
		fmt.Fprintln(stderr, "foamc kb build:", err)
		return 1
	}
	if err := k.Save(*out); err != nil {
		fmt.Fprintln(stderr, "foamc kb build:", err)
		return 1
	}
	// The rules document beside the snapshot: lint reads it without the case records.
	rulesOut := kb.RulesDataPath(*out)
	if err := k.SaveRulesData(rulesOut); err != nil {
		fmt.Fprintln(stderr, "foamc kb build:", err)
		return 1
	}
	st := k.Stats()
	fmt.Fprintf(stdout, "%s: %s, %d cases, %d keys, %d contracts in %.1fs (rules data: %s)\n",
		*out, st.Version, st.Cases, st.Keys, st.Contracts, time.Since(start).Seconds(), rulesOut)
	return 0
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

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func kbQuery(args []string, stdout, stderr io.Writer) int {
	fs, kbPath := kbFlags("query", stderr)
	var q kb.Query
	fs.StringVar(&q.Solver, "solver", "", "solver (controlDict application)")
	fs.StringVar(&q.Turbulence, "turbulence", "", "turbulence model, or laminar")
	fs.StringVar(&q.Target, "target", "", "case file, e.g. system/fvSchemes or 0/U")
	fs.StringVar(&q.Path, "path", "", "JSON pointer inside the target, e.g. /divSchemes")
	fs.IntVar(&q.NMax, "nmax", 0, "cardinality limit (default 5)")
	comp := fs.Bool("compressible", false, "compressible flow (default: from the solver)")
	incomp := fs.Bool("incompressible", false, "incompressible flow (default: from the solver)")
	retriever := fs.String("retriever", "", "cascade | all-model | template | multi-source | keyword")
	tau := fs.Float64("tau", kb.DefaultTau, "template frequency threshold")
	bc := fs.String("bc", "", "boundary condition type (multi-source)")
	keyword := fs.String("keyword", "", "keyword to find (keyword retriever)")
	logFile := fs.String("log", "", "solver log to take the keyword from (keyword retriever)")
	if fs.Parse(args) != nil {
		return 1
	}
	if *comp && *incomp {
		fmt.Fprintln(stderr, "foamc kb query: --compressible and --incompressible exclude each other")
		return 1
	}
	if *comp || *incomp {
		c := *comp
		q.Compressible = &c
	}
	k, err := openKB(*kbPath)
	if err != nil {
		fmt.Fprintln(stderr, "foamc kb query:", err)
		return 1
	}
	if *logFile != "" {
		data, err := os.ReadFile(*logFile)
		if err != nil {
			fmt.Fprintln(stderr, "foamc kb query:", err)
			return 1
		}
		kw, dict, ok := kb.KeywordFromLog(string(data))
		if !ok {
			fmt.Fprintf(stderr, "foamc kb query: %s: no missing keyword in the log\n", *logFile)
			return 1
		}
		*keyword = kw
		if t, ptr := kb.TargetFromDictPath(dict); t != "" && q.Target == "" {
			q.Target, q.Path = t, ptr
		}
	}
	r := *retriever
	if r == "" {
		switch {
		case *keyword != "":
			r = "keyword"
		case *bc != "":
			r = "multi-source"
		case q.Target == "system/fvSchemes":
			r = "all-model"
		case q.Target == "system/fvSolution":
			r = "template"
		default:
			r = "cascade"
		}
	}
	var res any
	switch r {
	case "cascade":
		res = k.Cascade(q)
	case "all-model":
		res = k.AllModel(q)
	case "template":
		res = k.Template(q, *tau)
	case "multi-source":
		if *bc == "" {
			fmt.Fprintln(stderr, "foamc kb query: the multi-source retriever needs --bc TYPE")
			return 1
		}
		res = k.BC(q, *bc)
	case "keyword":
		if *keyword == "" {
			fmt.Fprintln(stderr, "foamc kb query: the keyword retriever needs --keyword or --log")
			return 1
		}
		res = k.Keyword(q, *keyword)
	default:
		fmt.Fprintf(stderr, "foamc kb query: unknown retriever %q\n", r)
		return 1
	}
	return writeJSON(stdout, stderr, res)
}

func writeJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(stderr, "foamc kb:", err)
		return 1
	}
	return 0
}

func kbBC(args []string, stdout, stderr io.Writer) int {
	fs, kbPath := kbFlags("bc", stderr)
	// accept the name before or after the flags
	var name string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if fs.Parse(args) != nil {
		return 1
	}
	if name == "" && fs.NArg() > 0 {
		name = fs.Arg(0)
	}
	if name == "" {
		fmt.Fprint(stderr, kbUsage)
		return 1
	}
	k, err := openKB(*kbPath)
	if err != nil {
		fmt.Fprintln(stderr, "foamc kb bc:", err)
		return 1
	}
	c, ok := k.Contract(name)
	if !ok {
		fmt.Fprintf(stderr, "foamc kb bc: %q is not a boundary condition type in %s%s\n", name, k.Version, suggest(k, name))
		return 1
	}
	return writeJSON(stdout, stderr, c)
}

// suggest names the contract types closest to a misspelt one.
func suggest(k *kb.KB, name string) string {
	if hits := k.SimilarContracts(name); len(hits) > 0 {
		return " (did you mean " + strings.Join(hits, ", ") + "?)"
	}
	return ""
}

func kbStats(args []string, stdout, stderr io.Writer) int {
	fs, kbPath := kbFlags("stats", stderr)
	asJSON := fs.Bool("json", false, "JSON output")
	if fs.Parse(args) != nil {
		return 1
	}
	k, err := openKB(*kbPath)
	if err != nil {
		fmt.Fprintln(stderr, "foamc kb stats:", err)
		return 1
	}
	st := k.Stats()
	if *asJSON {
		return writeJSON(stdout, stderr, st)
	}
	fmt.Fprintf(stdout, "version    %s\n", st.Version)
	fmt.Fprintf(stdout, "cases      %d (%d solvers)\n", st.Cases, st.Solvers)
	fmt.Fprintf(stdout, "keys       %d distinct (solver, turbulence model, compressibility)\n", st.Keys)
	fmt.Fprintf(stdout, "contracts  %d (table and code: %d, code only: %d, table only: %d, curated: %d; with provenance: %d)\n",
		st.Contracts, st.ContractsBySource["both"], st.ContractsBySource["code"], st.ContractsBySource["table"],
		st.ContractsBySource["curated"], st.WithProvenance)
	names := make([]string, 0, len(st.Vocab))
	for n := range st.Vocab {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprint(stdout, "vocab     ")
	for _, n := range names {
		fmt.Fprintf(stdout, " %s=%d", n, st.Vocab[n])
	}
	fmt.Fprintln(stdout)
	return 0
}
