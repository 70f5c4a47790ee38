package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script from what foamc prints")

// TestMain makes the test binary the foamc command of the transcripts: every `exec foamc`
// is a real process, with real stdout, stderr and exit status.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"foamc": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI transcripts in testdata/script (testscript: `exec`, `stdout`,
// `stderr`, `cmp`; `exits N PROG ARGS...` checks an exact exit status). `fixture NAME DIR` writes the rule
// fixture rules/testdata/cases/NAME.txtar into DIR; $REPO is the repository root.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("testdata", "script"),
		UpdateScripts: *update,
		Setup: func(e *testscript.Env) error {
			root, err := filepath.Abs(filepath.Join("..", ".."))
			e.Setenv("REPO", root)
			return err
		},
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			// exits N PROG ARGS... runs PROG like exec and checks its exit status is N.
			"exits": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: exits N PROG [ARGS...]")
				}
				want, err := strconv.Atoi(args[0])
				ts.Check(err)
				got := 0
				if err := ts.Exec(args[1], args[2:]...); err != nil {
					var ee *exec.ExitError
					if !errors.As(err, &ee) {
						ts.Fatalf("%s: %v", args[1], err)
					}
					got = ee.ExitCode()
				}
				if got != want {
					ts.Fatalf("exit status %d, want %d", got, want)
				}
			},
			"fixture": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: fixture NAME DIR")
				}
				ar, err := txtar.ParseFile(filepath.Join("..", "..", "rules", "testdata", "cases", args[0]+".txtar"))
				ts.Check(err)
				for _, f := range ar.Files {
					p := filepath.Join(ts.MkAbs(args[1]), filepath.FromSlash(f.Name))
					ts.Check(os.MkdirAll(filepath.Dir(p), 0o755))
					ts.Check(os.WriteFile(p, f.Data, 0o644))
				}
			},
		},
	})
}

// runFoamc runs one foamc command line in-process: exit code, stdout, stderr.
func runFoamc(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}
