package compiler

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// The scalar family's fixture: a front carried at 0.1 m/s with D = 1e-4 compiles
// lint-clean (DT, a dimensionless T, no residualControl) and v1912's scalarTransportFoam
// carries it: bounded by its inlet and initial values, half-way up at x = u t = 0.5 m.
func TestScalarFamilyRunsInOpenFOAM(t *testing.T) {
	foamtest.RequireBinary(t, "scalarTransportFoam")
	res, dir := compileFixture(t, "scalar/spec.yaml")
	if fv := string(res.Files["system/fvSolution"]); strings.Contains(fv, "residualControl") {
		t.Errorf("fvSolution has residualControl: it would end the transient run\n%s", fv)
	}
	runFoam(t, dir, "blockMesh", "scalarTransportFoam")
	T := internalValues(t, filepath.Join(dir, "5", "T"))
	if len(T) != 200 {
		t.Fatalf("%d values, want the mesh's 200", len(T))
	}
	for i, v := range T {
		if v < -1e-6 || v > 1+1e-6 {
			t.Errorf("T[%d] = %g outside [0, 1]", i, v)
		}
	}
	// Cells 99 and 100 straddle x = 0.5 m.
	if mid := (T[99] + T[100]) / 2; math.Abs(mid-0.5) > 0.05 {
		t.Errorf("T at x = 0.5 m is %g, want about 0.5 (the front at u t)", mid)
	}
}

// A passive scalar in a pimpleFoam channel is a scalarTransport function object that v1912
// solves each step: the tracer enters at 1, holds 0.5 on the walls and stays bounded.
func TestScalarFunctionRunsInOpenFOAM(t *testing.T) {
	foamtest.RequireBinary(t, "pimpleFoam")
	res, dir := compileFixture(t, "scalarfo/spec.yaml")
	cd := string(res.Files["system/controlDict"])
	for _, want := range []string{"scalarTransport", "field           tracer", "D               0.0001"} {
		if !strings.Contains(cd, want) {
			t.Errorf("controlDict lacks %q:\n%s", want, cd)
		}
	}
	runFoam(t, dir, "blockMesh", "pimpleFoam")
	tr := internalValues(t, filepath.Join(dir, "0.5", "tracer"))
	if len(tr) != 480 {
		t.Fatalf("%d tracer values, want the mesh's 480", len(tr))
	}
	hi := 0.0
	for i, v := range tr {
		if v < -1e-3 || v > 1+1e-3 {
			t.Errorf("tracer[%d] = %g outside [0, 1]", i, v)
		}
		hi = math.Max(hi, v)
	}
	if hi < 0.5 {
		t.Errorf("largest tracer %g: the function object did not carry the inlet's 1 in", hi)
	}
}

// scalarTransportFoam without a scalar T, and a scalar in a compressible case, are refused
// at the spec field.
func TestScalarRefusals(t *testing.T) {
	noT := `version: 1
name: t
mesh: {blockMeshDict: ../../../compiler/testdata/scalar/blockMeshDict}
physics: {solver: scalarTransportFoam, turbulence: laminar}
initial: {U: [0.1, 0, 0]}
scalars: [{name: C, diffusivity: 1.0e-4}]
boundaries:
  inlet:        {role: inlet, U: [0.1, 0, 0]}
  outlet:       {role: outlet}
  frontAndBack: {role: empty}
control: {endTime: 1, deltaT: 0.01}
`
	if _, fl := compileSrc(t, noT, Options{}); !hasFindingAt(fl, "/scalars") {
		t.Errorf("scalarTransportFoam without T: want a finding at /scalars, got %v", fl)
	}
	dup := strings.Replace(noT, "name: C", "name: U", 1)
	dup = strings.Replace(dup, "scalars: [", "scalars: [{name: T, diffusivity: 1.0e-4}, ", 1)
	if _, fl := compileSrc(t, dup, Options{}); !hasFindingAt(fl, "/scalars/1/name") {
		t.Errorf("a scalar named U: want a finding at /scalars/1/name, got %v", fl)
	}
}

// For Foundation 12 the tracer's function object names its diffusivity (scalarTransport.C:206
// of 12 reads `diffusivity`; without it the function stops), in system/functions.
func TestScalarFunction12(t *testing.T) {
	r, fl := compileSpecFile12(t, "compiler/testdata/scalarfo/spec.yaml", Target12)
	if fl != nil {
		t.Fatal(fl)
	}
	fn := string(r.Files["system/functions"])
	for _, want := range []string{"scalarTransport", "diffusivity     constant", "D               0.0001"} {
		if !strings.Contains(fn, want) {
			t.Errorf("system/functions lacks %q:\n%s", want, fn)
		}
	}
}
