package compiler

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

var meshes = filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes")

const channelKE = `version: 1
name: t
mesh: {blockMeshDict: channel/blockMeshDict}
physics: {solver: simpleFoam, turbulence: kEpsilon}
fluid: {nu: 1.5e-5}
reference: {U: 10, length: 0.05}
boundaries:
  inlet:        {role: inlet, U: [10, 0, 0], turbulence: {intensity: 0.05, lengthScale: 0.005}}
  outlet:       {role: outlet, p: 0}
  walls:        {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 100, deltaT: 1}
`

func compileSrc(t *testing.T, src string, opts Options) (*Result, finding.List) {
	t.Helper()
	res, err := CompileBytes(context.Background(), "spec.yaml", []byte(src), meshes, opts)
	if err != nil {
		var fl finding.List
		if !errors.As(err, &fl) {
			t.Fatalf("want findings, got %v", err)
		}
		return nil, fl
	}
	return res, nil
}

func slotOf(t *testing.T, r *Result, id string) Slot {
	t.Helper()
	for _, s := range r.Slots {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("no slot %s", id)
	return Slot{}
}

func TestDerivations(t *testing.T) {
	ts := deriveTurbulence(10, 0.05, 0.005)
	near := func(name string, got, want float64) {
		if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
			t.Errorf("%s = %g, want %g", name, got, want)
		}
	}
	near("k", ts.K.Value, 0.375)
	near("epsilon", ts.Epsilon.Value, math.Pow(0.09, 0.75)*math.Pow(0.375, 1.5)/0.005)
	near("omega", ts.Omega.Value, math.Sqrt(0.375)/(math.Pow(0.09, 0.25)*0.005))
	near("nuTilda", ts.NuTilda.Value, math.Sqrt(1.5)*10*0.05*0.005)
	g := deriveGas(28.96, 1004.5)
	near("gamma", g.Gamma.Value, 1004.5/(1004.5-8314.47/28.96))
	ma := g.mach(694, 300).Value
	if ma < 1.99 || ma > 2.0 {
		t.Errorf("Mach of 694 m/s at 300 K = %g", ma)
	}
	p0 := g.totalPressure(1e5, 2).Value
	T0 := g.totalTemperature(300, 2).Value
	near("T0", T0, 300*(1+(g.Gamma.Value-1)/2*4))
	near("p0", p0, 1e5*math.Pow(1+(g.Gamma.Value-1)/2*4, g.Gamma.Value/(g.Gamma.Value-1)))
	d := courantDeltaT(0.5, 0.01, 2, 0)
	if d.Value > 0.5*0.01/2 || d.Value < 0.002 {
		t.Errorf("deltaT = %g", d.Value)
	}
	near("smallest graded cell", smallestCell(1, 10, 1), 0.1)
	if c := smallestCell(1, 10, 10); c >= 0.1 || c <= 0 {
		t.Errorf("graded smallest cell = %g", c)
	}
}

func TestChannelKEpsilon(t *testing.T) {
	r, fl := compileSrc(t, channelKE, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	if s := slotOf(t, r, "0/nut/boundaryField/walls"); s.Value != "nutkWallFunction" {
		t.Errorf("nut wall = %+v", s)
	}
	if s := slotOf(t, r, "derived/initial/k"); s.Value != "0.375" || s.Source.Kind != KindDerived {
		t.Errorf("k = %+v", s)
	}
	u := string(r.Files["0/U"])
	if !strings.Contains(u, "inletOutlet") || !strings.Contains(u, "uniform (10 0 0)") {
		t.Errorf("0/U:\n%s", u)
	}
	fs := string(r.Files["system/fvSchemes"])
	for _, k := range []string{"div(phi,k)", "div(phi,epsilon)", "div((nuEff*dev2(T(grad(U)))))", "steadyState"} {
		if !strings.Contains(fs, k) {
			t.Errorf("fvSchemes lacks %s", k)
		}
	}
	if !strings.Contains(string(r.Files["system/fvSolution"]), "relaxationFactors") {
		t.Error("SIMPLE without relaxationFactors")
	}
	if src := r.Provenance["/files/0~1k/boundaryField/inlet/intensity"]; src.Kind != KindSpec || src.Spec != "/boundaries/inlet/turbulence/intensity" {
		t.Errorf("provenance of k inlet intensity = %+v", src)
	}
	if src := r.Provenance["/files/system~1controlDict/endTime"]; src.Spec != "/control/endTime" {
		t.Errorf("provenance of endTime = %+v", src)
	}
}

// A wall whose patch type the spec pins to `patch`: the rules forbid nut wall functions
// there (BC-011) and epsilon wall functions without them (BC-012), so the solver backtracks
// to the next candidates and records what it pruned.
func TestBacktrackingPrunesWallFunctions(t *testing.T) {
	src := strings.Replace(channelKE, "mesh: {blockMeshDict: channel/blockMeshDict}",
		"mesh: {blockMeshDict: channel/blockMeshDict, patchTypes: {walls: patch}}", 1)
	r, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	nut := slotOf(t, r, "0/nut/boundaryField/walls")
	if nut.Value != "calculated" || len(nut.Pruned) == 0 || !strings.Contains(nut.Pruned[0], "FOAM-BC-011") {
		t.Errorf("nut = %+v", nut)
	}
	eps := slotOf(t, r, "0/epsilon/boundaryField/walls")
	if eps.Value != "zeroGradient" || len(eps.Pruned) == 0 || !strings.Contains(eps.Pruned[0], "FOAM-BC-012") {
		t.Errorf("epsilon = %+v", eps)
	}
}

// A symmetry role on a mesh patch typed `patch`: the rule BC-010 sets the patch type in the
// copied blockMeshDict.
func TestRuleSetsPatchType(t *testing.T) {
	src, _ := os.ReadFile(filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "s08-piso-SpalartAllmaras-symmetry", "spec.yaml"))
	r, err := CompileBytes(context.Background(), "spec.yaml", src, filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "s08-piso-SpalartAllmaras-symmetry"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := slotOf(t, r, "mesh/centreline/type")
	if s.Value != "symmetry" || s.Source.Kind != KindRule || s.Source.Rule != "FOAM-BC-010" {
		t.Errorf("centreline type = %+v", s)
	}
	if !strings.Contains(string(r.Files["system/blockMeshDict"]), "symmetry") {
		t.Error("blockMeshDict not edited")
	}
}

func TestThermoEnergyPruned(t *testing.T) {
	b, _ := os.ReadFile(filepath.Join(foamtest.RepoRoot(), "examples", "supersonic-ramp", "spec.yaml"))
	r, err := CompileBytes(context.Background(), "spec.yaml", b, filepath.Join(foamtest.RepoRoot(), "examples", "supersonic-ramp"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := slotOf(t, r, "constant/thermophysicalProperties/thermoType/energy")
	if e.Value != "sensibleInternalEnergy" || len(e.Pruned) != 1 || !strings.Contains(e.Pruned[0], "FOAM-THERMO-004") {
		t.Errorf("energy = %+v", e)
	}
}

func TestConflictNamesSpecField(t *testing.T) {
	src := `version: 1
name: t
mesh: {blockMeshDict: channel/blockMeshDict}
physics: {solver: sonicFoam, turbulence: laminar, energy: sensibleEnthalpy}
fluid: {molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5}
reference: {p: 1.0e5, T: 300}
boundaries:
  inlet:        {role: inlet, U: [10, 0, 0], T: 300}
  outlet:       {role: outlet, p: 1.0e5}
  walls:        {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 1, deltaT: 1.0e-5}
`
	_, fl := compileSrc(t, src, Options{})
	if len(fl) != 1 || fl[0].ID != IDConflict || fl[0].Location.Path != "/physics/energy" || fl[0].Location.Line != 4 ||
		!strings.Contains(fl[0].Fix, "FOAM-THERMO-004") {
		t.Fatalf("findings = %+v", fl)
	}
	src2 := strings.Replace(channelKE, "solver: simpleFoam", "solver: icoFoam", 1)
	_, fl = compileSrc(t, src2, Options{})
	if len(fl) != 1 || fl[0].ID != IDConflict || !strings.Contains(fl[0].Fix, "FOAM-FM-001") {
		t.Fatalf("findings = %+v", fl)
	}
}

func TestOpenSlotsAreErrorsWithoutFiller(t *testing.T) {
	src := strings.Replace(channelKE, "  walls:        {role: wall}\n", "", 1)
	src = strings.Replace(src, "turbulence: {intensity: 0.05, lengthScale: 0.005}", "turbulence: {lengthScale: 0.005}", 1)
	// --strict: the intensity default is refused, so the slot stays open.
	_, fl := compileSrc(t, src, Options{Strict: true})
	var role, intensity bool
	for _, f := range fl {
		if f.ID == IDOpen && f.Location.Path == "/boundaries/walls/role" && strings.Contains(f.Fix, "wall") {
			role = true
		}
		if f.ID == IDOpen && f.Location.Path == "/reference/intensity" {
			intensity = true
		}
	}
	if !role || !intensity {
		t.Fatalf("findings = %v", fl)
	}
}

type fakeFiller struct {
	answers map[string]string
	seen    *[]FillRequest
}

func (f fakeFiller) Fill(_ context.Context, req FillRequest) (FillResult, error) {
	if f.seen != nil {
		*f.seen = append(*f.seen, req)
	}
	v, ok := f.answers[req.SpecField]
	if !ok {
		return FillResult{}, errors.New("no answer")
	}
	if req.Attempt == 1 && req.SpecField == "/reference/intensity" {
		return FillResult{Value: `"five percent"`, Model: "fake", PromptHash: "sha256:1"}, nil
	}
	return FillResult{Value: v, Model: "fake", PromptHash: "sha256:1"}, nil
}

func TestFillerAnswersAreValidatedAndRecorded(t *testing.T) {
	src := strings.Replace(channelKE, "turbulence: {intensity: 0.05, lengthScale: 0.005}", "turbulence: {lengthScale: 0.005}", 1)
	var seen []FillRequest
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	// --strict refuses the intensity default, so the filler is asked (spec -> derivation ->
	// kb -> default -> LLM).
	r, fl := compileSrc(t, src, Options{KB: k, Strict: true, Filler: fakeFiller{map[string]string{"/reference/intensity": "0.05"}, &seen}})
	if fl != nil {
		t.Fatal(fl)
	}
	if len(seen) != 2 || len(seen[1].Rejected) == 0 || seen[1].Attempt != 2 {
		t.Fatalf("requests = %+v", seen)
	}
	var fromKB bool
	for _, e := range seen[0].Context {
		fromKB = fromKB || strings.HasPrefix(e.Source, "kb:cascade")
	}
	if !fromKB {
		t.Errorf("no kb evidence in the fill request: %+v", seen[0].Context)
	}
	s := slotOf(t, r, "derived/initial/k")
	if s.Value != "0.375" {
		t.Errorf("k = %+v", s)
	}
	var llm int
	for _, src := range r.Provenance {
		if src.Kind == KindLLM {
			llm++
			if src.Attempts != 2 || src.Model != "fake" {
				t.Errorf("llm provenance = %+v", src)
			}
		}
	}
	if llm == 0 {
		t.Error("no llm provenance entry for the filled slot")
	}
}

func TestUnknownBoundaryDidYouMean(t *testing.T) {
	src := strings.Replace(channelKE, "  walls:        {role: wall}", "  wall:         {role: wall}", 1)
	_, fl := compileSrc(t, src, Options{})
	found := false
	for _, f := range fl {
		if f.ID == IDMesh && f.Location.Path == "/boundaries/wall" && strings.Contains(f.Fix, `"walls"`) {
			found = true
		}
	}
	if !found {
		t.Fatalf("findings = %v", fl)
	}
}

func TestCourantTimeStepFromMesh(t *testing.T) {
	src := strings.Replace(channelKE, "solver: simpleFoam", "solver: pimpleFoam", 1)
	src = strings.Replace(src, "control: {endTime: 100, deltaT: 1}", "control: {endTime: 0.1, maxCo: 0.5}", 1)
	r, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	s := slotOf(t, r, "derived/deltaT")
	// channel mesh: dy = 0.05/12, U = 10 -> 0.5 * 0.0041667 / 10 = 2.08e-4, rounded down
	if s.Value != "0.0002" || s.Source.Inputs["dxMin"] <= 0.004 || s.Source.Inputs["dxMin"] >= 0.0042 {
		t.Errorf("deltaT slot = %+v", s)
	}
	if !strings.Contains(string(r.Files["system/controlDict"]), "adjustTimeStep  yes") {
		t.Error("adjustTimeStep not set")
	}
}

// A polyMesh gives its smallest cell size too (the shortest face edge), so a transient spec
// with maxCo compiles on a mesh from another mesher (the elbow of fluentMeshToFoam); the
// fastest inflow sets the step.
func TestCourantTimeStepFromPolyMesh(t *testing.T) {
	src := strings.Replace(plateSpec("{solver: pimpleFoam, turbulence: laminar}", "{nu: 1e-5}", "U: [2, 0, 0], p: 0", ""),
		"control: {endTime: 20, deltaT: 1}", "control: {endTime: 0.1, maxCo: 0.5}", 1)
	src = strings.Replace(src, "{role: outlet}", "{role: inlet, U: [-5, 0, 0]}", 1)
	r, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	s := slotOf(t, r, "derived/deltaT")
	// platePoly: shortest edge 0.00497146 (the near-wall cells), U = 5 (the faster inlet)
	// -> 0.5 * 0.00497 / 5 = 4.97e-4, rounded down to two digits
	if s.Value != "0.00049" || math.Abs(s.Source.Inputs["dxMin"]-0.00497146364) > 1e-9 || s.Source.Inputs["U"] != 5 {
		t.Errorf("deltaT slot = %+v", s)
	}
	m, err := readPolyMesh(filepath.Join(meshes, "platePoly", "polyMesh"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Extent != [3]float64{1, 0.3, 0.01} {
		t.Errorf("extent = %v", m.Extent)
	}
}

func TestWriteIsAtomicAndRefusesOverwrite(t *testing.T) {
	r, fl := compileSrc(t, channelKE, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	dir := filepath.Join(t.TempDir(), "case")
	if err := r.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, "Allrun"))
	if err != nil || st.Mode()&0o100 == 0 {
		t.Fatalf("Allrun not executable: %v", err)
	}
	var fl2 finding.List
	if err := r.Write(dir, false); !errors.As(err, &fl2) || fl2[0].ID != IDTarget {
		t.Fatalf("overwrite without force: %v", err)
	}
	if err := r.Write(dir, true); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	if len(entries) != 1 {
		t.Errorf("temporary directories left behind: %v", entries)
	}
}

type denyOnce struct{ n int }

func (d *denyOnce) LintDir(_ context.Context, dir string) ([]finding.Finding, error) {
	if _, err := os.Stat(filepath.Join(dir, "0", "nut")); err != nil {
		return nil, err
	}
	d.n++
	if d.n == 1 {
		return []finding.Finding{{ID: "FOAM-TEST-001", Severity: finding.Deny, Summary: "test deny",
			Location: finding.Location{Path: "/files/0~1nut/boundaryField/walls/type"}}}, nil
	}
	return nil, nil
}

// A deny from the full rule check prunes the offending value and re-solves.
func TestLinterDenyPrunesAndResolves(t *testing.T) {
	l := &denyOnce{}
	r, fl := compileSrc(t, channelKE, Options{Linter: l})
	if fl != nil {
		t.Fatal(fl)
	}
	s := slotOf(t, r, "0/nut/boundaryField/walls")
	if s.Value != "nutUSpaldingWallFunction" || l.n != 2 || !strings.Contains(strings.Join(s.Pruned, " "), "FOAM-TEST-001") {
		t.Errorf("nut = %+v after %d lints", s, l.n)
	}
}

func TestTemplateBlockLookup(t *testing.T) {
	solvers := map[string]any{
		"p": map[string]any{"solver": "GAMG", "tolerance": 1e-06, "smoother": "GaussSeidel"},
		"$regex": []any{
			map[string]any{"pattern": "(U|k).*", "value": map[string]any{"solver": "PBiCG", "preconditioner": "DILU"}},
			map[string]any{"pattern": "U.*", "value": map[string]any{"solver": "smoothSolver", "smoother": "symGaussSeidel"}},
		},
	}
	cases := map[string]string{
		"p":      "solver GAMG; smoother GaussSeidel; tolerance 1e-06",
		"UFinal": "solver smoothSolver; smoother symGaussSeidel", // the last matching regex wins
		"k":      "solver PBiCG; preconditioner DILU",
	}
	for name, want := range cases {
		if got, ok := templateBlock(solvers, name); !ok || got != want {
			t.Errorf("%s: %q %v, want %q", name, got, ok, want)
		}
	}
	if _, ok := templateBlock(solvers, "omega"); ok {
		t.Error("omega matched nothing but got a block")
	}
}

func TestKnownScheme(t *testing.T) {
	v := map[string]bool{"Gauss": true, "linearUpwind": true, "bounded": true, "limitedLinear": true}
	if !knownScheme("bounded Gauss linearUpwind grad(U)", v) || !knownScheme("Gauss limitedLinear 1", v) {
		t.Error("valid schemes rejected")
	}
	if knownScheme("Gauss linearUpwind limitedGrad", v) || knownScheme("Gauss linearr", v) {
		t.Error("unknown scheme names accepted")
	}
}

func TestKBDomainsAndProvenance(t *testing.T) {
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	r, fl := compileSrc(t, channelKE, Options{KB: k})
	if fl != nil {
		t.Fatal(fl)
	}
	s := slotOf(t, r, "system/fvSchemes/divSchemes/div(phi,U)")
	if !strings.HasPrefix(s.Value, "bounded ") {
		t.Errorf("steady convection not bounded: %+v", s)
	}
	kbEntries := 0
	for _, src := range r.Provenance {
		if src.Kind == KindKB {
			kbEntries++
			if src.Retriever == "" || len(src.Files) == 0 {
				t.Errorf("kb provenance without audit: %+v", src)
			}
		}
	}
	if kbEntries == 0 {
		t.Error("no entry came from the kb")
	}
}

func TestContractEvidenceInProvenance(t *testing.T) {
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	r, fl := compileSrc(t, channelKE, Options{KB: k})
	if fl != nil {
		t.Fatal(fl)
	}
	src := r.Provenance["/files/0~1k/boundaryField/inlet/type"]
	if len(src.Contract) == 0 || !strings.Contains(src.Contract[0], "turbulentIntensityKineticEnergyInlet") {
		t.Errorf("k inlet type provenance = %+v", src)
	}
	if w := r.Provenance["/files/0~1k/boundaryField/walls/type"]; len(w.Examples) == 0 || !strings.HasSuffix(w.Examples[0], "/0/k") {
		t.Errorf("k wall type provenance has no tutorial examples: %+v", w)
	}
}

// A physical property the spec leaves out comes from the cascading retriever.
func TestPrandtlFromCascade(t *testing.T) {
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	src := `version: 1
name: t
mesh: {blockMeshDict: channel/blockMeshDict}
physics: {solver: rhoPimpleFoam, turbulence: laminar}
fluid: {molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5}
reference: {p: 1.0e5, T: 300}
boundaries:
  inlet:        {role: inlet, U: [10, 0, 0], T: 300}
  outlet:       {role: outlet, p: 1.0e5}
  walls:        {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 1, deltaT: 1.0e-5}
`
	r, fl := compileSrc(t, src, Options{KB: k})
	if fl != nil {
		t.Fatal(fl)
	}
	pr := r.Provenance["/files/constant~1thermophysicalProperties/mixture/transport/Pr"]
	if pr.Kind != KindKB || pr.Retriever != "cascade" || len(pr.Files) == 0 {
		t.Errorf("Pr provenance = %+v", pr)
	}
}

// A mesh patch the spec does not mention gets its role from the filler; the answer lands in
// the spec at boundaries.<patch>.role and passes the schema.
func TestFillerSuppliesBoundaryRole(t *testing.T) {
	src := strings.Replace(channelKE, "  walls:        {role: wall}\n", "", 1)
	var seen []FillRequest
	r, fl := compileSrc(t, src, Options{Filler: fakeFiller{map[string]string{"/boundaries/walls/role": `"wall"`}, &seen}})
	if fl != nil {
		t.Fatal(fl)
	}
	if len(seen) != 1 || seen[0].Kind != "string" || !contains(seen[0].Domain, "wall") {
		t.Fatalf("requests = %+v", seen)
	}
	if s := slotOf(t, r, "0/nut/boundaryField/walls"); s.Value != "nutkWallFunction" {
		t.Errorf("nut on the filled wall = %+v", s)
	}
}

func TestBrokenMeshIsLocated(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "blockMeshDict"), []byte("FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }\nvertices ( (0 0 0) ;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(channelKE, "channel/blockMeshDict", "blockMeshDict", 1)
	_, err := CompileBytes(context.Background(), "spec.yaml", []byte(src), dir, Options{})
	var fl finding.List
	if !errors.As(err, &fl) || len(fl) < 2 {
		t.Fatalf("want the mesh finding and the parser's located finding, got %v", err)
	}
	var parser bool
	for _, f := range fl {
		if strings.HasSuffix(f.Location.File, "blockMeshDict") && f.Location.Line > 0 {
			parser = true
		}
	}
	if fl[0].ID != IDMesh && fl[1].ID != IDMesh || !parser {
		t.Errorf("findings = %v", fl)
	}
}

func TestNumericsOverridesWin(t *testing.T) {
	src := channelKE + `numerics:
  fvSchemes: {divSchemes: {"div(phi,U)": "bounded Gauss linearUpwind grad(U)"}}
  fvSolution: {SIMPLE: {nNonOrthogonalCorrectors: 1}}
`
	r, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	if !strings.Contains(string(r.Files["system/fvSchemes"]), "div(phi,U)      bounded Gauss linearUpwind grad(U);") {
		t.Errorf("fvSchemes:\n%s", r.Files["system/fvSchemes"])
	}
	if !strings.Contains(string(r.Files["system/fvSolution"]), "nNonOrthogonalCorrectors 1;") {
		t.Errorf("fvSolution:\n%s", r.Files["system/fvSolution"])
	}
	if src := r.Provenance["/files/system~1fvSchemes/divSchemes/div(phi,U)"]; src.Spec != "/numerics/fvSchemes/divSchemes/div(phi,U)" {
		t.Errorf("override provenance = %+v", src)
	}
}

// TestForceReplacesOnlyFoamcOutput: --force replaces a case foamc compiled, never a
// directory of user files nor one holding the spec or its mesh.
func TestForceReplacesOnlyFoamcOutput(t *testing.T) {
	r, fl := compileSrc(t, channelKE, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	refused := func(t *testing.T, dir, want string) {
		t.Helper()
		var fl finding.List
		if err := r.Write(dir, true); !errors.As(err, &fl) || fl[0].ID != IDTarget || !strings.Contains(fl[0].Summary, want) {
			t.Fatalf("Write(%s, force) = %v, want %s: %s", dir, err, IDTarget, want)
		}
	}
	keep := func(t *testing.T, path string) {
		t.Helper()
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("a user file was deleted: %v", err)
		}
	}

	user := filepath.Join(t.TempDir(), "thesis")
	if err := os.MkdirAll(user, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(user, "chapter1.tex"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	refused(t, user, "not written by foamc")
	keep(t, filepath.Join(user, "chapter1.tex"))
	// A provenance.json that is not foamc's does not count.
	if err := os.WriteFile(filepath.Join(user, "provenance.json"), []byte(`{"author": "me"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	refused(t, user, "not written by foamc")
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	refused(t, file, "not a directory")
	keep(t, file)

	// A case foamc wrote is replaced.
	out := filepath.Join(t.TempDir(), "case")
	if err := r.Write(out, false); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "log.simpleFoam"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := r.Write(out, true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "log.simpleFoam")); err == nil {
		t.Fatal("the foamc case was not replaced")
	}

	// A foamc case that holds the spec or the mesh the spec names is not replaced.
	holder := filepath.Join(t.TempDir(), "work")
	if err := r.Write(holder, false); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(holder, "channel"), 0o755); err != nil {
		t.Fatal(err)
	}
	bmd, err := os.ReadFile(filepath.Join(meshes, "channel/blockMeshDict"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(holder, "channel/blockMeshDict"), bmd, 0o644); err != nil {
		t.Fatal(err)
	}
	spec := filepath.Join(holder, "spec.yaml")
	if err := os.WriteFile(spec, []byte(channelKE), 0o644); err != nil {
		t.Fatal(err)
	}
	inside, err := CompileFile(context.Background(), spec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var fl2 finding.List
	if err := inside.Write(holder, true); !errors.As(err, &fl2) || !strings.Contains(fl2[0].Summary, "holds an input") {
		t.Fatalf("replacing the directory holding the spec: %v", err)
	}
	keep(t, spec)
	keep(t, filepath.Join(holder, "channel/blockMeshDict"))
	// The mesh alone inside it (the spec elsewhere) is enough to refuse.
	other := filepath.Join(t.TempDir(), "spec.yaml")
	src := strings.Replace(channelKE, "channel/blockMeshDict", filepath.Join(holder, "channel/blockMeshDict"), 1)
	if err := os.WriteFile(other, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	meshInside, err := CompileFile(context.Background(), other, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := meshInside.Write(holder, true); !errors.As(err, &fl2) || !strings.Contains(fl2[0].Summary, "blockMeshDict") {
		t.Fatalf("replacing the directory holding the mesh: %v", err)
	}
	keep(t, filepath.Join(holder, "channel/blockMeshDict"))
}

// An inlet that states only a static pressure (a pressure-driven channel) holds that
// pressure and lets the velocity follow; the stated p used to be dropped, leaving a wall at
// rest (U fixed at zero, p zeroGradient).
func TestStaticPressureInlet(t *testing.T) {
	src := strings.Replace(channelKE, "inlet:        {role: inlet, U: [10, 0, 0], turbulence: {intensity: 0.05, lengthScale: 0.005}}",
		"inlet:        {role: inlet, p: 12, turbulence: {intensity: 0.05, lengthScale: 0.005}}", 1)
	r, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	if s := slotOf(t, r, "0/U/boundaryField/inlet"); s.Value != "pressureInletOutletVelocity" || s.Source.Spec != "/boundaries/inlet/p" {
		t.Errorf("U inlet = %+v", s)
	}
	if s := slotOf(t, r, "0/p/boundaryField/inlet"); s.Value != "fixedValue" || s.Source.Spec != "/boundaries/inlet/p" {
		t.Errorf("p inlet = %+v", s)
	}
	if p := string(r.Files["0/p"]); !strings.Contains(p, "uniform 12;") {
		t.Errorf("0/p does not hold the inlet's 12:\n%s", p)
	}
}

// initial.regions become system/setFieldsDict (one boxToCell per region) and a setFields
// step after the mesh; a field the solver does not have is refused at its spec path.
func TestInitialRegions(t *testing.T) {
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
      p: 100000
      T: 348.4
boundaries:
  inlet:        {role: wall}
  outlet:       {role: wall}
  walls:        {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 0.001, maxCo: 0.2}
`
	r, fl := compileSrc(t, spec, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	sf := string(r.Files["system/setFieldsDict"])
	for _, want := range []string{"defaultFieldValues ();", "boxToCell", "box             (-1 -1 -1) (0.05 1 1);", "volScalarFieldValue p 100000", "volScalarFieldValue T 348.4"} {
		if !strings.Contains(sf, want) {
			t.Errorf("setFieldsDict lacks %q:\n%s", want, sf)
		}
	}
	if src := r.Provenance["/files/system~1setFieldsDict/regions"]; src.Spec != "/initial/regions" {
		t.Errorf("provenance of regions = %+v", src)
	}
	if a := string(r.Files["Allrun"]); !strings.Contains(a, "run blockMesh\nrun setFields\nrun rhoCentralFoam") {
		t.Errorf("Allrun does not run setFields between the mesh and the solver:\n%s", a)
	}

	incompressible := strings.NewReplacer("rhoCentralFoam", "icoFoam", "fluid: {molWeight: 28.9, Cp: 1005, mu: 0, Pr: 0.7}", "fluid: {nu: 1e-5}",
		"  p: 10000\n  T: 278.7\n", "", "maxCo: 0.2", "deltaT: 1e-4").Replace(spec)
	_, fl = compileSrc(t, incompressible, Options{})
	if !slices.ContainsFunc(fl, func(f finding.Finding) bool {
		return f.ID == IDUnsupported && f.Location.Path == "/initial/regions/0/T"
	}) {
		t.Fatalf("a region T for icoFoam: want %s at /initial/regions/0/T, got %v", IDUnsupported, fl)
	}
}

// A compressible solver's density can be sampled by an expect item (sets and probes sample
// registered fields; rhoCentralFoam's rho is one though foamc writes no 0/rho); an
// incompressible solver has no rho.
func TestExpectSamplesDensity(t *testing.T) {
	src := strings.Replace(channelKE, "control: {endTime: 100, deltaT: 1}\n", "control: {endTime: 100, deltaT: 1}\nexpect:\n  - {name: density, point: {field: rho, at: [0.01, 0.005, 0.0005]}, value: 1, tolerance: {relative: 0.1}}\n", 1)
	if _, fl := compileSrc(t, src, Options{}); !slices.ContainsFunc(fl, func(f finding.Finding) bool { return f.ID == IDExpect }) {
		t.Errorf("simpleFoam sampling rho: want %s, got %v", IDExpect, fl)
	}
	compressible := strings.NewReplacer("solver: simpleFoam, turbulence: kEpsilon", "solver: rhoCentralFoam, turbulence: laminar",
		"fluid: {nu: 1.5e-5}", "fluid: {molWeight: 28.9, Cp: 1005, mu: 0, Pr: 0.7}\ninitial: {U: [0, 0, 0], p: 100000, T: 300}",
		"inlet:        {role: inlet, U: [10, 0, 0], turbulence: {intensity: 0.05, lengthScale: 0.005}}", "inlet:        {role: wall}",
		"outlet:       {role: outlet, p: 0}", "outlet:       {role: wall}", "deltaT: 1", "deltaT: 1e-6", "endTime: 100", "endTime: 1e-4").Replace(src)
	r, fl := compileSrc(t, compressible, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	if cd := string(r.Files["system/controlDict"]); !strings.Contains(cd, "expect_density") || !strings.Contains(cd, "rho") {
		t.Errorf("controlDict does not probe rho:\n%s", cd)
	}
}

// The role cyclic takes the mesh's coupling: cyclicAMI sides of a pipe sector (the
// pipeCyclic tutorial) get cyclicAMI patchFields, and left out of the spec they are derived.
func TestCyclicAMIRole(t *testing.T) {
	ami := func(name, nb, faces string) string {
		return name + " { type cyclicAMI; neighbourPatch " + nb + "; transform translational; separationVector (0 0 0.1); faces (" + faces + "); }\n"
	}
	path := writeMesh(t, map[string]string{"blockMeshDict": bmHeader + unitVertices +
		"blocks (hex (0 1 2 3 4 5 6 7) (10 10 1) simpleGrading (1 1 1));\nboundary (\n" +
		"inlet { type patch; faces ((0 4 7 3)); }\noutlet { type patch; faces ((1 2 6 5)); }\n" +
		"walls { type wall; faces ((0 1 5 4) (3 7 6 2)); }\n" +
		ami("front", "back", "(4 5 6 7)") + ami("back", "front", "(0 3 2 1)") + ");\n"})
	spec := `version: 1
name: t
mesh: {blockMeshDict: ` + path + `}
physics: {solver: simpleFoam, turbulence: kEpsilon}
fluid: {nu: 1e-5}
boundaries:
  inlet:  {role: inlet, U: [1, 0, 0]}
  outlet: {role: outlet, p: 0}
  walls:  {role: wall}
  front:  {role: cyclic}
control: {endTime: 10, deltaT: 1}
`
	r, fl := compileSrc(t, spec, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	for _, f := range []string{"U", "p", "k", "epsilon", "nut"} {
		for _, side := range []string{"front", "back"} {
			if v := slotOf(t, r, "0/"+f+"/boundaryField/"+side).Value; v != "cyclicAMI" {
				t.Errorf("%s on %s = %s, want cyclicAMI", f, side, v)
			}
		}
	}
}

// A closed compressible domain stating no pressure and no temperature (a heated cavity of
// air, the buoyantCavity tutorial's walls) takes the standard atmosphere, said as info
// findings; --strict refuses it.
func TestStandardAtmosphereDefault(t *testing.T) {
	src := `version: 1
name: t
mesh: {blockMeshDict: box/blockMeshDict}
physics: {flow: {compressible: true, steady: true}, turbulence: laminar}
fluid: {molWeight: 28.96, Cp: 1004.5, mu: 1.8e-5, Pr: 0.71}
boundaries:
  hot:          {role: wall, velocity: [0, 1, 0]}
  cold:         {role: wall}
  adiabatic:    {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 30, deltaT: 1}
`
	r, fl := compileSrc(t, src, Options{})
	if fl != nil {
		t.Fatal(fl)
	}
	for id, want := range map[string]string{"reference/p": "101325", "reference/T": "288.15"} {
		if s := slotOf(t, r, id); s.Value != want || s.Source.Kind != KindDefault || s.Source.Ref == "" {
			t.Errorf("%s = %+v, want the default %s with its source", id, s, want)
		}
	}
	if !strings.Contains(string(r.Files["0/p"]), "uniform 101325") {
		t.Errorf("0/p does not start at the standard atmosphere:\n%s", r.Files["0/p"])
	}
	if _, fl := compileSrc(t, src, Options{Strict: true}); len(fl) == 0 || fl[0].ID != IDOpen {
		t.Errorf("--strict must refuse the default: %v", fl)
	}
}
