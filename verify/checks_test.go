package verify

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/solverlog"
)

// editFile applies literal replacements to a case file; each must match.
func editFile(t *testing.T, dir, rel string, edits ...[2]string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, e := range edits {
		if !strings.Contains(s, e[0]) {
			t.Fatalf("%s has no %q", rel, e[0])
		}
		s = strings.Replace(s, e[0], e[1], 1)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// none fails when a finding with id exists.
func none(t *testing.T, r *Result, id string) {
	t.Helper()
	for _, f := range r.Findings {
		if f.ID == id {
			t.Errorf("unexpected %s: %s", id, f.Summary)
		}
	}
}

// withYPlus replaces the streamlines function object of a simpleFoam pitzDaily
// tutorial by the yPlus one (etc/caseDicts/postProcessing/.../yPlus).
var withYPlus = [2]string{"#includeFunc streamlines", "#includeFunc yPlus"}

// TestPitzDailyConverged: simpleFoam pitzDaily run to convergence (282 iterations)
// with its wall functions is accepted: y+ fits nutkWallFunction (buffer and log
// layer), bounding happened only in start-up, continuity errors are small.
func TestPitzDailyConverged(t *testing.T) {
	dir := tutorial(t, "incompressible/simpleFoam/pitzDaily")
	editFile(t, dir, "system/controlDict", withYPlus)
	foamRun(t, dir, "simpleFoam", 0)
	r := verifyCase(t, dir, Options{})
	want(t, r, Accept, IDCheckPassed, "y+ on lowerWall fits its wall treatment nutkWallFunction", "postProcessing/yPlus/0/yPlus.dat")
	want(t, r, Accept, IDCheckPassed, "y+ on upperWall fits its wall treatment nutkWallFunction")
	want(t, r, Accept, IDBoundingEarlier, "epsilon in 3 of", "last at step 3")
	want(t, r, Accept, IDCheckPassed, "continuity errors small")
	none(t, r, IDBoundingAtEnd)
}

// TestSteadyPlateau: pitzDaily made laminar (Re ~ 25000 on the step height) has no
// steady solution; simpleFoam's residuals stall on an oscillating plateau. It is
// rejected as not converged and told apart from divergence.
func TestSteadyPlateau(t *testing.T) {
	dir := tutorial(t, "incompressible/simpleFoam/pitzDaily")
	editFile(t, dir, "constant/turbulenceProperties", [2]string{"simulationType RAS;", "simulationType laminar;"})
	editFile(t, dir, "system/controlDict", [2]string{"endTime         2000;", "endTime         300;"}, [2]string{"#includeFunc streamlines", ""})
	foamRun(t, dir, "simpleFoam", 0)
	r := verifyCase(t, dir, Options{})
	want(t, r, Reject, IDNotConverged, "steady simpleFoam did not converge")
	want(t, r, Reject, IDPlateau, "residual of Ux stalled on a plateau", "not divergence", "last 60 iterations")
	none(t, r, IDDiverging)
	none(t, r, IDStillConverging)
}

// TestSteadyDiverged: pitzDaily with plain SIMPLE (consistent no) and no pressure
// relaxation blows up: k and epsilon explode, continuity errors grow by 1e100 and
// simpleFoam dies on a floating point exception at step 8. Residuals stay near 1
// (OpenFOAM normalises them), so the divergence is told from the continuity errors.
func TestSteadyDiverged(t *testing.T) {
	dir := tutorial(t, "incompressible/simpleFoam/pitzDaily")
	editFile(t, dir, "system/fvSolution", [2]string{"consistent      yes;", "consistent      no;"})
	editFile(t, dir, "system/controlDict", [2]string{"#includeFunc streamlines", ""})
	if status, _ := foamRunResult(t, dir, "simpleFoam", 0); status != statusFailed {
		t.Fatalf("run %s, want failed", status)
	}
	r := verifyCase(t, dir, Options{})
	want(t, r, Reject, IDSolverFailed, "floating point exception")
	want(t, r, Reject, IDDiverging, "the solution diverges: time step continuity errors grew from")
	none(t, r, IDPlateau)
}

// TestBoundingAtEnd: pitzDaily stopped after 2 iterations still bounds epsilon in
// its last step: the written solution needed clipping.
func TestBoundingAtEnd(t *testing.T) {
	dir := tutorial(t, "incompressible/simpleFoam/pitzDaily")
	foamRun(t, dir, "simpleFoam", 2)
	r := verifyCase(t, dir, Options{})
	f := want(t, r, Reject, IDBoundingAtEnd, "bounding in the last step", "epsilon in 2 of 2 steps, last at step 2")
	if f.Location.File != "log.simpleFoam" {
		t.Errorf("location %+v", f.Location)
	}
}

// TestLowReYPlus: pitzDaily switched to kOmegaSST with nutLowReWallFunction claims
// a resolved wall, but its mesh puts the first cells at y+ ~ 10: rejected.
func TestLowReYPlus(t *testing.T) {
	dir := tutorial(t, "incompressible/simpleFoam/pitzDaily")
	editFile(t, dir, "constant/turbulenceProperties", [2]string{"kEpsilon;", "kOmegaSST;"})
	editFile(t, dir, "0/nut", [2]string{"nutkWallFunction", "nutLowReWallFunction"}, [2]string{"nutkWallFunction", "nutLowReWallFunction"})
	editFile(t, dir, "system/controlDict", withYPlus)
	foamRun(t, dir, "simpleFoam", 30)
	r := verifyCase(t, dir, Options{})
	f := want(t, r, Reject, IDLowReCoarse, "wall resolved (nutLowReWallFunction) on lowerWall", "the viscous sublayer is not resolved", "mean y+ <= 5")
	if f.Location.File != "30/nut" || f.Location.Path != "/boundaryField/lowerWall/type" {
		t.Errorf("location %+v", f.Location)
	}
	// Without the function object's table, the yPlus field it wrote is the evidence.
	if err := os.RemoveAll(filepath.Join(dir, "postProcessing")); err != nil {
		t.Fatal(err)
	}
	want(t, verifyCase(t, dir, Options{}), Reject, IDLowReCoarse, "on lowerWall", "(30/yPlus)")
	// Without either, y+ is not judged and the verdict does not depend on it.
	if err := os.Remove(filepath.Join(dir, "30", "yPlus")); err != nil {
		t.Fatal(err)
	}
	r = verifyCase(t, dir, Options{})
	want(t, r, Reject, IDNoYPlus, "y+ not judged")
	none(t, r, IDLowReCoarse)
}

// TestDamBreakPhase: the interFoam damBreak tutorial (maxCo 1) keeps alpha.water
// within [0, 1] to MULES' tolerance and is accepted; at maxCo 4 the interface
// overshoots to -0.027 and the Courant number exceeds its limit: rejected.
func TestDamBreakPhase(t *testing.T) {
	tut := "multiphase/interFoam/laminar/damBreak/damBreak"
	dir := tutorial(t, tut)
	foamRun(t, dir, "interFoam", 0)
	r := verifyCase(t, dir, Options{Time: "all"})
	want(t, r, Accept, IDCheckPassed, "alpha.water stayed within [0, 1] in every step")
	want(t, r, Accept, IDCheckPassed, "phase fractions within [0, 1] in 0.25")
	want(t, r, Accept, IDCheckPassed, "max Courant number", "within 1.5")
	want(t, r, Accept, IDNoFlowThrough, "no inlet")
	want(t, r, Accept, IDNotJudged, "phase volume conservation not judged: the domain is open through atmosphere (patch)")

	dir = tutorial(t, tut)
	editFile(t, dir, "system/controlDict", [2]string{"endTime         1;", "endTime         0.3;"},
		[2]string{"maxCo           1;", "maxCo           4;"}, [2]string{"maxAlphaCo      1;", "maxAlphaCo      4;"})
	foamRun(t, dir, "interFoam", 0)
	r = verifyCase(t, dir, Options{Time: "all"})
	want(t, r, Reject, IDPhaseLog, "alpha.water left [0, 1] during the run")
	f := want(t, r, Reject, IDPhaseField, "0.25/alpha.water out of [0, 1]")
	if f.Location.File != "0.25/alpha.water" || f.Location.Path != "/internalField" {
		t.Errorf("location %+v", f.Location)
	}
	want(t, r, Reject, IDCourant, "Courant number", "exceeds what PIMPLE tolerates (6)")
}

// TestCavityCourant: the icoFoam cavity at deltaT 0.007 (fixed) runs to End but at
// Courant numbers above PISO's 1: rejected.
func TestCavityCourant(t *testing.T) {
	dir := tutorial(t, "incompressible/icoFoam/cavity/cavity")
	editFile(t, dir, "system/controlDict", [2]string{"deltaT          0.005;", "deltaT          0.007;"},
		[2]string{"writeControl    timeStep;", "writeControl    runTime;"}, [2]string{"writeInterval   20;", "writeInterval   0.1;"})
	foamRun(t, dir, "icoFoam", 0)
	want(t, verifyCase(t, dir, Options{}), Reject, IDCourant, "exceeds what PISO tolerates (1)", "fixed deltaT")
}

// TestFlowThrough: pimpleFoam pitzDaily run for 0.01 s sees a third of a
// flow-through time (L 0.31 m along the 10 m/s inlet): insufficient.
func TestFlowThrough(t *testing.T) {
	dir := tutorial(t, "incompressible/pimpleFoam/RAS/pitzDaily")
	editFile(t, dir, "system/controlDict", [2]string{"endTime         0.3;", "endTime         0.01;"})
	foamRun(t, dir, "pimpleFoam", 0)
	r := verifyCase(t, dir, Options{})
	want(t, r, Insufficient, IDFlowThrough, "only 0.32", "inlet patch inlet", "L = 0.3106 m")
	want(t, r, Insufficient, IDCheckPassed, "max Courant number", "within 7.5")
}

// TestCourantAdjustSwitch: adjustTimeStep is a Switch, and pimpleFoam adapts its step for
// every spelling of on (its log prints each new deltaT); verify judges such a run by the
// adjusted limit (maxCo 5 times 1.5), where before grammar's Switch reader it read `any` and
// a label as a fixed deltaT.
func TestCourantAdjustSwitch(t *testing.T) {
	for _, w := range []string{"any", "1"} {
		dir := tutorial(t, "incompressible/pimpleFoam/RAS/pitzDaily")
		editFile(t, dir, "system/controlDict", [2]string{"endTime         0.3;", "endTime         0.002;"},
			[2]string{"adjustTimeStep  yes;", "adjustTimeStep  " + w + ";"})
		foamRun(t, dir, "pimpleFoam", 0)
		log, err := os.ReadFile(filepath.Join(dir, "log.pimpleFoam"))
		if err != nil {
			t.Fatal(err)
		}
		steps := map[string]bool{}
		for _, l := range strings.Split(string(log), "\n") {
			if v, ok := strings.CutPrefix(l, "deltaT = "); ok {
				steps[v] = true
			}
		}
		if len(steps) < 2 {
			t.Fatalf("adjustTimeStep %s: pimpleFoam did not adapt its step (deltaT values %v)", w, steps)
		}
		want(t, verifyCase(t, dir, Options{}), Insufficient, IDCheckPassed, "max Courant number", "within 7.5", "adjustTimeStep yes")
	}
}

// TestDecomposed: pitzDaily decomposed in two and run with mpirun -np 2, not
// reconstructed: verify reads processor0/1, skips their processor patches, and
// locates a bad value in the processor file that holds it.
func TestDecomposed(t *testing.T) {
	dir := tutorial(t, "incompressible/simpleFoam/pitzDaily")
	editFile(t, dir, "system/controlDict", withYPlus, [2]string{"endTime         2000;", "endTime         20;"},
		[2]string{"writeInterval   100;", "writeInterval   20;"})
	if err := os.WriteFile(filepath.Join(dir, "system", "decomposeParDict"), []byte(
		"FoamFile { version 2.0; format ascii; class dictionary; object decomposeParDict; }\n"+
			"numberOfSubdomains 2;\nmethod simple;\nsimpleCoeffs { n (2 1 1); delta 0.001; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mpirun := foamtest.RequireTool(t, "mpirun")
	for _, c := range [][]string{
		{foamtest.RequireBinary(t, "blockMesh")},
		{foamtest.RequireBinary(t, "decomposePar")},
		{mpirun, "--allow-run-as-root", "--oversubscribe", "-np", "2", foamtest.RequireBinary(t, "simpleFoam"), "-parallel"},
	} {
		cmd := exec.Command(c[0], c[1:]...)
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", c, err, out)
		}
		if strings.HasSuffix(c[len(c)-1], "-parallel") {
			if err := os.WriteFile(filepath.Join(dir, "log.simpleFoam"), out, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "20")); err == nil {
		t.Fatal("the case directory has a time 20: not a decomposed result")
	}
	r := verifyCase(t, dir, Options{})
	if strings.Join(r.Times, " ") != "20" {
		t.Errorf("times %q, want the processors' 20", r.Times)
	}
	want(t, r, Reject, IDCheckPassed, "bounds hold in 20 (2 processor directories)", "processor*/20/k min")
	want(t, r, Reject, IDNotConverged, "20 iterations")
	want(t, r, Reject, IDCheckPassed, "y+ on lowerWall fits its wall treatment nutkWallFunction")
	for _, f := range r.Findings {
		if f.ID == IDNonFinite || f.ID == IDUnreadable {
			t.Errorf("%s", f)
		}
	}
	// The yPlus field pieces give the function object's mean (gAverage over all faces).
	pp := want(t, r, Reject, IDCheckPassed, "y+ on upperWall").Detail
	if err := os.RemoveAll(filepath.Join(dir, "postProcessing")); err != nil {
		t.Fatal(err)
	}
	pf := want(t, verifyCase(t, dir, Options{}), Reject, IDCheckPassed, "y+ on upperWall", "(processor*/20/yPlus)").Detail
	if mean := func(s string) string { return strings.Fields(s[strings.Index(s, "mean "):])[1] }; mean(pp) != mean(pf) {
		t.Errorf("mean y+ from yPlus.dat %s, from the yPlus field pieces %s", mean(pp), mean(pf))
	}

	edit(t, filepath.Join(dir, "processor1", "20", "k"), "-0.5")
	f := want(t, verifyCase(t, dir, Options{}), Reject, IDBounds, "processor1/20/k out of physical bounds", "min -0.5 at index 0")
	if f.Location.File != "processor1/20/k" {
		t.Errorf("location %+v", f.Location)
	}
	want(t, verifyCase(t, dir, Options{Time: "7"}), Reject, IDNoResults, "available: 20", "listed in processor0 (the case is decomposed into 2")
	if finding.Max(r.Findings) != finding.Deny {
		t.Errorf("max severity %v", finding.Max(r.Findings))
	}
}

// TestResidualTrend: the three histories 014/015/016 tell apart, on synthetic
// residuals (the real runs above cover plateau, still converging and a blow-up seen
// in the continuity errors; a steady residual that climbs back is rarer).
func TestResidualTrend(t *testing.T) {
	history := func(f func(i int) float64) []solverlog.Step {
		var s []solverlog.Step
		for i := range 100 {
			s = append(s, solverlog.Step{Time: float64(i + 1), Residuals: map[string]float64{"p": f(i)}})
		}
		return s
	}
	for _, c := range []struct {
		name string
		f    func(i int) float64
		want string
	}{
		{"falls a decade per 20 iterations", func(i int) float64 { return math.Pow(10, -float64(i)/20) }, "falling"},
		{"oscillates around 1e-2", func(i int) float64 { return 1e-2 * (1 + 0.5*math.Sin(float64(i))) }, "plateau"},
		{"falls to 1e-5, climbs back to 1e-1", func(i int) float64 { return math.Pow(10, -5+math.Max(0, float64(i-40))/15) }, "diverging"},
	} {
		tr, ok := residualTrend(history(c.f), "p")
		if !ok || tr.kind() != c.want {
			t.Errorf("%s: %s (%+v), want %s", c.name, tr.kind(), tr, c.want)
		}
	}
	if _, ok := residualTrend(history(func(int) float64 { return 1 })[:15], "p"); ok {
		t.Error("15 iterations: two windows of 10 judged")
	}
}

// closeTank turns the damBreak tutorial into a closed tank: its atmosphere becomes a
// wall (alpha zeroGradient, U noSlip, p_rgh fixedFluxPressure, a reference cell).
func closeTank(t *testing.T, dir string) {
	t.Helper()
	editFile(t, dir, "system/blockMeshDict", [2]string{"    atmosphere\n    {\n        type patch;", "    atmosphere\n    {\n        type wall;"})
	alpha := [2]string{"type            inletOutlet;\n        inletValue      uniform 0;\n        value           uniform 0;", "type            zeroGradient;"}
	editFile(t, dir, "0/alpha.water", alpha)
	editFile(t, dir, "0/alpha.water.orig", alpha)
	editFile(t, dir, "0/U", [2]string{"type            pressureInletOutletVelocity;\n        value           uniform (0 0 0);", "type            noSlip;"})
	editFile(t, dir, "0/p_rgh", [2]string{"type            totalPressure;\n        p0              uniform 0;", "type            fixedFluxPressure;\n        value           uniform 0;"})
	editFile(t, dir, "system/fvSolution", [2]string{"nNonOrthogonalCorrectors 0;", "nNonOrthogonalCorrectors 0;\n    pRefCell 0;\n    pRefValue 0;"})
	editFile(t, dir, "system/controlDict", [2]string{"endTime         1;", "endTime         0.2;"})
}

// TestClosedTankPhaseVolume: damBreak closed at the top keeps its water volume to the
// log's six digits and is accepted; with the alpha solve left unconverged (tolerance
// 1e-3, relTol 0.5, one sweep) it loses 0.3 % of its water while alpha stays in [0, 1]:
// the bounds checks pass it, the volume check rejects it (its Courant number, 1.56 against
// 1.5, is rejected too). The open tutorial is not judged.
func TestClosedTankPhaseVolume(t *testing.T) {
	tut := "multiphase/interFoam/laminar/damBreak/damBreak"
	dir := tutorial(t, tut)
	closeTank(t, dir)
	foamRun(t, dir, "interFoam", 0)
	r := verifyCase(t, dir, Options{})
	want(t, r, Accept, IDCheckPassed, "the volume of alpha.water in the closed domain is conserved: 0.13019")

	dir = tutorial(t, tut)
	closeTank(t, dir)
	editFile(t, dir, "system/fvSolution", [2]string{"tolerance       1e-8;\n        relTol          0;", "tolerance       1e-3;\n        relTol          0.5;\n        maxIter         1;"})
	foamRun(t, dir, "interFoam", 0)
	r = verifyCase(t, dir, Options{})
	want(t, r, Reject, IDPhaseVolume, "the volume of alpha.water in the closed domain changed: 0.130194 at time")
	want(t, r, Reject, IDCheckPassed, "alpha.water stayed within [0, 1] in every step")
	none(t, r, IDPhaseLog)
	none(t, r, IDPhaseField)
}
