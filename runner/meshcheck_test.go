package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// TestMeshFindings: checkMesh's failed checks (the lines v1912's polyMeshCheck.C and
// primitiveMeshCheck.C print) and snappyHexMesh's layer table become located findings;
// non-orthogonality is not reported when the schemes tolerate it.
func TestMeshFindings(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("log.checkMesh", `Mesh stats
    points:           1000
    cells:            2000
Checking geometry...
    Mesh non-orthogonality Max: 78.5 average: 12.2
   *Number of severely non-orthogonal (> 70 degrees) faces: 12.
 ***Max skewness = 5.2, 3 highly skew faces detected which may impair the quality of the results
 ***High aspect ratio cells found, Max aspect ratio: 1500, number of cells 7
 ***Zero or negative cell volume detected.  Minimum negative volume: -1e-12, Number of negative volume cells: 2

Failed 4 mesh checks.
`)
	write("log.snappyHexMesh", `Shrinking and layer addition phase
patch      faces    layers   overall thickness
                             [m]       [%]
-----      -----    ------   ---       ---
body       1200     0.8      0.002     20.5
other      300      2.9      0.01      97

Layers added in = 3.1 s.
`)
	write("system/snappyHexMeshDict", "addLayersControls { layers { body { nSurfaceLayers 3; } other { nSurfaceLayers 3; } } }\n")
	write("system/fvSchemes", "laplacianSchemes { default Gauss linear corrected; }\n")
	write("system/fvSolution", "SIMPLE { nNonOrthogonalCorrectors 0; }\n")
	r, fs := meshFindings(dir)
	if r.Cells != 2000 || r.MaxNonOrtho != 78.5 || r.SevereNonOrtho != 12 || r.SkewFaces != 3 || r.AspectCells != 7 || r.NegativeCells != 2 || r.OK {
		t.Errorf("report %+v", r)
	}
	if len(r.Layers) != 2 || r.Layers[0].Asked != 3 || r.Layers[0].Layers != 0.8 {
		t.Errorf("layers %+v", r.Layers)
	}
	got := map[string]finding.Finding{}
	for _, f := range fs {
		got[f.ID] = f
	}
	for id, line := range map[string]int{IDMeshNonOrtho: 6, IDMeshSkew: 7, IDMeshAspect: 8, IDMeshNegative: 9} {
		if f, ok := got[id]; !ok || f.Location.File != "log.checkMesh" || f.Location.Line != line {
			t.Errorf("%s: %+v", id, f)
		}
	}
	if f := got[IDMeshLayers]; !strings.Contains(f.Summary, "patch body") || f.Repair == nil {
		t.Errorf("layers finding %+v", f)
	}
	if got[IDMeshNegative].Severity != finding.Deny || got[IDMeshNonOrtho].Repair == nil {
		t.Errorf("severity or repair: %+v", fs)
	}
	// Limited laplacian with correctors: 78.5 degrees is tolerated.
	write("system/fvSchemes", "laplacianSchemes { default Gauss linear limited corrected 0.33; }\n")
	write("system/fvSolution", "SIMPLE { nNonOrthogonalCorrectors 2; }\n")
	if _, fs := meshFindings(dir); len(fs) != 4 {
		t.Errorf("with limited schemes want 4 findings (no non-orthogonality), got %v", fs)
	}
}

// TestSnappyProgress: the phase headers and timings of snappyHexMesh v1912 are reported.
func TestSnappyProgress(t *testing.T) {
	var log strings.Builder
	var phases []string
	on := snappyProgress(&log, func(p Progress) { phases = append(phases, p.Phase) })
	for _, l := range []string{"Refinement phase", "----------------", "Mesh refined in = 3.84 s.", "Morphing phase", "Shrinking and layer addition phase", "Finished meshing in = 9.1 s."} {
		on(l)
	}
	want := "snappyHexMesh: castellating|snappyHexMesh: Mesh refined in = 3.84 s.|snappyHexMesh: snapping|snappyHexMesh: adding layers|snappyHexMesh: Finished meshing in = 9.1 s."
	if got := strings.Join(phases, "|"); got != want {
		t.Errorf("phases %s", got)
	}
}

// TestMeshFindingsRealCheckMesh: the v1912 tutorial mesh/blockMesh/sphere (a block projected
// onto a sphere) fails checkMesh's non-orthogonality; meshFindings reads the real log into
// FOAM-RUN-060 at its line, with checkMesh's figures.
func TestMeshFindingsRealCheckMesh(t *testing.T) {
	foamtest.RequireBinary(t, "checkMesh")
	dir := filepath.Join(t.TempDir(), "sphere")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(foamtest.Tutorials(t), "mesh", "blockMesh", "sphere"))); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"blockMesh", "checkMesh"} {
		cmd := exec.Command(name)
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		if err := os.WriteFile(filepath.Join(dir, "log."+name), out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, fs := meshFindings(dir)
	if len(fs) == 0 || fs[0].ID != IDMeshNonOrtho || fs[0].Location.Line == 0 || r.SevereNonOrtho == 0 || r.MaxNonOrtho < 70 {
		t.Fatalf("report %+v, findings %v", r, fs)
	}
	t.Logf("%s:%d %s", fs[0].Location.File, fs[0].Location.Line, fs[0].Summary)
}
