package foamcase

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// loadAllrun writes a txtar fixture of testdata/allrun and loads it as foamc lint does.
func loadAllrun(t *testing.T, name string) (*Case, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "case")
	foamtest.WriteTxtar(t, filepath.Join("testdata", "allrun", name+".txtar"), dir)
	c, err := Load(dir, Options{Allrun: true, Env: func(string) (string, bool) { return "", false }})
	if err != nil {
		t.Fatal(err)
	}
	if c.Allrun == nil {
		t.Fatalf("%s: no Allrun read", name)
	}
	return c, dir
}

func commands(steps []AllrunStep) []string {
	var out []string
	for _, s := range steps {
		out = append(out, s.Command)
	}
	return out
}

func TestAllrunMeshOnly(t *testing.T) {
	c, _ := loadAllrun(t, "meshonly")
	a := c.Allrun
	if want := []string{"blockMesh", "topoSet", "snappyHexMesh", "checkMesh"}; !reflect.DeepEqual(commands(a.Apps), want) {
		t.Fatalf("apps %v, want %v (the sub-case's simpleFoam is not this case's)", commands(a.Apps), want)
	}
	if !a.MeshOnly || a.Apps[0].Line != 5 || a.Apps[3].Line != 11 {
		t.Fatalf("mesh-only %v, lines %d %d", a.MeshOnly, a.Apps[0].Line, a.Apps[3].Line)
	}
	// the sub-case is run by its parent's Allrun: (cd sub && runApplication simpleFoam).
	sub, err := Load(filepath.Join(c.Dir, "sub"), Options{Allrun: true})
	if err != nil {
		t.Fatal(err)
	}
	if sub.Allrun == nil || sub.Allrun.File != "../Allrun" || sub.Allrun.MeshOnly || !reflect.DeepEqual(commands(sub.Allrun.Apps), []string{"simpleFoam"}) {
		t.Fatalf("sub-case Allrun %+v", sub.Allrun)
	}
}

func TestAllrunSolver(t *testing.T) {
	c, _ := loadAllrun(t, "solver")
	// getApplication is controlDict's application (RunFunctions); the heredoc is no command.
	if want := []string{"blockMesh", "checkMesh", "icoFoam"}; !reflect.DeepEqual(commands(c.Allrun.Apps), want) || c.Allrun.MeshOnly {
		t.Fatalf("apps %v mesh-only %v, want %v and a solver run", commands(c.Allrun.Apps), c.Allrun.MeshOnly, want)
	}
	if len(c.Allrun.Underived) != 0 {
		t.Fatalf("underived %+v", c.Allrun.Underived)
	}
}

func TestAllrunUnsure(t *testing.T) {
	c, _ := loadAllrun(t, "unsure")
	if c.Allrun.MeshOnly {
		t.Fatal("a program foamc cannot name may be the solver: not a meshing case")
	}
	if got := commands(c.Allrun.Underived); !reflect.DeepEqual(got, []string{"$SOLVER", "./Allrun.missing"}) {
		t.Fatalf("underived %v", got)
	}
}

func TestAllrunCopies(t *testing.T) {
	c, dir := loadAllrun(t, "copies")
	a := c.Allrun
	var made []string
	for k := range a.Created {
		made = append(made, k)
	}
	want := map[string]string{
		"0":                            "0.orig",
		"system/fvSolution":            "system/fvSolution.template",
		"constant/triSurface/a.stl.gz": "resources/a.stl.gz",
		"constant/triSurface/b.stl.gz": "resources/b.stl.gz",
		"constant/transportProperties": "shared/transportProperties",
	}
	if len(a.Created) != len(want) {
		t.Fatalf("created %v", made)
	}
	for k, v := range want {
		if a.Created[k] != filepath.Join(dir, v) {
			t.Errorf("created %s from %q, want %s", k, a.Created[k], v)
		}
	}
	// the case is read as the pre-steps leave it, never written.
	if _, ok := c.Files["system/fvSolution"]; !ok {
		t.Error("system/fvSolution (cp of the template) not read")
	}
	if _, ok := c.Files["constant/transportProperties"]; !ok {
		t.Error("constant/transportProperties (ln -s) not read")
	}
	if loc := c.Locate("/files/system~1fvSolution/solvers"); loc.File != "system/fvSolution.template" {
		t.Errorf("findings on the copy name %q, want its source", loc.File)
	}
	for _, in := range c.Includes {
		if !in.Found {
			t.Errorf("include %s not found: 0/include made by restore0Dir", in.Target)
		}
	}
	for _, p := range []string{"0", "system/fvSolution", "constant/transportProperties"} {
		if _, err := os.Lstat(filepath.Join(dir, p)); err == nil {
			t.Errorf("%s written into the case", p)
		}
	}
	var under []string
	for _, s := range a.Underived {
		under = append(under, s.Command+":"+s.Writes)
	}
	if want := "sed:constant/turbulenceProperties mapFields:fields foamDictionary:system/fvSolution"; strings.Join(under, " ") != want {
		t.Fatalf("underived %q, want %q", strings.Join(under, " "), want)
	}
}

// TestAllrunGateReadsNoScript: a lint for a run (the gate, foamc run) never reads the Allrun.
func TestAllrunGateReadsNoScript(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "case")
	foamtest.WriteTxtar(t, filepath.Join("testdata", "allrun", "meshonly.txtar"), dir)
	c, err := Load(dir, Options{Allrun: true, Run: &Run{Command: "simpleFoam"}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Allrun != nil {
		t.Fatal("the gate's lint read the Allrun")
	}
}

// TestAllrunScriptOverlay: Options.Script serves the Allrun the caller holds (a language
// server's unsaved buffer) in place of the file; other scripts still come from disk.
func TestAllrunScriptOverlay(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "case")
	foamtest.WriteTxtar(t, filepath.Join("testdata", "allrun", "meshonly.txtar"), dir)
	var asked []string
	c, err := Load(dir, Options{Allrun: true, Script: func(p string) ([]byte, bool) {
		asked = append(asked, p)
		if p != filepath.Join(dir, "Allrun") {
			return nil, false
		}
		return []byte("#!/bin/sh\nrunApplication blockMesh\nrunApplication simpleFoam\n"), true
	}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Allrun == nil || c.Allrun.MeshOnly || !reflect.DeepEqual(commands(c.Allrun.Apps), []string{"blockMesh", "simpleFoam"}) || c.Allrun.Apps[1].Line != 3 {
		t.Fatalf("Allrun %+v, want the buffer's blockMesh and simpleFoam (line 3)", c.Allrun)
	}
	if !reflect.DeepEqual(asked, []string{filepath.Join(dir, "Allrun")}) {
		t.Fatalf("scripts asked for %v", asked)
	}
}

// TestAllrunRunFunctions holds the port to the release's RunFunctions: restore0Dir copies
// 0.orig to 0, getApplication reads controlDict's application, runApplication and
// runParallel take the options runFunctionApp skips before the application.
func TestAllrunRunFunctions(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(foamtest.SourceDir(t), "bin", "tools", "RunFunctions"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	for _, want := range []string{`\cp -r 0.orig 0`, "foamDictionary -entry application -value system/controlDict",
		"-s | -suffix)", "-a | -append)", "-n | -np)", "-decomposeParDict)"} {
		if !strings.Contains(s, want) {
			t.Errorf("RunFunctions no longer has %q", want)
		}
	}
	if got := runFunctionApp([]string{"-s", "flip", "-np", "4", "-decomposeParDict", "system/d", "-a", "topoSet", "-dict", "x"}); got != "topoSet" {
		t.Errorf("runFunctionApp = %q", got)
	}
}

// TestAllrunTutorials reads real v1912 tutorials: a meshing tutorial and a solver one.
func TestAllrunTutorials(t *testing.T) {
	tut := foamtest.Tutorials(t)
	for _, tc := range []struct {
		dir      string
		meshOnly bool
	}{
		{"mesh/snappyHexMesh/flange", true},
		{"incompressible/simpleFoam/motorBike", false},
	} {
		c, err := Load(filepath.Join(tut, tc.dir), Options{Allrun: true})
		if err != nil {
			t.Fatal(err)
		}
		if c.Allrun == nil || c.Allrun.MeshOnly != tc.meshOnly {
			t.Errorf("%s: Allrun %+v, want mesh-only %v", tc.dir, c.Allrun, tc.meshOnly)
		}
	}
}

// TestAllrunCompiled: the Allrun foamc compile writes runs blockMesh and the solver
// through a function; nothing in it is underived.
func TestAllrunCompiled(t *testing.T) {
	c, _ := loadAllrun(t, "compiled")
	if got := commands(c.Allrun.Apps); !reflect.DeepEqual(got, []string{"blockMesh", "icoFoam"}) || c.Allrun.MeshOnly || len(c.Allrun.Underived) != 0 {
		t.Fatalf("apps %v mesh-only %v underived %+v", got, c.Allrun.MeshOnly, c.Allrun.Underived)
	}
}
