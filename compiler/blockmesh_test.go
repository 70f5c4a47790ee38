package compiler

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// Two hex blocks along x (0..1..2, 0.1 high and deep): the vertices of the patch-syntax tests.
const twoBlocks = `vertices (
  (0 0 0) (1 0 0) (2 0 0) (0 0.1 0) (1 0.1 0) (2 0.1 0)
  (0 0 0.1) (1 0 0.1) (2 0 0.1) (0 0.1 0.1) (1 0.1 0.1) (2 0.1 0.1)
);
blocks (
  hex (0 1 4 3 6 7 10 9) (10 4 4) simpleGrading (1 1 1)
  hex (1 2 5 4 7 8 11 10) (10 4 4) simpleGrading (1 1 1)
);
`

// patchSyntaxDicts are blockMeshDicts in both patch syntaxes, each with the patches
// blockMesh v1912 writes for it (name type, "+0": without faces). The unit test checks
// foamc's reading against them; TestBlockMeshAskedAgrees has blockMesh itself confirm them.
var patchSyntaxDicts = []struct {
	name, dict string
	want       []string
}{
	// The older list: seven patches of four types, a face given as (block face).
	{"patches-list", twoBlocks + `patches (
  patch in ((0 6 9 3))
  patch out ((1 1))
  wall floor ((0 1 7 6) (1 2 8 7))
  wall side ((0 3 4 1) (1 4 5 2))
  symmetryPlane sym1 ((3 9 10 4))
  wall lid ((4 10 11 5))
  symmetryPlane sym2 ((6 7 10 9) (7 8 11 10))
);
`, []string{"in patch", "out patch", "floor wall", "side wall", "sym1 symmetryPlane", "lid wall", "sym2 symmetryPlane"}},
	// A leading count, faces left to the default patch (2-D: empty front and back), and
	// patches winning over a boundary entry as in blockMeshTopology.C.
	{"patches-count-default", twoBlocks + `patches 3 (
  patch inlet ((0 6 9 3))
  patch outlet ((2 5 11 8))
  wall walls ((0 1 7 6) (1 2 8 7) (3 9 10 4) (4 10 11 5))
);
boundary ( ignored { type wall; faces ((0 6 9 3)); } );
`, []string{"inlet patch", "outlet patch", "walls wall", "defaultFaces empty"}},
	// The boundary syntax with defaultPatch: the walls are whatever no entry lists.
	{"boundary-defaultPatch", twoBlocks + `boundary (
  inlet { type patch; faces ((0 6 9 3)); }
  outlet { type patch; faces ((2 5 11 8)); }
);
defaultPatch { name walls; type wall; }
`, []string{"inlet patch", "outlet patch", "walls wall"}},
	// A last patch of the default name without faces is reused, with its own type.
	{"boundary-reused-default", twoBlocks + `boundary (
  inlet { type patch; faces ((0 6 9 3)); }
  outlet { type patch; faces ((2 5 11 8)); }
  defaultFaces { type wall; faces (); }
);
`, []string{"inlet patch", "outlet patch", "defaultFaces wall"}},
	// A boundary list without its `;` (dsmcFoam/supersonicCorner): blockMesh reads the first
	// list of the entry, and mergePatchPairs is no entry of its own.
	{"boundary-missing-semicolon", twoBlocks + `boundary (
  inlet { type patch; faces ((0 6 9 3)); }
  outlet { type patch; faces ((2 5 11 8)); }
)
mergePatchPairs ( );
defaultPatch { name walls; type wall; }
`, []string{"inlet patch", "outlet patch", "walls wall"}},
	// A wedge whose axis face (0 1 1 0) no patch lists (LadenburgJet60psi): blockMesh
	// adds defaultFaces for it, and writes it without faces.
	{"wedge-collapsed-default", `vertices ((0 0 0) (1 0 0) (0 0.1 -0.0044) (1 0.1 -0.0044) (0 0.1 0.0044) (1 0.1 0.0044));
blocks (hex (0 1 3 2 0 1 5 4) (10 10 1) simpleGrading (1 1 1));
boundary (
  inlet { type patch; faces ((0 2 4 0)); }
  outlet { type patch; faces ((1 3 5 1)); }
  top { type wall; faces ((2 4 5 3)); }
  front { type wedge; faces ((0 2 3 1)); }
  back { type wedge; faces ((0 1 5 4)); }
);
`, []string{"inlet patch", "outlet patch", "top wall", "front wedge", "back wedge", "defaultFaces empty+0"}},
}

func patchList(m *meshInfo) []string {
	var out []string
	for _, p := range m.Patches {
		s := p.Name + " " + p.Type
		if p.NoFaces {
			s += "+0"
		}
		out = append(out, s)
	}
	return out
}

// foamc's reading of blockMeshDict (used when blockMesh is not installed) on both patch
// syntaxes, defaultPatch, a reused default patch and a collapsed default face.
func TestBlockPatchesReader(t *testing.T) {
	for _, c := range patchSyntaxDicts {
		m, err := readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": bmHeader + c.dict}))
		if err == nil {
			err = m.patchErr
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := strings.Join(patchList(m), ", "); got != strings.Join(c.want, ", ") {
			t.Errorf("%s: patches %s\nwant %s", c.name, got, strings.Join(c.want, ", "))
		}
	}
	// The (block face) reference is that block's face: out has the area of x = 2.
	m, _ := readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": bmHeader + patchSyntaxDicts[0].dict}))
	if a, n, ok := m.patchArea("out"); !ok || a < 0.0099 || a > 0.0101 || n[0] == 0 {
		t.Errorf("out = (1 1): area %g normal %v ok %v, want 0.01 along x", a, n, ok)
	}
}

// What blockMesh refuses, foamc's reading refuses too, located in the blockMeshDict.
func TestBlockPatchesReaderRefuses(t *testing.T) {
	for _, c := range []struct{ name, patches, want string }{
		{"old-style cyclic", "patches ( cyclic c ((0 6 9 3) (2 5 11 8)) );\n", "old-style cyclic"},
		{"face of no block", "boundary ( a { type patch; faces ((0 1 2 3)); } );\n", "not a face of any block"},
		{"twice", "boundary ( a { type patch; faces ((0 6 9 3)); } a { type wall; faces ((2 5 11 8)); } );\n", "twice"},
		{"default not last", "boundary ( defaultFaces { type wall; faces (); } a { type patch; faces ((0 6 9 3)); } );\n", "not the last patch"},
		{"not an entry", "patches ( patch a );\n", "not `type name"},
	} {
		path := writeMesh(t, map[string]string{"blockMeshDict": bmHeader + twoBlocks + c.patches})
		m, err := readBlockMesh(path)
		if err == nil {
			err = m.patchErr
		}
		var f finding.Finding
		if !errors.As(err, &f) || f.ID != IDMesh || f.Location.File != path || !strings.Contains(f.Summary, c.want) {
			t.Errorf("%s: want a %s in %s saying %q, got %v", c.name, IDMesh, path, c.want, err)
		}
	}
}

// roleOf is the spec role for a patch of a mesh type.
func roleOf(typ string) string {
	switch typ {
	case "wall":
		return "{role: wall}"
	case "symmetryPlane", "symmetry":
		return "{role: symmetry}"
	case "empty", "wedge":
		return "{role: " + typ + "}"
	}
	return ""
}

// patchSpec is a pimpleFoam spec naming every patch of want: the first plain patch is the
// inlet, the others outlets.
func patchSpec(mesh string, want []string) string {
	var b strings.Builder
	b.WriteString("version: 1\nname: t\nmesh: {blockMeshDict: " + mesh + "}\nphysics: {solver: pimpleFoam, turbulence: laminar}\nfluid: {nu: 1e-5}\nboundaries:\n")
	inlet := false
	for _, w := range want {
		name, typ, _ := strings.Cut(strings.TrimSuffix(w, "+0"), " ")
		role := roleOf(typ)
		switch {
		case role != "":
		case !inlet:
			role, inlet = "{role: inlet, U: [1, 0, 0]}", true
		default:
			role = "{role: outlet, p: 0}"
		}
		b.WriteString("  " + name + ": " + role + "\n")
	}
	b.WriteString("control: {endTime: 0.1, maxCo: 0.5}\n")
	return b.String()
}

// With OpenFOAM v1912 installed the compiler asks blockMesh (in a scratch directory it
// removes): for each dictionary blockMesh writes the patches foamc's reading expects, and a
// spec naming every one of them compiles, saying where the patches came from.
func TestBlockMeshAskedAgrees(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	t.Setenv("TMPDIR", t.TempDir())
	before := scratchDirs(t)
	for _, c := range patchSyntaxDicts {
		path := writeMesh(t, map[string]string{"blockMeshDict": bmHeader + c.dict})
		m, err := readBlockMesh(path)
		if err != nil {
			t.Fatal(err)
		}
		readDefault := map[string]bool{}
		for _, p := range m.Patches {
			readDefault[p.Name] = p.Default
		}
		if err := m.askBlockMesh(context.Background(), nil); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, p := range m.Patches {
			// The default patch is retyped through defaultPatch, a declared one in its entry.
			if p.Default != readDefault[p.Name] {
				t.Errorf("%s: %s is the default patch: %v (foamc's reading: %v)", c.name, p.Name, p.Default, readDefault[p.Name])
			}
		}
		if m.PatchesFrom != fromBlockMesh {
			t.Fatalf("%s: patches from %s (%s)", c.name, m.PatchesFrom, m.PatchesWhy)
		}
		if got := strings.Join(patchList(m), ", "); got != strings.Join(c.want, ", ") {
			t.Errorf("%s: blockMesh wrote %s\nfoamc reads %s", c.name, got, strings.Join(c.want, ", "))
		}
		res, fl := compileSrc(t, patchSpec(path, c.want), Options{})
		if fl != nil {
			t.Errorf("%s: a spec naming every patch is refused: %v", c.name, fl)
			continue
		}
		if !hasNote(res, IDPatchesFrom, fromBlockMesh) {
			t.Errorf("%s: no %s naming %q: %v", c.name, IDPatchesFrom, fromBlockMesh, res.Findings)
		}
	}
	if after := scratchDirs(t); after > before {
		t.Errorf("%d blockMesh scratch directories left behind", after-before)
	}
}

// The tutorial of issue 27: LadenburgJet60psi, where blockMesh writes defaultFaces without
// faces ("Found 1 undefined faces"); a spec that names it compiles, and the empty patch
// without faces does not make the wedge mesh 2-D.
func TestBlockMeshTutorialDefaultWithoutFaces(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	path := filepath.Join(foamtest.Tutorials(t), "compressible/rhoCentralFoam/LadenburgJet60psi/system/blockMeshDict")
	spec := `version: 1
name: t
mesh: {blockMeshDict: ` + path + `}
physics: {solver: rhoCentralFoam, turbulence: laminar}
fluid: {molWeight: 28.9, Cp: 1005, mu: 0}
boundaries:
  inlet: {role: inlet, U: [315.6, 0, 0], p: 271724, T: 247.1}
  freestreamInlet: {role: wall, T: 297}
  freestream: {role: outlet, p: 101325}
  outlet: {role: outlet, p: 101325}
  wedge1: {role: wedge}
  wedge2: {role: wedge}
  defaultFaces: {role: empty}
control: {endTime: 1e-7, maxCo: 0.2}
`
	res, fl := compileSrc(t, spec, Options{})
	if fl != nil {
		t.Fatalf("a spec naming defaultFaces is refused: %v", fl)
	}
	if res.Features.TwoD {
		t.Error("the empty defaultFaces without faces made the wedge 2-D")
	}
	if !hasNote(res, IDPatchesFrom, "defaultFaces") {
		t.Errorf("no %s listing defaultFaces: %v", IDPatchesFrom, res.Findings)
	}
}

// The security rules judge the scratch directory before blockMesh runs: a deny stops it,
// and the directory holds only the blockMeshDict and foamc's controlDict.
func TestBlockMeshSecurityFirst(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	path := writeMesh(t, map[string]string{"blockMeshDict": bmHeader + patchSyntaxDicts[2].dict})
	m, err := readBlockMesh(path)
	if err != nil {
		t.Fatal(err)
	}
	l := &secLinter{}
	err = m.askBlockMesh(context.Background(), l)
	var fl finding.List
	if !errors.As(err, &fl) || len(fl) != 1 || fl[0].ID != "FOAM-SEC-001" || fl[0].Location.File != path {
		t.Fatalf("want the linter's FOAM-SEC-001 located in %s, got %v", path, err)
	}
	if strings.Join(l.files, " ") != "system/blockMeshDict system/controlDict" {
		t.Errorf("the scratch directory held %v", l.files)
	}
	if _, err := os.Stat(l.dir); !os.IsNotExist(err) {
		t.Errorf("scratch directory %s not removed: %v", l.dir, err)
	}
	// #codeStream never reaches blockMesh: the reader refuses it first.
	code := bmHeader + "x #codeStream { code #{ os << 1; #}; };\n" + patchSyntaxDicts[2].dict
	if _, err := readBlockMesh(writeMesh(t, map[string]string{"blockMeshDict": code})); err == nil || !strings.Contains(err.Error(), "#codeStream") {
		t.Errorf("#codeStream: %v", err)
	}
}

type secLinter struct {
	dir   string
	files []string
}

func (l *secLinter) LintDir(_ context.Context, dir string) ([]finding.Finding, error) {
	l.dir = dir
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			l.files = append(l.files, filepath.ToSlash(rel))
		}
		return err
	})
	return []finding.Finding{{ID: "FOAM-SEC-001", Severity: finding.Deny, Summary: "test",
		Location: finding.Location{File: "system/blockMeshDict", Line: 2}}}, err
}

func hasNote(r *Result, id, text string) bool {
	for _, f := range r.Findings {
		if f.ID == id && strings.Contains(f.Summary, text) {
			return true
		}
	}
	return false
}

// scratchDirs counts the scratch directories in TMPDIR, which the test sets to its own:
// other packages' tests compile specs at the same time under go test ./....
func scratchDirs(t *testing.T) int {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(os.TempDir(), "foamc-blockmesh-*"))
	if err != nil {
		t.Fatal(err)
	}
	return len(m)
}

// What blockMesh refuses is a finding in the user's blockMeshDict quoting blockMesh, never
// a compiled case that stops at its first step: a cyclic without its neighbourPatch.
func TestBlockMeshRefusalIsAFinding(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	dict := strings.Replace(patchSyntaxDicts[2].dict, "inlet { type patch;", "inlet { type cyclic;", 1)
	path := writeMesh(t, map[string]string{"blockMeshDict": bmHeader + dict})
	m, err := readBlockMesh(path)
	if err != nil || m.patchErr != nil {
		t.Fatalf("foamc's reading does not check a cyclic's neighbour: %v %v", err, m.patchErr)
	}
	err = m.askBlockMesh(context.Background(), nil)
	var f finding.Finding
	if !errors.As(err, &f) || f.ID != IDMesh || f.Location.File != path || !strings.Contains(f.Summary, "blockMesh v1912 refuses") || !strings.Contains(f.Summary, "neighbourPatch") {
		t.Fatalf("want a %s in %s quoting blockMesh on neighbourPatch, got %v", IDMesh, path, err)
	}
	t.Log(f.Summary)
}
