package compiler

import (
	"strings"
	"testing"

	"github.com/foamc/foamc/kb"
)

// TestNumericsProfiles: without numerics.profile a case is accurate — second-order bounded
// convection with the kb's tutorial scheme kept as the robust fallback in provenance, backward
// time stepping, a step bounded by the flow's time scale — and numerics.profile robust gives the
// tutorials' choices (the kb's most frequent scheme, Euler, maxDeltaT 1).
func TestNumericsProfiles(t *testing.T) {
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	steady := channelKE
	transient := strings.NewReplacer("simpleFoam", "pimpleFoam", "control: {endTime: 100, deltaT: 1}", "control: {endTime: 0.5, maxCo: 0.5}").Replace(channelKE)
	type want struct{ ddt, divU, divK, maxDeltaT, profile string }
	for _, tc := range []struct {
		name, spec string
		want       want
	}{
		// Steady incompressible scalars keep the robust scheme under accurate (limitedLinear
		// stalls SIMPLE: examples/channel-step), checked below.
		{"steady accurate", steady, want{"steadyState", "bounded Gauss linearUpwind grad(U)", "", "", "accurate"}},
		{"steady robust", steady + "numerics: {profile: robust}\n", want{"steadyState", "", "bounded Gauss upwind", "", "robust"}},
		// L/U/20 with L = reference.length 0.05 and U = 10: 2.5e-4.
		{"transient accurate", transient, want{"backward", "Gauss linearUpwind grad(U)", "Gauss limitedLinear 1", "0.00025", "accurate"}},
		{"transient robust", transient + "numerics: {profile: robust}\n", want{"Euler", "", "", "1", "robust"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, fl := compileSrc(t, tc.spec, Options{KB: k})
			if fl != nil {
				t.Fatal(fl)
			}
			if r.Features.Profile != tc.want.profile {
				t.Errorf("profile %q, want %q", r.Features.Profile, tc.want.profile)
			}
			schemes := string(r.Files["system/fvSchemes"])
			if !strings.Contains(schemes, "default         "+tc.want.ddt+";") {
				t.Errorf("ddt is not %s:\n%s", tc.want.ddt, schemes)
			}
			check := func(key, want string) {
				if want == "" {
					return
				}
				s := slotOf(t, r, "system/fvSchemes/divSchemes/"+key)
				if s.Value != want {
					t.Errorf("%s = %q, want %q", key, s.Value, want)
				}
				src := r.Provenance["/files/system~1fvSchemes/divSchemes/"+key]
				if accurate := tc.want.profile == "accurate"; accurate != (src.Profile == "accurate") {
					t.Errorf("%s provenance %+v: profile recorded %v, want %v", key, src, src.Profile, accurate)
				}
			}
			check("div(phi,U)", tc.want.divU)
			check("div(phi,k)", tc.want.divK)
			if tc.want.maxDeltaT != "" && !strings.Contains(string(r.Files["system/controlDict"]), "maxDeltaT       "+tc.want.maxDeltaT+";") {
				t.Errorf("maxDeltaT is not %s:\n%s", tc.want.maxDeltaT, r.Files["system/controlDict"])
			}
		})
	}
	steadyAcc, _ := compileSrc(t, steady, Options{KB: k})
	steadyRob, _ := compileSrc(t, steady+"numerics: {profile: robust}\n", Options{KB: k})
	for _, key := range []string{"div(phi,k)", "div(phi,epsilon)"} {
		if a, r := slotOf(t, steadyAcc, "system/fvSchemes/divSchemes/"+key).Value, slotOf(t, steadyRob, "system/fvSchemes/divSchemes/"+key).Value; a != r || a != "bounded Gauss upwind" {
			t.Errorf("steady %s: accurate writes %q, robust %q, want both bounded Gauss upwind", key, a, r)
		}
	}
	// A steady compressible flow's turbulence scalars keep the robust scheme too; its energy
	// takes linearUpwind.
	gas := strings.NewReplacer("solver: simpleFoam", "solver: rhoSimpleFoam", "fluid: {nu: 1.5e-5}", "fluid: {molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5, Pr: 0.71}",
		"reference: {U: 10, length: 0.05}", "reference: {U: 10, length: 0.05, p: 1.0e5, T: 300}", "inlet:        {role: inlet, U: [10, 0, 0],", "inlet:        {role: inlet, U: [10, 0, 0], T: 300,",
		"outlet:       {role: outlet, p: 0}", "outlet:       {role: outlet, p: 1.0e5}").Replace(steady)
	acc, fl := compileSrc(t, gas, Options{KB: k})
	if fl != nil {
		t.Fatal(fl)
	}
	rob, _ := compileSrc(t, gas+"numerics: {profile: robust}\n", Options{KB: k})
	for _, key := range []string{"div(phi,k)", "div(phi,epsilon)"} {
		if a, r := slotOf(t, acc, "system/fvSchemes/divSchemes/"+key).Value, slotOf(t, rob, "system/fvSchemes/divSchemes/"+key).Value; a != r {
			t.Errorf("steady compressible %s: accurate writes %q, robust %q, want the same", key, a, r)
		}
	}
	if a := slotOf(t, acc, "system/fvSchemes/divSchemes/div(phi,h)").Value; a != "bounded Gauss linearUpwind grad(h)" {
		t.Errorf("steady compressible div(phi,h) = %q, want bounded Gauss linearUpwind grad(h)", a)
	}

	if got := steadyAcc.Provenance["/files/system~1fvSchemes/ddtSchemes/default"]; got.Profile != "" {
		t.Errorf("steady ddt recorded as a profile choice: %+v", got)
	}
}

// TestSheddingTimeStep: a body whose forces are asked bounds the adjustable step by its
// shedding period, D / (St U) / 50 with St = 0.2.
func TestSheddingTimeStep(t *testing.T) {
	src := strings.NewReplacer("simpleFoam", "pimpleFoam", "control: {endTime: 100, deltaT: 1}",
		"control: {endTime: 0.5, maxCo: 0.5}\noutputs: {forceCoeffs: {patches: [walls], magUInf: 10, lRef: 0.02, Aref: 0.001}}").Replace(channelKE)
	r, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	s := slotOf(t, r, "derived/maxDeltaT")
	if s.Value != "0.0002" || s.Source.Inputs["St"] != 0.2 || s.Source.Inputs["D"] != 0.02 {
		t.Errorf("maxDeltaT slot %+v, want 0.02/(0.2*10)/50 = 0.0002", s)
	}
}

// TestCompressibleTransientAccurate: a pressure-based compressible transient is accurate by
// default: backward (Euler for RAS) with two PIMPLE outer correctors (recording the robust Euler and one
// corrector for foamc run --repair) and TVD momentum (limitedLinearV 1, citing the nozzle);
// robust keeps the tutorials' Euler and one corrector. An incompressible PIMPLE
// case beyond Courant 1 takes two outer correctors under accurate, one at or below it.
func TestCompressibleTransientAccurate(t *testing.T) {
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	gas := strings.NewReplacer("simpleFoam", "rhoPimpleFoam", "fluid: {nu: 1.5e-5}", "fluid: {molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5, Pr: 0.71}",
		"reference: {U: 10, length: 0.05}", "reference: {U: 10, length: 0.05, p: 1e5, T: 300}", "outlet:       {role: outlet, p: 0}", "outlet:       {role: outlet, p: 1e5}",
		"inlet:        {role: inlet, U: [10, 0, 0],", "inlet:        {role: inlet, U: [10, 0, 0], T: 300,",
		"control: {endTime: 100, deltaT: 1}", "control: {endTime: 0.01, maxCo: 0.5}").Replace(channelKE)
	lam := strings.NewReplacer("turbulence: kEpsilon}", "turbulence: laminar}", ", turbulence: {intensity: 0.05, lengthScale: 0.005}", "").Replace(gas)
	for _, tc := range []struct {
		name, spec, ddt, divU, outer string
	}{
		{"rhoPimpleFoam accurate", lam, "backward", "Gauss limitedLinearV 1", "2"},
		{"rhoPimpleFoam robust", lam + "numerics: {profile: robust}\n", "Euler", "", "1"},
		{"sonicFoam accurate", strings.Replace(lam, "rhoPimpleFoam", "sonicFoam", 1), "backward", "Gauss limitedLinearV 1", "2"},
		// RAS keeps Euler (backward drove epsilon negative on a backward-facing step).
		{"rhoPimpleFoam kEpsilon accurate", gas, "Euler", "Gauss limitedLinearV 1", "2"},
		{"pimpleFoam maxCo 0.5", strings.NewReplacer("simpleFoam", "pimpleFoam", "control: {endTime: 100, deltaT: 1}", "control: {endTime: 0.5, maxCo: 0.5}").Replace(channelKE), "backward", "", "1"},
		{"pimpleFoam maxCo 4", strings.NewReplacer("simpleFoam", "pimpleFoam", "control: {endTime: 100, deltaT: 1}", "control: {endTime: 0.5, maxCo: 4}").Replace(channelKE), "backward", "", "2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, fl := compileSrc(t, tc.spec, Options{KB: k})
			if fl != nil {
				t.Fatal(fl)
			}
			if !strings.Contains(string(r.Files["system/fvSchemes"]), "default         "+tc.ddt+";") {
				t.Errorf("ddt is not %s:\n%s", tc.ddt, r.Files["system/fvSchemes"])
			}
			if !strings.Contains(string(r.Files["system/fvSolution"]), "nOuterCorrectors "+tc.outer+";") {
				t.Errorf("nOuterCorrectors is not %s:\n%s", tc.outer, r.Files["system/fvSolution"])
			}
			outer := r.Provenance["/files/system~1fvSolution/PIMPLE/nOuterCorrectors"]
			if accurate := tc.outer == "2"; accurate != (outer.Profile == "accurate" && outer.Robust == "1") {
				t.Errorf("nOuterCorrectors source %+v: want the accurate profile's with robust 1: %v", outer, accurate)
			}
			if tc.divU == "" {
				return
			}
			if s := slotOf(t, r, "system/fvSchemes/divSchemes/div(phi,U)"); s.Value != tc.divU || !strings.Contains(s.Source.Ref, "TestIssue10NozzleAreaRatio") {
				t.Errorf("div(phi,U) %q (%s), want %q citing the nozzle's measurement", s.Value, s.Source.Ref, tc.divU)
			}
		})
	}
}
