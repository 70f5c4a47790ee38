package schema

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xeipuuv/gojsonschema"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

func findings(t *testing.T, err error) finding.List {
	t.Helper()
	var l finding.List
	if !errors.As(err, &l) {
		t.Fatalf("want a finding.List, got %T %v", err, err)
	}
	return l
}

func TestExamplesValidate(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(foamtest.RepoRoot(), "examples", "*", "spec.yaml"))
	geometry, _ := filepath.Glob(filepath.Join(foamtest.RepoRoot(), "examples", "geometry", "*", "spec.yaml"))
	paths = append(paths, geometry...)
	if len(paths) < 3 {
		t.Fatalf("expected the three example specs, found %d", len(paths))
	}
	for _, p := range paths {
		if _, err := LoadSpec(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

const base = `version: 1
name: t
mesh: {blockMeshDict: b}
physics: {solver: icoFoam, turbulence: laminar}
boundaries:
  walls: {role: wall}
control: {endTime: 1, deltaT: 0.1}
`

func TestUnknownFieldDidYouMean(t *testing.T) {
	src := strings.Replace(base, "  walls: {role: wall}", "  walls:\n    role: wall\n    velocty: [1, 0, 0]", 1)
	_, err := ParseSpec("spec.yaml", []byte(src), "")
	l := findings(t, err)
	if len(l) != 1 {
		t.Fatalf("want 1 finding, got %v", l)
	}
	f := l[0]
	if f.ID != IDUnknown || !strings.Contains(f.Summary, `did you mean "velocity"`) {
		t.Errorf("finding = %+v", f)
	}
	if f.Location.Path != "/boundaries/walls/velocty" || f.Location.Line != 8 || f.Location.Column != 5 {
		t.Errorf("location = %+v", f.Location)
	}
	if !strings.Contains(f.Excerpt, "velocty") {
		t.Errorf("excerpt = %q", f.Excerpt)
	}
}

func TestTopLevelTypo(t *testing.T) {
	src := strings.Replace(base, "physics:", "phisics:", 1)
	_, err := ParseSpec("spec.yaml", []byte(src), "")
	l := findings(t, err)
	var sawUnknown, sawMissing bool
	for _, f := range l {
		if f.ID == IDUnknown && strings.Contains(f.Summary, `did you mean "physics"`) && f.Location.Line == 4 {
			sawUnknown = true
		}
		if f.ID == IDSchema && strings.Contains(f.Summary, `missing required field "physics"`) {
			sawMissing = true
		}
	}
	if !sawUnknown || !sawMissing {
		t.Errorf("findings = %v", l)
	}
}

func TestTypeErrorsAreLocated(t *testing.T) {
	src := strings.Replace(base, "endTime: 1,", "endTime: -1,", 1)
	_, err := ParseSpec("spec.yaml", []byte(src), "")
	l := findings(t, err)
	if len(l) != 1 || l[0].Location.Path != "/control/endTime" || l[0].Location.Line != 7 {
		t.Fatalf("findings = %+v", l)
	}
}

func TestMeshExactlyOne(t *testing.T) {
	src := strings.Replace(base, "mesh: {blockMeshDict: b}", "mesh: {blockMeshDict: b, polyMesh: p}", 1)
	_, err := ParseSpec("spec.yaml", []byte(src), "")
	l := findings(t, err)
	found := false
	for _, f := range l {
		if f.Location.Path == "/mesh" && strings.Contains(f.Summary, "exactly one") {
			found = true
		}
	}
	if !found {
		t.Errorf("findings = %v", l)
	}
}

func TestDeltaTOrMaxCo(t *testing.T) {
	src := strings.Replace(base, "control: {endTime: 1, deltaT: 0.1}", "control: {endTime: 1}", 1)
	_, err := ParseSpec("spec.yaml", []byte(src), "")
	l := findings(t, err)
	if len(l) == 0 || !strings.Contains(l[0].Summary, "deltaT is required unless maxCo") {
		t.Errorf("findings = %v", l)
	}
}

func TestDuplicateKey(t *testing.T) {
	src := base + "control: {endTime: 2, deltaT: 0.1}\n"
	_, err := ParseSpec("spec.yaml", []byte(src), "")
	l := findings(t, err)
	if len(l) != 1 || l[0].ID != IDDuplicate || l[0].Location.Line != 8 || len(l[0].Related) != 1 || l[0].Related[0].Line != 7 {
		t.Errorf("findings = %+v", l)
	}
}

func TestJSONSpecPositions(t *testing.T) {
	src := `{
  "version": 1, "name": "t",
  "mesh": {"blockMeshDict": "b"},
  "physics": {"solver": "icoFoam", "turbulence": "laminar"},
  "boundaries": {"walls": {"role": "wal"}},
  "control": {"endTime": 1, "deltaT": 0.1}
}`
	_, err := ParseSpec("spec.json", []byte(src), "")
	l := findings(t, err)
	if len(l) != 1 || l[0].Location.Path != "/boundaries/walls/role" || l[0].Location.Line != 5 {
		t.Fatalf("findings = %+v", l)
	}
}

func TestSyntaxError(t *testing.T) {
	_, err := ParseSpec("spec.yaml", []byte("version: 1\nname: [a\n"), "")
	l := findings(t, err)
	if len(l) != 1 || l[0].ID != IDSyntax || l[0].Location.Line == 0 {
		t.Errorf("findings = %+v", l)
	}
}

func TestScalarTypes(t *testing.T) {
	d, err := Parse("s.yaml", []byte("a: 1\nb: 1.0e5\nc: 1e-7\nd: yes\ne: true\nf: null\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := d.Value.(map[string]any)
	if m["a"] != int64(1) || m["b"] != 1.0e5 || m["c"] != 1e-7 || m["d"] != "yes" || m["e"] != true || m["f"] != nil {
		t.Errorf("values = %#v", m)
	}
}

func TestKnown(t *testing.T) {
	got := strings.Join(Known("/boundaries/x"), ",")
	if got != "T,U,alpha,h,hU,heatFlux,p,role,scalars,slip,species,turbulence,velocity" {
		t.Errorf("Known = %s", got)
	}
}

func TestSchemaIsValidJSON(t *testing.T) {
	if _, _, err := specValidator.compiled(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("spec.schema.json"); err != nil {
		t.Fatal(err)
	}
}

// TestOneFindingPerError: the oneOf branches of mesh repeat their errors; each error
// (pointer, type, details) is one finding.
func TestOneFindingPerError(t *testing.T) {
	src := strings.Replace(base, "mesh: {blockMeshDict: b}", "mesh: {blockMeshDict: b, polyMesh: p, gmsh: g}", 1)
	_, err := ParseSpec("spec.yaml", []byte(src), "")
	l := findings(t, err)
	n := 0
	seen := map[string]bool{}
	for _, f := range l {
		if f.Location.Path == "/mesh" && strings.Contains(f.Summary, "exactly one") {
			n++
		}
		if k := f.Location.Path + "\x00" + f.Summary; seen[k] {
			t.Errorf("repeated finding %s", f)
		} else {
			seen[k] = true
		}
	}
	if n != 1 {
		t.Errorf("%d 'exactly one' findings, want 1: %v", n, l)
	}
}

// TestStudySchemaCompiles: the study schema is valid draft-07 (checked against the
// meta-schema), compiles, and did-you-mean sees through its if/then/else and $refs.
func TestStudySchemaCompiles(t *testing.T) {
	for name, data := range map[string][]byte{"study": StudySchema(), "spec": SpecSchema()} {
		sl := gojsonschema.NewSchemaLoader()
		sl.Validate = true
		if _, err := sl.Compile(gojsonschema.NewBytesLoader(data)); err != nil {
			t.Errorf("%s schema: %v", name, err)
		}
	}
	v := NewStudyValidator("X")
	_, tree, err := v.compiled()
	if err != nil {
		t.Fatal(err)
	}
	for ptr, want := range map[string]string{"": "base description kind name parameter reference refine run vary version", "/vary/0": "name path range values zip", "/vary/0/zip/1": "name path range values", "/vary/0/range": "count from step to"} {
		if got := strings.Join(knownFields(tree, ptr), " "); got != want {
			t.Errorf("known fields at %q = %q, want %q", ptr, got, want)
		}
	}
}
