package specmatrix_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// The three faults of issue 10, as an engineer meets them, in real OpenFOAM v1912.

// compileSpec writes a spec beside nothing else and compiles it with the kb and the rules.
func compileSpec(t *testing.T, yaml string, strict bool) (*compiler.Result, error) {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, "spec.yaml")
	if err := os.WriteFile(p, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := lintedOptions(t)
	opts.Strict = strict
	return compiler.CompileFile(context.Background(), p, opts)
}

// allrun writes the case and runs its Allrun; it returns the solver log and whether the
// run succeeded.
func allrun(t *testing.T, res *compiler.Result, edit func(dir string)) (string, bool) {
	t.Helper()
	foamtest.RequireBinary(t, res.Features.Solver)
	dir := filepath.Join(t.TempDir(), res.Name)
	if err := res.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(dir)
	}
	cmd := exec.Command("sh", "Allrun")
	cmd.Dir, cmd.Env = dir, foamtest.Env()
	err := cmd.Run()
	log, _ := os.ReadFile(filepath.Join(dir, "log."+res.Features.Solver))
	return string(log), err == nil
}

func steps(log string) int { return len(timeLine.FindAllString(log, -1)) }

func tutorial(t *testing.T, rel string) string {
	return filepath.Join(foamtest.SourceDir(t), "tutorials", rel)
}

// A minimal spec (no turbulence levels, no initial fields, no numerics) on the pitzDaily
// tutorial mesh: the open turbulence scales are settled by documented defaults, said as info
// findings and in provenance.json; --strict refuses them.
func TestIssue10MinimalSpec(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	spec := `version: 1
name: pitz-minimal
mesh: {blockMeshDict: ` + tutorial(t, "incompressible/simpleFoam/pitzDaily/system/blockMeshDict") + `}
physics: {solver: simpleFoam, turbulence: kEpsilon}
fluid: {nu: 1e-5}
boundaries:
  inlet: {role: inlet, U: [10, 0, 0]}
  outlet: {role: outlet, p: 0}
  upperWall: {role: wall}
  lowerWall: {role: wall}
control: {endTime: 30, deltaT: 1}
`
	res, err := compileSpec(t, spec, false)
	if err != nil {
		t.Fatalf("a minimal spec must compile: %v", err)
	}
	settled := map[string]bool{}
	for _, f := range res.Findings {
		if f.ID == compiler.IDSettled && f.Severity == finding.Info {
			settled[f.Location.Path] = true
		}
	}
	if !settled["/reference/intensity"] || !settled["/reference/length"] {
		t.Fatalf("intensity and length scale must be listed as settled (info findings), got %v", settled)
	}
	var prov struct {
		Slots []compiler.Slot `json:"slots"`
	}
	if err := json.Unmarshal(res.Files["provenance.json"], &prov); err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, s := range prov.Slots {
		if (s.ID == "reference/intensity" || s.ID == "turbulence/lengthScale") && s.Source.Kind == compiler.KindDefault && s.Source.Ref != "" {
			found++
		}
	}
	if found != 2 {
		t.Fatalf("provenance.json must hold both defaults with their source, found %d", found)
	}
	if _, err := compileSpec(t, spec, true); err == nil || !strings.Contains(err.Error(), compiler.IDOpen) {
		t.Fatalf("--strict must refuse the defaults with %s, got %v", compiler.IDOpen, err)
	}
	mustRun20(t, res)
}

// mustRun20 runs the case and requires >= 20 steps without FATAL or nan.
func mustRun20(t *testing.T, res *compiler.Result) {
	t.Helper()
	log, ok := allrun(t, res, nil)
	if !ok || strings.Contains(log, "FATAL") || nanWord.MatchString(log) || steps(log) < 20 {
		t.Fatalf("%s must run >= 20 steps (ran %d):\n%s", res.Name, steps(log), tail([]byte(log), 30))
	}
}

// The damBreak tutorial mesh leaves its front and back faces to blockMesh's default patch;
// the spec names only the patches the blockMeshDict lists.
func TestIssue10DefaultPatch(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	spec := `version: 1
name: tank-defaultfaces
mesh: {blockMeshDict: ` + tutorial(t, "multiphase/interFoam/laminar/damBreak/damBreak/system/blockMeshDict") + `}
physics: {solver: pimpleFoam, turbulence: laminar}
fluid: {nu: 1e-4}
boundaries:
  leftWall: {role: wall}
  rightWall: {role: wall}
  lowerWall: {role: wall, velocity: [0.5, 0, 0]}
  atmosphere: {role: outlet, p: 0}
control: {endTime: 1, maxCo: 0.5}
`
	res, err := compileSpec(t, spec, false)
	if err != nil {
		t.Fatalf("the damBreak mesh must compile: %v", err)
	}
	if !strings.Contains(string(res.Files["0/U"]), "defaultFaces") {
		t.Fatal("0/U has no entry for blockMesh's default patch defaultFaces")
	}
	mustRun20(t, res)
}

// A supersonic exit: the forwardStep tutorial mesh at Mach 3 with the ambient pressure stated
// at the outlet. A fixed static p there dies in the solver (sqrt of a negative T at
// t = 0.99); the compiler chooses a non-reflecting waveTransmissive p and the case runs to its
// end time. The same case with the outlet forced back to fixedValue reproduces the crash.
func TestIssue10SupersonicExit(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	spec := `version: 1
name: forwardstep-ma3
mesh: {blockMeshDict: ` + tutorial(t, "compressible/rhoCentralFoam/forwardStep/system/blockMeshDict") + `}
physics: {solver: rhoCentralFoam, turbulence: laminar}
fluid: {molWeight: 11640.3, Cp: 2.5, mu: 0, Pr: 1}
boundaries:
  inlet: {role: inlet, U: [3, 0, 0], p: 1, T: 1}
  outlet: {role: outlet, p: 1}
  bottom: {role: symmetry}
  top: {role: symmetry}
  obstacle: {role: wall, slip: true}
control: {endTime: 1.1, deltaT: 0.0005, maxCo: 0.2}
`
	res, err := compileSpec(t, spec, false)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	retyped := false
	for _, f := range res.Findings {
		retyped = retyped || (f.ID == compiler.IDRetyped && f.Location.Path == "/boundaries/obstacle")
	}
	if !retyped || !strings.Contains(string(res.Files["system/blockMeshDict"]), "wall") {
		t.Errorf("the obstacle patch (type patch, role wall) must be retyped to wall and said so: %v", res.Findings)
	}
	if !strings.Contains(string(res.Files["0/p"]), "waveTransmissive") {
		t.Fatalf("the outlet p behind a Mach 3 inflow must not be a fixed static pressure:\n%s", res.Files["0/p"])
	}
	log, ok := allrun(t, res, nil)
	if !ok || strings.Contains(log, "sigFpe") || !strings.Contains(log, "\nEnd") {
		t.Fatalf("the compiled supersonic case must run to its end time (%d steps):\n%s", steps(log), tail([]byte(log), 20))
	}
	// Evidence for FOAM-BC-017: the fixed static p the spec asked for crashes.
	log, ok = allrun(t, res, func(dir string) {
		p := filepath.Join(dir, "0", "p")
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fixed := strings.Replace(string(b), "waveTransmissive", "fixedValue", 1)
		if err := os.WriteFile(p, []byte(fixed), 0o644); err != nil {
			t.Fatal(err)
		}
	})
	if ok || !strings.Contains(log, "sigFpe") {
		t.Fatalf("with a fixed static outlet p the case was expected to die with a floating point exception (ok=%v, %d steps)", ok, steps(log))
	}
}

// An unsatisfiable spec fails to compile with a located finding naming the conflict.
func TestIssue10Unsatisfiable(t *testing.T) {
	spec := `version: 1
name: ico-ras
mesh: {blockMeshDict: ` + tutorial(t, "incompressible/icoFoam/cavity/cavity/system/blockMeshDict") + `}
physics: {solver: icoFoam, turbulence: kEpsilon}
fluid: {nu: 0.01}
boundaries:
  movingWall: {role: wall, velocity: [1, 0, 0]}
  fixedWalls: {role: wall}
control: {endTime: 0.5, deltaT: 0.005}
`
	_, err := compileSpec(t, spec, false)
	var fl finding.List
	if !errors.As(err, &fl) {
		t.Fatalf("want findings, got %v", err)
	}
	for _, f := range fl {
		if f.ID == compiler.IDConflict && f.Location.Line == 4 && strings.Contains(f.Fix, "FOAM-FM-001") {
			return
		}
	}
	t.Fatalf("want %s at spec.yaml:4 naming FOAM-FM-001, got %v", compiler.IDConflict, fl)
}
