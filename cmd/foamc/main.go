// Command foamc compiles, lints and gates OpenFOAM cases. This package only wires
// flags to the library packages; each subcommand lives in its own file and
// registers itself in init.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
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
	paceGC()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// startHeap is the heap size at which foamc's first collection runs.
const startHeap = 128 << 20

// steadyLimit is the soft memory limit after start-up: GOGC=400 alone lets the heap reach
// five times what is live, and a 34 MB dictionary of 2 M keys (~600 MB live) then took
// 4 GB; under this limit it stays below 1 GB.
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
