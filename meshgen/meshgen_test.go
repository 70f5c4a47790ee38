package meshgen

import (
	"bytes"
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
