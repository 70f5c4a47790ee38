package verify

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// RunFoam runs a case as `foamc run [--steps N]` does and returns the run's status
// and failure, and CopyTree copies a case. Both come from packages that import verify
// (runner, faults), so the external test file hooks_test.go sets them.
var (
	RunFoam  func(dir string, steps int) (status, failure string, err error)
	CopyTree func(src, dst string) error
)

// The run statuses the tests expect (runner.StatusOK, runner.StatusFailed).
const (
	statusOK     = "ok"
	statusFailed = "failed"
)

// tutorial copies a v1912 tutorial case into a temporary directory.
func tutorial(t *testing.T, rel string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(rel))
	if err := CopyTree(filepath.Join(foamtest.Tutorials(t), filepath.FromSlash(rel)), dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

// foamRun runs the case as `foamc run [--steps N]` does (blockMesh, the solver,
// log.<application>); the gate is not what these tests judge.
func foamRun(t *testing.T, dir, solver string, steps int) {
	t.Helper()
	if status, failure := foamRunResult(t, dir, solver, steps); status != statusOK {
		t.Fatalf("%s: run %s: %s", dir, status, failure)
	}
}

// foamRunResult runs the case and returns the run's status and failure.
func foamRunResult(t *testing.T, dir, solver string, steps int) (string, string) {
	t.Helper()
	foamtest.RequireBinary(t, "blockMesh")
	foamtest.RequireBinary(t, solver)
	status, failure, err := RunFoam(dir, steps)
	if err != nil {
		t.Fatal(err)
	}
	return status, failure
}

func verifyCase(t *testing.T, dir string, opt Options) *Result {
	t.Helper()
	r, err := Case(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Findings {
		t.Logf("%s\n    %s", f, f.Detail)
	}
	return r
}

// want checks the verdict and that a finding with id exists whose summary and
// detail contain every fragment.
func want(t *testing.T, r *Result, v Verdict, id string, fragments ...string) finding.Finding {
	t.Helper()
	if r.Verdict != v {
		t.Errorf("verdict %s, want %s", r.Verdict, v)
	}
	for _, f := range r.Findings {
		text := f.Summary + "\n" + f.Detail
		ok := f.ID == id
		for _, s := range fragments {
			ok = ok && strings.Contains(text, s)
		}
		if ok {
			return f
		}
	}
	t.Fatalf("no %s finding containing %q", id, fragments)
	return finding.Finding{}
}

// TestCavityAccepted: the icoFoam cavity tutorial, run for real to its endTime 0.5,
// is accepted; the run's evidence is recorded as passed checks.
func TestCavityAccepted(t *testing.T) {
	dir := tutorial(t, "incompressible/icoFoam/cavity/cavity")
	foamRun(t, dir, "icoFoam", 0)
	r := verifyCase(t, dir, Options{})
	want(t, r, Accept, IDCheckPassed, "log.icoFoam ran 100 steps to End")
	if len(r.Times) != 1 || r.Times[0] != "0.5" {
		t.Errorf("times %q, want the latest, 0.5", r.Times)
	}
	all := verifyCase(t, dir, Options{Time: "all"})
	if strings.Join(all.Times, " ") != "0.1 0.2 0.3 0.4 0.5" || all.Verdict != Accept {
		t.Errorf("--time all: %s over %q", all.Verdict, all.Times)
	}
	// A negative pressure is fine for icoFoam: its p is kinematic, relative.
	one := verifyCase(t, dir, Options{Time: "0.3"})
	if strings.Join(one.Times, " ") != "0.3" || one.Verdict != Accept {
		t.Errorf("--time 0.3: %s over %q", one.Verdict, one.Times)
	}
	want(t, verifyCase(t, dir, Options{Time: "7"}), Insufficient, IDNoResults, `"7"`, "0.1 0.2 0.3 0.4 0.5")
}

// TestDivergedRejected: the cavity with a 100 m/s lid at deltaT 0.05 (Courant
// number ~250) diverges for real: icoFoam dies on a trapped floating point
// exception before writing a time directory.
func TestDivergedRejected(t *testing.T) {
	dir := tutorial(t, "incompressible/icoFoam/cavity/cavity")
	editFile(t, dir, "system/controlDict", [2]string{"deltaT          0.005;", "deltaT          0.05;"}, [2]string{"endTime         0.5;", "endTime         2;"})
	editFile(t, dir, "0/U", [2]string{"uniform (1 0 0)", "uniform (100 0 0)"})
	if status, _ := foamRunResult(t, dir, "icoFoam", 0); status != statusFailed {
		t.Fatalf("run %s, want failed", status)
	}
	want(t, verifyCase(t, dir, Options{}), Reject, IDSolverFailed, "icoFoam stopped with a floating point exception", "at step")
}

// TestNoResults: a case that was never run is insufficient evidence, not a reject.
func TestNoResults(t *testing.T) {
	dir := tutorial(t, "incompressible/icoFoam/cavity/cavity")
	r := verifyCase(t, dir, Options{})
	want(t, r, Insufficient, IDNoResults, "startTime 0")
	want(t, r, Insufficient, IDNoLog, "log.icoFoam")
	if finding.Max(r.Findings) != finding.Warn {
		t.Errorf("findings %v: want only warnings", r.Findings)
	}
}

// TestPitzDaily: simpleFoam pitzDaily stopped after 20 SIMPLE iterations is not
// converged (its residualControl asks 1e-2 for p, 1e-3 for U, k, epsilon); the same
// result with a negative k and then a nan injected is rejected for those too.
func TestPitzDaily(t *testing.T) {
	dir := tutorial(t, "incompressible/simpleFoam/pitzDaily")
	foamRun(t, dir, "simpleFoam", 20)
	r := verifyCase(t, dir, Options{})
	want(t, r, Reject, IDNotConverged, "steady simpleFoam did not converge", "system/fvSolution SIMPLE/residualControl/p", "20 iterations")
	want(t, r, Reject, IDCheckPassed, "bounds hold in 20", "20/k min", "20/epsilon min", "20/nut min")

	edit(t, filepath.Join(dir, "20", "k"), "-0.25")
	r = verifyCase(t, dir, Options{})
	f := want(t, r, Reject, IDBounds, "20/k out of physical bounds", "min -0.25 at index 0", "k >= 0", "1 of 12225 values")
	if f.Location.File != "20/k" || f.Location.Path != "/internalField" || f.Location.Line == 0 {
		t.Errorf("location %+v", f.Location)
	}

	edit(t, filepath.Join(dir, "20", "nut"), "nan")
	want(t, verifyCase(t, dir, Options{}), Reject, IDNonFinite, "20/nut holds 1 non-finite value(s)")
}

// TestPitzDailyBinary: results written in binary, one of them then gzipped as
// writeCompression would, are read by the same checks.
func TestPitzDailyBinary(t *testing.T) {
	dir := tutorial(t, "incompressible/simpleFoam/pitzDaily")
	cd := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(cd)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cd, []byte(strings.Replace(string(b), "writeFormat     ascii;", "writeFormat     binary;", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	foamRun(t, dir, "simpleFoam", 20)
	k := filepath.Join(dir, "20", "k")
	if b, err := os.ReadFile(k); err != nil || !strings.Contains(string(b), "format      binary;") {
		t.Fatalf("%s is not binary: %v", k, err)
	}
	if err := exec.Command(foamtest.RequireTool(t, "gzip"), k).Run(); err != nil {
		t.Fatal(err)
	}
	r := verifyCase(t, dir, Options{})
	bin := want(t, r, Reject, IDCheckPassed, "bounds hold in 20", "20/k.gz min", "20/epsilon min", "20/nut min")
	want(t, r, Reject, IDNotConverged, "steady simpleFoam did not converge")

	// OpenFOAM's own conversion to ASCII gives the same minima (to its 6 digits).
	b, err = os.ReadFile(cd)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cd, []byte(strings.Replace(string(b), "writeFormat     binary;", "writeFormat     ascii;", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(foamtest.RequireBinary(t, "foamFormatConvert"), "-latestTime")
	cmd.Dir, cmd.Env = dir, foamtest.Env()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("foamFormatConvert: %v\n%s", err, out)
	}
	asc := want(t, verifyCase(t, dir, Options{}), Reject, IDCheckPassed, "bounds hold in 20")
	mins := func(s string) []float64 {
		var out []float64
		for _, m := range regexp.MustCompile(`min (\S+) >=`).FindAllStringSubmatch(s, -1) {
			v, err := strconv.ParseFloat(m[1], 64)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		return out
	}
	mb, ma := mins(bin.Summary), mins(asc.Summary)
	if len(mb) != 3 || len(ma) != 3 {
		t.Fatalf("minima %v (binary) %v (ascii)", mb, ma)
	}
	for i := range mb {
		if math.Abs(mb[i]-ma[i]) > 1e-5*math.Abs(ma[i]) {
			t.Errorf("minimum %d: binary %g, OpenFOAM's ascii %g", i, mb[i], ma[i])
		}
	}
}

// edit replaces the first value of a nonuniform internalField, as a corrupted
// result would hold it.
func edit(t *testing.T, path, value string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "internalField   nonuniform")
	open := i + strings.Index(s[i:], "(\n") + 2
	end := open + strings.Index(s[open:], "\n")
	if i < 0 || end <= open {
		t.Fatalf("%s: no nonuniform internalField", path)
	}
	if err := os.WriteFile(path, []byte(s[:open]+value+s[end:]), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFieldCountMismatch: results written on one mesh and judged on another (the
// cavity re-meshed 10x10 after a run on 20x20, fields not mapped) are rejected: a
// field's size must be the mesh's cell count.
func TestFieldCountMismatch(t *testing.T) {
	dir := tutorial(t, "incompressible/icoFoam/cavity/cavity")
	editFile(t, dir, "system/controlDict", [2]string{"writeInterval   20;", "writeInterval   1;"})
	foamRun(t, dir, "icoFoam", 2)
	editFile(t, dir, "system/blockMeshDict", [2]string{"(20 20 1)", "(10 10 1)"})
	cmd := exec.Command("blockMesh", "-case", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	want(t, verifyCase(t, dir, Options{}), Reject, IDCountMismatch, "400 internalField values for a mesh of 100 cells")
}
