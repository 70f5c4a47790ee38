package foamtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// CavityMesh copies the v1912 icoFoam cavity tutorial into a temporary directory and runs
// the real blockMesh on it with the given writeFormat (ascii or binary) and
// writeCompression (on or off) in its controlDict; it returns the case directory, whose
// constant/polyMesh is what OpenFOAM wrote.
func CavityMesh(t testing.TB, format, compression string) string {
	t.Helper()
	bm := RequireBinary(t, "blockMesh")
	src := filepath.Join(Tutorials(t), "incompressible", "icoFoam", "cavity", "cavity")
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	cd := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(cd)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(b), "writeFormat     ascii;", "writeFormat     "+format+";", 1)
	s = strings.Replace(s, "writeCompression off;", "writeCompression "+compression+";", 1)
	if !strings.Contains(s, "writeFormat     "+format+";") || !strings.Contains(s, "writeCompression "+compression+";") {
		t.Fatalf("%s: writeFormat/writeCompression lines not found", cd)
	}
	if err := os.WriteFile(cd, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bm, "-case", dir)
	cmd.Env = Env()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("blockMesh (%s, compression %s): %v\n%s", format, compression, err, out)
	}
	return dir
}
