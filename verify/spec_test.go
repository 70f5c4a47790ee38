package verify

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/schema"
)

// compileSpec compiles a spec into a temporary case, as foamc compile does.
func compileSpec(t *testing.T, spec string) string {
	t.Helper()
	res, err := compiler.CompileFile(context.Background(), spec, compiler.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "case")
	if err := res.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	return dir
}

var poiseuille = filepath.Join("testdata", "poiseuille", "spec.yaml")

// TestSpecAccepted: a compiled laminar channel (simpleFoam, 480 cells, converged in
// ~90 iterations) run for real is accepted against the spec compile recorded: every
// expectation met, the problem is the spec's, mass is conserved. The same run judged
// against a spec expecting another pressure drop is rejected; without its
// postProcessing/ output the expectations are insufficient evidence.
func TestSpecAccepted(t *testing.T) {
	dir := compileSpec(t, poiseuille)
	foamRun(t, dir, "simpleFoam", 0)
	r := verifyCase(t, dir, Options{})
	if r.Spec != schema.RecordedSpec {
		t.Errorf("judged against %q, want the recorded %s", r.Spec, schema.RecordedSpec)
	}
	want(t, r, Accept, IDCheckPassed, "expect dp met: pressureDrop", "postProcessing/expect_dp/0/fieldValueDelta.dat", "relative 0.05")
	want(t, r, Accept, IDCheckPassed, "expect Q met: flowRate 5e-05", "sum(phi)")
	want(t, r, Accept, IDCheckPassed, "expect tau met: wallShearStress -0.012", "component x")
	want(t, r, Accept, IDCheckPassed, "expect drag met: forceCoeff 2.4", "column Cd", "postProcessing/expect_drag/0/coefficient.dat")
	want(t, r, Accept, IDCheckPassed, "expect centre met: point 0.14", "postProcessing/expect_centre/0/U")
	want(t, r, Accept, IDCheckPassed, "expect pin met", "mean of column areaAverage(p) over the")
	want(t, r, Accept, IDCheckPassed, "expect dp settled: pressureDrop changes", "the last 10 rows", "threshold: |change| <= 0.012")
	want(t, r, Accept, IDCheckPassed, "expect pin settled", "rows of the average window (time 50..")
	want(t, r, Accept, IDCheckPassed, "expect profile met: U along the line", "at all 11 points", "reference_U.xy", "foamc.expect/profile.csv")
	want(t, r, Accept, IDCheckPassed, "the held boundary values", "inlet U (0.1 0 0)", "outlet p 0")
	want(t, r, Accept, IDCheckPassed, "the fluid in constant/ is the spec's: nu 0.001")
	want(t, r, Accept, IDCheckPassed, "the inflow is the spec's: inlet -5e-05 (spec -5e-05)")
	want(t, r, Accept, IDCheckPassed, "the run's Reynolds number 5 is the spec's")
	want(t, r, Accept, IDCheckPassed, "the largest speed 0.148")
	want(t, r, Accept, IDCheckPassed, "mass is conserved in", "per patch: inlet -5e-05, outlet 5e-05, walls 0")

	// The same run against a spec that expects twice the pressure drop.
	b, err := os.ReadFile(filepath.Join(dir, schema.RecordedSpec))
	if err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(dir, "wrong.json")
	s := strings.Replace(string(b), `"value": 0.24`, `"value": 0.48`, 1)
	if err := os.WriteFile(wrong, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	r = verifyCase(t, dir, Options{Spec: wrong})
	f := want(t, r, Reject, IDExpectMissed, "expect dp missed: pressureDrop 0.24", "expected 0.48 +- 0.024", "threshold: |measured - 0.48| <= 0.024")
	if f.Location.File != "postProcessing/expect_dp/0/fieldValueDelta.dat" || len(f.Related) != 1 || f.Related[0].Location.File != "wrong.json" { // case-relative, as every finding file
		t.Errorf("location %+v related %+v", f.Location, f.Related)
	}

	// An outlet that lets 1 % more out than comes in: mass is not conserved.
	leak(t, filepath.Join(dir, r.Times[0], "phi"), "outlet", 1.01)
	r = verifyCase(t, dir, Options{})
	f = want(t, r, Reject, IDMassImbalance, "mass is not conserved in "+r.Times[0]+": net boundary flux 0.01 of the inflow (threshold 0.001)")
	if f.Location.File != r.Times[0]+"/phi" {
		t.Errorf("location %+v", f.Location)
	}
	leak(t, filepath.Join(dir, r.Times[0], "phi"), "outlet", 1/1.01)

	// No function-object output: every expectation is insufficient evidence.
	if err := os.RemoveAll(filepath.Join(dir, "postProcessing")); err != nil {
		t.Fatal(err)
	}
	r = verifyCase(t, dir, Options{})
	want(t, r, Insufficient, IDExpectNoOutput, "expect dp: cannot measure pressureDrop", "postProcessing/expect_dp/<time>/ does not exist")
	want(t, r, Insufficient, IDExpectNoOutput, "expect profile: cannot measure line")
}

// TestInflowDisagrees: the compiled channel with its 0/U inlet edited to twice the
// spec's velocity, run for real, is rejected as not the problem that was asked:
// the held inlet value, the inflow through it and the Reynolds number.
func TestInflowDisagrees(t *testing.T) {
	dir := compileSpec(t, poiseuille)
	p := filepath.Join(dir, "0", "U")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "inlet")
	j := i + strings.Index(s[i:], "uniform (0.1 0 0)")
	if i < 0 || j < i {
		t.Fatalf("0/U has no inlet value:\n%s", s)
	}
	if err := os.WriteFile(p, []byte(s[:j]+"uniform (0.2 0 0)"+s[j+len("uniform (0.1 0 0)"):]), 0o644); err != nil {
		t.Fatal(err)
	}
	foamRun(t, dir, "simpleFoam", 0)
	r := verifyCase(t, dir, Options{Spec: poiseuille})
	f := want(t, r, Reject, IDInflow, "the inflow through patch inlet is -0.0001, the spec's U (0.1 0 0) gives -5e-05 (ratio 2)")
	if len(f.Related) != 1 || f.Related[0].Location.Path != "/boundaries/inlet/U" || f.Related[0].Location.Line == 0 {
		t.Errorf("related %+v", f.Related)
	}
	f = want(t, r, Reject, IDHeldValue, "patch inlet holds U (0.2 0 0), the spec asks (0.1 0 0)")
	if b, err := os.ReadFile(filepath.Join(dir, f.Location.File)); err != nil || f.Location.Line < 1 ||
		!strings.Contains(strings.Split(string(b), "\n")[f.Location.Line-1], "value           uniform (0.2 0 0);") {
		t.Errorf("location %+v does not point at the inlet's value (%v)", f.Location, err)
	}
	want(t, r, Reject, IDSimilarity, "the run's Reynolds number is 10, the spec's is 5 (ratio 2)")
	want(t, r, Reject, IDExpectMissed, "expect Q missed: flowRate 0.0001")
	want(t, r, Reject, IDCheckPassed, "mass is conserved")
}

// TestNusselt: a Nusselt expectation on a heated cavity (buoyantPimpleFoam, real run)
// is what OpenFOAM's own wallHeatFlux report gives: its integral over the hot wall
// (foamc_wallHeatFlux/0/wallHeatFlux.dat) divided by the wall's area, times L / (k dT).
func TestNusselt(t *testing.T) {
	dir := compileSpec(t, filepath.Join("testdata", "heated-cavity", "spec.yaml"))
	foamRun(t, dir, "buoyantPimpleFoam", 0)
	r := verifyCase(t, dir, Options{})
	f := want(t, r, Accept, IDCheckPassed, "expect Nu met: nusselt", "k = Cp mu / Pr = 0.0254662")
	want(t, r, Accept, IDCheckPassed, "expect Thot met: patchAverage 310")
	want(t, r, Accept, IDNotJudged, "mass conservation not judged: a transient compressible run stores mass")

	b, err := os.ReadFile(filepath.Join(dir, "postProcessing", "foamc_wallHeatFlux", "0", "wallHeatFlux.dat"))
	if err != nil {
		t.Fatal(err)
	}
	// The last row of hot: compile also measures the held-temperature wall cold for the
	// energy balance.
	var fs []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if f := strings.Fields(l); len(f) == 5 && f[1] == "hot" {
			fs = f // time, patch, min, max, integral
		}
	}
	if fs == nil {
		t.Fatalf("no row of hot in %s", b)
	}
	integral, err := strconv.ParseFloat(fs[4], 64)
	if err != nil {
		t.Fatal(err)
	}
	patches, err := readPatches(dir)
	if err != nil {
		t.Fatal(err)
	}
	areas, err := patchAreas(dir, patches, map[string]bool{"hot": true})
	if err != nil {
		t.Fatal(err)
	}
	area := 0.0
	for _, a := range areas["hot"] {
		area += math.Sqrt(dot(a, a))
	}
	nu := integral / area * 0.1 / (1004.5 * 1.8e-5 / 0.71 * (310 - 290))
	m := regexp.MustCompile(`measured: (\S+) `).FindStringSubmatch(f.Detail)
	got, _ := strconv.ParseFloat(m[1], 64)
	if math.Abs(got-nu) > 1e-4*nu {
		t.Errorf("Nu %g, OpenFOAM's wallHeatFlux report gives %g", got, nu)
	}
}

// TestEnergyBalance: a steady compressible channel (rhoSimpleFoam, adiabatic walls) run
// to convergence conserves total enthalpy and mass; with its outlet's T raised by 1 %
// in the result it is rejected for the energy balance.
func TestEnergyBalance(t *testing.T) {
	dir := compileSpec(t, filepath.Join("testdata", "compressible-channel", "spec.yaml"))
	foamRun(t, dir, "rhoSimpleFoam", 0)
	r := verifyCase(t, dir, Options{})
	want(t, r, Accept, IDCheckPassed, "energy is conserved in", "thermo hConst", "walls adiabatic")
	want(t, r, Accept, IDCheckPassed, "mass is conserved in", "mass flux phi")
	want(t, r, Accept, IDCheckPassed, "steady rhoSimpleFoam converged")
	want(t, r, Accept, IDCheckPassed, "the largest local Mach number 0.06", "within 1.17")
	leak(t, filepath.Join(dir, r.Times[0], "T"), "outlet", 1.01)
	want(t, verifyCase(t, dir, Options{}), Reject, IDEnergyImbalance, "energy is not conserved in "+r.Times[0]+": net total-enthalpy flux 0.0")
}

// leak scales the face values of one patch in a result file.
func leak(t *testing.T, path, patch string, factor float64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "    "+patch+"\n")
	open := i + strings.Index(s[i:], "\n(\n") + 3
	end := open + strings.Index(s[open:], ")")
	if i < 0 || end <= open {
		t.Fatalf("%s: no nonuniform values of %s", path, patch)
	}
	var vals []string
	for _, v := range strings.Fields(s[open:end]) {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatal(err)
		}
		vals = append(vals, strconv.FormatFloat(x*factor, 'g', 10, 64))
	}
	if err := os.WriteFile(path, []byte(s[:open]+strings.Join(vals, "\n")+"\n"+s[end:]), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRecordedSpecConfined: the spec recorded in a case is the case's data, so the files
// it names are read only inside the case — an absolute path or a link leading out is
// refused — while a spec the user passes (--spec) names any file.
func TestRecordedSpecConfined(t *testing.T) {
	dir := compileSpec(t, poiseuille)
	s, fs, err := loadSpec(dir, "")
	if err != nil || s == nil {
		t.Fatalf("recorded spec: %v %+v", err, fs)
	}
	if _, err := s.path("foamc.expect/profile.csv"); err != nil {
		t.Fatalf("reference data inside the case refused: %v", err)
	}
	outside := filepath.Join(t.TempDir(), "secret.csv")
	if err := os.WriteFile(outside, []byte("y,u\n0,1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "foamc.expect", "link.csv")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "beside.csv"), []byte("y,u\n0,1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{outside, "foamc.expect/link.csv", "../beside.csv"} {
		if _, err := s.path(p); err == nil || !strings.Contains(err.Error(), "outside the case") {
			t.Errorf("recorded spec path %s: %v, want refused as outside the case", p, err)
		}
	}
	user, _, err := loadSpec(dir, filepath.Join(dir, schema.RecordedSpec))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := user.path(outside); err != nil || got != outside {
		t.Errorf("--spec path %s: %q %v, want it as named", outside, got, err)
	}
}
