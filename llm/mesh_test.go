package llm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSetMesh: each mesh kind gives its spec field, an absolute reference and the text
// that names its patches.
func TestSetMesh(t *testing.T) {
	dir := t.TempDir()
	pm := filepath.Join(dir, "case", "constant", "polyMesh")
	os.MkdirAll(pm, 0o755)
	os.WriteFile(filepath.Join(pm, "boundary"), []byte("1 ( inlet { type patch; } )"), 0o644)
	msh := filepath.Join(dir, "m.msh")
	os.WriteFile(msh, []byte("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$PhysicalNames\n1\n2 1 \"inlet\"\n$EndPhysicalNames\n$Nodes\n"), 0o644)
	bmd := filepath.Join(dir, "blockMeshDict")
	os.WriteFile(bmd, []byte("boundary ( lid { type wall; } );"+strings.Repeat(" ", 2*meshTextLimit)), 0o644)
	cases := []struct {
		path, field, ref, text string
	}{
		{filepath.Join(dir, "case"), "polyMesh", pm, "inlet"},
		{pm, "polyMesh", pm, "inlet"},
		{msh, "gmsh", msh, "$PhysicalNames\n1\n2 1 \"inlet\"\n$EndPhysicalNames"},
		{bmd, "blockMeshDict", bmd, "…(truncated)"},
	}
	for _, c := range cases {
		var ps PromptSpec
		if err := ps.SetMesh(c.path); err != nil {
			t.Fatal(err)
		}
		if ps.MeshField != c.field || ps.MeshRef != c.ref || !strings.Contains(ps.MeshText, c.text) {
			t.Errorf("%s: %q %q %.60q", c.path, ps.MeshField, ps.MeshRef, ps.MeshText)
		}
	}
	var ps PromptSpec
	if err := ps.SetMesh(filepath.Join(dir, "nope")); err == nil {
		t.Error("missing mesh: no error")
	}
}
