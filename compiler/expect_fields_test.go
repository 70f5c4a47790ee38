package compiler

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestSolverComputedFields: each field of solverComputed is constructed in the solver's
// createFields.H without reading a file (NO_READ) and written (AUTO_WRITE), in v1912.
func TestSolverComputedFields(t *testing.T) {
	src := foamtest.SourceDir(t)
	dirs := map[string]string{
		"interFoam":        "applications/solvers/multiphase/interFoam",
		"shallowWaterFoam": "applications/solvers/incompressible/shallowWaterFoam",
	}
	for solver, fields := range solverComputed {
		dir, ok := dirs[solver]
		if !ok {
			t.Fatalf("%s: no source directory in the test", solver)
		}
		b, err := os.ReadFile(filepath.Join(src, dir, "createFields.H"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fields {
			re := regexp.MustCompile(`IOobject\s*\(\s*"` + regexp.QuoteMeta(f) + `",\s*runTime\.timeName\(\),\s*mesh,\s*IOobject::NO_READ,\s*IOobject::AUTO_WRITE\s*\)`)
			if !re.Match(b) {
				t.Errorf("%s: %s is not constructed NO_READ, AUTO_WRITE in %s/createFields.H", solver, f, dir)
			}
		}
	}
}

// TestExpectWrittenFields: an expect item may sample what the case writes besides its 0/
// files — interFoam's p, a passive scalar's function-object field, a specie of the
// mechanism that starts from Ydefault — and a shallow-water discharge hU is a vector.
func TestExpectWrittenFields(t *testing.T) {
	item := func(field, comp string) string {
		c := ""
		if comp != "" {
			c = ", component: " + comp
		}
		return "expect:\n  - {name: m, patchAverage: {patch: outlet, field: " + field + c + "}, value: 1, tolerance: {absolute: 1}}\n"
	}
	for _, tc := range []struct {
		name, src, deny string
	}{
		{"interFoam p", channelVoF + item("p", ""), ""},
		{"scalar function object", channelKE + "scalars: [{name: dye, diffusivity: 1.0e-9}]\n" + item("dye", ""), ""},
		{"not a scalar", channelKE + item("dye", ""), `samples "dye", which simpleFoam does not write`},
		{"reacting product", channelReacting + item("CO2", ""), ""},
		{"hU without component", channelShallow + item("hU", ""), "samples the vector field hU without a component"},
		{"hU x", channelShallow + item("hU", "x"), ""},
		{"shallow U", channelShallow + item("U", "x"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, fl := compileSrc(t, tc.src, Options{})
			got := fl.Error()
			if tc.deny == "" && len(fl) > 0 {
				t.Errorf("refused:\n%s", got)
			}
			if tc.deny != "" && !strings.Contains(got, tc.deny) {
				t.Errorf("want %q, got:\n%s", tc.deny, got)
			}
		})
	}
}

// The channel mesh (inlet, outlet, walls, frontAndBack) under the new families.
const (
	channelVoF = `version: 1
name: t
mesh: {blockMeshDict: channel/blockMeshDict}
physics: {solver: interFoam, turbulence: laminar, gravity: [0, -9.81, 0]}
fluid:
  phases: [{name: water, rho: 1000, nu: 1.0e-6}, {name: air, rho: 1, nu: 1.48e-5}]
boundaries:
  inlet: {role: inlet, U: [0.1, 0, 0], alpha: 1}
  outlet: {role: outlet, p: 0}
  walls: {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 0.1, maxCo: 0.5}
`
	channelShallow = `version: 1
name: t
mesh: {blockMeshDict: channel/blockMeshDict}
physics: {solver: shallowWaterFoam, turbulence: laminar}
initial: {h: 0.1}
boundaries:
  inlet: {role: inlet, U: [0.1, 0, 0], h: 0.1}
  outlet: {role: outlet, h: 0.1}
  walls: {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 0.1, maxCo: 0.5}
`
	channelReacting = `version: 1
name: t
mesh: {blockMeshDict: channel/blockMeshDict}
physics: {solver: reactingFoam, turbulence: laminar}
reaction: {mechanism: methaneOneStep, initial: {O2: 0.23, N2: 0.77}}
boundaries:
  inlet: {role: inlet, U: [0.1, 0, 0], T: 300, species: {CH4: 1}}
  outlet: {role: outlet, p: 100000}
  walls: {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 0.001, deltaT: 1.0e-5}
`
)
