package foamtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// CavityRun copies the v1912 icoFoam cavity tutorial into a temporary directory, meshes
// it with n x n cells and runs the real icoFoam for steps time steps at the tutorial's
// Courant number (deltaT 0.005 * 20/n), writing the last; the solver's output is
// log.icoFoam, as foamc run names it. It returns the case directory.
func CavityRun(tb testing.TB, n, steps int) string {
	tb.Helper()
	bm, ico := RequireBinary(tb, "blockMesh"), RequireBinary(tb, "icoFoam")
	src := filepath.Join(Tutorials(tb), "incompressible", "icoFoam", "cavity", "cavity")
	dir := filepath.Join(tb.TempDir(), "cavity")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		tb.Fatal(err)
	}
	dt := 0.005 * 20 / float64(n)
	edit := func(rel string, pairs ...string) {
		p := filepath.Join(dir, rel)
		b, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		s := string(b)
		for i := 0; i < len(pairs); i += 2 {
			if !strings.Contains(s, pairs[i]) {
				tb.Fatalf("%s: %q not found", rel, pairs[i])
			}
			s = strings.Replace(s, pairs[i], pairs[i+1], 1)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	edit("system/blockMeshDict", "(20 20 1)", fmt.Sprintf("(%d %d 1)", n, n))
	edit("system/controlDict", "endTime         0.5;", fmt.Sprintf("endTime         %g;", dt*float64(steps)),
		"deltaT          0.005;", fmt.Sprintf("deltaT          %g;", dt), "writeInterval   20;", fmt.Sprintf("writeInterval   %d;", steps))
	for _, app := range []string{bm, ico} {
		cmd := exec.Command(app, "-case", dir)
		cmd.Env = Env()
		out, err := cmd.CombinedOutput()
		if err != nil {
			tb.Fatalf("%s: %v\n%s", app, err, out)
		}
		if err := os.WriteFile(filepath.Join(dir, "log."+filepath.Base(app)), out, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}
