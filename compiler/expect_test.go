package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
		`FOAM-COMPILE-009 /expect/2/line/reference expect "l": cannot read its reference data`,
		`row 2 column 2: "abc" is not a number`,
	} {
		if !strings.Contains(all, w) {
			t.Errorf("missing %q in\n%s", w, all)
		}
	}
}
