package foamcase

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// channel395 ships its fields gzipped (0/U.gz …): they load under their plain names,
// and locations name the file read.
func TestGzippedFields(t *testing.T) {
	c := loadTutorial(t, "incompressible/pimpleFoam/LES/channel395")
	for _, f := range []string{"U", "p", "nut", "k", "B", "nuTilda"} {
		if c.Fields[f] != "0/"+f {
			t.Errorf("Fields[%s] = %q, want 0/%s (from 0/%s.gz)", f, c.Fields[f], f, f)
		}
	}
	if loc := c.Locate("/files/0~1U/boundaryField"); loc.File != "0/U.gz" || loc.Line == 0 {
		t.Errorf("location of 0/U boundaryField = %+v, want a line in 0/U.gz", loc)
	}
}

// A plain file wins over its .gz twin, as IOobject looks the plain name up first.
func TestGzippedDictionaryAndPlainTwin(t *testing.T) {
	src := loadTutorial(t, "incompressible/icoFoam/cavity/cavity").Dir
	dir := t.TempDir()
	if err := copyTree(src, dir); err != nil {
		t.Fatal(err)
	}
	gz := func(rel, text string) {
		fh, err := os.Create(filepath.Join(dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		zw := gzip.NewWriter(fh)
		if _, err := zw.Write([]byte(text)); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := fh.Close(); err != nil {
			t.Fatal(err)
		}
	}
	body, err := os.ReadFile(filepath.Join(dir, "constant/transportProperties"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "constant/transportProperties")); err != nil {
		t.Fatal(err)
	}
	gz("constant/transportProperties.gz", string(body))
	gz("0/p.gz", "FoamFile { version 2.0; format ascii; class volScalarField; object p; }\ndimensions [0 2 -2 0 0 0 0];\ninternalField uniform 7;\nboundaryField {}\n")
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	tp, ok := c.Files["constant/transportProperties"].(map[string]any)
	if !ok || tp["nu"] == nil {
		t.Fatalf("constant/transportProperties.gz not read as constant/transportProperties: %v", c.Files["constant/transportProperties"])
	}
	if _, ok := c.Files["constant/transportProperties.gz"]; ok {
		t.Error("the .gz name must not be a document file")
	}
	orig, err := Load(src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Files["0/p"].(map[string]any)["internalField"], orig.Files["0/p"].(map[string]any)["internalField"]; !reflect.DeepEqual(got, want) {
		t.Errorf("0/p internalField = %v, want the plain file's %v (not its .gz twin)", got, want)
	}
	if loc := c.Locate("/files/0~1p/internalField"); loc.File != "0/p" {
		t.Errorf("0/p located in %q, want 0/p", loc.File)
	}
}

// blockMesh puts block faces no patch names into defaultFaces (type empty), or the
// blockMeshDict's defaultPatch.
func TestBlockMeshDefaultPatch(t *testing.T) {
	cases := []struct {
		dir, name, typ string
		nFaces         int64
	}{
		{"multiphase/interFoam/laminar/damBreak/damBreak", "defaultFaces", "empty", 10}, // 5 blocks, front and back
		{"incompressible/pimpleFoam/RAS/TJunction", "defaultFaces", "wall", 15},         // its own empty defaultFaces wall is reused
		{"incompressible/simpleFoam/squareBend", "", "", 0},                             // every face named
		{"discreteMethods/dsmcFoam/supersonicCorner", "", "", 0},                        // `boundary (…)` without `;`: blockMesh reads the first list
		{"incompressible/icoFoam/cavity/cavity", "", "", 0},
	}
	for _, tc := range cases {
		c := loadTutorial(t, tc.dir)
		var got *Patch
		for i := range c.Patches {
			if c.Patches[i].Name == "defaultFaces" || c.Patches[i].Name == tc.name && tc.name != "" {
				got = &c.Patches[i]
			}
		}
		if tc.dir == "discreteMethods/dsmcFoam/supersonicCorner" && len(c.Patches) != 4 {
			t.Errorf("%s: want the 4 named patches, got %+v", tc.dir, c.Patches)
		}
		switch {
		case tc.name == "" && got != nil:
			t.Errorf("%s: unexpected default patch %+v", tc.dir, *got)
		case tc.name != "" && got == nil:
			t.Errorf("%s: no default patch in %+v", tc.dir, c.Patches)
		case got != nil && (got.Type != tc.typ || got.NFaces == nil || *got.NFaces != tc.nFaces || got.Source != "system/blockMeshDict"):
			t.Errorf("%s: default patch %+v nFaces %v, want %s %s %d", tc.dir, *got, got.NFaces, tc.name, tc.typ, tc.nFaces)
		}
	}
}

func TestDefaultPatchNamed(t *testing.T) {
	dir := t.TempDir()
	for rel, text := range map[string]string{
		"system/controlDict": "FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\napplication icoFoam;\n",
		"system/blockMeshDict": `FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) (2 0 0) (2 1 0) (2 0 1) (2 1 1));
blocks (hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1) hex (1 8 9 2 5 10 11 6) (1 1 1) simpleGrading (1 1 1));
defaultPatch { name walls; type wall; }
boundary ( inlet { type patch; faces ((0 4 7 3)); } );
`,
	} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// 2 blocks: 12 faces, 1 shared (internal), 1 named inlet, 9 left over.
	if len(c.Patches) != 2 || c.Patches[1].Name != "walls" || c.Patches[1].Type != "wall" || *c.Patches[1].NFaces != 9 {
		t.Fatalf("patches = %+v", c.Patches)
	}
	if loc := c.Locate("/patches/1"); loc.File != "system/blockMeshDict" || loc.Line != 4 {
		t.Errorf("default patch location %+v, want blockMeshDict line 4", loc)
	}
}
