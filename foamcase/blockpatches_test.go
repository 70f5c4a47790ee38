package foamcase

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func loadBlockMeshDict(t *testing.T, dict string) *Case {
	t.Helper()
	dir := t.TempDir()
	for rel, text := range map[string]string{
		"system/controlDict":   "FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\napplication pimpleFoam;\n",
		"system/blockMeshDict": "FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }\n" + dict,
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
	return c
}

func patchSummary(c *Case) string {
	var out []string
	for _, p := range c.Patches {
		s := p.Name + " " + p.Type
		if p.MeshFaces != nil {
			s += " " + strconv.FormatInt(*p.MeshFaces, 10)
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

const twoHex = `vertices (
  (0 0 0) (1 0 0) (2 0 0) (0 0.1 0) (1 0.1 0) (2 0.1 0)
  (0 0 0.1) (1 0 0.1) (2 0 0.1) (0 0.1 0.1) (1 0.1 0.1) (2 0.1 0.1)
);
blocks (
  hex (0 1 4 3 6 7 10 9) (10 4 1) simpleGrading (1 1 1)
  hex (1 2 5 4 7 8 11 10) (10 4 1) simpleGrading (1 1 1)
);
`

// The patches lint sees are blockMesh's (the compiler's TestBlockMeshAskedAgrees has
// blockMesh v1912 confirm the same dictionaries): the older `patches` list with a leading
// count and a (block face) reference wins over `boundary`; the faces it leaves go to the
// default patch.
func TestBlockMeshPatchesListSyntax(t *testing.T) {
	c := loadBlockMeshDict(t, twoHex+`patches 3 (
  patch inlet ((0 6 9 3))
  patch outlet ((1 1))
  wall walls ((0 1 7 6) (1 2 8 7) (3 9 10 4) (4 10 11 5))
);
boundary ( ignored { type wall; faces ((0 6 9 3)); } );
`)
	want := "inlet patch 4, outlet patch 4, walls wall 40, defaultFaces empty 160"
	if got := patchSummary(c); got != want {
		t.Fatalf("patches %s\nwant %s", got, want)
	}
	if !c.Features.TwoD {
		t.Error("defaultFaces of 160 empty faces: the case is 2-D")
	}
}

// LadenburgJet60psi: the wedge's axis face (0 1 1 0) is in no patch, so blockMesh adds
// defaultFaces ("Found 1 undefined faces"), which keeps no face: the case stays 3-D.
func TestBlockMeshCollapsedDefaultFace(t *testing.T) {
	c := loadTutorial(t, "compressible/rhoCentralFoam/LadenburgJet60psi")
	got := patchSummary(c)
	if !strings.HasSuffix(got, ", defaultFaces empty 0") {
		t.Fatalf("patches %s, want defaultFaces empty with 0 mesh faces last", got)
	}
	if c.Features.TwoD {
		t.Error("an empty patch without faces made the wedge 2-D")
	}
}
