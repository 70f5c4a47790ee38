package compiler

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// compileFixture compiles a spec of testdata with the rule library as its linter (a deny
// fails the compile) and writes the case.
func compileFixture(t *testing.T, spec string) (*Result, string) {
	t.Helper()
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	linter, err := NewRulesLinterKB(context.Background(), k)
	if err != nil {
		t.Fatal(err)
	}
	res, err := CompileFile(context.Background(), filepath.Join("testdata", spec), Options{KB: k, Linter: linter})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "case")
	if err := res.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	return res, dir
}

// runFoam runs OpenFOAM programs in a case, failing the test on an error.
func runFoam(t *testing.T, dir string, apps ...string) {
	t.Helper()
	for _, app := range apps {
		cmd := exec.Command(foamtest.RequireBinary(t, app), "-case", dir)
		cmd.Env = foamtest.Env()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", app, err, out)
		}
	}
}

// internalValues reads the internalField numbers of a written scalar field.
func internalValues(t *testing.T, path string) []float64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	if m := regexp.MustCompile(`internalField\s+uniform\s+([-0-9.e+]+);`).FindStringSubmatch(s); m != nil {
		v, _ := strconv.ParseFloat(m[1], 64)
		return []float64{v}
	}
	m := regexp.MustCompile(`internalField\s+nonuniform List<scalar>\s*\d+\s*\(([^)]*)\)`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("%s: no internalField", path)
	}
	var out []float64
	for _, f := range strings.Fields(m[1]) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// The shallow-water family's fixture: a closed 1-D dam break compiles lint-clean with h,
// hU, hTotal and gravitationalProperties (no U: the solver derives it), and v1912's
// shallowWaterFoam runs it: the water stays wet, its volume is kept, and the dam has
// broken (depths between the two levels appear).
func TestShallowWaterFamilyRunsInOpenFOAM(t *testing.T) {
	foamtest.RequireBinary(t, "shallowWaterFoam")
	res, dir := compileFixture(t, "shallowwater/spec.yaml")
	if got := res.Features.Solved; !slices.Equal(got, []string{"hU", "h"}) {
		t.Errorf("solved %v, want [hU h]", got)
	}
	for _, f := range []string{"0/h", "0/hU", "0/hTotal", "constant/gravitationalProperties", "system/setFieldsDict"} {
		if _, ok := res.Files[f]; !ok {
			t.Errorf("%s not written", f)
		}
	}
	if _, ok := res.Files["0/U"]; ok {
		t.Error("0/U written: shallowWaterFoam does not read it (NO_READ)")
	}
	runFoam(t, dir, "blockMesh", "setFields", "shallowWaterFoam")
	h0 := internalValues(t, filepath.Join(dir, "0", "h"))
	// The fixed step derived from maxCo divides writeInterval 0.5: writes at 0.5 and 1 (not
	// 0.495 and 1.005, writeInterval / deltaT rounded to whole steps).
	for _, tm := range []string{"0.5", "1"} {
		if _, err := os.Stat(filepath.Join(dir, tm, "h")); err != nil {
			t.Errorf("no write at %s: %v", tm, err)
		}
	}
	h1 := internalValues(t, filepath.Join(dir, "1", "h"))
	if len(h0) != 200 || len(h1) != 200 {
		t.Fatalf("%d and %d depths, want the mesh's 200", len(h0), len(h1))
	}
	var v0, v1 float64
	broken := 0
	for i := range h1 {
		v0, v1 = v0+h0[i], v1+h1[i]
		if h1[i] <= 0 {
			t.Fatalf("cell %d dried: h = %g", i, h1[i])
		}
		if h1[i] > 0.15 && h1[i] < 0.95 {
			broken++
		}
	}
	if math.Abs(v1-v0) > 1e-6*v0 {
		t.Errorf("water volume %g -> %g in a closed channel", v0, v1)
	}
	if broken < 10 {
		t.Errorf("%d cells between the two levels at t = 1 s: the dam did not break", broken)
	}
}

// Unsatisfiable shallow-water specs are refused with a finding at the spec field.
func TestShallowWaterRefusals(t *testing.T) {
	base := `version: 1
name: t
mesh: {blockMeshDict: ../../../compiler/testdata/shallowwater/blockMeshDict}
physics: {solver: shallowWaterFoam, turbulence: laminar%s}
initial: {h: 0.1}
boundaries:
  ends:         {role: %s}
  frontAndBack: {role: empty}
control: {endTime: 1, deltaT: 0.01}
`
	for _, c := range []struct {
		gravity, role, ptr string
	}{
		{", gravity: [0, 0, 0]", "wall", "/physics/gravity"},
		{"", "inlet", "/boundaries/ends"},
		{"", "freestream", "/boundaries/ends/role"},
	} {
		_, fl := compileSrc(t, fmtSpec(base, c.gravity, c.role), Options{})
		if !hasFindingAt(fl, c.ptr) {
			t.Errorf("gravity %q role %s: want a finding at %s, got %v", c.gravity, c.role, c.ptr, fl)
		}
	}
}

func fmtSpec(f string, args ...any) string {
	for _, a := range args {
		f = strings.Replace(f, "%s", a.(string), 1)
	}
	return f
}

func hasFindingAt(fl finding.List, ptr string) bool {
	return slices.ContainsFunc(fl, func(f finding.Finding) bool { return f.Location.Path == ptr && f.Severity == finding.Deny })
}
