package compiler

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

func vofOptions(t *testing.T) Options {
	t.Helper()
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	linter, err := NewRulesLinterKB(context.Background(), k)
	if err != nil {
		t.Fatal(err)
	}
	return Options{KB: k, Linter: linter}
}

// The VoF family's fixture: a tank with an inlet bringing water, an outlet at p = 0 and an
// atmosphere, compiled for interFoam, lints clean with the rule library (the VoF rules
// included), and v1912's blockMesh, setFields and interFoam run it to its end time with the
// water fraction within [0, 1] and the water layer set where the spec put it.
func TestVoFFamilyRunsInOpenFOAM(t *testing.T) {
	apps := map[string]string{}
	for _, a := range []string{"blockMesh", "setFields", "interFoam"} {
		apps[a] = foamtest.RequireBinary(t, a)
	}
	res, err := CompileFile(context.Background(), filepath.Join("testdata", "vof", "spec.yaml"), vofOptions(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(res.Features.Fields, " "); got != "U alpha.water p_rgh" {
		t.Errorf("fields %q, want U alpha.water p_rgh", got)
	}
	for file, want := range map[string][]string{
		"constant/transportProperties": {"phases          (water air);", "rho             1000;", "sigma           0.07;"},
		"constant/g":                   {"value           (0 -9.81 0);"},
		"0/alpha.water":                {"dimensions      [0 0 0 0 0 0 0];", "inletValue      uniform 0;"},
		"0/p_rgh":                      {"type            totalPressure;", "type            prghPressure;", "type            fixedFluxPressure;"},
		"0/U":                          {"type            pressureInletOutletVelocity;"},
		"system/setFieldsDict":         {"volScalarFieldValue alpha.water 1"},
		"system/controlDict":           {"maxAlphaCo"},
		"system/fvSchemes":             {"div(phi,alpha)", "div(phirb,alpha)"},
		"system/fvSolution":            {"nAlphaCorr", "nAlphaSubCycles", "cAlpha", "pcorrFinal", "momentumPredictor"},
	} {
		for _, w := range want {
			if !strings.Contains(string(res.Files[file]), w) {
				t.Errorf("%s lacks %q:\n%s", file, w, res.Files[file])
			}
		}
	}
	dir := filepath.Join(t.TempDir(), "case")
	if err := res.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	var log []byte
	for _, app := range []string{"blockMesh", "setFields", "interFoam"} {
		cmd := exec.Command(apps[app], "-case", dir)
		cmd.Env = foamtest.Env()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", app, err, out)
		}
		log = out
	}
	if strings.Contains(string(log), "FOAM FATAL") || !strings.Contains(string(log), "\nEnd") {
		t.Fatalf("interFoam did not reach its end time:\n%s", log[max(0, len(log)-3000):])
	}
	ext := regexp.MustCompile(`Min\(alpha.water\) = (\S+)\s+Max\(alpha.water\) = (\S+)`).FindAllStringSubmatch(string(log), -1)
	steps := len(regexp.MustCompile(`(?m)^Time = `).FindAllString(string(log), -1))
	if len(ext) == 0 || steps < 20 {
		t.Fatalf("%d steps, %d MULES reports", steps, len(ext))
	}
	for _, e := range ext {
		lo, _ := strconv.ParseFloat(e[1], 64)
		hi, _ := strconv.ParseFloat(e[2], 64)
		if lo < -1e-3 || hi > 1+1e-3 {
			t.Fatalf("alpha.water left [0, 1]: min %g, max %g", lo, hi)
		}
	}
	// setFields filled the water layer (y < 0.2: 8 of the 20 rows of cells) before the run.
	a, err := os.ReadFile(filepath.Join(dir, "0", "alpha.water"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range strings.Split(strings.SplitN(string(a), "boundaryField", 2)[0], "\n") {
		if l == "1" {
			n++
		}
	}
	if n != 320 {
		t.Errorf("setFields set %d cells to water, want the 320 of the layer", n)
	}
	t.Logf("interFoam: %d steps, alpha.water within [0, 1] in %d MULES reports", steps, len(ext))
}

// Specs interFoam cannot run are refused with a located finding naming the field.
func TestVoFRefusals(t *testing.T) {
	base, err := os.ReadFile(filepath.Join("testdata", "vof", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	closed := strings.NewReplacer("  inlet: {role: inlet, U: [0.5, 0, 0], alpha: 1}\n", "  inlet: {role: wall}\n",
		"  outlet: {role: outlet, p: 0}\n", "  outlet: {role: wall}\n", "  atmosphere: {role: atmosphere}\n", "  atmosphere: {role: wall}\n").Replace(string(base))
	for _, c := range []struct {
		name, from, to, id, ptr string
	}{
		{"one phase", "    - {name: air, rho: 1, nu: 1.48e-5}\n", "", IDConflict, "/fluid/phases"},
		{"closed tank without gravity", ", gravity: [0, -9.81, 0]", "", IDConflict, "/physics"},
		{"alpha above 1", "      alpha: 1\n", "      alpha: 1.5\n", "FOAM-SPEC-002", "/initial/regions/0/alpha"},
		{"inlet without alpha", "U: [0.5, 0, 0], alpha: 1}", "U: [0.5, 0, 0]}", IDOpen, "/boundaries/inlet/alpha"},
		{"far field", "atmosphere: {role: atmosphere}", "atmosphere: {role: freestream}", IDUnsupported, "/boundaries/atmosphere/role"},
		{"atmosphere for one fluid", "physics: {solver: interFoam,", "fluid: {nu: 1e-6}\nphysics: {solver: pimpleFoam,", IDUnsupported, "/boundaries/atmosphere/role"},
	} {
		t.Run(c.name, func(t *testing.T) {
			spec := string(base)
			if c.name == "closed tank without gravity" {
				spec = closed
			}
			if c.name == "atmosphere for one fluid" {
				spec = strings.Replace(spec, "fluid:\n  phases:\n    - {name: water, rho: 1000, nu: 1e-6}\n    - {name: air, rho: 1, nu: 1.48e-5}\n  sigma: 0.07\n", "", 1)
				spec = strings.Replace(spec, "initial:\n  regions:\n    - box: {min: [0, 0, -1], max: [1, 0.2, 1]}\n      alpha: 1\n", "", 1)
				spec = strings.Replace(spec, ", alpha: 1}", "}", 1)
			}
			if !strings.Contains(spec, c.from) {
				t.Fatalf("the fixture has no %q", c.from)
			}
			spec = strings.Replace(spec, c.from, c.to, 1)
			_, err := CompileBytes(context.Background(), "spec.yaml", []byte(spec), filepath.Join("testdata", "vof"), Options{})
			var fl finding.List
			if !errors.As(err, &fl) {
				t.Fatalf("compiled (err %v), want %s at %s", err, c.id, c.ptr)
			}
			for _, f := range fl {
				if f.ID == c.id && f.Location.Path == c.ptr && f.Location.Line > 0 {
					return
				}
			}
			t.Errorf("no located %s at %s in:\n%v", c.id, c.ptr, fl)
		})
	}
}

// The fixture restated for Foundation 12 (target openfoam-12): the incompressibleVoF module
// with phaseProperties and physicalProperties.<phase>, the compression in the div(phi,alpha)
// scheme; blockMesh, setFields and foamRun of the prebuilt Foundation 12 run it to its end
// time with alpha within [0, 1].
func TestVoFFamilyRunsInOpenFOAM12(t *testing.T) {
	r, fl := compileSpecFile12(t, "compiler/testdata/vof/spec.yaml", Target12)
	if fl != nil {
		t.Fatal(fl)
	}
	if got := entry12(t, r, "system/controlDict", "solver"); got != "incompressibleVoF" {
		t.Errorf("solver %q, want incompressibleVoF", got)
	}
	if got := entry12(t, r, "constant/phaseProperties", "phases"); got != "(water air)" {
		t.Errorf("phaseProperties phases %q", got)
	}
	if got := entry12(t, r, "constant/physicalProperties.water", "rho"); got != "1000" {
		t.Errorf("physicalProperties.water rho %q", got)
	}
	if got := entry12(t, r, "system/fvSchemes", "divSchemes", "div(phi,alpha)"); got != "Gauss interfaceCompression vanLeer 1" {
		t.Errorf("div(phi,alpha) %q", got)
	}
	for _, gone := range []string{"constant/transportProperties", "constant/turbulenceProperties"} {
		if _, ok := r.Files[gone]; ok {
			t.Errorf("%s written for Foundation 12", gone)
		}
	}
	if s := string(r.Files["system/fvSchemes"]) + string(r.Files["system/fvSolution"]); strings.Contains(s, "phirb") || strings.Contains(s, "cAlpha") {
		t.Error("div(phirb,alpha) or cAlpha left in the Foundation 12 case")
	}
	env := foamtest.Env12(t)
	dir := filepath.Join(t.TempDir(), "case")
	if err := r.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	var log string
	for _, app := range []string{"blockMesh", "setFields", "foamRun"} {
		cmd := exec.Command("bash", "-c", app)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", app, err, out[max(0, len(out)-3000):])
		}
		log = string(out)
	}
	steps := len(regexp.MustCompile(`(?m)^Time = `).FindAllString(log, -1))
	if !strings.Contains(log, "Build  : 12") || !strings.Contains(log, "\nEnd") || steps < 20 {
		t.Fatalf("foamRun: %d steps\n%s", steps, log[max(0, len(log)-3000):])
	}
	for _, e := range regexp.MustCompile(`Min\(alpha.water\) = (\S+)\s+Max\(alpha.water\) = (\S+)`).FindAllStringSubmatch(log, -1) {
		lo, _ := strconv.ParseFloat(e[1], 64)
		hi, _ := strconv.ParseFloat(e[2], 64)
		if lo < -1e-3 || hi > 1+1e-3 {
			t.Fatalf("alpha.water left [0, 1]: min %g, max %g", lo, hi)
		}
	}
	t.Logf("Foundation 12 incompressibleVoF: %d steps to End", steps)
}

// TestMULESCorrSwitch: MULESCorr is read as OpenFOAM's Switch (every word and label), the
// last entry winning; the hand list before took only yes/on/true/1.
func TestMULESCorrSwitch(t *testing.T) {
	for _, c := range []struct {
		words [][2]string
		want  bool
	}{
		{[][2]string{{"MULESCorr", "yes"}}, true},
		{[][2]string{{"MULESCorr", "y"}}, true},
		{[][2]string{{"MULESCorr", "any"}}, true},
		{[][2]string{{"MULESCorr", "2"}}, true},
		{[][2]string{{"MULESCorr", "True"}}, false},
		{[][2]string{{"MULESCorr", "none"}}, false},
		{[][2]string{{"MULESCorr", "on"}, {"nAlphaCorr", "2"}, {"MULESCorr", "off"}}, false},
		{[][2]string{{"nAlphaCorr", "1"}}, false},
	} {
		if got := mulesCorr(c.words); got != c.want {
			t.Errorf("mulesCorr(%v) = %v, want %v", c.words, got, c.want)
		}
	}
}
