package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExpectSchema: an expect item takes exactly one measurement, a value unless it is
// a line, exactly one tolerance; each violation is one located finding.
func TestExpectSchema(t *testing.T) {
	for _, tc := range []struct{ item, want string }{
		{`{name: drag, forceCoeff: Cd, value: 1.2, tolerance: {relative: 0.05}, average: {from: 0.5}}`, ""},
		{`{name: u, line: {field: U, component: x, start: [0.5, 0, 0], end: [0.5, 1, 0], axis: y, reference: u.csv}, tolerance: {absolute: 0.05}}`, ""},
		{`{name: d, forceCoeff: Cd, pressureDrop: {from: a, to: b}, value: 1, tolerance: {relative: 0.05}}`,
			"expect/0: give exactly one measurement: forceCoeff, pressureDrop"},
		{`{name: d, value: 1, tolerance: {relative: 0.05}}`, "expect/0: give exactly one measurement"},
		{`{name: d, forceCoeff: Cd, value: 1, tolerance: {relative: 0.05, absolute: 1}}`, "expect/0/tolerance: give exactly one of relative or absolute"},
		{`{name: d, forceCoeff: Cd, tolerance: {relative: 0.05}}`, `missing required field "value"`},
		{`{name: u, line: {field: U, start: [0, 0, 0], end: [0, 1, 0], axis: y, reference: u.csv}, value: 1, tolerance: {absolute: 0.05}}`,
			"expect/0: a line sample takes no value"},
		{`{name: "a b", forceCoeff: Cd, value: 1, tolerance: {relative: 0.05}}`, "expect/0/name"},
		{`{name: d, forceCoeff: CD, value: 1, tolerance: {relative: 0.05}}`, "expect/0/forceCoeff"},
		{`{name: d, point: {field: U, at: [1, 2]}, value: 1, tolerance: {relative: 0.05}}`, "expect/0/point/at"},
	} {
		_, err := ParseSpec("spec.yaml", []byte(base+"expect:\n  - "+tc.item+"\n"), "")
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.item, err)
			}
			continue
		}
		l := findings(t, err)
		if len(l) != 1 || !strings.Contains(l[0].Summary, tc.want) || l[0].Location.Line != 9 {
			t.Errorf("%s: want one finding on line 9 containing %q, got %v", tc.item, tc.want, l)
		}
	}
}

func TestReadReference(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "ghia.csv")
	if err := os.WriteFile(p, []byte("# Ghia et al. (1982)\ny, u\n0.0, 0.0\n0.5, -0.2058\n1.0, 1.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadReference(p)
	if err != nil || len(got) != 3 || got[1] != [2]float64{0.5, -0.2058} {
		t.Fatalf("got %v, %v", got, err)
	}
	if err := os.WriteFile(p, []byte("y,u\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadReference(p); err == nil || !strings.Contains(err.Error(), "at least one data row") {
		t.Fatalf("header only: %v", err)
	}
}
