package compiler

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/openfoam"
)

// families12 runs TestFamiliesRunInOpenFOAM12: the modules and applications these families
// need are not in the prebuilt minimal Foundation 12 (`make openfoam12-modules` builds
// them), so the runs are behind this flag (make test-openfoam12-families); with it, a
// missing program fails the test.
var families12 = flag.Bool("openfoam12-families", false, "TestFamiliesRunInOpenFOAM12: run the families' fixtures in Foundation 12 (make openfoam12-modules builds what they need)")

// family12 is one family's fixture restated for Foundation 12: what its layout must hold
// and what runs it.
type family12 struct {
	spec string
	// app is the solver application, module the foamRun/foamMultiRun solver modules
	// (libraries) it loads.
	app     string
	modules []string
	// want are entries of the Foundation 12 case: path, keys..., value.
	want [][]string
	// text are files and what they contain (a regex-keyed patch, which no plain key finds).
	text [][2]string
	// gone are v1912 files the release does not read.
	gone []string
	// endTime shortens the fixture's run (the reacting fixture's 2 ms take minutes here).
	endTime string
}

var families12Cases = map[string]family12{
	"scalarTransport": {
		spec: "compiler/testdata/scalar/spec.yaml", app: "foamRun", modules: []string{"functions"},
		want: [][]string{
			{"system/controlDict", "solver", "functions"},
			{"system/controlDict", "subSolver", "incompressibleFluid"},
			{"system/functions", "T", "type", "scalarTransport"},
			{"system/functions", "T", "diffusivity", "constant"},
			{"system/functions", "T", "D", "0.0001"},
			{"constant/physicalProperties", "viscosityModel", "constant"},
			{"system/fvSolution", "PIMPLE", "pRefCell", "0"},
			{"0/p", "dimensions", "[0 2 -2 0 0 0 0]"},
		},
		gone: []string{"constant/transportProperties"},
	},
	"shallowWater": {
		spec: "compiler/testdata/shallowwater/spec.yaml", app: "shallowWaterFoam",
		want: [][]string{
			{"system/controlDict", "application", "shallowWaterFoam"},
			{"constant/gravitationalProperties", "rotating", "false"},
		},
		gone: []string{"constant/momentumTransport"},
	},
	"cht": {
		spec: "compiler/testdata/cht/spec.yaml", app: "foamMultiRun", modules: []string{"fluid", "solid"},
		want: [][]string{
			{"system/controlDict", "application", "foamMultiRun"},
			{"system/controlDict", "regionSolvers", "air", "fluid"},
			{"system/controlDict", "regionSolvers", "plate", "solid"},
			{"constant/air/g", "value", "(0 -9.81 0)"},
			{"constant/plate/physicalProperties", "thermoType", "transport", "constIsoSolid"},
			{"constant/plate/physicalProperties", "thermoType", "energy", "sensibleInternalEnergy"},
			{"constant/plate/physicalProperties", "mixture", "thermodynamics", "Cv", "900"},
			{"constant/plate/fvModels", "heatSource", "type", "heatSource"},
			{"constant/plate/fvModels", "heatSource", "q", "1e+06"},
			{"0/plate/T", "boundaryField", "bottom", "type", "externalTemperature"},
			{"0/plate/T", "boundaryField", "bottom", "q", "uniform 5000"},
			{"system/plate/fvSolution", "solvers", "e", "solver", "PCG"},
			{"system/air/fvSolution", "solvers", "p_rgh", "solver", "GAMG"},
		},
		text: [][2]string{{"0/plate/T", "coupledTemperature"}, {"0/air/T", "coupledTemperature"}},
		gone: []string{"constant/regionProperties", "constant/g", "constant/plate/fvOptions", "constant/air/thermophysicalProperties", "constant/momentumTransport"},
	},
	"reacting": {
		spec: "compiler/testdata/reacting/spec.yaml", app: "foamRun", modules: []string{"multicomponentFluid"},
		want: [][]string{
			{"system/controlDict", "solver", "multicomponentFluid"},
			{"constant/physicalProperties", "thermoType", "mixture", "multicomponentMixture"},
			{"constant/physicalProperties", "defaultSpecie", "N2"},
			{"system/fvSolution", "solvers", "YiFinal", "relTol", "0"},
			{"constant/chemistryProperties", "EulerImplicitCoeffs", "cTauChem", "0.05"},
			{"constant/reactions", "Tlow", "200"},
			{"constant/reactions", "Thigh", "5000"},
		},
		text:    [][2]string{{"constant/physicalProperties", "#include \"thermo.compressibleGas\""}, {"constant/chemistryProperties", "#include \"reactions\""}},
		gone:    []string{"constant/thermophysicalProperties"},
		endTime: "0.0002",
	},
	// A premixed mixture at 2000 K that ignites under PaSR in its first steps, with an ODE
	// chemistry: real F12 foamRun died with SIGFPE in the Arrhenius rate at step 2 before
	// the reactions carried their temperature range (chemistryLimits12).
	"reactingIgnition": {
		spec: "compiler/testdata/reactingignition/spec.yaml", app: "foamRun", modules: []string{"multicomponentFluid"},
		want: [][]string{
			{"constant/chemistryProperties", "odeCoeffs", "solver", "Rosenbrock34"},
			{"constant/reactions", "Tlow", "200"},
			{"constant/reactions", "Thigh", "5000"},
		},
		gone:    []string{"constant/thermophysicalProperties"},
		endTime: "0.0001",
	},
	// Steady, closed, compressible: p_rgh has no reference cell in Foundation 12, so not DIC
	// (release12_closedp.go); the transient cht fixture keeps its GAMG.
	"chtSteadyAir": {
		spec: "compiler/testdata/chtsteadyair/spec.yaml", app: "foamMultiRun", modules: []string{"fluid", "solid"},
		want: [][]string{
			{"system/fluid/fvSolution", "solvers", "p_rgh", "solver", "PCG"},
			{"system/fluid/fvSolution", "solvers", "p_rgh", "preconditioner", "diagonal"},
			{"system/fluid/fvSolution", "solvers", "p_rghFinal", "preconditioner", "diagonal"},
			{"system/fluid/fvSchemes", "ddtSchemes", "default", "steadyState"},
		},
	},
}

// compile compiles a fixture with target openfoam-12.
func (f family12) compile(t *testing.T) *Result {
	t.Helper()
	path := filepath.Join(foamtest.RepoRoot(), f.spec)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, []byte("\ntarget: "+Target12+"\n")...)
	if f.endTime != "" {
		b = regexp.MustCompile(`endTime: [^,}]+`).ReplaceAll(b, []byte("endTime: "+f.endTime))
	}
	res, err := CompileBytes(t.Context(), "spec.yaml", b, filepath.Dir(path), Options{})
	if err != nil {
		t.Fatalf("%s with target openfoam-12: %v", f.spec, err)
	}
	return res
}

// TestFamiliesLayout12: scalar transport, shallow water, CHT and reacting flow compile for
// Foundation 12 into its layout (read in the release's tutorials; run by
// TestFamiliesRunInOpenFOAM12).
func TestFamiliesLayout12(t *testing.T) {
	for name, f := range families12Cases {
		t.Run(name, func(t *testing.T) {
			r := f.compile(t)
			for _, w := range f.want {
				if got := strings.Join(strings.Fields(entry12(t, r, w[0], w[1:len(w)-1]...)), " "); got != w[len(w)-1] {
					t.Errorf("%s %v = %q, want %q", w[0], w[1:len(w)-1], got, w[len(w)-1])
				}
			}
			for _, x := range f.text {
				if !strings.Contains(string(r.Files[x[0]]), x[1]) {
					t.Errorf("%s lacks %q", x[0], x[1])
				}
			}
			for _, g := range f.gone {
				if _, ok := r.Files[g]; ok {
					t.Errorf("%s written for Foundation 12", g)
				}
			}
			if !strings.Contains(string(r.Files["Allrun"]), "run "+f.app+"\n") {
				t.Errorf("Allrun does not run %s:\n%s", f.app, r.Files["Allrun"])
			}
		})
	}
}

// TestFamiliesRunInOpenFOAM12 runs each family's fixture, compiled for Foundation 12, with
// its generated Allrun in the real Foundation 12: at least 20 time steps, to End, without
// FATAL, nan or a floating point exception, in the release's own solver (`Build  : 12`).
func TestFamiliesRunInOpenFOAM12(t *testing.T) {
	if !*families12 {
		t.Skip("behind -openfoam12-families (make test-openfoam12-families)")
	}
	env := foamtest.Env12(t)
	dir12 := foamtest.Dir12(t)
	for _, name := range []string{"scalarTransport", "shallowWater", "cht", "chtSteadyAir", "reacting", "reactingIgnition"} {
		f := families12Cases[name]
		t.Run(name, func(t *testing.T) {
			for _, m := range f.modules {
				if !openfoam.HasModule12(dir12, m) {
					t.Fatalf("Foundation 12 at %s lacks the %s module: run make openfoam12-modules", dir12, m)
				}
			}
			if matches, _ := filepath.Glob(filepath.Join(dir12, "platforms", "*", "bin", f.app)); len(matches) == 0 {
				t.Fatalf("Foundation 12 at %s lacks %s: run make openfoam12-modules", dir12, f.app)
			}
			dir := filepath.Join(t.TempDir(), "case")
			if err := f.compile(t).Write(dir, false); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("bash", "Allrun")
			cmd.Dir, cmd.Env = dir, env
			out, err := cmd.CombinedOutput()
			logb, _ := os.ReadFile(filepath.Join(dir, "log."+f.app))
			log := string(logb)
			if err != nil {
				t.Fatalf("Allrun: %v\n%s\n%s", err, out, log[max(0, len(log)-3000):])
			}
			steps := len(regexp.MustCompile(`(?m)^\s*Time = `).FindAllString(log, -1))
			if !strings.Contains(log, "Build  : 12") || !regexp.MustCompile(`(?m)^\s*End\s*$`).MatchString(log) || steps < 20 ||
				strings.Contains(log, "FOAM FATAL") || regexp.MustCompile(`(?i)\bnan\b`).MatchString(log) || strings.Contains(log, "sigFpe::sigHandler") {
				t.Fatalf("%s: %d steps\n%s", f.app, steps, log[max(0, len(log)-3000):])
			}
			t.Logf("Foundation 12 %s (%s): %d steps to End", f.app, strings.Join(f.modules, ", "), steps)
		})
	}
}
