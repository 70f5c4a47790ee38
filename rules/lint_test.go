package rules

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"golang.org/x/tools/txtar"
)

// caseDir writes a txtar fixture into a temporary case directory.
func caseDir(t *testing.T, name string) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "cases", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestLintDirs: parallel linting keeps the order of the directories and reports a
// directory that cannot be read as that directory's error.
func TestLintDirs(t *testing.T) {
	e, err := New(context.Background(), Options{KB: fixtureKB(t)})
	if err != nil {
		t.Fatal(err)
	}
	dirs := []string{caseDir(t, "cavity-errors"), filepath.Join(t.TempDir(), "missing"), caseDir(t, "cavity-clean"), caseDir(t, "security")}
	calls := 0
	rs, errs := e.LintDirs(context.Background(), dirs, foamcase.Options{}, func(int, string) { calls++ })
	if calls != len(dirs) {
		t.Errorf("progress called %d times", calls)
	}
	if errs[0] != nil || errs[1] == nil || errs[2] != nil || errs[3] != nil {
		t.Fatalf("errors %v", errs)
	}
	if len(rs[0].Findings) == 0 || len(rs[2].Findings) != 0 || finding.Max(rs[3].Findings) != finding.Deny {
		t.Errorf("results out of order: %d %d %v", len(rs[0].Findings), len(rs[2].Findings), finding.Max(rs[3].Findings))
	}
}
