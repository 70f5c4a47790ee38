package compiler

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/foamtest"
)

// compileSpecFile12 compiles a repository spec with target: appended (or replaced).
func compileSpecFile12(t *testing.T, rel, target string) (*Result, finding.List) {
	t.Helper()
	path := filepath.Join(foamtest.RepoRoot(), rel)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := CompileBytes(context.Background(), "spec.yaml", append(b, []byte("\ntarget: "+target+"\n")...), filepath.Dir(path), Options{})
	if err != nil {
		var fl finding.List
		if !errors.As(err, &fl) {
			t.Fatalf("want findings, got %v", err)
		}
		return nil, fl
	}
	return res, nil
}

func entry12(t *testing.T, r *Result, path string, keys ...string) string {
	t.Helper()
	b, ok := r.Files[path]
	if !ok {
		t.Fatalf("no %s in the openfoam-12 case", path)
	}
	f, err := grammar.Parse(path, b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	d := f.Body
	for _, k := range keys[:len(keys)-1] {
		e, ok := d.Find(k).(*grammar.DictEntry)
		if !ok {
			t.Fatalf("%s: no dictionary %s", path, k)
		}
		d = e.Dict
	}
	p, ok := d.Find(keys[len(keys)-1]).(*grammar.PrimitiveEntry)
	if !ok {
		return ""
	}
	return grammar.FormatItems(p.Value)
}

// TestOpenFOAM12Layout: an incompressible RAS case in Foundation 12's layout, each moved
// entry keeping its provenance.
func TestOpenFOAM12Layout(t *testing.T) {
	r, fl := compileSpecFile12(t, "examples/channel-step/spec.yaml", Target12)
	if fl != nil {
		t.Fatal(fl)
	}
	for _, gone := range []string{"constant/transportProperties", "constant/turbulenceProperties"} {
		if _, ok := r.Files[gone]; ok {
			t.Errorf("%s is written for openfoam-12", gone)
		}
	}
	for _, want := range [][]string{
		{"system/controlDict", "application", "foamRun"},
		{"system/controlDict", "solver", "incompressibleFluid"},
		{"constant/physicalProperties", "viscosityModel", "constant"},
		{"constant/momentumTransport", "simulationType", "RAS"},
		{"constant/momentumTransport", "RAS", "model", "kEpsilon"},
		{"system/functions", "yPlus", "type", "yPlus"},
	} {
		if got := entry12(t, r, want[0], want[1:len(want)-1]...); got != want[len(want)-1] {
			t.Errorf("%s %v = %q, want %q", want[0], want[1:len(want)-1], got, want[len(want)-1])
		}
	}
	if entry12(t, r, "system/controlDict", "functions") != "" || entry12(t, r, "constant/momentumTransport", "RAS", "RASModel") != "" {
		t.Error("functions left in controlDict or RASModel left in momentumTransport")
	}
	for _, ptr := range []string{"/files/constant~1physicalProperties/nu", "/files/constant~1momentumTransport/RAS/model", "/files/system~1controlDict/solver", "/files/system~1functions/yPlus/type"} {
		if _, ok := r.Provenance[ptr]; !ok {
			t.Errorf("no provenance for %s", ptr)
		}
	}
	for ptr := range r.Provenance {
		if strings.Contains(ptr, "transportProperties") || strings.Contains(ptr, "turbulenceProperties") || strings.Contains(ptr, "RASModel") {
			t.Errorf("provenance of a v1912 entry left: %s", ptr)
		}
	}
	if a := string(r.Files["Allrun"]); !strings.HasPrefix(a, "#!/bin/bash\n") || !strings.Contains(a, "/etc/bashrc") || !strings.Contains(a, "run foamRun\n") {
		t.Errorf("Allrun does not run foamRun in Foundation 12's environment:\n%s", a)
	}
	if !strings.Contains(string(r.Files["system/controlDict"]), "Version:  12") {
		t.Error("controlDict keeps the v1912 banner")
	}
}

// TestOpenFOAM12Limits: a compressible SIMPLE case's pressure limits go to fvConstraints,
// as Foundation 12's pressureReference.C demands.
func TestOpenFOAM12Limits(t *testing.T) {
	r, fl := compileSpecFile12(t, "eval/specmatrix/s06-rhoSimple-realizableKE-total/spec.yaml", Target12)
	if fl != nil {
		t.Fatal(fl)
	}
	if got := entry12(t, r, "system/controlDict", "solver"); got != "fluid" {
		t.Errorf("solver %q, want fluid", got)
	}
	if got := entry12(t, r, "system/fvConstraints", "limitp", "type"); got != "limitPressure" {
		t.Fatalf("fvConstraints limitp type %q, want limitPressure", got)
	}
	for _, k := range []string{"pMinFactor", "pMaxFactor", "pMin", "pMax"} {
		if entry12(t, r, "system/fvSolution", "SIMPLE", k) != "" {
			t.Errorf("fvSolution SIMPLE keeps %s", k)
		}
	}
	if _, ok := r.Files["constant/thermophysicalProperties"]; ok {
		t.Error("thermophysicalProperties written for openfoam-12")
	}
	if got := entry12(t, r, "constant/physicalProperties", "thermoType", "type"); got == "" {
		t.Error("physicalProperties has no thermoType")
	}
}

// TestModules12: every solver foamc compiles has a Foundation 12 module, rhoCentralFoam
// shockFluid's layout.
func TestModules12(t *testing.T) {
	r, fl := compileSpecFile12(t, "examples/supersonic-ramp/spec.yaml", Target12)
	if fl != nil {
		t.Fatal(fl)
	}
	if len(solvers) < 10 {
		t.Fatalf("the solver table holds %d solvers", len(solvers))
	}
	// potentialFoam stays an application of its own in Foundation 12
	// (applications/solvers/potentialFoam), not a foamRun module: refused until proven there.
	// shallowWaterFoam (a legacy application) and the cht solvers (foamMultiRun) run as the
	// applications apps12 names.
	for s := range solvers {
		_, module := modules12[s]
		_, app := apps12[s]
		if !module && !app && s != "potentialFoam" {
			t.Errorf("solver %s has no Foundation 12 module or application", s)
		}
	}
	if got := entry12(t, r, "system/controlDict", "solver"); got != "shockFluid" {
		t.Errorf("rhoCentralFoam: solver %q, want shockFluid", got)
	}
	if _, ok := r.Files["system/fvSolution"]; !ok || !strings.Contains(string(r.Files["system/fvSolution"]), "PIMPLE") {
		t.Error("shockFluid's fvSolution has no PIMPLE")
	}
}

// TestTargetRefusals: v2506 is refused with a located FOAM-COMPILE-010.
func TestTargetRefusals(t *testing.T) {
	for _, tc := range []struct{ spec, target, ptr string }{
		{"examples/channel-step/spec.yaml", TargetV2506, "/target"},
	} {
		_, fl := compileSpecFile12(t, tc.spec, tc.target)
		ok := false
		for _, f := range fl {
			if f.ID == IDRelease && f.Location.Path == tc.ptr && f.Location.Line > 0 {
				ok = true
			}
		}
		if !ok {
			t.Errorf("%s with target %s: want %s at %s, got %v", tc.spec, tc.target, IDRelease, tc.ptr, fl)
		}
	}
}
