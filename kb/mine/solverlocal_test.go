package mine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestLegacySolverBCs: a boundary condition compiled into a Foundation legacy solver
// (applications/legacy, OpenFOAM-12's PDRFoam and its activePressureForceBaffleVelocity) is
// mined as that solver's, as one under applications/solvers is; the F12 PDRFoam tutorial was
// denied FOAM-BC-001 while the miner read applications/solvers only.
func TestLegacySolverBCs(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bc := "applications/legacy/combustion/PDRFoam/derivedFvPatchFields/activePressureForceBaffleVelocity/activePressureForceBaffleVelocityFvPatchVectorField.H"
	write("applications/legacy/combustion/PDRFoam/Make/files", "PDRFoam.C\nEXE = $(FOAM_APPBIN)/PDRFoam\n")
	write(bc, "// a header\n")
	write("applications/solvers/basic/potentialFoam/Make/files", "potentialFoam.C\nEXE = $(FOAM_APPBIN)/potentialFoam\n")
	write("src/finiteVolume/x.H", "// shared\n")
	targets, err := solverTargets(root)
	if err != nil {
		t.Fatal(err)
	}
	if got := solversOf(bc, targets); !slices.Equal(got, []string{"PDRFoam"}) {
		t.Errorf("solversOf(%s) = %v, want [PDRFoam]", bc, got)
	}
	if got := solversOf("src/finiteVolume/x.H", targets); got != nil {
		t.Errorf("a src header is solver-local: %v", got)
	}
	files, err := sourceFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(files, bc) {
		t.Errorf("sourceFiles misses %s: %v", bc, files)
	}
}
