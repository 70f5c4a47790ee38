package foamtest

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"
)

// WriteTxtar writes the files of a txtar archive (a case fixture) under dir and returns
// the archive.
func WriteTxtar(t testing.TB, file, dir string) *txtar.Archive {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ar
}
