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
