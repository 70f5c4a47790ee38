package compiler

import (
	"context"
	"errors"
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

// The reacting family's fixtures: the counterflow methane flame laminar (EulerImplicit
// chemistry, laminar combustion) and with k-epsilon and EDC compile, lint clean with the
// rule library, and v1912's reactingFoam runs them without FATAL or nan, solving every
// non-inert specie of the mechanism (YEqn.H: N2 is 1 - the others, so it is not solved).
func TestReactingFamilyRunsInOpenFOAM(t *testing.T) {
	blockMesh := foamtest.RequireBinary(t, "blockMesh")
	reactingFoam := foamtest.RequireBinary(t, "reactingFoam")
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	linter, err := NewRulesLinterKB(context.Background(), k)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []string{"spec.yaml", "spec-ras.yaml"} {
		t.Run(spec, func(t *testing.T) {
			res, err := CompileFile(context.Background(), filepath.Join("testdata", "reacting", spec), Options{KB: k, Linter: linter})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{"0/CH4", "0/O2", "0/N2", "0/Ydefault", "constant/reactions", "constant/thermo.compressibleGas", "constant/chemistryProperties", "constant/combustionProperties"} {
				if _, ok := res.Files[f]; !ok {
					t.Errorf("%s not written", f)
				}
			}
			// H2O and CO2 are named nowhere in the spec: Ydefault carries them.
			for _, f := range []string{"0/H2O", "0/CO2"} {
				if _, ok := res.Files[f]; ok {
					t.Errorf("%s written; Ydefault should carry it", f)
				}
			}
			if src := res.Provenance["/files/constant~1reactions"]; !strings.Contains(src.Ref, "counterFlowFlame2D") {
				t.Errorf("mechanism provenance %+v, want the tutorial", src)
			}
			dir := filepath.Join(t.TempDir(), "case")
			if err := res.Write(dir, false); err != nil {
				t.Fatal(err)
			}
			var log []byte
			for _, app := range []string{blockMesh, reactingFoam} {
				cmd := exec.Command(app, "-case", dir)
				cmd.Env = foamtest.Env()
				if log, err = cmd.CombinedOutput(); err != nil {
					t.Fatalf("%s: %v\n%s", filepath.Base(app), err, tail(log))
				}
			}
			s := string(log)
			if strings.Contains(s, "FOAM FATAL") || strings.Contains(strings.ToLower(s), " nan") {
				t.Fatalf("reactingFoam failed:\n%s", tail(log))
			}
			if n := strings.Count(s, "\nTime = "); n < 20 {
				t.Errorf("%d time steps, want >= 20", n)
			}
			for _, sp := range []string{"O2", "H2O", "CH4", "CO2"} {
				if !strings.Contains(s, "Solving for "+sp+",") {
					t.Errorf("reactingFoam did not solve %s", sp)
				}
			}
			if strings.Contains(s, "Solving for N2,") {
				t.Errorf("the inert N2 was solved")
			}
			// The chemistry ran: H2O, zero initially and at every inlet, exists only as a
			// product of the reaction (with chemistry off it stays exactly 0).
			times, _ := filepath.Glob(filepath.Join(dir, "0.*"))
			if len(times) == 0 {
				t.Fatal("reactingFoam wrote no time directory")
			}
			slices.Sort(times)
			h2o, err := os.ReadFile(filepath.Join(times[len(times)-1], "H2O"))
			if err != nil {
				t.Fatal(err)
			}
			// internalField nonuniform List<scalar> N ( values ): the values between the parentheses.
			_, in, _ := strings.Cut(string(h2o), "List<scalar>")
			_, in, _ = strings.Cut(in, "(")
			in, _, _ = strings.Cut(in, ")")
			var peak float64
			for _, m := range regexp.MustCompile(`[-0-9.e+]+`).FindAllStringSubmatch(in, -1) {
				if x, _ := strconv.ParseFloat(m[0], 64); x > peak {
					peak = x
				}
			}
			if peak <= 0 {
				t.Errorf("no H2O produced in %s", times[len(times)-1])
			}
		})
	}
}

func tail(b []byte) string {
	lines := strings.Split(string(b), "\n")
	return strings.Join(lines[max(0, len(lines)-30):], "\n")
}

// Unsatisfiable reacting specs are refused with a finding located at the field.
func TestReactingRefusals(t *testing.T) {
	base, err := os.ReadFile(filepath.Join("testdata", "reacting", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := filepath.Abs(filepath.Join("testdata", "reacting"))
	cases := []struct {
		name, from, to, id, ptr string
	}{
		{"sum", "O2: 0.23, N2: 0.77", "O2: 0.23, N2: 0.7", IDReaction, "/boundaries/air/species"},
		{"unknown specie", "species: {CH4: 1}", "species: {CH5: 1}", IDReaction, "/boundaries/fuel/species/CH5"},
		{"initial unknown", "initial: {N2: 1}", "initial: {Ar: 1}", IDReaction, "/reaction/initial/Ar"},
		{"inert missing", "inertSpecie: N2", "inertSpecie: AR", IDReaction, "/reaction/inertSpecie"},
		{"EDC laminar", "combustion: laminar", "combustion: EDC", IDConflict, "/reaction/combustion"},
		{"no mechanism", "  mechanism: methaneOneStep\n", "", IDOpen, "/reaction/mechanism"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(string(base), tc.from, tc.to, 1)
			if src == string(base) {
				t.Fatalf("%q not in the fixture", tc.from)
			}
			_, err := CompileBytes(context.Background(), "spec.yaml", []byte(src), dir, Options{})
			var fl finding.List
			if err == nil || !errors.As(err, &fl) {
				t.Fatalf("compiled; want %s at %s (err %v)", tc.id, tc.ptr, err)
			}
			if !slices.ContainsFunc(fl, func(f finding.Finding) bool {
				return f.ID == tc.id && f.Location.Path == tc.ptr && f.Location.Line > 0
			}) {
				t.Errorf("want %s located at %s, got %v", tc.id, tc.ptr, fl)
			}
		})
	}
}

// A mechanism given as the spec's own foam-format files (here the carried one, copied
// beside the spec) compiles to the same case, with the files' provenance the spec's.
func TestReactingMechanismFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"reactions", "thermo.compressibleGas"} {
		b, err := mechanismFS.ReadFile("mechanisms/methaneOneStep/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bm, err := os.ReadFile(filepath.Join("testdata", "reacting", "blockMeshDict"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "blockMeshDict"), bm, 0o644); err != nil {
		t.Fatal(err)
	}
	base, err := os.ReadFile(filepath.Join("testdata", "reacting", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(base), "  mechanism: methaneOneStep\n", "  reactions: reactions\n  thermo: thermo.compressibleGas\n", 1)
	res, err := CompileBytes(context.Background(), "spec.yaml", []byte(src), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for ptr, want := range map[string]string{"/files/constant~1reactions": "/reaction/reactions", "/files/constant~1thermo.compressibleGas": "/reaction/thermo"} {
		if got := res.Provenance[ptr]; got.Kind != KindSpec || got.Spec != want {
			t.Errorf("%s provenance %+v, want the spec's %s", ptr, got, want)
		}
	}
	if !strings.Contains(string(res.Files["constant/reactions"]), "CH4 + 2O2 = CO2 + 2H2O") {
		t.Errorf("constant/reactions:\n%s", res.Files["constant/reactions"])
	}
}

// A RAS combustion model needs turbulence: on the 0.1 m/s counterflow (Re_t ~ 1.3, below
// EDC's Cgamma^4 = 20.9) a pinned EDC is refused at reaction.combustion, a free choice
// compiles laminar combustion with the Re_t in provenance, and a fast turbulent inflow keeps
// EDC.
func TestReactingTurbulenceReynolds(t *testing.T) {
	base, err := os.ReadFile(filepath.Join("testdata", "reacting", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := filepath.Abs(filepath.Join("testdata", "reacting"))
	ras := strings.Replace(string(base), "turbulence: laminar", "turbulence: kEpsilon", 1)
	compile := func(src string) (*Result, error) {
		return CompileBytes(context.Background(), "spec.yaml", []byte(src), dir, Options{})
	}
	_, err = compile(strings.Replace(ras, "combustion: laminar", "combustion: EDC", 1))
	var fl finding.List
	if err == nil || !errors.As(err, &fl) || !slices.ContainsFunc(fl, func(f finding.Finding) bool {
		return f.ID == IDConflict && f.Location.Path == "/reaction/combustion" && f.Location.Line > 0 && strings.Contains(f.Summary, "turbulence Reynolds number")
	}) {
		t.Errorf("pinned EDC at Re_t ~ 1: want %s located at /reaction/combustion naming the turbulence Reynolds number, got %v", IDConflict, err)
	}
	free := strings.Replace(ras, "  combustion: laminar\n", "", 1)
	res, err := compile(free)
	if err != nil {
		t.Fatalf("free combustion model: %v", err)
	}
	if got := string(res.Files["constant/combustionProperties"]); !strings.Contains(got, "combustionModel laminar;") {
		t.Errorf("free combustion model at Re_t ~ 1: want laminar, got\n%s", got)
	}
	// The domain starts at rest: its turbulence is the 0.1 m/s inflow's, not a tutorial's
	// k 1 (nut 5 m^2/s diverged v1912's solvers within six steps).
	if k := res.Provenance["/files/0~1k/internalField"]; k.Kind != KindDerived || k.Inputs["U"] != 0.1 {
		t.Errorf("initial k of the counterflow at rest: want derived from the inflow's 0.1 m/s, got %+v", k)
	}
	src := res.Provenance["/files/constant~1combustionProperties/combustionModel"]
	if re := src.Inputs["Re_t"]; src.Kind != KindDerived || re <= 0 || re > minCombustionReT {
		t.Errorf("laminar combustion's provenance: want derived with Re_t <= %.1f, got %+v", minCombustionReT, src)
	}
	// 20 m/s at 10 % intensity: Re_t in the hundreds, EDC stays.
	fast := strings.NewReplacer("U: [0.1, 0, 0]", "U: [20, 0, 0]", "U: [-0.1, 0, 0]", "U: [-20, 0, 0]").Replace(free) + "reference: {intensity: 0.1}\n"
	if res, err = compile(fast); err != nil {
		t.Fatalf("fast inflow: %v", err)
	}
	if got := string(res.Files["constant/combustionProperties"]); !strings.Contains(got, "combustionModel EDC;") {
		t.Errorf("free combustion model on a 20 m/s turbulent inflow: want EDC, got\n%s", got)
	}
}

// A region's species replace the initial composition in its box: every specie file gets a
// setFields value (0 for those the region does not name), so an igniter of burnt products
// starts at rest among fresh reactants; a region's bad fractions are refused at their path.
func TestReactingRegionSpecies(t *testing.T) {
	base, err := os.ReadFile(filepath.Join("testdata", "reacting", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := filepath.Abs(filepath.Join("testdata", "reacting"))
	withRegion := func(species string) []byte {
		return []byte(strings.Replace(string(base), "  T: 2000\n",
			"  T: 2000\n  regions:\n    - box: {min: [-1, -1, -1], max: [0, 1, 1]}\n      T: 2300\n      species: "+species+"\n", 1))
	}
	res, err := CompileBytes(context.Background(), "spec.yaml", withRegion("{CO2: 0.15, H2O: 0.12, N2: 0.73}"), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sf := strings.Join(strings.Fields(string(res.Files["system/setFieldsDict"])), " ")
	for _, want := range []string{"volScalarFieldValue T 2300", "volScalarFieldValue CH4 0", "volScalarFieldValue CO2 0.15",
		"volScalarFieldValue H2O 0.12", "volScalarFieldValue N2 0.73", "volScalarFieldValue O2 0"} {
		if !strings.Contains(sf, want) {
			t.Errorf("setFieldsDict lacks %q:\n%s", want, sf)
		}
	}
	// The region's species have their own 0/ files, at 0 outside the box.
	for _, f := range []string{"0/CO2", "0/H2O"} {
		if !strings.Contains(string(res.Files[f]), "internalField   uniform 0;") {
			t.Errorf("%s:\n%s", f, res.Files[f])
		}
	}
	for name, tc := range map[string]struct{ species, ptr string }{
		"sum":     {"{CO2: 0.15, N2: 0.73}", "/initial/regions/0/species"},
		"unknown": {"{CO: 0.15, H2O: 0.12, N2: 0.73}", "/initial/regions/0/species/CO"},
	} {
		_, err := CompileBytes(context.Background(), "spec.yaml", withRegion(tc.species), dir, Options{})
		var fl finding.List
		if !errors.As(err, &fl) || !slices.ContainsFunc(fl, func(f finding.Finding) bool {
			return f.ID == IDReaction && f.Location.Path == tc.ptr && f.Location.Line > 0
		}) {
			t.Errorf("%s: want %s located at %s, got %v", name, IDReaction, tc.ptr, err)
		}
	}
}

// Species in a region of a solver without species are refused at their path.
func TestRegionSpeciesNeedReacting(t *testing.T) {
	const spec = `version: 1
name: t
mesh: {blockMeshDict: channel/blockMeshDict}
physics: {solver: rhoCentralFoam, turbulence: laminar}
fluid: {molWeight: 28.9, Cp: 1005, mu: 0, Pr: 0.7}
initial:
  U: [0, 0, 0]
  p: 10000
  T: 278.7
  regions:
    - box: {min: [-1, -1, -1], max: [0.05, 1, 1]}
      T: 348.4
      species: {N2: 1}
boundaries:
  inlet:        {role: wall}
  outlet:       {role: wall}
  walls:        {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 0.001, maxCo: 0.2}
`
	_, fl := compileSrc(t, spec, Options{})
	if !slices.ContainsFunc(fl, func(f finding.Finding) bool {
		return f.ID == IDUnsupported && f.Location.Path == "/initial/regions/0/species"
	}) {
		t.Errorf("want %s at /initial/regions/0/species, got %v", IDUnsupported, fl)
	}
}

// v1912's setFields takes a region's species as compiled: in the box every specie file
// holds the region's fraction (0 for those it does not name) and T its temperature, outside
// the initial composition is untouched.
func TestReactingRegionSpeciesSetFields(t *testing.T) {
	blockMesh := foamtest.RequireBinary(t, "blockMesh")
	setFields := foamtest.RequireBinary(t, "setFields")
	base, err := os.ReadFile(filepath.Join("testdata", "reacting", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := filepath.Abs(filepath.Join("testdata", "reacting"))
	src := strings.Replace(string(base), "  T: 2000\n",
		"  T: 2000\n  regions:\n    - box: {min: [-1, -1, -1], max: [0.005, 1, 1]}\n      T: 2300\n      species: {CO2: 0.15, H2O: 0.12, N2: 0.73}\n", 1)
	res, err := CompileBytes(context.Background(), "spec.yaml", []byte(src), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cdir := filepath.Join(t.TempDir(), "case")
	if err := res.Write(cdir, false); err != nil {
		t.Fatal(err)
	}
	for _, app := range []string{blockMesh, setFields} {
		cmd := exec.Command(app, "-case", cdir)
		cmd.Env = foamtest.Env()
		if log, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", filepath.Base(app), err, tail(log))
		}
	}
	values := func(f string) []float64 {
		b, err := os.ReadFile(filepath.Join(cdir, "0", f))
		if err != nil {
			t.Fatal(err)
		}
		_, in, ok := strings.Cut(string(b), "List<scalar>")
		if !ok {
			t.Fatalf("0/%s is uniform: setFields did not set it", f)
		}
		_, in, _ = strings.Cut(in, "(")
		in, _, _ = strings.Cut(in, ")")
		var out []float64
		for _, w := range strings.Fields(in) {
			x, err := strconv.ParseFloat(w, 64)
			if err != nil {
				t.Fatalf("0/%s: %v", f, err)
			}
			out = append(out, x)
		}
		return out
	}
	T, co2, n2 := values("T"), values("CO2"), values("N2")
	inBox := 0
	for i := range T {
		switch T[i] {
		case 2300:
			inBox++
			if co2[i] != 0.15 || n2[i] != 0.73 {
				t.Fatalf("cell %d in the box: CO2 %g N2 %g, want 0.15 0.73", i, co2[i], n2[i])
			}
		case 2000:
			if co2[i] != 0 || n2[i] != 1 {
				t.Fatalf("cell %d outside the box: CO2 %g N2 %g, want 0 1", i, co2[i], n2[i])
			}
		default:
			t.Fatalf("cell %d: T %g", i, T[i])
		}
	}
	if inBox == 0 || inBox == len(T) {
		t.Errorf("%d of %d cells in the box, want some", inBox, len(T))
	}
}
