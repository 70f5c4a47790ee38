package study

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
)

const baseSpec = `version: 1
name: cavity
mesh: {blockMeshDict: blockMeshDict}
physics: {solver: icoFoam, turbulence: laminar}
fluid: {nu: 0.01}
boundaries:
  lid: {role: wall, velocity: [1, 0, 0]}
  walls: {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 1, deltaT: 0.01}
`

const blockMesh = `FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }
scale 1;
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1));
blocks
(
    hex (0 1 2 3 4 5 6 7) (20 10 1) simpleGrading (1 1 1)
    hex (0 1 2 3 4 5 6 7) zone (5 5 1) simpleGrading (1 1 1)
);
boundary ();
`

// writeStudy writes the base spec, its mesh and the study file into a directory.
func writeStudy(t *testing.T, study string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"spec.yaml": baseSpec, "blockMeshDict": blockMesh, "study.yaml": study} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "study.yaml")
}

// TestBadStudyFile: every problem is a located finding at the line of the value (or the
// key) it concerns, with a did-you-mean for a misspelt field.
func TestBadStudyFile(t *testing.T) {
	path := writeStudy(t, `version: 1
name: bad name
base: spec.yaml
vary:
  - {path: fluid/nu, values: [1, 2]}
  - zip:
      - {name: Re, values: [1, 2, 3]}
      - {path: /control/endTime, value: [1, 2]}
  - {path: /control/deltaT, range: {from: 1, to: 0, step: 1}}
refine: {ratio: 2, levels: 3}
run: {concurency: 2}
reference: {p: missing.csv}
`)
	_, err := Load(path)
	var fl finding.List
	if !errors.As(err, &fl) {
		t.Fatalf("want findings, got %v", err)
	}
	want := map[int]string{
		2:  `/name: "bad name"`,
		5:  `/vary/0/path: "fluid/nu": want a JSON pointer`,
		8:  `unknown field "value" (did you mean "values"?)`,
		9:  `/vary/2/range/step: 1 never reaches 0 from 1`,
		10: `/refine belongs to kind: convergence`,
		11: `unknown field "concurency" (did you mean "concurrency"?)`,
		12: `/reference/p: `,
	}
	for line, text := range want {
		found := false
		for _, f := range fl {
			if f.ID == IDInvalid && f.Location.Line == line && strings.Contains(f.Summary, text) && f.Location.File == path {
				found = true
			}
		}
		if !found {
			t.Errorf("no finding at line %d containing %q; got:\n%s", line, text, summaries(fl))
		}
	}
	for _, f := range fl {
		if strings.Contains(f.Summary, "concurency") && (f.Repair == nil || f.Repair.Suggest.Word != "concurrency") {
			t.Errorf("no repair on %s", f.Summary)
		}
	}
}

func summaries(fl finding.List) string {
	var b strings.Builder
	for _, f := range fl {
		b.WriteString(f.Location.File + ":" + itoa(f.Location.Line) + " " + f.Summary + "\n")
	}
	return b.String()
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestVariants: axes multiply, zipped parameters move together, ranges expand, and each
// variant's spec holds its values; the inputs hash changes with the spec and the mesh.
func TestVariants(t *testing.T) {
	path := writeStudy(t, `version: 1
name: sweep
base: spec.yaml
vary:
  - zip:
      - {name: Re, values: [100, 400]}
      - {path: /fluid/nu, values: [0.01, 0.0025]}
  - {path: /boundaries/lid/velocity, values: [[1, 0, 0], [2, 0, 0]]}
  - {path: /control/deltaT, range: {from: 0.01, to: 0.03, count: 3}}
`)
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := f.Variants()
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 12 {
		t.Fatalf("%d variants, want 2 x 2 x 3", len(vs))
	}
	type spec struct {
		Fluid      struct{ Nu float64 }
		Boundaries struct{ Lid struct{ Velocity []float64 } }
		Control    struct{ DeltaT float64 }
	}
	var last spec
	if err := json.Unmarshal(vs[11].Spec, &last); err != nil {
		t.Fatal(err)
	}
	if vs[11].ID != "v012" || vs[11].Label() != "Re=400 fluid/nu=0.0025 boundaries/lid/velocity=[2,0,0] control/deltaT=0.03" ||
		last.Fluid.Nu != 0.0025 || last.Boundaries.Lid.Velocity[0] != 2 || last.Control.DeltaT != 0.03 {
		t.Errorf("last variant %s %s: %+v", vs[11].ID, vs[11].Label(), last)
	}
	seen := map[string]bool{}
	for _, v := range vs {
		if seen[v.Inputs] {
			t.Errorf("%s: inputs hash shared with another variant", v.ID)
		}
		seen[v.Inputs] = true
	}
	// The same study gives the same hashes; a changed mesh changes every one.
	again, _ := f.Variants()
	if again[3].Inputs != vs[3].Inputs {
		t.Error("hash not deterministic")
	}
	os.WriteFile(filepath.Join(filepath.Dir(path), "blockMeshDict"), []byte(blockMesh+"// changed\n"), 0o644)
	changed, _ := f.Variants()
	if changed[3].Inputs == vs[3].Inputs {
		t.Error("a changed mesh kept the inputs hash")
	}
	bad := writeStudy(t, "version: 1\nname: s\nbase: spec.yaml\nvary:\n  - {path: /nothing/here, values: [1]}\n")
	f, _ = Load(bad)
	_, err = f.Variants()
	var fl finding.List
	if !errors.As(err, &fl) || fl[0].Location.Line != 5 || !strings.Contains(fl[0].Summary, `no field "nothing"`) {
		t.Errorf("missing spec path: %v", err)
	}
}

// TestRefine: a convergence study multiplies the counts of the refined directions by
// ratio^(level-1), rounded; the 2-D case's one-cell direction and the zone name stay.
func TestRefine(t *testing.T) {
	path := writeStudy(t, "version: 1\nname: grid\nkind: convergence\nbase: spec.yaml\nrefine: {ratio: 1.5, levels: 3}\n")
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := f.Variants()
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 3 || vs[0].Dims != 2 {
		t.Fatalf("%d variants, %d refined directions", len(vs), vs[0].Dims)
	}
	if vs[0].Mesh == nil || string(vs[0].Mesh) != blockMesh {
		t.Errorf("level 1 is not the base mesh:\n%s", vs[0].Mesh)
	}
	for _, want := range []string{"(45 23 1) simpleGrading", "zone (11 11 1) simpleGrading"} {
		if !strings.Contains(string(vs[2].Mesh), want) {
			t.Errorf("level 3 lacks %q:\n%s", want, vs[2].Mesh)
		}
	}
	if vs[1].Inputs == vs[2].Inputs {
		t.Error("levels share an inputs hash")
	}
	os.WriteFile(filepath.Join(filepath.Dir(path), "blockMeshDict"), []byte(strings.Replace(blockMesh, "(20 10 1)", "($n 10 1)", 1)), 0o644)
	_, err = f.Variants()
	var fl finding.List
	if !errors.As(err, &fl) || fl[0].ID != IDNoRefine {
		t.Errorf("a macro count: %v", err)
	}
}
