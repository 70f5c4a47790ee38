package foamtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// GoldenPrefix starts the sections of a fixture that hold expected output
// ("out/fixed/system/fvSolution"), not case files.
const GoldenPrefix = "out/"

// WriteTxtar writes the files of a txtar archive (a case fixture) under dir and returns
// the archive; golden sections (GoldenPrefix) are not written.
func WriteTxtar(t testing.TB, file, dir string) *txtar.Archive {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, GoldenPrefix) {
			continue
		}
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
