package compiler

import (
	"github.com/foamc/foamc/schema"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/foamcase"
)

const channelExpect = channelKE + `outputs: {forceCoeffs: {patches: [walls]}}
expect:
  - {name: dp, pressureDrop: {from: inlet, to: outlet}, value: 1.5, tolerance: {relative: 0.1}}
  - {name: Q, flowRate: {patch: outlet}, value: 0.005, tolerance: {relative: 0.01}, average: {from: 50}}
  - {name: drag, forceCoeff: Cd, value: 0.01, tolerance: {absolute: 0.001}}
  - {name: tau, wallShearStress: {patch: walls, component: x}, value: -0.1, tolerance: {relative: 0.2}}
  - {name: Umid, point: {field: U, component: x, at: [0.5, 0.025, 0.005]}, value: 10, tolerance: {relative: 0.2}}
`

// TestExpectAccepted: a spec with an expect: block compiles and its items are decoded.
func TestExpectAccepted(t *testing.T) {
	res, fl := compileSrc(t, channelExpect, Options{})
	if fl != nil {
		t.Fatalf("findings: %v", fl)
	}
	if res == nil {
		t.Fatal("no result")
	}
}

// TestExpectChecked: names must be unique, patches must be mesh patches, a force
// coefficient needs outputs.forceCoeffs and a line its reference data.
func TestExpectChecked(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "bad.csv"), []byte("y,u\n0.5,abc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := channelKE + `expect:
  - {name: a, pressureDrop: {from: inlet, to: outlt}, value: 1, tolerance: {relative: 0.1}}
  - {name: a, forceCoeff: Cd, value: 1, tolerance: {relative: 0.1}}
  - {name: z, flowRate: {patch: walls}, value: 0, tolerance: {relative: 0.1}}
  - {name: l, line: {field: U, start: [0, 0, 0], end: [1, 0, 0], axis: x, reference: ` + filepath.Join(dir, "bad.csv") + `}, tolerance: {absolute: 0.1}}
`
	_, fl := compileSrc(t, src, Options{})
	var got []string
	for _, f := range fl {
		got = append(got, f.ID+" "+f.Location.Path+" "+f.Summary)
	}
	all := strings.Join(got, "\n")
	for _, w := range []string{
		`FOAM-COMPILE-009 /expect/0/pressureDrop expect "a" measures on "outlt", which is not a patch of the mesh`,
		`FOAM-COMPILE-009 /expect/1/name expect item "a" is named twice`,
		`FOAM-COMPILE-009 /expect/1/forceCoeff expect "a" asks for Cd, but the spec has no outputs.forceCoeffs`,
		`FOAM-COMPILE-009 /expect/3/line/reference expect "l": cannot read its reference data`,
		`FOAM-COMPILE-009 /expect/2/tolerance/relative expect "z": a relative tolerance of the value 0 admits only exactly 0`,
		`row 2 column 2: "abc" is not a number`,
	} {
		if !strings.Contains(all, w) {
			t.Errorf("missing %q in\n%s", w, all)
		}
	}
}

// TestExpectEmitted: each item becomes a function object expect_<name> (helpers first),
// a line samples at its reference coordinates, and the spec is recorded in the case
// with its reference data.
func TestExpectEmitted(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "u.csv"), []byte("y,u\n0,0\n0.025,0.15\n0.05,0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := channelExpect + "  - {name: prof, line: {field: U, component: x, start: [0.4, 0, 0.005], end: [0.4, 0.05, 0.005], axis: y, reference: " +
		filepath.Join(dir, "u.csv") + "}, tolerance: {absolute: 0.01}}\n"
	res, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	cd := string(res.Files["system/controlDict"])
	order := []string{"foamc_wallShearStress", "expect_dp", "expect_Q", "expect_drag", "expect_tau", "expect_Umid", "expect_prof"}
	last := -1
	for _, n := range order {
		i := strings.Index(cd, "    "+n+"\n")
		if i < last {
			t.Errorf("%s missing or out of order in\n%s", n, cd)
		}
		last = i
	}
	for _, w := range []string{"type            fieldValueDelta;", "fields          (phi);", "type            forceCoeffs;", "fields          (wallShearStress);",
		"interpolationScheme cellPoint;", "(0.5 0.025 0.005)", "type            cloud;", "(0.4 0.025 0.005)", "nPoints         100;"} {
		if !strings.Contains(cd, w) {
			t.Errorf("controlDict lacks %q", w)
		}
	}
	// Every entry of the function objects has its provenance.
	out := filepath.Join(t.TempDir(), "case")
	if err := res.Write(out, false); err != nil {
		t.Fatal(err)
	}
	cs, err := foamcase.Load(out, foamcase.Options{})
	if err != nil {
		t.Fatal(err)
	}
	leaves := 0
	walkLeaves(cs.Files["system/controlDict"], "/files/system~1controlDict", func(ptr string) {
		leaves++
		if !covered(res.Provenance, ptr) {
			t.Errorf("%s has no provenance", ptr)
		}
	})
	if leaves < 80 {
		t.Errorf("only %d controlDict entries read back", leaves)
	}
	if !strings.Contains(string(res.Files[schema.RecordedSpec]), `"reference": "foamc.expect/prof.csv"`) || string(res.Files["foamc.expect/prof.csv"]) != "y,u\n0,0\n0.025,0.15\n0.05,0\n" {
		t.Errorf("recorded spec:\n%s", res.Files[schema.RecordedSpec])
	}

	bad := channelKE + `expect:
  - {name: a, point: {field: T, at: [0.1, 0.01, 0.005]}, value: 1, tolerance: {relative: 0.1}}
  - {name: b, point: {field: U, at: [0.1, 0.01, 0.005]}, value: 1, tolerance: {relative: 0.1}}
  - {name: c, line: {field: p, start: [0.4, 0, 0.005], end: [0.4, 0.05, 0.005], axis: x, reference: ` + filepath.Join(dir, "u.csv") + `}, tolerance: {absolute: 0.1}}
  - {name: d, nusselt: {patch: walls, length: 1, Tref: 300}, value: 1, tolerance: {relative: 0.1}}
`
	_, fl = compileSrc(t, bad, Options{})
	all := fl.Error()
	for _, w := range []string{`expect "a" samples "T", which simpleFoam does not write`, `expect "b" samples the vector field U without a component`,
		`expect "c": reference coordinate 0 (x) is not on the line`, `expect "d": a Nusselt number needs the wall heat flux`} {
		if !strings.Contains(all, w) {
			t.Errorf("missing %q in\n%s", w, all)
		}
	}
}

// TestExpectSideForce12: Foundation 12's forceCoeffs computes no side force (it writes Cm, Cd,
// Cl, Cl(f), Cl(r)), so `forceCoeff: Cs` is refused for target openfoam-12; Cd compiles.
func TestExpectSideForce12(t *testing.T) {
	src := "target: openfoam-12\n" + channelExpect + "  - {name: side, forceCoeff: Cs, value: 0, tolerance: {absolute: 0.001}}\n"
	_, fl := compileSrc(t, src, Options{})
	var got []string
	for _, f := range fl {
		got = append(got, f.ID+" "+f.Location.Path+" "+f.Summary)
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], `FOAM-COMPILE-009 /expect/5/forceCoeff expect "side" asks for Cs, which Foundation 12's forceCoeffs does not compute`) {
		t.Errorf("findings:\n%s", strings.Join(got, "\n"))
	}
	if _, fl := compileSrc(t, "target: openfoam-12\n"+channelExpect, Options{}); len(fl) != 0 {
		t.Errorf("Cd for openfoam-12: %v", fl)
	}
}
