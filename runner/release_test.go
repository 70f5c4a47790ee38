package runner

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/internal/foamtest"
)

// compile12 compiles the cavity example for Foundation 12 into a fresh directory.
func compile12(t *testing.T) string {
	t.Helper()
	spec := filepath.Join(foamtest.RepoRoot(), "examples", "cavity", "spec.yaml")
	b, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	res, err := compiler.CompileBytes(context.Background(), "spec.yaml", append(b, "\ntarget: openfoam-12\n"...), filepath.Dir(spec), compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "cavity12")
	if err := res.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestRunFoundation12 runs a compiled openfoam-12 case in parallel with Run: the runner
// picks Foundation 12 from the case (foamRun), finds its programs on its PATH, decomposes
// with <method>Coeffs and starts the ranks with Foundation 12's libraries.
func TestRunFoundation12(t *testing.T) {
	foamtest.Dir12(t)
	dir := compile12(t)
	var log strings.Builder
	res, err := Run(context.Background(), dir, Options{Steps: 3, Parallel: 2, Lint: &lintRecorder{}, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOK || res.Steps != 3 || res.Solver != "foamRun" {
		t.Fatalf("%+v\n%s", res, log.String())
	}
	for _, l := range []string{"log.blockMesh", "log.decomposePar", "log.foamRun", "log.reconstructPar"} {
		b, err := os.ReadFile(filepath.Join(dir, l))
		if err != nil || !strings.Contains(string(b), "Build  : 12") {
			t.Errorf("%s is not a Foundation 12 program's log (%v)", l, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "log.foamRun")); !strings.Contains(string(b), "nProcs : 2") {
		t.Error("foamRun did not run on 2 ranks")
	}
}

// TestCaseEnv: a v1912 case gets Debian's environment; a foamRun case Foundation 12's, or an
// error naming the install step when none is installed.
func TestCaseEnv(t *testing.T) {
	foamtest.Dir12(t)
	dir := compile12(t)
	env, err := CaseEnv(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(env, "WM_PROJECT_VERSION=12") || lookPathEnv("foamRun", env) == "foamRun" {
		t.Errorf("a foamRun case did not get Foundation 12's environment")
	}
	if lookPathEnv("blockMesh", env) == "/usr/bin/blockMesh" {
		t.Error("Foundation 12's environment finds Debian's blockMesh")
	}
	v1912 := filepath.Join(foamtest.RepoRoot(), "examples", "cavity")
	if env, err := CaseEnv(v1912); err != nil || slices.Contains(env, "WM_PROJECT_VERSION=12") {
		t.Errorf("a v1912 case: %v", err)
	}
	t.Setenv("FOAMC_OPENFOAM_12_DIR", t.TempDir())
	if _, err := CaseEnv(dir); err == nil || !strings.Contains(err.Error(), "make openfoam12") {
		t.Errorf("no Foundation 12 installed: want an error naming make openfoam12, got %v", err)
	}
}
