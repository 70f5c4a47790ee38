package compiler

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// A VoF case's first step is sized on the inflow plus the free-fall speed sqrt(g H) of the
// mesh's height along g (a slow inlet alone gave the weir a Courant number of 20 in its first
// step), and its turbulence fields keep the interFoam tutorials' upwind convection under the
// accurate profile.
func TestVoFStepAndTurbulenceConvection(t *testing.T) {
	src := strings.Replace(channelVoF, "turbulence: laminar", "turbulence: kEpsilon", 1)
	res, fl := compileSrc(t, src, Options{})
	if len(fl) > 0 {
		t.Fatal(fl)
	}
	s := slotOf(t, res, "derived/deltaT")
	// channel: dxMin 0.05/12, H 0.05 along g, inlet 0.1 m/s, maxCo 0.5.
	c := math.Sqrt(9.81 * 0.05)
	want := roundDown(0.5 * (0.05 / 12) / (0.1 + c))
	if s.Value != strconv.FormatFloat(want, 'g', -1, 64) || s.Source.Formula != "deltaT = maxCo dxMin / (U + c)" || math.Abs(s.Source.Inputs["c"]-c) > 1e-9 {
		t.Errorf("deltaT slot %s (%s, %v), want %g from U + sqrt(g H)", s.Value, s.Source.Formula, s.Source.Inputs, want)
	}
	fvs := string(res.Files["system/fvSchemes"])
	for _, k := range []string{"div(phi,k)", "div(phi,epsilon)"} {
		if !regexpLine(fvs, k, "Gauss upwind;") {
			t.Errorf("%s not Gauss upwind:\n%s", k, fvs)
		}
	}
	if !strings.Contains(res.Provenance["/files/system~1fvSchemes/divSchemes/div(phi,k)"].Ref, "interFoam RAS tutorials' Gauss upwind") {
		t.Errorf("div(phi,k) provenance %+v", res.Provenance["/files/system~1fvSchemes/divSchemes/div(phi,k)"])
	}
}

// regexpLine: text has a line "key <spaces> value".
func regexpLine(text, key, value string) bool {
	for _, l := range strings.Split(text, "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 && f[0] == key && strings.Join(f[1:], " ") == value {
			return true
		}
	}
	return false
}
