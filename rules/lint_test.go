package rules

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
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

// TestUnreadableNotMissing: a system/controlDict that exists but cannot be read (a FIFO)
// is the loader's "cannot read" finding only, never FOAM-STRUCT-001's "missing".
func TestUnreadableNotMissing(t *testing.T) {
	dir := t.TempDir()
	foamtest.WriteTxtar(t, filepath.Join("testdata", "cases", "cavity-clean.txtar"), dir)
	control := filepath.Join(dir, "system", "controlDict")
	if err := os.Remove(control); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(control, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := embeddedEngine(t).LintDir(context.Background(), dir, foamcase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var unreadable bool
	for _, f := range res.Findings {
		switch {
		case f.ID == "FOAM-STRUCT-001":
			t.Errorf("unreadable controlDict reported as missing: %s", f)
		case f.Location.File == "system/controlDict" && f.Severity == finding.Deny:
			unreadable = true
		}
	}
	if !unreadable {
		t.Errorf("no deny for the unreadable system/controlDict: %v", res.Findings)
	}
}
