package foamcase

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/xeipuuv/gojsonschema"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/schema"
)

func loadTutorial(t *testing.T, rel string) *Case {
	t.Helper()
	dir := filepath.Join(foamtest.Tutorials(t), rel)
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatalf("Load(%s): %v", rel, err)
	}
	return c
}

func TestFeaturesOfTutorials(t *testing.T) {
	cases := []struct {
		dir  string
		want map[string]any
	}{
		{"incompressible/icoFoam/cavity/cavity", map[string]any{
			"solver": "icoFoam", "simulationType": "laminar", "turbulenceModel": nil, "compressible": false,
			"steady": false, "energy": nil, "algorithm": "PISO", "startTime": "0", "fieldDir": "0", "twoD": true, "multiphase": false,
			"meshInputs": []string{}}},
		{"incompressible/icoFoam/elbow", map[string]any{"solver": "icoFoam", "meshInputs": []string{"elbow.msh"}}}, // fluentMeshToFoam in Allrun
		{"basic/laplacianFoam/flange", map[string]any{"solver": "laplacianFoam", "meshInputs": []string{"flange.ans"}}},
		{"incompressible/simpleFoam/pitzDaily", map[string]any{
			"solver": "simpleFoam", "simulationType": "RAS", "turbulenceModel": "kEpsilon", "compressible": false,
			"steady": true, "energy": nil, "algorithm": "SIMPLE", "fieldDir": "0", "twoD": true, "multiphase": false}},
		{"multiphase/interFoam/laminar/damBreak/damBreak", map[string]any{
			"solver": "interFoam", "simulationType": "laminar", "compressible": false, "steady": false,
			"algorithm": "PIMPLE", "twoD": true, "multiphase": true}}, // front and back are blockMesh's defaultFaces (empty)
		{"compressible/rhoCentralFoam/obliqueShock", map[string]any{
			"solver": "rhoCentralFoam", "simulationType": "laminar", "compressible": true, "steady": false,
			"energy": "e", "algorithm": nil, "twoD": true, "multiphase": false}},
		{"heatTransfer/buoyantSimpleFoam/buoyantCavity", map[string]any{
			"solver": "buoyantSimpleFoam", "simulationType": "RAS", "turbulenceModel": "kOmegaSST", "compressible": true,
			"steady": true, "energy": "h", "algorithm": "SIMPLE", "twoD": false}},
		{"heatTransfer/chtMultiRegionFoam/multiRegionHeater", map[string]any{
			"solver": "chtMultiRegionFoam", "compressible": true, "steady": false, "energy": "h", "fieldDir": "0.orig"}},
		{"incompressible/simpleFoam/motorBike", map[string]any{
			"solver": "simpleFoam", "simulationType": "RAS", "turbulenceModel": "kOmegaSST", "fieldDir": "0.orig", "steady": true}},
	}
	for _, tc := range cases {
		t.Run(tc.dir, func(t *testing.T) {
			c := loadTutorial(t, tc.dir)
			got := c.Features.Map()
			for k, want := range tc.want {
				if !reflect.DeepEqual(got[k], want) {
					t.Errorf("features.%s = %#v, want %#v", k, got[k], want)
				}
			}
			for _, f := range c.Errors {
				if f.Severity == finding.Deny {
					t.Errorf("unexpected deny finding: %s", f)
				}
			}
			// The document must be plain JSON.
			if _, err := json.Marshal(c.Document()); err != nil {
				t.Fatalf("document is not JSON: %v", err)
			}
		})
	}
}

func TestDocumentShape(t *testing.T) {
	c := loadTutorial(t, "incompressible/simpleFoam/pitzDaily")
	doc := c.Document()
	for _, k := range []string{"features", "files", "fields", "headers", "patches", "directives", "includes", "errors"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("document lacks %q", k)
		}
	}
	fields := doc["fields"].(map[string]any)
	if fields["U"] != "0/U" || fields["epsilon"] != "0/epsilon" {
		t.Errorf("fields = %v", fields)
	}
	u := doc["files"].(map[string]any)["0/U"].(map[string]any)
	if got := u["dimensions"]; !reflect.DeepEqual(got, map[string]any{"$dims": []any{int64(0), int64(1), int64(-1), int64(0), int64(0), int64(0), int64(0)}}) {
		t.Errorf("0/U dimensions = %#v", got)
	}
	inlet := u["boundaryField"].(map[string]any)["inlet"].(map[string]any)
	if inlet["type"] != "fixedValue" || !reflect.DeepEqual(inlet["value"], map[string]any{"$uniform": []any{int64(10), int64(0), int64(0)}}) {
		t.Errorf("0/U inlet = %#v", inlet)
	}
	schemes := doc["files"].(map[string]any)["system/fvSchemes"].(map[string]any)
	div := schemes["divSchemes"].(map[string]any)
	if !reflect.DeepEqual(div["div(phi,U)"], []any{"bounded", "Gauss", "linearUpwind", "grad(U)"}) {
		t.Errorf("div(phi,U) = %#v", div["div(phi,U)"])
	}
	h := doc["headers"].(map[string]any)["0/U"].(map[string]any)
	if h["class"] != "volVectorField" || h["object"] != "U" {
		t.Errorf("header 0/U = %v", h)
	}
	var names []string
	for _, p := range c.Patches {
		names = append(names, p.Name+":"+p.Type)
	}
	want := []string{"inlet:patch", "outlet:patch", "upperWall:wall", "lowerWall:wall", "frontAndBack:empty"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("patches = %v, want %v", names, want)
	}
	// No mesh yet: the patches come from blockMeshDict, with face counts.
	if c.Patches[0].Source != "system/blockMeshDict" || c.Patches[0].NFaces == nil || *c.Patches[0].NFaces != 1 {
		t.Errorf("inlet patch = %+v", c.Patches[0])
	}
}

// lineOf returns the 1-based line of the first line in file containing needle.
func lineOf(t *testing.T, file, needle string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, needle) {
			return i + 1
		}
	}
	t.Fatalf("%q not in %s", needle, file)
	return 0
}

func TestPositions(t *testing.T) {
	dir := filepath.Join(foamtest.Tutorials(t), "incompressible/simpleFoam/motorBike")
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		ptr, file, needle string
	}{
		{"/files/system~1controlDict/application", "system/controlDict", "application"},
		{"/files/0.orig~1U/internalField", "0.orig/U", "internalField"},
		{"/files/0.orig~1U/boundaryField/outlet/type", "0.orig/U", "inletOutlet"},
		// inlet comes from 0.orig/include/fixedInlet via #include.
		{"/files/0.orig~1U/boundaryField/inlet", "0.orig/include/fixedInlet", "inlet"},
		{"/files/0.orig~1U/boundaryField/inlet/type", "0.orig/include/fixedInlet", "fixedValue"},
	}
	for _, ck := range checks {
		loc := c.Locate(ck.ptr)
		want := lineOf(t, filepath.Join(dir, ck.file), ck.needle)
		if loc.File != ck.file || loc.Line != want || loc.Path != ck.ptr {
			t.Errorf("Locate(%s) = %+v, want %s:%d", ck.ptr, loc, ck.file, want)
		}
	}
	// A pointer below a primitive value resolves to the longest present prefix.
	loc := c.Locate("/files/0.orig~1U/boundaryField/outlet/inletValue/$uniform/0")
	if loc.File != "0.orig/U" || loc.Line != lineOf(t, filepath.Join(dir, "0.orig/U"), "inletValue") {
		t.Errorf("Locate(longest prefix) = %+v", loc)
	}
	// includes are recorded with the resolved file.
	found := false
	for _, in := range c.Includes {
		if in.File == "0.orig/U" && in.Target == "include/fixedInlet" && in.Resolved == "0.orig/include/fixedInlet" && in.Found {
			found = true
		}
	}
	if !found {
		t.Errorf("include of fixedInlet not recorded: %+v", c.Includes)
	}
}

func TestBrokenFileStillLoads(t *testing.T) {
	src := filepath.Join(foamtest.Tutorials(t), "incompressible/icoFoam/cavity/cavity")
	dir := t.TempDir()
	if err := copyTree(src, dir); err != nil {
		t.Fatal(err)
	}
	bad := "FoamFile { version 2.0; format ascii; class dictionary; object fvSchemes; }\nddtSchemes { default Euler;\n"
	if err := os.WriteFile(filepath.Join(dir, "system/fvSchemes"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Errors) == 0 || c.Errors[0].Location.File != "system/fvSchemes" || c.Errors[0].Location.Line == 0 {
		t.Fatalf("want a located error for system/fvSchemes, got %v", c.Errors)
	}
	if _, ok := c.Files["system/fvSchemes"]; ok {
		t.Error("a broken file must not appear in files")
	}
	if c.Features.Solver != "icoFoam" || c.Fields["U"] != "0/U" {
		t.Errorf("the rest must still load: %+v %v", c.Features, c.Fields)
	}
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
}

// TestLoadEveryTutorialCase loads every case directory (a directory with
// system/controlDict) of the corpus: no panic, a JSON document valid against the
// case-document schema the rules engine compiles against (package schema), and counts.
func TestLoadEveryTutorialCase(t *testing.T) {
	_, dirs := foamtest.TutorialCases(t)
	docSchema, err := gojsonschema.NewSchema(gojsonschema.NewBytesLoader(schema.CaseDocumentSchema()))
	if err != nil {
		t.Fatal(err)
	}
	files, withErrors, solvers := 0, 0, map[string]int{}
	for _, dir := range dirs {
		c, err := Load(dir, Options{})
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		doc, err := json.Marshal(c.Document())
		if err != nil {
			t.Errorf("%s: document is not JSON: %v", dir, err)
			continue
		}
		res, err := docSchema.Validate(gojsonschema.NewBytesLoader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if !res.Valid() {
			t.Errorf("%s: document does not match schema/case-document.json: %v", dir, res.Errors())
		}
		files += len(c.Files)
		if finding.Max(c.Errors) == finding.Deny {
			withErrors++
		}
		solvers[c.Features.Solver]++
	}
	if len(dirs) < 300 {
		t.Errorf("found only %d case directories", len(dirs))
	}
	t.Logf("loaded %d cases (documents schema-valid), %d dictionaries, %d cases with deny findings, %d distinct solvers", len(dirs), files, withErrors, len(solvers))
}

func TestLoadNotACase(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "missing"), Options{}); err == nil {
		t.Error("a missing directory must be an error")
	}
	c, err := Load(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Features.Solver != "" || c.Features.FieldDir != "" || len(c.Files) != 0 || len(c.Errors) != 0 {
		t.Errorf("empty directory: %+v", c)
	}
	if c.Locate("/files/system~1controlDict/application").File != "system/controlDict" {
		t.Error("Locate falls back to the file named in the pointer")
	}
}

// TestLocateRange: a location spans its entry, keyword to ';', or a dictionary's
// keyword; a pointer below resolves to the enclosing entry's range.
func TestLocateRange(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "system"), 0o755)
	src := "FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\napplication     icoFoam;\nfunctions\n{\n    probes { type probes; }\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "system", "controlDict"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for ptr, want := range map[string][4]int{
		"/files/system~1controlDict/application":                {2, 1, 2, 25},
		"/files/system~1controlDict/functions":                  {3, 1, 3, 10},
		"/files/system~1controlDict/functions/probes/type":      {5, 14, 5, 26},
		"/files/system~1controlDict/functions/probes/type/more": {5, 14, 5, 26},
	} {
		l := c.Locate(ptr)
		if got := [4]int{l.Line, l.Column, l.EndLine, l.EndColumn}; got != want || l.Path != ptr {
			t.Errorf("Locate(%s) = %v, want %v", ptr, got, want)
		}
	}
}
