package verify

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/openfoam"
)

// TestFoundationPhysicalProperties: a Foundation 12 run (foamRun) keeps nu and the gas in
// constant/physicalProperties; verify reads them there and names that file, not the v1912
// names it asked for.
func TestFoundationPhysicalProperties(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "constant"), 0o755); err != nil {
		t.Fatal(err)
	}
	props := "FoamFile { format ascii; class dictionary; object physicalProperties; }\nviscosityModel constant;\nnu [0 2 -1 0 0 0 0] 1.5e-05;\n"
	if err := os.WriteFile(filepath.Join(dir, "constant", "physicalProperties"), []byte(props), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &Run{dir: dir, app: openfoam.Application12, dicts: map[string]expanded{}}
	for _, rel := range []string{"constant/transportProperties", "constant/thermophysicalProperties"} {
		if got := r.file(rel); got != "constant/physicalProperties" {
			t.Errorf("file(%s) = %s", rel, got)
		}
	}
	nu, _, err := r.number(r.file("constant/transportProperties"), []string{"nu"})
	if err != nil || nu != 1.5e-05 {
		t.Errorf("nu = %g, %v", nu, err)
	}
	if got := (&Run{app: "simpleFoam"}).file("constant/transportProperties"); got != "constant/transportProperties" {
		t.Errorf("a v1912 run reads %s", got)
	}
}
