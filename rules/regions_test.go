package rules

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
)

// runFoam runs an OpenFOAM program in dir and returns its output and error.
func runFoam(t *testing.T, dir string, timeout time.Duration, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, foamtest.RequireBinary(t, args[0]), args[1:]...)
	cmd.Dir, cmd.Env = dir, foamtest.Env()
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestMultiRegionHeater prepares v1912's chtMultiRegionFoam/multiRegionHeater as its
// Allrun.pre does (blockMesh, topoSet, splitMeshRegions, changeDictionary per region) and
// checks region fields against their own meshes, with real OpenFOAM as the judge: the case
// runs and lints without a deny; a heater T without the heater_to_topAir entry stops
// chtMultiRegionFoam and is denied with the heater mesh's boundary file as related location;
// a heater T internalField sized for another mesh is denied against the heater's owner note.
func TestMultiRegionHeater(t *testing.T) {
	if testing.Short() {
		t.Skip("runs OpenFOAM")
	}
	dir := filepath.Join(t.TempDir(), "multiRegionHeater")
	if out, err := exec.Command("cp", "-r", filepath.Join(foamtest.Tutorials(t), "heatTransfer/chtMultiRegionFoam/multiRegionHeater"), dir).CombinedOutput(); err != nil {
		t.Fatalf("copy: %v %s", err, out)
	}
	must := func(args ...string) {
		if out, err := runFoam(t, dir, 2*time.Minute, args...); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	must("blockMesh")
	must("topoSet")
	must("cp", "-r", "0.orig", "0")
	must("splitMeshRegions", "-cellZones", "-overwrite")
	for _, solid := range []string{"heater", "leftSolid", "rightSolid"} {
		for _, f := range []string{"nut", "alphat", "epsilon", "k", "U", "p_rgh"} {
			os.Remove(filepath.Join(dir, "0", solid, f))
		}
	}
	for _, r := range []string{"bottomWater", "topAir", "heater", "leftSolid", "rightSolid"} {
		must("changeDictionary", "-region", r)
	}
	// The test runs serially: the scotch decomposeParDict (a stub in Debian's build) is
	// only a warning, as no parallel run is linted for.
	control := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(control)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(control, []byte(strings.Replace(string(b), "endTime         100;", "endTime         0.003;", 1)), 0o644)

	ctx := context.Background()
	e := embeddedEngine(t)
	lint := func() []finding.Finding {
		res, err := e.LintDir(ctx, dir, foamcase.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return res.Findings
	}
	for _, f := range lint() {
		if f.Severity == finding.Deny {
			t.Errorf("prepared multiRegionHeater denied: %s", f)
		}
	}
	if out, err := runFoam(t, dir, 3*time.Minute, "chtMultiRegionFoam"); err != nil {
		t.Fatalf("baseline chtMultiRegionFoam: %v\n%s", err, out)
	}

	heaterT := filepath.Join(dir, "0", "heater", "T")
	orig, err := os.ReadFile(heaterT)
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(orig), "heater_to_topAir")
	j := strings.Index(string(orig)[i:], "}")
	os.WriteFile(heaterT, append(orig[:i:i], orig[i+j+1:]...), 0o644)
	var cover []finding.Finding
	for _, f := range lint() {
		if f.ID == "FOAM-BC-007" {
			cover = append(cover, f)
		}
	}
	// Related: the patch in the heater's own mesh (not a same-named patch of
	// another region), then the absent entry the gate repair creates.
	if len(cover) != 1 || cover[0].Location.File != "0/heater/T" || len(cover[0].Related) != 2 ||
		cover[0].Related[0].File != "constant/heater/polyMesh/boundary" || cover[0].Related[0].Message != "the patch in the mesh" ||
		cover[0].Related[1].Path != "/files/0~1heater~1T/boundaryField/heater_to_topAir" || cover[0].Related[1].Message != "missing" ||
		!strings.Contains(cover[0].Summary, "heater_to_topAir") {
		t.Errorf("missing heater_to_topAir entry: %v (related %+v), want one FOAM-BC-007 related to constant/heater/polyMesh/boundary and the missing entry", cover, relatedOf(cover))
	}
	out, err := runFoam(t, dir, 3*time.Minute, "chtMultiRegionFoam")
	if err == nil || !strings.Contains(out, "Cannot find patchField entry for heater_to_topAir") {
		t.Errorf("chtMultiRegionFoam with the entry missing: %v, want FATAL 'Cannot find patchField entry'", err)
	}

	sized := strings.Replace(string(orig), "internalField   uniform 300;", "internalField   nonuniform List<scalar> 3(300 300 300);", 1)
	if sized == string(orig) {
		t.Fatal("heater T internalField not found")
	}
	os.WriteFile(heaterT, []byte(sized), 0o644)
	var size []finding.Finding
	for _, f := range lint() {
		if f.ID == "FOAM-STRUCT-011" {
			size = append(size, f)
		}
	}
	if len(size) != 1 || len(size[0].Related) != 1 || size[0].Related[0].File != "constant/heater/polyMesh/owner" ||
		!strings.Contains(size[0].Summary, "80 cells") {
		t.Errorf("heater T of 3 values: %v, want one FOAM-STRUCT-011 against the heater's 80 cells", size)
	}
	out, err = runFoam(t, dir, 3*time.Minute, "chtMultiRegionFoam")
	if err == nil || !strings.Contains(out, "size 3 is not equal to the given value of 80") {
		t.Errorf("chtMultiRegionFoam with 3 values for 80 cells: %v, want the size FATAL", err)
	}
}

func relatedOf(fs []finding.Finding) [][]finding.Related {
	var out [][]finding.Related
	for _, f := range fs {
		out = append(out, f.Related)
	}
	return out
}
