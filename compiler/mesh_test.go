package compiler

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

const bmHeader = "FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }\n"

const unitVertices = "vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1));\n"

func writeMesh(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "system")
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "blockMeshDict")
}

func patchOf(m *meshInfo, name string) *meshPatch { return m.patch(name) }

// blockMesh's default patch exists exactly when a block face is left out of every entry.
func TestBlockMeshDefaultPatch(t *testing.T) {
	sides := `boundary (
  inlet { type patch; faces ((0 4 7 3)); }
  outlet { type patch; faces ((1 2 6 5)); }
  walls { type wall; faces ((0 1 5 4) (3 7 6 2)); }
);
`
	blocks := "blocks (hex (0 1 2 3 4 5 6 7) (10 10 1) simpleGrading (1 1 1));\n"
	m, err := readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": bmHeader + "convertToMeters 0.1;\n" + unitVertices + blocks + sides}))
	if err != nil {
		t.Fatal(err)
	}
	d := patchOf(m, "defaultFaces")
	if d == nil || d.Type != "empty" || d.Faces != 2 || !d.Default {
		t.Fatalf("default patch = %+v, patches %+v", d, m.Patches)
	}
	if math.Abs(m.DxMin-0.01) > 1e-12 || math.Abs(m.Extent[0]-0.1) > 1e-12 {
		t.Errorf("convertToMeters: dxMin %g extent %v", m.DxMin, m.Extent)
	}
	named := strings.Replace(sides, ");\n", ");\ndefaultPatch { name frontAndBack; type symmetryPlane; }\n", 1)
	m, err = readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": bmHeader + unitVertices + blocks + named}))
	if err != nil {
		t.Fatal(err)
	}
	if d := patchOf(m, "frontAndBack"); d == nil || d.Type != "symmetryPlane" || patchOf(m, "defaultFaces") != nil {
		t.Fatalf("defaultPatch name/type not honoured: %+v", m.Patches)
	}
	all := strings.Replace(sides, "walls {", "frontAndBack { type empty; faces ((0 3 2 1) (4 5 6 7)); }\n  walls {", 1)
	m, err = readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": bmHeader + unitVertices + blocks + all}))
	if err != nil {
		t.Fatal(err)
	}
	if patchOf(m, "defaultFaces") != nil {
		t.Fatalf("every face is listed: no default patch, got %+v", m.Patches)
	}
}

// Faces two blocks share are internal; macros, #eval and #include are expanded, and an
// included dictionary is copied expanded.
func TestBlockMeshExpansionAndTopology(t *testing.T) {
	verts := `vertices (
  (0 0 0) (1 0 0) ($x2 0 0) (0 1 0) (1 1 0) (2 1 0)
  (0 0 $z) (1 0 $z) (2 0 $z) (0 1 $z) (1 1 $z) (2 1 $z)
);
`
	main := bmHeader + "x2 #eval{ 1 + 1 };\nz 0.1;\n#include \"vertices\"\n" +
		`blocks (
  hex (0 1 4 3 6 7 10 9) (10 10 1) simpleGrading (1 1 1)
  hex (1 2 5 4 7 8 11 10) (10 10 1) simpleGrading (1 1 1)
);
boundary (
  inlet { type patch; inGroups (ends); faces ((0 6 9 3)); }
  outlet { type patch; inGroups (ends); faces ((2 5 11 8)); }
  walls { type wall; faces ((0 1 7 6) (1 2 8 7) (3 9 10 4) (4 10 11 5)); }
  frontAndBack { type empty; faces ((0 3 4 1) (1 4 5 2) (6 7 10 9) (7 8 11 10)); }
);
mergePatchPairs ();
`
	m, err := readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": main, "vertices": verts}))
	if err != nil {
		t.Fatal(err)
	}
	if patchOf(m, "defaultFaces") != nil {
		t.Fatalf("the shared face of the two blocks is internal, not a default face: %+v", m.Patches)
	}
	if math.Abs(m.Extent[0]-2) > 1e-12 {
		t.Errorf("$x2 #eval{1 + 1}: extent %v", m.Extent)
	}
	if got := m.group("ends"); len(got) != 2 || got[0] != "inlet" || got[1] != "outlet" {
		t.Errorf("inGroups: group ends = %v", got)
	}
	if !m.expanded || strings.Contains(string(grammar.Format(m.file)), "#include") {
		t.Error("a blockMeshDict with #include must be copied expanded")
	}
}

// Multi-grading: the smallest cell of the graded sections, normalised as blockMesh does.
func TestBlockMeshMultiGradingDxMin(t *testing.T) {
	blocks := "blocks (hex (0 1 2 3 4 5 6 7) (10 1 1) simpleGrading (((0.5 0.5 4) (0.5 0.5 0.25)) 1 1));\n"
	m, err := readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": bmHeader +
		"vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1));\n" + blocks + "boundary ();\n"}))
	if err != nil {
		t.Fatal(err)
	}
	// 5 cells over 0.5 m growing 4x: first = 0.5 (l - 1) / (l^5 - 1), l = 4^(1/4).
	l := math.Pow(4, 0.25)
	want := 0.5 * (l - 1) / (math.Pow(l, 5) - 1)
	if math.Abs(m.DxMin-want) > 1e-9 {
		t.Fatalf("dxMin = %g, want %g", m.DxMin, want)
	}
}

// A problem in the user's mesh is a finding located in the mesh file.
func TestBlockMeshErrorsAreLocated(t *testing.T) {
	path := writeMesh(t, map[string]string{"blockMeshDict": bmHeader + unitVertices +
		"blocks (hex (0 1 2 3 4 5 6 9) (10 10 1) simpleGrading (1 1 1));\nboundary ();\n"})
	_, err := readBlockMesh(path)
	var f finding.Finding
	if !errors.As(err, &f) || f.ID != IDMesh || f.Location.File != path || f.Location.Line != 3 || f.Location.Column == 0 {
		t.Fatalf("want a located %s at %s:3, got %v", IDMesh, path, err)
	}
}

// A blockMeshDict of 64 or more vertices (the grammar reads such a numeric list as one
// NumList token) and blocks and patches spliced in by #include inside lists, as in the
// helmholtzResonance tutorial: the reader sees every vertex, block and patch.
func TestBlockMeshManyVerticesAndListIncludes(t *testing.T) {
	const n = 40 // blocks along x: 4 (n+1) = 164 vertices
	var v, b strings.Builder
	for _, yz := range [][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}} {
		for i := 0; i <= n; i++ {
			v.WriteString("(" + itoa(i) + " " + itoa(yz[0]) + " " + itoa(yz[1]) + ")\n")
		}
	}
	id := func(i, k int) string { return itoa(k*(n+1) + i) }
	for i := 0; i < n; i++ {
		b.WriteString("hex (" + strings.Join([]string{id(i, 0), id(i+1, 0), id(i+1, 1), id(i, 1), id(i, 3), id(i+1, 3), id(i+1, 2), id(i, 2)}, " ") + ") (2 1 1) simpleGrading (1 1 1)\n")
	}
	inlet := "inlet { type patch; faces ((" + strings.Join([]string{id(0, 0), id(0, 3), id(0, 2), id(0, 1)}, " ") + ")); }\n"
	dict := bmHeader + "scale 0.01;\nvertices (\n" + v.String() + ");\nblocks ( #include \"blocks\" );\n" +
		"boundary ( #include \"patches\" );\ndefaultPatch { name walls; type wall; }\n"
	m, err := readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": dict, "blocks": b.String(), "patches": inlet}))
	if err != nil {
		t.Fatal(err)
	}
	if p := patchOf(m, "inlet"); p == nil || p.Type != "patch" {
		t.Fatalf("inlet from the included boundary: %+v", m.Patches)
	}
	if w := patchOf(m, "walls"); w == nil || !w.Default || w.Faces != 4*n+1 {
		t.Fatalf("default patch walls = %+v (want the %d block faces no patch lists)", w, 4*n+1)
	}
	if math.Abs(m.Extent[0]-0.4) > 1e-12 || math.Abs(m.DxMin-0.005) > 1e-12 || !m.expanded {
		t.Errorf("extent %v dxMin %g expanded %v", m.Extent, m.DxMin, m.expanded)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// Projected vertices (aerofoilNACA0012) are refused at the vertex, with the way out.
func TestBlockMeshProjectedVertex(t *testing.T) {
	dict := bmHeader + "vertices (\n  project (0 0 0) (aerofoil)\n  (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1)\n);\n" +
		"blocks (hex (0 1 2 3 4 5 6 7) (1 1 1) simpleGrading (1 1 1));\nboundary ();\n"
	_, err := readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": dict}))
	var f finding.Finding
	if !errors.As(err, &f) || f.ID != IDMesh || f.Location.Line != 3 || !strings.Contains(f.Summary, "project") || !strings.Contains(f.Fix, "mesh.polyMesh") {
		t.Fatalf("projected vertex: %v", err)
	}
}

// A wedge (LadenburgJet60psi): its one-cell thickness carries no flux, so the thin edges
// near the axis do not set the Courant cell size; the in-plane cells do.
func TestBlockMeshWedgeCellSize(t *testing.T) {
	dict := bmHeader + "vertices ((0 0 0) (1 0 0) (0 0.1 -0.0044) (1 0.1 -0.0044) (0 0.1 0.0044) (1 0.1 0.0044));\n" +
		"blocks (hex (0 1 3 2 0 1 5 4) (10 10 1) simpleGrading (1 1 1));\n" +
		"boundary (front { type wedge; faces ((0 1 3 2)); } back { type wedge; faces ((0 4 5 1)); });\n"
	m, err := readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": dict}))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(m.DxMin-0.01) > 1e-4 {
		t.Errorf("dxMin = %g, want the in-plane 0.01 (not the 0.0088 wedge thickness)", m.DxMin)
	}
}
