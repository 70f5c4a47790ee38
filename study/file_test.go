package study

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
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

// TestBadStudyFile: the schema's findings (schema/study.schema.json), each at the line
// and column of the value (or, for an unknown or missing field, the key) it concerns, with
// its JSON pointer and a did-you-mean for a misspelt field.
func TestBadStudyFile(t *testing.T) {
	const head = "version: 1\nname: s\nbase: spec.yaml\n"
	for _, tc := range []struct {
		name, study       string
		line, col         int
		ptr, summary, fix string
	}{
		{"unknown key", head + "vary:\n  - {path: /fluid/nu, value: [1, 2]}\n", 5, 23, "/vary/0/value", `unknown field "value" (did you mean "values"?)`, `rename "value" to "values"`},
		{"unknown in zip", head + "vary:\n  - zip:\n      - {name: Re, values: [1, 2]}\n      - {path: /fluid/nu, vlaues: [1, 2]}\n", 7, 27, "/vary/0/zip/1/vlaues", `did you mean "values"?`, ""},
		{"unknown top", head + "vary: [{path: /fluid/nu, values: [1]}]\nparamter: nu\n", 5, 1, "/paramter", `did you mean "parameter"?`, ""},
		{"unknown run", head + "vary: [{path: /fluid/nu, values: [1]}]\nrun: {concurency: 2}\n", 5, 7, "/run/concurency", `did you mean "concurrency"?`, ""},
		{"wrong type", head + "vary: [{path: /fluid/nu, values: 0.01}]\n", 4, 34, "/vary/0/values", "vary/0/values: Invalid type. Expected: array, given: number", "schema/study.schema.json"},
		{"wrong type run", head + "vary: [{path: /fluid/nu, values: [1]}]\nrun: {slurm: yes please}\n", 5, 14, "/run/slurm", "Expected: boolean", ""},
		{"missing required", "version: 1\nname: s\nvary: [{path: /fluid/nu, values: [1]}]\n", 1, 1, "", `(study): missing required field "base"`, `add "base"`},
		{"missing vary", head, 1, 1, "", `missing required field "vary"`, ""},
		{"missing refine", head + "kind: convergence\n", 1, 1, "", `missing required field "refine"`, ""},
		{"missing range end", head + "vary: [{path: /fluid/nu, range: {from: 1, step: 1}}]\n", 4, 26, "/vary/0/range", `vary/0/range: missing required field "to"`, ""},
		{"bad enum", head + "kind: sweeps\nvary: [{path: /fluid/nu, values: [1]}]\n", 4, 7, "/kind", "must be one of the following: \"sweep\", \"convergence\"", ""},
		{"bad direction", head + "kind: convergence\nrefine: {ratio: 2, levels: 3, directions: [0, 3]}\n", 5, 47, "/refine/directions/1", "must be one of the following: 0, 1, 2", ""},
		{"bad version", "version: 2\nname: s\nbase: spec.yaml\nvary: [{path: /fluid/nu, values: [1]}]\n", 1, 10, "/version", "does not match: 1", ""},
		{"bad name", "version: 1\nname: bad name\nbase: spec.yaml\nvary: [{path: /fluid/nu, values: [1]}]\n", 2, 7, "/name", "name: use letters, digits", ""},
		{"bad path", head + "vary: [{path: fluid/nu, values: [1]}]\n", 4, 15, "/vary/0/path", "want a JSON pointer into the spec", ""},
		{"ratio", head + "kind: convergence\nrefine: {ratio: 1, levels: 3}\n", 5, 17, "/refine/ratio", "refine/ratio: Must be greater than 1", ""},
		{"levels", head + "kind: convergence\nrefine: {ratio: 2, levels: 2}\n", 5, 28, "/refine/levels", "refine/levels: Must be greater than or equal to 3", ""},
		{"refine in a sweep", head + "vary: [{path: /fluid/nu, values: [1]}]\nrefine: {ratio: 2, levels: 3}\n", 5, 9, "/refine", "refine: belongs to kind: convergence", ""},
		{"values and range", head + "vary: [{path: /fluid/nu, values: [1], range: {from: 1, to: 2, count: 2}}]\n", 4, 8, "/vary/0", "vary/0: give exactly one of values or range", ""},
		{"no path or name", head + "vary: [{values: [1]}]\n", 4, 8, "/vary/0", "give a path (the spec field) or a name", ""},
		{"step and count", head + "vary: [{path: /fluid/nu, range: {from: 1, to: 2, step: 1, count: 2}}]\n", 4, 33, "/vary/0/range", "give exactly one of step or count", ""},
		{"short zip", head + "vary: [{zip: [{path: /fluid/nu, values: [1]}]}]\n", 4, 14, "/vary/0/zip", "vary/0/zip: Array must have at least 2 items", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeStudy(t, tc.study)
			_, err := Load(path)
			var fl finding.List
			if !errors.As(err, &fl) {
				t.Fatalf("want findings, got %v", err)
			}
			// A misspelt values also leaves the parameter without values or range: two findings.
			if len(fl) > 2 {
				t.Errorf("want one or two findings, got:\n%s", summaries(fl))
			}
			i := slices.IndexFunc(fl, func(f finding.Finding) bool { return strings.Contains(f.Summary, tc.summary) })
			if i < 0 {
				t.Fatalf("no finding %q; got:\n%s", tc.summary, summaries(fl))
			}
			f := fl[i]
			loc := f.Location
			if f.ID != IDInvalid || loc.File != path || loc.Line != tc.line || loc.Column != tc.col || loc.Path != tc.ptr || !strings.Contains(f.Fix, tc.fix) {
				t.Errorf("got %s %d:%d %q (fix %q), want %d:%d %q (fix %q)", f.ID, loc.Line, loc.Column, loc.Path, f.Fix, tc.line, tc.col, tc.ptr, tc.fix)
			}
			if strings.Contains(tc.summary, "did you mean") && (f.Repair == nil || f.Repair.Suggest == nil) {
				t.Errorf("no repair on %s", f.Summary)
			}
		})
	}
}

// TestStudyChecksBeyondSchema: what the schema cannot say is checked in Go, located too.
func TestStudyChecksBeyondSchema(t *testing.T) {
	path := writeStudy(t, `version: 1
name: s
base: spec.yaml
vary:
  - zip:
      - {name: Re, values: [1, 2, 3]}
      - {path: /control/endTime, values: [1, 2]}
  - {path: /control/deltaT, range: {from: 1, to: 0, step: 1}}
  - {name: Re, values: [4]}
parameter: nu
run: {timeout: 0s}
reference: {p: missing.csv}
`)
	_, err := Load(path)
	var fl finding.List
	if !errors.As(err, &fl) {
		t.Fatalf("want findings, got %v", err)
	}
	want := map[int]string{
		5:  `/vary: the parameter "Re" is given twice`,
		7:  `/vary/0/zip: zipped parameters need equal lengths: control/endTime has 2 values, Re 3`,
		8:  `/vary/1/range/step: 1 never reaches 0 from 1`,
		10: `/parameter: "nu" is not a varied parameter`,
		11: `/run/timeout: 0s: want a duration`,
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
}

// TestExampleStudies: every example study validates against the schema and decodes.
func TestExampleStudies(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(foamtest.RepoRoot(), "examples", "studies", "*", "study.yaml"))
	if len(paths) < 2 {
		t.Fatalf("want the two example studies, found %d", len(paths))
	}
	for _, p := range paths {
		if _, err := Load(p); err != nil {
			t.Errorf("%s: %v", p, err)
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
