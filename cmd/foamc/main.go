// Command foamc compiles, lints and gates OpenFOAM cases. This package only wires
// flags to the library packages; each subcommand lives in its own file and
// registers itself in init.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
)

// command is one subcommand. run returns the process exit code.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	if _, dup := commands[name]; dup {
		panic("duplicate command " + name)
	}
	commands[name] = command{summary: summary, run: run}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: foamc <command> [arguments]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
}

func main() {
	// foamc is a short-lived process whose start-up decodes the embedded kb and
	// compiles the policies: allocation-heavy work with a small live heap, where the
	// default GC pacing costs ~15 % of a compile. A soft limit keeps long runs
	// (kb build, large fields) bounded. GOGC/GOMEMLIMIT from the user still win.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(4 << 30)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return 1
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "foamc: unknown command %q\n", args[0])
		usage(stderr)
		return 1
	}
	return c.run(args[1:], stdout, stderr)
}
