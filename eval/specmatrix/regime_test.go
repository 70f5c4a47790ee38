package specmatrix_test

import (
	"context"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/internal/foamtest"
)

// inletBlock is the inlet patch's entry in a 0/ field file.
var inletBlock = regexp.MustCompile(`(?s)\n    inlet\n    \{.*?\}`)

// A supersonic inlet given by its totals (p0, T0) and its velocity: the forwardStep tutorial
// mesh at Mach 3 (p0 = 2.8^3.5, T0 = 2.8 give the tutorial's static p = 1, T = 1). A
// totalPressure/pressureInletOutletVelocity inlet would let the inflow drift; the compiled
// case fixes U and the static p and T, extrapolates the outlet and runs.
func TestIssue10SupersonicInletTotals(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	spec := `version: 1
name: forwardstep-totals
mesh: {blockMeshDict: ` + tutorial(t, "compressible/rhoCentralFoam/forwardStep/system/blockMeshDict") + `}
physics: {solver: rhoCentralFoam, turbulence: laminar}
fluid: {molWeight: 11640.3, Cp: 2.5, mu: 0, Pr: 1}
boundaries:
  inlet: {role: inlet, U: [3, 0, 0], p: {total: 36.733}, T: {total: 2.8}}
  outlet: {role: outlet}
  bottom: {role: symmetry}
  top: {role: symmetry}
  obstacle: {role: wall, slip: true}
control: {endTime: 0.05, deltaT: 0.0005, maxCo: 0.2}
`
	res, err := compileSpec(t, spec, false)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	for f, want := range map[string]string{"U": "uniform (3 0 0)", "p": "uniform 0.9999", "T": "uniform 1;"} {
		txt := string(res.Files["0/"+f])
		m := inletBlock.FindString(txt)
		if !strings.Contains(m, "fixedValue") || !strings.Contains(m, want) {
			t.Errorf("0/%s: the supersonic inlet must be fixedValue with %q, got %q", f, want, m)
		}
	}
	mustRun20(t, res)
}

// A converging-diverging nozzle (eval/specmatrix/meshes/nozzle, A_exit/A_throat = 2) at p/p0 = 0.3:
// the area ratio predicts a supersonic exit (Ma 2.2 isentropic), the compiler gives the
// outlet waveTransmissive, and the case runs with a supersonic exit (Ma > 1.5 over the whole
// outlet after 3 ms). The fixed static p the spec states instead drives the time step down
// by four orders of magnitude (1e-9 s from ~4e-6 s at step ~600): the run never ends.
func TestIssue10NozzleAreaRatio(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	spec := `version: 1
name: nozzle-supersonic-exit
mesh: {blockMeshDict: meshes/nozzle/blockMeshDict}
physics: {flow: {compressible: true, steady: false}, turbulence: laminar}
fluid: {molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5, Pr: 0.71}
boundaries:
  inlet:        {role: inlet, p: {total: 1e5}, T: {total: 300}}
  outlet:       {role: outlet, p: 0.3e5}
  axis:         {role: symmetry}
  wall:         {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 3e-3, maxCo: 0.5}
`
	spec = strings.Replace(spec, "meshes/", filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes")+"/", 1)
	res, err := compileSpec(t, spec, false)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	if !strings.Contains(string(res.Files["0/p"]), "waveTransmissive") || !strings.Contains(string(res.Files["provenance.json"]), "supersonic exit at Ma = 2.2") {
		t.Fatalf("the nozzle's outlet must be waveTransmissive with the area-ratio reason in provenance:\n%s", res.Files["0/p"])
	}
	var dir string
	log, ok := allrun(t, res, func(d string) { dir = d })
	if !ok || strings.Contains(log, "FATAL") || nanWord.MatchString(log) || steps(log) < 20 {
		t.Fatalf("the compiled nozzle must run >= 20 steps (ran %d):\n%s", steps(log), tail([]byte(log), 20))
	}
	if lo, hi := exitMach(t, filepath.Join(dir, "0.003"), 1.4, 8314.47/28.96); lo < 1.5 {
		t.Errorf("exit Mach %.3g..%.3g: the predicted supersonic exit is not there", lo, hi)
	}
	// Evidence: the outlet forced back to the fixed static p collapses the time step.
	res2 := *res
	fixed := strings.Replace(string(res.Files["0/p"]), "waveTransmissive", "fixedValue", 1)
	res2.Files = maps.Clone(res.Files)
	res2.Files["0/p"] = []byte(fixed)
	flog := runFor(t, &res2, 20*time.Second)
	if dt := minDeltaT(flog); dt > 1e-8 {
		t.Errorf("with a fixed static outlet p the time step was expected to collapse below 1e-8 s, min deltaT %g", dt)
	}
	if dt := minDeltaT(log); dt < 1e-7 {
		t.Errorf("the compiled case's time step fell to %g", dt)
	}
}

var deltaTLine = regexp.MustCompile(`(?m)^deltaT = (\S+)`)

func minDeltaT(log string) float64 {
	lo := math.Inf(1)
	for _, m := range deltaTLine.FindAllStringSubmatch(log, -1) {
		if x, err := strconv.ParseFloat(m[1], 64); err == nil {
			lo = math.Min(lo, x)
		}
	}
	return lo
}

// runFor writes the case, meshes it and runs its solver for at most d (a run that stalls
// is stopped, not waited for); it returns the solver's log.
func runFor(t *testing.T, res *compiler.Result, d time.Duration) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), res.Name)
	if err := res.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"blockMesh", res.Features.Solver} {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		cmd := exec.CommandContext(ctx, foamtest.RequireBinary(t, tool))
		cmd.Dir, cmd.Env = dir, foamtest.Env()
		out, err := cmd.CombinedOutput()
		cancel()
		if tool == "blockMesh" && err != nil {
			t.Fatalf("blockMesh: %v\n%s", err, out)
		}
		if tool == res.Features.Solver {
			return string(out)
		}
	}
	return ""
}

// outletList is the outlet's value list in a field file of a time directory.
var outletList = regexp.MustCompile(`(?s)\n    outlet\n    \{.*?value\s+nonuniform List<\w+>\s*\d+\s*\((.*?)\n\)\s*;`)

// exitMach is the range of the Mach number over the outlet faces of a time directory.
func exitMach(t *testing.T, timeDir string, gamma, R float64) (float64, float64) {
	t.Helper()
	read := func(f string) []string {
		b, err := os.ReadFile(filepath.Join(timeDir, f))
		if err != nil {
			t.Fatal(err)
		}
		m := outletList.FindSubmatch(b)
		if m == nil {
			t.Fatalf("%s/%s: no nonuniform outlet values", timeDir, f)
		}
		return strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(string(m[1])))
	}
	u, T := read("U"), read("T")
	if len(u) != 3*len(T) || len(T) == 0 {
		t.Fatalf("outlet U has %d components for %d temperatures", len(u), len(T))
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, ts := range T {
		ux, _ := strconv.ParseFloat(u[3*i], 64)
		temp, _ := strconv.ParseFloat(ts, 64)
		ma := ux / math.Sqrt(gamma*R*temp)
		lo, hi = math.Min(lo, ma), math.Max(hi, ma)
	}
	return lo, hi
}

// A Mach 2 far field around the committed flat-plate polyMesh: supersonicFreestream U with
// p extrapolated, the outlet extrapolated, >= 20 steps in rhoCentralFoam.
func TestIssue10SupersonicFarField(t *testing.T) {
	spec := `version: 1
name: plate-ma2-farfield
mesh: {polyMesh: ` + filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes", "platePoly", "polyMesh") + `}
physics: {solver: rhoCentralFoam, turbulence: laminar}
fluid: {molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5, Pr: 0.71}
boundaries:
  farfield:     {role: freestream, U: [694, 0, 0], p: 1e5, T: 300}
  outlet:       {role: outlet}
  plate:        {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 2e-5, deltaT: 1e-8, maxCo: 0.2}
`
	res, err := compileSpec(t, spec, false)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	if !strings.Contains(string(res.Files["0/U"]), "supersonicFreestream") {
		t.Fatalf("the Mach 2 far field must be supersonicFreestream:\n%s", res.Files["0/U"])
	}
	mustRun20(t, res)
}
