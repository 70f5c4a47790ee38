package foamcase

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestMeshCountsBeforeMeshing: the cavity tutorial has only blockMeshDict; the cell count and
// the patches' mesh faces are what blockMesh makes (checked against v1912's own mesh below).
func TestMeshCountsBeforeMeshing(t *testing.T) {
	c := loadTutorial(t, "incompressible/icoFoam/cavity/cavity")
	m, ok := c.Meshes[""]
	if !ok || m.NCells == nil || *m.NCells != 400 || m.Source != "system/blockMeshDict" {
		t.Fatalf("mesh %+v, want 400 cells from system/blockMeshDict", m)
	}
	want := map[string]int64{"movingWall": 20, "fixedWalls": 60, "frontAndBack": 800}
	for _, p := range c.Patches {
		if p.MeshFaces == nil || *p.MeshFaces != want[p.Name] {
			t.Errorf("patch %s meshFaces %v, want %d", p.Name, p.MeshFaces, want[p.Name])
		}
	}
	if loc := c.Locate("/meshes/"); loc.File != "system/blockMeshDict" || loc.Line == 0 {
		t.Errorf("/meshes/ located at %+v, want the blocks entry", loc)
	}
}

// TestMeshCountsFromOwner: the owner header note gives the cell count of each region (gzip
// too), and only the header is read: the file's body here is not a valid list at all.
func TestMeshCountsFromOwner(t *testing.T) {
	dir := t.TempDir()
	owner := func(n string) []byte {
		return []byte("/* banner */\nFoamFile\n{\n    version 2.0;\n    format ascii;\n    class labelList;\n" +
			"    note \"nPoints:10  nCells:" + n + "  nFaces:20  nInternalFaces:4\";\n    object owner;\n}\n" +
			strings.Repeat("not a list (", 1000))
	}
	write := func(rel string, b []byte) {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("system/controlDict", []byte("FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }\napplication chtMultiRegionFoam;\n"))
	write("constant/polyMesh/owner", owner("7"))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(owner("1234"))
	zw.Close()
	write("constant/heater/polyMesh/owner.gz", gz.Bytes())
	write("constant/air/polyMesh/owner", []byte("FoamFile { class labelList; object owner; }\n3 (0 0 0)\n"))
	c, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m := c.Meshes[""]; m.NCells == nil || *m.NCells != 7 || m.Source != "constant/polyMesh/owner" {
		t.Errorf("default region %+v", m)
	}
	if m := c.Meshes["heater"]; m.NCells == nil || *m.NCells != 1234 || m.Source != "constant/heater/polyMesh/owner.gz" {
		t.Errorf("heater %+v", m)
	}
	if m, ok := c.Meshes["air"]; !ok || m.NCells != nil {
		t.Errorf("air (no note) %+v, want present without a count", m)
	}
	if loc := c.Locate("/meshes/heater"); loc.File != "constant/heater/polyMesh/owner.gz" || loc.Line != 7 {
		t.Errorf("/meshes/heater at %+v, want the note line 7", loc)
	}
	doc := c.Document()["meshes"].(map[string]any)
	if h := doc["heater"].(map[string]any); h["nCells"] != int64(1234) {
		t.Errorf("document meshes %v", doc)
	}
}

// TestMeshCountsMatchBlockMesh runs v1912 blockMesh on the cavity and compares the owner note
// and polyMesh/boundary with what foamcase predicted from blockMeshDict.
func TestMeshCountsMatchBlockMesh(t *testing.T) {
	before := loadTutorial(t, "incompressible/icoFoam/cavity/cavity")
	bin := foamtest.RequireBinary(t, "blockMesh")
	dir := filepath.Join(t.TempDir(), "cavity")
	if out, err := exec.Command("cp", "-r", filepath.Join(foamtest.Tutorials(t), "incompressible/icoFoam/cavity/cavity"), dir).CombinedOutput(); err != nil {
		t.Fatalf("copy: %v %s", err, out)
	}
	cmd := exec.Command(bin)
	cmd.Dir, cmd.Env = dir, foamtest.Env()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	after, err := Load(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m := after.Meshes[""]; m.NCells == nil || *m.NCells != *before.Meshes[""].NCells || m.Source != "constant/polyMesh/owner" {
		t.Errorf("meshed %+v, predicted %d", m, *before.Meshes[""].NCells)
	}
	for i, p := range after.Patches {
		if p.NFaces == nil || before.Patches[i].MeshFaces == nil || *p.NFaces != *before.Patches[i].MeshFaces {
			t.Errorf("patch %s: blockMesh made %v faces, predicted %v", p.Name, p.NFaces, before.Patches[i].MeshFaces)
		}
	}
}
