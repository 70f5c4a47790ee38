package compiler

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

func ftoa(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }

func parseNum(t *testing.T, s string) float64 {
	t.Helper()
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("slot value %q is not a number", s)
	}
	return x
}

// rampSpec is the Mach 2 ramp with its inlet given by inletLine.
func rampSpec(inlet, outlet string) string {
	return `version: 1
name: t
mesh: {blockMeshDict: ramp/blockMeshDict}
physics: {solver: rhoCentralFoam, turbulence: laminar}
fluid: {molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5, Pr: 0.71}
boundaries:
  inlet:        {role: inlet, ` + inlet + `}
  outlet:       {role: outlet` + outlet + `}
  top:          {role: outlet}
  ramp:         {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 1.5e-5, maxCo: 0.2}
`
}

// A supersonic inlet fixes U, p and T, also when the spec gives it by its totals: the
// static p and T are derived (isentropic) and recorded with the reason.
func TestSupersonicInletFixesEverything(t *testing.T) {
	g := deriveGas(28.96, 1004.5)
	// Ma 2 at T = 300 K: T0 = 540 K, p0/p = 7.824.
	a := g.soundSpeed(300)
	U := 2 * a
	T0 := g.totalTemperature(300, 2).Value
	p0 := g.totalPressure(1e5, 2).Value
	for _, inlet := range []string{
		"U: [" + ftoa(U) + ", 0, 0], p: 1e5, T: 300",
		"U: [" + ftoa(U) + ", 0, 0], p: {total: " + ftoa(p0) + "}, T: {total: " + ftoa(T0) + "}",
	} {
		r, fl := compileSrc(t, rampSpec(inlet, ""), Options{})
		if fl != nil {
			t.Fatalf("%s: %v", inlet, fl)
		}
		for _, f := range []string{"U", "p", "T"} {
			s := slotOf(t, r, bcID(f, "inlet"))
			if s.Value != "fixedValue" || !strings.Contains(s.Source.Formula, "supersonic inlet, Ma = 2 > 1") {
				t.Errorf("%s: %s at the inlet = %s (%s), want fixedValue for the supersonic inlet", inlet, f, s.Value, s.Source.Formula)
			}
		}
		if strings.Contains(inlet, "total") {
			for f, want := range map[string]float64{"p": 1e5, "T": 300} {
				s := slotOf(t, r, "derived/inlet/"+f+"_static")
				if s.Source.Inputs["p0"]+s.Source.Inputs["T0"] == 0 {
					t.Errorf("derived/inlet/%s_static has no total input: %+v", f, s.Source)
				}
				if got := parseNum(t, s.Value); math.Abs(got-want)/want > 1e-4 {
					t.Errorf("static %s from the totals = %g, want %g", f, got, want)
				}
			}
		}
	}
	// Without a pressure the supersonic inlet is an open slot naming the field.
	_, fl := compileSrc(t, rampSpec("U: ["+ftoa(U)+", 0, 0], T: 300", ""), Options{})
	if fl == nil || !strings.Contains(fl.Error(), "boundaries/inlet/p") || !strings.Contains(fl.Error(), IDOpen) {
		t.Fatalf("a supersonic inlet without p must be the open slot /boundaries/inlet/p, got %v", fl)
	}
	// A subsonic inlet given by its totals keeps the total-pressure pair.
	r, fl := compileSrc(t, rampSpec("U: [100, 0, 0], p: {total: 1.1e5}, T: {total: 300}", ", p: 1e5"), Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	if s := slotOf(t, r, bcID("p", "inlet")); s.Value != "totalPressure" {
		t.Errorf("subsonic total inlet p = %s, want totalPressure", s.Value)
	}
}

func nozzleSpec(pOut string) string {
	return `version: 1
name: t
mesh: {blockMeshDict: nozzle/blockMeshDict}
physics: {flow: {compressible: true, steady: false}, turbulence: laminar}
fluid: {molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5, Pr: 0.71}
boundaries:
  inlet:        {role: inlet, p: {total: 1e5}, T: {total: 300}}
  outlet:       {role: outlet, p: ` + pOut + `}
  axis:         {role: symmetry}
  wall:         {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 1e-3, maxCo: 0.5}
`
}

// The nozzle area ratio the mesh shows decides the outlet: the converging-diverging mesh
// (A_exit/A_throat = 2) chokes and carries a shock at p/p0 = 0.8, below the critical
// pressure ratio, and leaves supersonic at p/p0 = 0.3; at 0.95 it stays subsonic and the
// outlet keeps its fixed static pressure.
func TestNozzleAreaRatioChoosesOutlet(t *testing.T) {
	m, err := readBlockMesh(meshes + "/nozzle/blockMeshDict")
	if err != nil {
		t.Fatal(err)
	}
	nz, ok := m.nozzleGeometry("inlet", "outlet")
	if !ok || math.Abs(nz.Inlet-1e-3) > 1e-12 || math.Abs(nz.Throat-5e-4) > 1e-12 || math.Abs(nz.Exit-1e-3) > 1e-12 {
		t.Fatalf("nozzle geometry = %+v (%v), want inlet 1e-3, throat 5e-4, exit 1e-3 m^2", nz, ok)
	}
	if _, ok := m.nozzleGeometry("inlet", "wall"); ok {
		t.Error("a wall across the inlet normal is no nozzle exit")
	}
	g := deriveGas(28.96, 1004.5)
	// Textbook values for gamma 1.4, A/A* = 2: Ma 2.197 (supersonic) and 0.306 (subsonic).
	if ma := g.machOfArea(2, true); math.Abs(ma-2.197) > 1e-3 {
		t.Errorf("supersonic Mach of A/A* = 2: %g", ma)
	}
	if ma := g.machOfArea(2, false); math.Abs(ma-0.3059) > 1e-3 {
		t.Errorf("subsonic Mach of A/A* = 2: %g", ma)
	}
	for _, tc := range []struct {
		pOut, want, why string
	}{
		{"0.3e5", "waveTransmissive", "supersonic exit at Ma = 2.2"},
		{"0.8e5", "waveTransmissive", "normal shock stands in the diverging part"},
		{"0.95e5", "fixedValue", ""},
	} {
		r, fl := compileSrc(t, nozzleSpec(tc.pOut), Options{})
		if fl != nil {
			t.Fatalf("p = %s: %v", tc.pOut, fl)
		}
		s := slotOf(t, r, bcID("p", "outlet"))
		if s.Value != tc.want || !strings.Contains(s.Source.Formula, tc.why) {
			t.Errorf("p = %s: outlet p %s (%s), want %s because %q", tc.pOut, s.Value, s.Source.Formula, tc.want, tc.why)
		}
		if tc.why != "" && s.Source.Inputs["A_exit/A_throat"] != 2 {
			t.Errorf("p = %s: the reason's inputs lack the area ratio: %v", tc.pOut, s.Source.Inputs)
		}
		if !strings.Contains(string(r.Files["provenance.json"]), tc.why) {
			t.Errorf("p = %s: provenance.json does not give the reason %q", tc.pOut, tc.why)
		}
	}
}

func plateSpec(physics, fluid, farfield, outlet string) string {
	return `version: 1
name: t
mesh: {polyMesh: platePoly/polyMesh}
physics: ` + physics + `
fluid: ` + fluid + `
boundaries:
  farfield:     {role: freestream, ` + farfield + `}
  outlet:       {role: outlet` + outlet + `}
  plate:        {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 20, deltaT: 1}
`
}

// Far-field patches: the freestreamVelocity/freestreamPressure pair for incompressible and
// subsonic compressible flow (airFoil2D, aerofoilNACA0012); at Ma > 1 supersonicFreestream
// with p extrapolated (sonicFoam nacaAirfoil), since freestreamPressure lets p float on
// inflow faces.
func TestFarFieldByRegime(t *testing.T) {
	air := `{molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5, Pr: 0.71}`
	g := deriveGas(28.96, 1004.5)
	for _, tc := range []struct {
		name, physics, fluid, farfield, outlet string
		want                                   map[string]string
	}{
		{"incompressible", "{solver: simpleFoam, turbulence: SpalartAllmaras}", "{nu: 1.5e-5}", "U: [10, 0, 0], p: 0", ", p: 0",
			map[string]string{"U": "freestreamVelocity", "p": "freestreamPressure", "nuTilda": "inletOutlet"}},
		{"subsonic", "{solver: rhoPimpleFoam, turbulence: laminar}", air, "U: [104, 0, 0], p: 1e5, T: 300", ", p: 1e5",
			map[string]string{"U": "freestreamVelocity", "p": "freestreamPressure", "T": "inletOutlet"}},
		{"supersonic", "{solver: rhoCentralFoam, turbulence: laminar}", air, "U: [" + ftoa(2*g.soundSpeed(300)) + ", 0, 0], p: 1e5, T: 300", "",
			map[string]string{"U": "supersonicFreestream", "p": "zeroGradient", "T": "inletOutlet"}},
	} {
		r, fl := compileSrc(t, plateSpec(tc.physics, tc.fluid, tc.farfield, tc.outlet), Options{})
		if fl != nil {
			t.Fatalf("%s: %v", tc.name, fl)
		}
		for f, want := range tc.want {
			if s := slotOf(t, r, bcID(f, "farfield")); s.Value != want {
				t.Errorf("%s: far-field %s = %s, want %s", tc.name, f, s.Value, want)
			}
		}
		if tc.name == "supersonic" {
			u := string(r.Files["0/U"])
			for _, w := range []string{"UInf", "pInf            100000", "TInf            300", "gamma"} {
				if !strings.Contains(u, w) {
					t.Errorf("supersonicFreestream lacks %q:\n%s", w, u)
				}
			}
			if s := slotOf(t, r, bcID("U", "farfield")); !strings.Contains(s.Source.Formula, "supersonic far field, Ma = 2 > 1") {
				t.Errorf("the choice's reason is not recorded: %q", s.Source.Formula)
			}
		}
	}
}

// A far field given by its total temperature lets inflow in at the static T.
func TestFarFieldTotalTemperature(t *testing.T) {
	air := `{molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5, Pr: 0.71}`
	// T0 = 300 + 100^2 / (2 1004.5) = 304.978 K.
	r, fl := compileSrc(t, plateSpec("{solver: rhoPimpleFoam, turbulence: laminar}", air, "U: [100, 0, 0], p: 1e5, T: {total: 304.978}", ", p: 1e5"), Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	if got := parseNum(t, slotOf(t, r, "derived/farfield/T_static").Value); math.Abs(got-300) > 1e-2 {
		t.Errorf("far-field static T = %g, want 300", got)
	}
}
