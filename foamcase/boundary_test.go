package foamcase

import (
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/finding"
)

// TestReadBoundary: patches in order with their type, nFaces and groups, from a plain or
// gzipped file; a file that is not a boundary list is a located finding.
func TestReadBoundary(t *testing.T) {
	dir := t.TempDir()
	src := "FoamFile { version 2.0; format ascii; class polyBoundaryMesh; object boundary; }\n" +
		"2\n(\n    inlet { type patch; nFaces 10; startFace 100; }\n" +
		"    walls { type wall; inGroups (wall); nFaces 40; startFace 110; }\n)\n"
	plain := filepath.Join(dir, "boundary")
	os.WriteFile(plain, []byte(src), 0o644)
	gzDir := filepath.Join(dir, "gz")
	os.Mkdir(gzDir, 0o755)
	fh, _ := os.Create(filepath.Join(gzDir, "boundary.gz"))
	zw := gzip.NewWriter(fh)
	zw.Write([]byte(src))
	zw.Close()
	fh.Close()
	for _, path := range []string{plain, filepath.Join(gzDir, "boundary")} {
		f, ps, err := ReadBoundary(path)
		if err != nil || f == nil {
			t.Fatalf("%s: %v", path, err)
		}
		if len(ps) != 2 || ps[0].Name != "inlet" || ps[0].Type != "patch" || *ps[0].NFaces != 10 ||
			ps[1].Name != "walls" || ps[1].Type != "wall" || len(ps[1].InGroups) != 1 {
			t.Errorf("%s: %+v", path, ps)
		}
	}
	bad := filepath.Join(dir, "bad")
	os.WriteFile(bad, []byte("1\n(\n    inlet patch\n)\n"), 0o644)
	_, _, err := ReadBoundary(bad)
	var fd finding.Finding
	if !errors.As(err, &fd) || fd.ID != IDBoundary || fd.Location.Line != 3 {
		t.Errorf("not a boundary list: %v", err)
	}
	if _, _, err := ReadBoundary(filepath.Join(dir, "missing")); err == nil {
		t.Error("missing file: no error")
	}
}
