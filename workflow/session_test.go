package workflow_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/workflow"
	"github.com/foamc/foamc/workflow/session"
)

// decomposedCase compiles the cavity example and decomposes it by hand: processor
// directories and a decomposeParDict whose method is a stub in Debian's v1912
// (FOAM-PAR-001), which matters only to a run that decomposes.
func decomposedCase(t *testing.T, s *workflow.Session) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "case")
	c, err := s.Compile(context.Background(), workflow.CompileRequest{
		SpecPath: filepath.Join(foamtest.RepoRoot(), "examples", "cavity", "spec.yaml"), Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	if c.Result == nil || c.SpecYAML != nil || c.SpecKept != "" {
		t.Fatalf("compile of a spec file: %+v", c)
	}
	dict := "FoamFile\n{\n    version 2.0;\n    format ascii;\n    class dictionary;\n    object decomposeParDict;\n}\n\nnumberOfSubdomains 2;\nmethod scotch;\n"
	if err := os.WriteFile(filepath.Join(dir, "system", "decomposeParDict"), []byte(dict), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "processor0"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func severityOf(t *testing.T, fs []finding.Finding, id string) finding.Severity {
	t.Helper()
	for _, f := range fs {
		if f.ID == id {
			return f.Severity
		}
	}
	t.Fatalf("no %s in %+v", id, fs)
	return ""
}

// TestLinterForTheRun: the linter judges the case for the run it guards. With no run
// known (foamc lint, lint_case) a decomposed case's decomposition is in use and a stub
// method denies; for a serial foamc run (run_case) only decomposePar would read it, so
// it warns; for foamc run --parallel 2 it denies again.
func TestLinterForTheRun(t *testing.T) {
	s := workflow.New(session.Options{})
	dir := decomposedCase(t, s)
	ctx := context.Background()
	for _, tc := range []struct {
		run  *foamcase.Run
		want finding.Severity
	}{
		{nil, finding.Deny},
		{&foamcase.Run{Command: "foamc run"}, finding.Warn},
		{&foamcase.Run{Command: "foamc run", Parallel: true, Ranks: 2}, finding.Deny},
	} {
		fs, err := s.Linter(tc.run).LintDir(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		if got := severityOf(t, fs, "FOAM-PAR-001"); got != tc.want {
			t.Errorf("run %+v: FOAM-PAR-001 is %s, want %s", tc.run, got, tc.want)
		}
	}
}

// TestCompileFindings: a compile that fails returns its findings as the error and
// writes nothing.
func TestCompileFindings(t *testing.T) {
	spec := filepath.Join(t.TempDir(), "spec.yaml")
	if err := os.WriteFile(spec, []byte("name: x\nphysics:\n  solver: noSuchFoam\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "case")
	c, err := workflow.New(session.Options{}).Compile(context.Background(), workflow.CompileRequest{SpecPath: spec, Out: out})
	var fl finding.List
	if c == nil || c.Result != nil || !errors.As(err, &fl) || len(fl) == 0 {
		t.Fatalf("compile of a bad spec: %+v, %v", c, err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a failed compile wrote %s: %v", out, err)
	}
}
