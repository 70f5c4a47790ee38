package compiler

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/surface"
)

// compileGeometry compiles examples/geometry/<name>/spec.yaml with edits (old -> new) applied.
func compileGeometry(t *testing.T, name string, edits ...string) (*Result, error) {
	t.Helper()
	dir := filepath.Join(foamtest.RepoRoot(), "examples", "geometry", name)
	b, err := os.ReadFile(filepath.Join(dir, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(src, edits[i]) {
			t.Fatalf("%s: no %q to edit", name, edits[i])
		}
		src = strings.Replace(src, edits[i], edits[i+1], 1)
	}
	return CompileBytes(context.Background(), "spec.yaml", []byte(src), dir, Options{})
}

// TestGeometryExamples: each example geometry compiles into a snappyHexMesh case: the
// three dictionaries, the surface, the Allrun chain, the patches the boundaries name, and a
// locationInMesh outside every body (inside the pipe for the internal flow).
func TestGeometryExamples(t *testing.T) {
	for name, patches := range map[string][]string{
		"sphere":    {"inlet", "outlet", "sides", "sphere"},
		"cylinder":  {"inlet", "outlet", "sides", "cylinder"},
		"cube":      {"inlet", "outlet", "sides", "cube"},
		"pipe-bend": {"background", "pipe_inlet", "pipe_wall", "pipe_outlet"},
		"tandem":    {"inlet", "outlet", "sides", "tandem_front", "tandem_rear"},
	} {
		r, err := compileGeometry(t, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, f := range []string{"system/blockMeshDict", "system/surfaceFeatureExtractDict", "system/snappyHexMeshDict", "Allrun"} {
			if r.Files[f] == nil {
				t.Fatalf("%s: no %s", name, f)
			}
		}
		if !strings.Contains(string(r.Files["Allrun"]), "run blockMesh\nrun surfaceFeatureExtract\nrun snappyHexMesh -overwrite\nrun checkMesh\nrun simpleFoam") {
			t.Errorf("%s: Allrun\n%s", name, r.Files["Allrun"])
		}
		var stl []byte
		for rel, b := range r.Files {
			if strings.HasPrefix(rel, "constant/triSurface/") {
				stl = b
			}
		}
		tmp := filepath.Join(t.TempDir(), "s.stl")
		if err := os.WriteFile(tmp, stl, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := surface.Read(tmp)
		if err != nil {
			t.Fatalf("%s: the written surface: %v", name, err)
		}
		m := regexp.MustCompile(`locationInMesh\s+\(([-0-9.e]+) ([-0-9.e]+) ([-0-9.e]+)\)`).FindSubmatch(r.Files["system/snappyHexMeshDict"])
		if m == nil {
			t.Fatalf("%s: no locationInMesh", name)
		}
		var q [3]float64
		for k := range q {
			q[k] = atof(t, string(m[k+1]))
		}
		in, ok := surface.Inside(s, surface.Check(s), q)
		if !ok || in != (name == "pipe-bend") {
			t.Errorf("%s: locationInMesh %v inside the surface: %v (closed %v)", name, q, in, ok)
		}
		for _, p := range patches {
			if !bytes.Contains(r.Files["0/U"], []byte("    "+p+"\n")) {
				t.Errorf("%s: 0/U has no patch %s", name, p)
			}
		}
	}
}

// TestGeometryFaults: a surface with a hole, one in other units than reference.length, one
// that does not exist: located findings at the spec's surface, with the surface's own
// location (vertex, coordinates) and, for units, the unit that fits.
func TestGeometryFaults(t *testing.T) {
	dir := t.TempDir()
	holed := surface.Sphere(2, [3]float64{}, 0.5, "sphere")
	holed.Tris = holed.Tris[1:]
	var b bytes.Buffer
	if err := surface.WriteSTL(&b, holed); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "holed.stl"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := func(file, extra string) string {
		return `version: 1
name: fault
mesh:
  geometry:
    flow: external
    surfaces:
      - file: ` + file + extra + `
physics: {solver: simpleFoam, turbulence: laminar}
fluid: {nu: 0.01}
reference: {U: 1, length: 1}
boundaries:
  inlet: {role: inlet, U: [1, 0, 0]}
  outlet: {role: outlet, p: 0}
  sides: {role: symmetry}
  body: {role: wall}
control: {endTime: 20, deltaT: 1}
`
	}
	b.Reset()
	if err := surface.WriteSTL(&b, surface.Join(surface.Sphere(2, [3]float64{}, 0.5, "a"), surface.Sphere(2, [3]float64{0.6, 0, 0}, 0.3, "b"))); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "overlap.stl"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cube := filepath.Join(foamtest.RepoRoot(), "examples", "geometry", "cube", "cube.stl")
	for _, c := range []struct{ src, want string }{
		{spec("holed.stl", "\n        name: body"), "holed.stl is not closed: 3 open and 0 multiply connected edges"},
		{spec(cube, "\n        name: body"), "times reference.length (1 m): the units look wrong"},
		{spec("gone.stl", "\n        name: body"), "cannot read the surface"},
		{spec("overlap.stl", "\n        name: body"), "overlap.stl intersects itself"},
	} {
		_, err := CompileBytes(context.Background(), "spec.yaml", []byte(c.src), dir, Options{})
		var fl finding.List
		if !errors.As(err, &fl) {
			t.Fatalf("want findings, got %v", err)
		}
		var hit *finding.Finding
		for i := range fl {
			if strings.Contains(fl[i].Summary, c.want) {
				hit = &fl[i]
			}
		}
		if hit == nil || hit.Location.Line != 7 || hit.Location.File != "spec.yaml" {
			t.Errorf("want %q at spec.yaml:7, got %v", c.want, fl)
			continue
		}
		if strings.Contains(c.want, "not closed") && !regexp.MustCompile(`the first at vertex \d+ \(`).MatchString(hit.Summary) {
			t.Errorf("no vertex location: %s", hit.Summary)
		}
		if strings.Contains(c.want, "units") && !strings.Contains(hit.Fix, "units: mm") {
			t.Errorf("no unit suggested: %s", hit.Fix)
		}
		t.Logf("%s: %s", hit.Location, hit.Summary)
	}
}

// TestGeometryMeshAndRun compiles the cube (coarsened) and runs what its Allrun runs in real
// v1912: blockMesh, surfaceFeatureExtract, snappyHexMesh -overwrite, checkMesh ("Mesh OK."),
// then simpleFoam for 20 steps. The fixed CI sample of examples/geometry.
func TestGeometryMeshAndRun(t *testing.T) {
	foamtest.RequireBinary(t, "snappyHexMesh")
	r, err := compileGeometry(t, "cube", "cellSize: 0.0625", "cellSize: 0.125", "endTime: 50", "endTime: 20", "writeInterval: 50", "writeInterval: 20")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "cube")
	if err := r.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	for _, argv := range [][]string{{"blockMesh"}, {"surfaceFeatureExtract"}, {"snappyHexMesh", "-overwrite"}, {"checkMesh"}, {"simpleFoam"}} {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", argv[0], err, out)
		}
		log.Write(out)
	}
	out := log.String()
	if !strings.Contains(out, "Mesh OK.") {
		t.Fatalf("checkMesh:\n%s", out)
	}
	if n := len(regexp.MustCompile(`(?m)^Time = \d+`).FindAllString(out, -1)); n < 20 {
		t.Errorf("simpleFoam ran %d steps, want 20", n)
	}
	t.Logf("cube: %s", regexp.MustCompile(`(?m)^\s+cells:\s+\d+`).FindString(out))
}

func atof(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
