// Command foamc compiles, lints and gates OpenFOAM cases. This package only wires: each
// command is one constructor (newLintCmd, newGateCmd, ...) returning a cobra command whose
// flags are parsed once, by cobra, and whose RunE calls the library packages and returns
// an error; exit.go maps that error to the process exit code (the one table, see
// docs/cli.md).
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

func main() {
	paceGC()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one foamc command line and returns the exit code. Every call builds its
// own command tree: no state survives from one command to the next.
func run(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd(os.Stdin, stdout, stderr)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	return exitCode(cmd, err, stderr)
}

func newRootCmd(stdin io.Reader, stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "foamc",
		Short: "compile, lint, gate and run OpenFOAM v1912 cases",
		Long: "foamc compiles a case spec into an OpenFOAM v1912 case, lints cases against its rule\n" +
			"library, gates commands on the lint, and runs and repairs cases with OpenFOAM.\n" +
			"Exit codes: docs/cli.md (foamc help exit-codes).",
		Version:       version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          commandArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageErrorf(cmd, "no command given")
		},
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
	}
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetVersionTemplate("foamc {{.Version}}\n")
	root.SetFlagErrorFunc(flagError)
	root.SetHelpCommand(newHelpCmd())
	root.AddCommand(
		newCompileCmd(),
		newFmtCmd(),
		newGateCmd(),
		newInspectCmd(),
		newKBCmd(),
		newLintCmd(),
		newLSPCmd(),
		newMCPCmd(),
		newParseCmd(),
		newReportCmd(),
		newRulesCmd(),
		newRunCmd(),
		newStudyCmd(),
		newVerifyCmd(),
		newExitCodesTopic(),
	)
	return root
}

// commandArgs rejects an unknown command, suggesting the nearest names.
func commandArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	var names []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() || c.Name() == "help" {
			names = append(names, c.Name())
		}
	}
	return usageErrorf(cmd, "unknown command %q%s", args[0], didYouMean(args[0], names, ""))
}

// newHelpCmd is `foamc help [COMMAND...]`: the command's help on stdout, exit 0; an
// unknown topic is a usage error.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "help about any command",
		RunE: func(cmd *cobra.Command, args []string) error {
			root := cmd.Root()
			target, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				return commandArgs(root, args)
			}
			target.SetOut(cmd.OutOrStdout())
			return target.Help()
		},
	}
}

// version is the module version and, for a build from a checkout, the commit.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown version)"
	}
	v := info.Main.Version
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev != "" {
		v += " " + rev[:min(12, len(rev))] + dirty
	}
	return strings.TrimSpace(fmt.Sprintf("%s %s", v, runtime.Version()))
}

// startHeap is the heap size at which foamc's first collection runs.
const startHeap = 128 << 20

// steadyLimit is the soft memory limit after start-up: GOGC=400 alone lets the heap reach
// five times what is live, which for a big live heap (a 34 MB dictionary of 2 M keys holds
// ~450 MB) would be GBs; the limit caps it. What stays live is the grammar's to keep small
// (scripts/mem-keys.sh).
const steadyLimit = 900 << 20

// paceGC sets the collector for foamc's two kinds of run. Most runs are short: lint and
// gate build their engine and evaluate a case in ~40 ms, allocating ~30 MB that is
// start-up garbage or lives until exit, and a collection then costs a sixth of the run
// while freeing nothing that matters. So the collector stays off until the heap first
// reaches startHeap (a memory limit with GOGC off); after that first collection, long runs
// (kb build, large fields, many cases) pace at GOGC=400 under a steadyLimit soft limit.
// GOGC or GOMEMLIMIT from the user win: then only the other one is set.
func paceGC() {
	gogc, limit := os.Getenv("GOGC") != "", os.Getenv("GOMEMLIMIT") != ""
	steady := func() {
		if !gogc {
			debug.SetGCPercent(400)
		}
		if !limit {
			debug.SetMemoryLimit(steadyLimit)
		}
	}
	if gogc || limit {
		steady()
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(startHeap)
	// The sentinel is unreachable at once: the first collection frees it and its cleanup
	// switches to the steady pacing.
	runtime.AddCleanup(new([16]byte), func(struct{}) { steady() }, struct{}{})
}
