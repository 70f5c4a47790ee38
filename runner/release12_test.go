package runner

import (
	"os"
	"path/filepath"
	"testing"
)

// The release of a case is Foundation 12 for foamRun and foamMultiRun, and for a legacy
// application both releases have (shallowWaterFoam) when the case's banner says 12; a v1912
// banner keeps v1912. A foamMultiRun case without region meshes is split before the solver.
func TestCaseRelease12(t *testing.T) {
	banner := func(v string) string {
		return "/*---*\\\n| =========                 |                                                 |\n" +
			"|   \\\\  /    A nd           | Version:  " + v + "                                    |\n\\*---*/\n"
	}
	for _, c := range []struct {
		name, controlDict string
		f12               bool
	}{
		{"shallowWaterFoam of 12", banner("12") + "FoamFile { class dictionary; object controlDict; }\napplication shallowWaterFoam;\n", true},
		{"shallowWaterFoam of v1912", banner("v1912") + "FoamFile { class dictionary; object controlDict; }\napplication shallowWaterFoam;\n", false},
		{"foamMultiRun", "FoamFile { class dictionary; object controlDict; }\napplication foamMultiRun;\nregionSolvers { a fluid; }\n", true},
		{"foamRun", "FoamFile { class dictionary; object controlDict; }\napplication foamRun;\nsolver fluid;\n", true},
		{"simpleFoam", "FoamFile { class dictionary; object controlDict; }\napplication simpleFoam;\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "system"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "system", "controlDict"), []byte(c.controlDict), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := caseIs12(dir); got != c.f12 {
				t.Errorf("Foundation 12: %v, want %v", got, c.f12)
			}
			if got := multiRunWithoutRegionMesh(dir); got != (application(dir) == "foamMultiRun") {
				t.Errorf("split before foamMultiRun: %v", got)
			}
		})
	}
}
