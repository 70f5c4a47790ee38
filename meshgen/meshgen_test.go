package meshgen

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/surface"
)

// sphereBody writes a sphere STL into dir and reads it back as a Body.
func sphereBody(t *testing.T, dir string) Body {
	t.Helper()
	var b bytes.Buffer
	if err := surface.WriteSTL(&b, surface.Sphere(3, [3]float64{0, 0, 0}, 0.5, "sphere")); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "ball.stl")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := surface.Read(p)
	if err != nil {
		t.Fatal(err)
	}
	return Body{Name: "sphere", Path: p, Surface: s, Report: surface.Check(s)}
}

// writeCase writes the plan and the files every utility reads into dir.
func writeCase(t *testing.T, p *Plan, dir string) {
	t.Helper()
	files := map[string][]byte{
		"system/controlDict": []byte("FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\napplication simpleFoam;\nstartFrom startTime;\nstartTime 0;\nstopAt endTime;\nendTime 1;\ndeltaT 1;\nwriteControl timeStep;\nwriteInterval 1;\n"),
		"system/fvSchemes":   []byte("FoamFile { version 2.0; format ascii; class dictionary; object fvSchemes; }\nddtSchemes { default steadyState; }\ngradSchemes { default Gauss linear; }\ndivSchemes { default none; }\nlaplacianSchemes { default Gauss linear corrected; }\ninterpolationSchemes { default linear; }\nsnGradSchemes { default corrected; }\n"),
		"system/fvSolution":  []byte("FoamFile { version 2.0; format ascii; class dictionary; object fvSolution; }\n"),
	}
	for rel, f := range p.Files {
		files[rel] = grammar.Format(f)
	}
	for rel, b := range p.Surfaces {
		files[rel] = b
	}
	for rel, b := range files {
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// mesh runs the chain compile and run will run, and checkMesh; it returns checkMesh's output.
func mesh(t *testing.T, dir string) string {
	t.Helper()
	var log strings.Builder
	for _, argv := range [][]string{{"blockMesh"}, {"surfaceFeatureExtract"}, {"snappyHexMesh", "-overwrite"}, {"checkMesh"}} {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		out, err := cmd.CombinedOutput()
		log.Write(out)
		if err != nil {
			t.Fatalf("%s: %v\n%s", argv[0], err, out)
		}
	}
	return log.String()
}

var reCells = regexp.MustCompile(`(?m)^\s*cells:\s+(\d+)`)

// TestExternalSphere: a sphere in a cross-flow along x meshes in real v1912 (blockMesh,
// surfaceFeatureExtract, snappyHexMesh, checkMesh "Mesh OK"), with the sphere a wall patch
// that has faces and the inlet upstream of it.
func TestExternalSphere(t *testing.T) {
	foamtest.RequireBinary(t, "snappyHexMesh")
	dir := t.TempDir()
	body := sphereBody(t, dir)
	p, err := Build(Spec{Bodies: []Body{body}, Flow: [3]float64{1, 0, 0}, Upstream: 2, Downstream: 4, Lateral: 2, SurfaceCells: 16})
	if err != nil {
		t.Fatal(err)
	}
	if in, _ := surface.Inside(body.Surface, body.Report, p.Location); in || p.Location[0] > -0.5 {
		t.Fatalf("locationInMesh %v is inside the sphere or not upstream of it", p.Location)
	}
	c := filepath.Join(dir, "case")
	writeCase(t, p, c)
	out := mesh(t, c)
	if !strings.Contains(out, "Mesh OK.") {
		t.Fatalf("checkMesh:\n%s", out)
	}
	b, err := os.ReadFile(filepath.Join(c, "constant", "polyMesh", "boundary"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"inlet", "outlet", "sides", "sphere"} {
		re := regexp.MustCompile(name + `\s*\{[^}]*nFaces\s+(\d+)`)
		m := re.FindSubmatch(b)
		if m == nil {
			t.Fatalf("no patch %s in\n%s", name, b)
		}
		if n, _ := strconv.Atoi(string(m[1])); n == 0 {
			t.Errorf("patch %s has no faces", name)
		}
	}
	m := reCells.FindStringSubmatch(out)
	t.Logf("external sphere: base %g, level %d, background %v, checkMesh cells %s", p.Base, p.Level, p.Cells, m[1])
}

// TestInternalSphere: the sphere as the domain (internal flow): locationInMesh inside it, and
// the mesh fills it.
func TestInternalSphere(t *testing.T) {
	foamtest.RequireBinary(t, "snappyHexMesh")
	dir := t.TempDir()
	body := sphereBody(t, dir)
	p, err := Build(Spec{Bodies: []Body{body}, Internal: true, BaseCells: 8, SurfaceCells: 16})
	if err != nil {
		t.Fatal(err)
	}
	if in, _ := surface.Inside(body.Surface, body.Report, p.Location); !in {
		t.Fatalf("locationInMesh %v is outside the sphere", p.Location)
	}
	c := filepath.Join(dir, "case")
	writeCase(t, p, c)
	out := mesh(t, c)
	if !strings.Contains(out, "Mesh OK.") {
		t.Fatalf("checkMesh:\n%s", out)
	}
	t.Logf("internal sphere: checkMesh cells %s", reCells.FindStringSubmatch(out)[1])
}

// TestNotClosed: a surface with a hole is refused with the counts.
func TestNotClosed(t *testing.T) {
	s := surface.Sphere(1, [3]float64{}, 1, "s")
	s.Tris = s.Tris[1:]
	_, err := Build(Spec{Bodies: []Body{{Name: "s", Surface: s, Report: surface.Check(s)}}, Flow: [3]float64{1, 0, 0}})
	if err == nil || !strings.Contains(err.Error(), "3 open") {
		t.Fatalf("want a not-closed error, got %v", err)
	}
	_, err = Build(Spec{Bodies: []Body{{Name: "s", Surface: surface.Sphere(1, [3]float64{}, 1, "s"), Report: surface.Check(surface.Sphere(1, [3]float64{}, 1, "s"))}}, Flow: [3]float64{1, 1, 0}})
	if err == nil || !strings.Contains(err.Error(), "not along an axis") {
		t.Fatalf("want an axis error, got %v", err)
	}
}

// TestDefaultsAreOpenFOAMs: the settings meshgen writes as OpenFOAM's defaults are the values
// of the installed etc/caseDicts files (the cell limits, layer sizes and the two tutorial
// values excepted, as dicts.go says).
func TestDefaultsAreOpenFOAMs(t *testing.T) {
	etc := os.Getenv("FOAM_ETC")
	if etc == "" {
		etc = "/usr/share/openfoam/etc"
	}
	cfg := filepath.Join(etc, "caseDicts", "mesh", "generation", "snappyHexMeshDict.cfg")
	quality := filepath.Join(etc, "caseDicts", "meshQualityDict")
	if _, err := os.Stat(cfg); err != nil {
		foamtest.RequireBinary(t, "snappyHexMesh") // fails under CI when OpenFOAM is missing
		t.Fatalf("%s: %v", cfg, err)
	}
	read := func(path string) *grammar.Dict {
		f, err := grammar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return f.Body
	}
	ours := map[string]bool{"maxLocalCells": true, "maxGlobalCells": true, "relativeSizes": true, "expansionRatio": true,
		"finalLayerThickness": true, "minThickness": true, "nSmoothScale": true, "errorReduction": true}
	compare := func(d *grammar.Dict, es []entry) {
		for _, e := range es {
			if ours[e.key] {
				continue
			}
			pe, ok := d.Find(e.key).(*grammar.PrimitiveEntry)
			if !ok {
				t.Errorf("%s: not in OpenFOAM's file", e.key)
				continue
			}
			if got, want := grammar.FormatItems([]grammar.Item{e.value}), grammar.FormatItems(pe.Value); got != want {
				if a, err1 := strconv.ParseFloat(got, 64); err1 != nil || !func() bool { b, err2 := strconv.ParseFloat(want, 64); return err2 == nil && a == b }() {
					t.Errorf("%s: meshgen writes %s, OpenFOAM's file %s", e.key, got, want)
				}
			}
		}
	}
	c := read(cfg)
	for _, sec := range []struct {
		name string
		es   []entry
	}{{"castellatedMeshControls", castellatedDefaults}, {"snapControls", snapDefaults}, {"addLayersControls", layerDefaults}} {
		de, ok := c.Find(sec.name).(*grammar.DictEntry)
		if !ok {
			t.Fatalf("%s: no %s", cfg, sec.name)
		}
		compare(de.Dict, sec.es)
	}
	compare(read(quality), qualityDefaults)
}

// TestLayersFromYPlus: the first layer from y+ and a flat plate's Cf (Blasius below Re 5e5,
// the 1/7 law above), twice the y+ distance; too thick a first layer is refused.
func TestLayersFromYPlus(t *testing.T) {
	l, err := layers(Layers{YPlus: 30, U: 2, Length: 0.5, Nu: 1e-5}, 0.04688)
	if err != nil {
		t.Fatal(err)
	}
	// Re 1e5: Cf = 1.328/sqrt(1e5) = 0.0042, u_tau = 2 sqrt(0.0021) = 0.0917, y1 = 2*30*1e-5/0.0917.
	if math.Abs(l.Cf-0.0041995) > 1e-6 || math.Abs(l.First-6.547e-3) > 1e-5 || l.N < 1 || l.Total > 0.04688 {
		t.Errorf("laminar plate: %+v", l)
	}
	l, err = layers(Layers{YPlus: 1, U: 10, Length: 1, Nu: 1.5e-5}, 0.01)
	if err != nil {
		t.Fatal(err)
	}
	// Re 6.67e5: Cf = 0.027/Re^(1/7) = 0.00399.
	if math.Abs(l.Cf-0.027/math.Pow(10/1.5e-5, 1.0/7)) > 1e-12 || !strings.Contains(l.Formula, "turbulent") {
		t.Errorf("turbulent plate: %+v", l)
	}
	if _, err := layers(Layers{YPlus: 1, U: 1, Length: 0.5, Nu: 0.01}, 0.047); err == nil || !strings.Contains(err.Error(), "more than half the surface cell") {
		t.Errorf("Re 50, y+ 1: want a refusal, got %v", err)
	}
}

// TestSizingAndPatches: a target cell count is met by the estimate; a cell size is exact at
// the surface; a multi-region surface makes <name>_<region> patches with their roles' types;
// a box sized by a cell size gets the level that reaches it.
func TestSizingAndPatches(t *testing.T) {
	a := surface.Box([3]float64{-0.5, -0.5, -0.5}, [3]float64{0, 0.5, 0.5}, "front")
	b := surface.Sphere(2, [3]float64{0.5, 0, 0}, 0.25, "rear")
	s := surface.Join(a, b)
	body := Body{Name: "part", Surface: s, Report: surface.Check(s), Regions: map[string]string{"front": "wall", "rear": "symmetry"}}
	p, err := Build(Spec{Bodies: []Body{body}, Flow: [3]float64{1, 0, 0}, Cells: 30000,
		Boxes: []Box{{Min: [3]float64{0, -1, -1}, Max: [3]float64{3, 1, 1}, CellSize: 0.1}}, Types: map[string]string{"sides": "symmetry"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Estimate > 30000 || p.Estimate < 10000 {
		t.Errorf("estimate %d for a target of 30000", p.Estimate)
	}
	got := map[string]string{}
	for _, pt := range p.Patches {
		got[pt.Name] = pt.Type
	}
	if got["part_front"] != "wall" || got["part_rear"] != "symmetry" || got["sides"] != "symmetry" || got["inlet"] != "patch" {
		t.Errorf("patches %v", got)
	}
	if cell := p.Base / math.Pow(2, float64(p.Boxes[0].Level)); cell > 0.1 || cell <= 0.05 {
		t.Errorf("box level %d gives cells of %g for 0.1", p.Boxes[0].Level, cell)
	}
	q, err := Build(Spec{Bodies: []Body{body}, Flow: [3]float64{1, 0, 0}, CellSize: 0.03})
	if err != nil {
		t.Fatal(err)
	}
	if c := q.Base / math.Pow(2, float64(q.Level)); math.Abs(c-0.03) > 1e-12 {
		t.Errorf("surface cell %g, want 0.03", c)
	}
	text := string(grammar.Format(p.Files["system/snappyHexMeshDict"]))
	for _, want := range []string{"front", "rear", "searchableBox", "locationInMesh"} {
		if !strings.Contains(text, want) {
			t.Errorf("snappyHexMeshDict lacks %s", want)
		}
	}
}
