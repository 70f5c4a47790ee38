package kb

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// reFoamList matches a named OpenFOAM list as the -list* options print it:
// `scalarBCs\n119\n(\nname\n...\n)` or `functionObjects6(a b c)`.
var reFoamList = regexp.MustCompile(`(?s)([A-Za-z][\w ]*?)\s*(\d+)\s*\(([^()]*)\)`)

// foamList runs `solver option` and returns the named lists it printed.
func foamList(t *testing.T, solver, option string) map[string][]string {
	t.Helper()
	bin := foamtest.RequireBinary(t, solver)
	cmd := exec.Command(bin, option)
	cmd.Env = foamtest.Env()
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", solver, option, err, out)
	}
	body := string(out)
	if i := strings.LastIndex(body, "// * * *"); i >= 0 {
		body = body[i:]
	}
	lists := map[string][]string{}
	for _, m := range reFoamList.FindAllStringSubmatch(body, -1) {
		lists[strings.TrimSpace(m[1])] = strings.Fields(m[3])
	}
	if len(lists) == 0 {
		t.Fatalf("%s %s printed no list:\n%s", solver, option, body)
	}
	return lists
}

// TestVocabCoversBinaries cross-checks the mined vocabularies with what the
// installed v1912 solvers list at run time (each solver lists what its linked
// libraries register, so each list must be a subset of the vocabulary).
func TestVocabCoversBinaries(t *testing.T) {
	k := embeddedKB(t)
	v := k.Vocab
	check := func(what string, got, vocab []string) {
		t.Helper()
		if len(got) == 0 {
			t.Errorf("%s: the binary listed nothing", what)
		}
		for _, n := range got {
			if !slices.Contains(vocab, n) {
				t.Errorf("%s: %s is registered in the binary but not in the kb vocabulary", what, n)
			}
		}
	}
	for _, solver := range []string{"simpleFoam", "rhoSimpleFoam", "interFoam", "buoyantPimpleFoam"} {
		check(solver+" scalar BCs", foamList(t, solver, "-listScalarBCs")["scalarBCs"], v.BCTypes["scalar"])
		check(solver+" vector BCs", foamList(t, solver, "-listVectorBCs")["vectorBCs"], v.BCTypes["vector"])
	}
	for solver, class := range map[string]string{"simpleFoam": "incompressible", "rhoSimpleFoam": "compressible"} {
		lists := foamList(t, solver, "-listTurbulenceModels")
		check(solver+" RAS models", lists["RAS models"], v.RASModels[class])
		check(solver+" LES models", lists["LES models"], v.LESModels[class])
	}
	check("rhoSimpleFoam function objects", foamList(t, "rhoSimpleFoam", "-listFunctionObjects")["functionObjects"], v.FunctionObjects)
}

var reFatalList = regexp.MustCompile(`(?s)FOAM FATAL.*?\n(\d+)\s*\(([^()]*)\)`)

// TestVocabCoversSelectionTables breaks one name at a time in the icoFoam cavity
// tutorial; icoFoam then stops and prints the run-time selection table it
// looked the name up in, which must be covered by the vocabulary.
func TestVocabCoversSelectionTables(t *testing.T) {
	blockMesh := foamtest.RequireBinary(t, "blockMesh")
	icoFoam := foamtest.RequireBinary(t, "icoFoam")
	src := filepath.Join(foamtest.Tutorials(t), "incompressible", "icoFoam", "cavity", "cavity")
	base := t.TempDir()
	if out, err := exec.Command("cp", "-r", src+"/.", base).CombinedOutput(); err != nil {
		t.Fatalf("copy cavity: %v %s", err, out)
	}
	mesh := exec.Command(blockMesh, "-case", base)
	mesh.Env = foamtest.Env()
	if out, err := mesh.CombinedOutput(); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	v := embeddedKB(t).Vocab
	cases := []struct {
		name, file, from, to string
		vocab                []string
	}{
		{"ddt", "fvSchemes", "default         Euler;", "default bogus;", v.DdtSchemes},
		{"grad", "fvSchemes", "grad(p)         Gauss linear;", "grad(p) bogus;", v.GradSchemes},
		{"div", "fvSchemes", "div(phi,U)      Gauss linear;", "div(phi,U) bogus linear;", v.DivSchemes},
		{"interpolation", "fvSchemes", "div(phi,U)      Gauss linear;", "div(phi,U) Gauss bogus;", v.InterpolationSchemes},
		{"laplacian", "fvSchemes", "default         Gauss linear orthogonal;", "default bogus linear orthogonal;", v.LaplacianSchemes},
		{"snGrad", "fvSchemes", "default         Gauss linear orthogonal;", "default Gauss linear bogus;", v.SnGradSchemes},
		{"solver", "fvSolution", "solver          PCG;", "solver bogus;", v.LinearSolvers},
		{"preconditioner", "fvSolution", "preconditioner  DIC;", "preconditioner bogus;", v.Preconditioners},
		{"smoother", "fvSolution", "smoother        symGaussSeidel;", "smoother bogus;", v.Smoothers},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if out, err := exec.Command("cp", "-r", base+"/.", dir).CombinedOutput(); err != nil {
				t.Fatalf("copy: %v %s", err, out)
			}
			p := filepath.Join(dir, "system", c.file)
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), c.from) {
				t.Fatalf("%s has no %q", c.file, c.from)
			}
			if err := os.WriteFile(p, []byte(strings.Replace(string(data), c.from, c.to, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(icoFoam, "-case", dir)
			cmd.Env = foamtest.Env()
			out, _ := cmd.CombinedOutput()
			m := reFatalList.FindStringSubmatch(string(out))
			if m == nil {
				t.Fatalf("icoFoam printed no selection table:\n%s", out)
			}
			names := strings.Fields(m[2])
			if len(names) == 0 {
				t.Fatalf("empty table:\n%s", out)
			}
			for _, n := range names {
				if !slices.Contains(c.vocab, n) {
					t.Errorf("%s: icoFoam accepts %s but the vocabulary lacks it", c.name, n)
				}
			}
		})
	}
}

// TestThermoCombinationsCoverSolvers breaks the thermo word of the rhoCentralFoam
// shockTube tutorial; each solver then prints the selection table of its thermo
// family, which must equal the mined combinations of that table.
func TestThermoCombinationsCoverSolvers(t *testing.T) {
	blockMesh := foamtest.RequireBinary(t, "blockMesh")
	src := filepath.Join(foamtest.Tutorials(t), "compressible", "rhoCentralFoam", "shockTube")
	dir := t.TempDir()
	if out, err := exec.Command("cp", "-r", src+"/.", dir).CombinedOutput(); err != nil {
		t.Fatalf("copy: %v %s", err, out)
	}
	if err := os.Rename(filepath.Join(dir, "0.orig"), filepath.Join(dir, "0")); err != nil {
		t.Fatal(err)
	}
	mesh := exec.Command(blockMesh, "-case", dir)
	mesh.Env = foamtest.Env()
	if out, err := mesh.CombinedOutput(); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	p := filepath.Join(dir, "constant", "thermophysicalProperties")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	broken := regexp.MustCompile(`(?m)^(\s*thermo\s+)hConst;`).ReplaceAllString(string(data), "${1}bogus;")
	if broken == string(data) {
		t.Fatal("shockTube thermophysicalProperties has no `thermo hConst;`")
	}
	if err := os.WriteFile(p, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	combos := embeddedKB(t).Vocab.ThermoCombinations
	for solver, table := range map[string]string{
		"rhoCentralFoam": "psiThermo", "rhoPimpleFoam": "fluidThermo",
		"buoyantPimpleFoam": "rhoThermo", "reactingFoam": "psiReactionThermo",
	} {
		bin := foamtest.RequireBinary(t, solver)
		cmd := exec.Command(bin, "-case", dir)
		cmd.Env = foamtest.Env()
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), "Valid "+table+" types") {
			t.Errorf("%s: no %s table in:\n%s", solver, table, out)
			continue
		}
		m := reFatalList.FindStringSubmatch(string(out))
		if m == nil {
			t.Errorf("%s: no list", solver)
			continue
		}
		got := strings.Fields(m[2])
		for _, n := range got {
			if !slices.Contains(combos[table], n) {
				t.Errorf("%s accepts %s but thermoCombinations[%s] lacks it", solver, n, table)
			}
		}
		for _, n := range combos[table] {
			if !slices.Contains(got, n) {
				t.Errorf("thermoCombinations[%s] has %s but %s does not accept it", table, n, solver)
			}
		}
	}
}
