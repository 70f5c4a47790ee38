package compiler

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// TestMatrixLintsClean: every spec of the matrix and every example compiles to a case the
// full rule library does not deny.
func TestMatrixLintsClean(t *testing.T) {
	ctx := context.Background()
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewRulesLinterKB(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	root := foamtest.RepoRoot()
	a, _ := filepath.Glob(filepath.Join(root, "eval", "specmatrix", "s*", "spec.yaml"))
	b, _ := filepath.Glob(filepath.Join(root, "examples", "*", "spec.yaml"))
	g, _ := filepath.Glob(filepath.Join(root, "examples", "geometry", "*", "spec.yaml"))
	for _, p := range append(append(a, b...), g...) {
		res, err := CompileFile(ctx, p, Options{KB: k})
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		dir := filepath.Join(t.TempDir(), "case")
		if err := res.Write(dir, false); err != nil {
			t.Fatal(err)
		}
		fs, err := l.LintDir(ctx, dir)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, f := range fs {
			if f.Severity == finding.Deny {
				t.Errorf("%s: %s %s (%s)", filepath.Base(filepath.Dir(p)), f.ID, f.Summary, f.Location.Path)
			} else {
				t.Logf("%s: %s %s %s (%s)", filepath.Base(filepath.Dir(p)), f.Severity, f.ID, f.Summary, f.Location.Path)
			}
		}
	}
}
