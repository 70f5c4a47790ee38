package specs_test

import (
	"regexp"
	"strings"
	"testing"

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
