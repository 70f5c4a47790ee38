package rules

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestSnappySurfaces: the surfaces fixture FOAM-STRUCT-013 warns about stops real
// snappyHexMesh on the missing surface with the message the rule quotes; without that
// entry snappyHexMesh meshes, and only the open-surface warning is left.
func TestSnappySurfaces(t *testing.T) {
	e := withOpenFOAM(t, "snappyHexMesh")
	dir := fixtureCase(t, "structure-snappy-surfaces")
	run := func(name string) (string, error) {
		cmd := exec.Command(name)
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run("blockMesh"); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	ptr := "/files/system~1snappyHexMeshDict/geometry/"
	fs := lintCase(t, e, dir)
	if findingAt(fs, "FOAM-STRUCT-013", ptr+"gone.stl") == nil || findingAt(fs, "FOAM-STRUCT-013", ptr+"body.stl") == nil {
		t.Fatalf("want FOAM-STRUCT-013 on gone.stl and body.stl: %v", fs)
	}
	if out, err := run("snappyHexMesh"); err == nil || !strings.Contains(out, "Cannot find triSurfaceMesh") {
		t.Fatalf("want snappyHexMesh to stop on gone.stl: %v\n%s", err, out)
	}
	p := filepath.Join(dir, "system", "snappyHexMeshDict")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	b = regexp.MustCompile(`(?m)^.*gone\.stl.*\n`).ReplaceAll(b, nil)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	fs = lintCase(t, e, dir)
	if findingAt(fs, "FOAM-STRUCT-013", ptr+"gone.stl") != nil || findingAt(fs, "FOAM-STRUCT-013", ptr+"body.stl") == nil {
		t.Errorf("want only the open-surface warning: %v", fs)
	}
	if out, err := run("snappyHexMesh"); err != nil || !strings.Contains(out, "Finished meshing without any errors") {
		t.Errorf("snappyHexMesh without gone.stl: %v\n%s", err, out)
	}
}

// TestSnappyLocation: a locationInMesh outside the blockMesh box is FOAM-STRUCT-014's deny and
// stops real snappyHexMesh with the message the rule quotes, whichever Switch spelling turns
// castellatedMesh on (the case document read only true, on, yes, y and t before it used
// grammar's Switch reader: `any` and a label were missed); inside, both pass.
func TestSnappyLocation(t *testing.T) {
	e := withOpenFOAM(t, "snappyHexMesh")
	for _, c := range []struct{ loc, castellate string }{
		{"(1.5 0.9 0.9)", "true"}, {"(1.5 0.9 0.9)", "any"}, {"(1.5 0.9 0.9)", "1"}, {"(0.9 0.9 0.9)", "true"},
	} {
		loc := c.loc
		dir := fixtureCase(t, "structure-snappy-surfaces")
		p := filepath.Join(dir, "system", "snappyHexMeshDict")
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		b = regexp.MustCompile(`(?m)^.*gone\.stl.*\n`).ReplaceAll(b, nil)
		b = []byte(strings.Replace(string(b), "locationInMesh (0.9 0.9 0.9);", "locationInMesh "+loc+";", 1))
		b = []byte(strings.Replace(string(b), "castellatedMesh true;", "castellatedMesh "+c.castellate+";", 1))
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		fs := denies(lintCase(t, e, dir))
		cmd := exec.Command("bash", "-c", "blockMesh && snappyHexMesh")
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		out, err := cmd.CombinedOutput()
		if loc == "(0.9 0.9 0.9)" {
			if len(fs) > 0 || err != nil {
				t.Errorf("%s: denies %v, snappyHexMesh %v\n%s", loc, fs, err, out)
			}
			continue
		}
		if findingAt(fs, "FOAM-STRUCT-014", "/files/system~1snappyHexMeshDict/castellatedMeshControls/locationInMesh") == nil {
			t.Errorf("%s, castellatedMesh %s: no FOAM-STRUCT-014 deny: %v", loc, c.castellate, fs)
		}
		if err == nil || !strings.Contains(string(out), "is not inside the mesh or on a face or edge") {
			t.Errorf("%s, castellatedMesh %s: want snappyHexMesh to stop: %v\n%s", loc, c.castellate, err, out)
		}
	}
}

// TestNonOrthogonalMesh: the sphere tutorial meshed by real blockMesh (checkMesh: 82.2 degrees)
// with the cavity's unlimited corrected schemes gets FOAM-NUM-010 with its repair; the cavity's
// own orthogonal mesh does not.
func TestNonOrthogonalMesh(t *testing.T) {
	e := withOpenFOAM(t, "blockMesh")
	for _, c := range []struct {
		mesh string
		want bool
	}{{"mesh/blockMesh/sphere", true}, {"incompressible/icoFoam/cavity/cavity", false}} {
		dir := fixtureCase(t, "cavity-clean")
		src := filepath.Join(foamtest.Tutorials(t), c.mesh, "system", "blockMeshDict")
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "system", "blockMeshDict"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("blockMesh")
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: blockMesh: %v\n%s", c.mesh, err, out)
		}
		f := findingAt(lintCase(t, e, dir), "FOAM-NUM-010", "/files/system~1fvSchemes/laplacianSchemes/default")
		if (f != nil) != c.want {
			t.Errorf("%s: FOAM-NUM-010 on laplacianSchemes/default = %v, want %v", c.mesh, f, c.want)
		}
		if f != nil && (f.Repair == nil || len(f.Repair.Edits) != 1 || f.Repair.Edits[0].Value != "Gauss linear limited corrected 0.33") {
			t.Errorf("%s: repair %+v", c.mesh, f.Repair)
		}
	}
}
