package grammar

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMissingIncludeUnderSymlinkedCase: a case reached through a symlinked directory (a
// worktree's .cache) whose include names a file in a directory that does not exist yet
// (0/include before 0.orig is copied) is a missing include, not one that leaves the case.
func TestMissingIncludeUnderSymlinkedCase(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "real", "case")
	if err := os.MkdirAll(filepath.Join(real, "system"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "real"), filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	caseDir := filepath.Join(root, "link", "case")
	dict := filepath.Join(caseDir, "system", "d")
	if err := os.WriteFile(dict, []byte("#include \"../0/include/patches\"\na 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := ExpandFile(dict, ExpandOptions{CaseDir: caseDir})
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Findings) != 1 || x.Findings[0].ID != IDIncludeMissing {
		t.Errorf("findings %v, want one %s", x.Findings, IDIncludeMissing)
	}
}
