package runner

import (
	"testing"

	"github.com/foamc/foamc/finding"
)

// TestFailureFindings: every class of solver failure reaches the run's findings as a
// deny with its catalogue ID, located at the file (and pointer) the solver named; a
// verify reject adds none (verify's own findings say why); the gate's denies stay first.
func TestFailureFindings(t *testing.T) {
	gate := finding.Finding{ID: "FOAM-SOL-004", Severity: finding.Warn, Summary: "a gate warning"}
	for _, c := range []struct {
		log, dir string
		code     int
		id, file string
		ptr      string
	}{
		{"typoBC.log", "/tmp/f/typoBC", 1, IDSolverBC, "0/U", "/files/0~1U/boundaryField/movingWall"},
		{"solver.log", "/tmp/f/solver", 1, IDSolverLinSolver, "system/fvSolution", "/files/system~1fvSolution/solvers/p"},
		{"scheme.log", "/tmp/f/scheme", 1, IDSolverSchemes, "system/fvSchemes", "/files/system~1fvSchemes/divSchemes/div(phi,U)"},
		{"nonu.log", "/tmp/f/nonu", 1, IDSolverDictionary, "constant/transportProperties", "/files/constant~1transportProperties"},
		{"nop.log", "/tmp/f/nop", 1, IDSolverMissingFile, "0/p", "/files/0~1p"},
		{"semi.log", "/tmp/f/semi", 1, IDSolverFormat, "system/controlDict", "/files/system~1controlDict"},
		{"dims.log", "/tmp/f/dims", 134, IDSolverDimensions, "", ""},
		{"sigfpe.log", "/tmp/f/pitz", 136, IDSolverDivergence, "", ""},
		{"launcher-pmix.log", "/tmp/f/job", 1, IDSlurmMPI, "", ""},
		{"launcher-pmi2.log", "/tmp/f/job", 1, IDSlurmStartup, "", ""},
		{"launcher-notfound.log", "/tmp/f/job", 127, IDSlurmPath, "", ""},
	} {
		t.Run(c.log, func(t *testing.T) {
			res := &Result{Status: StatusFailed, Gate: []finding.Finding{gate}, Failure: Classify(parseTestLog(t, c.log), c.code, c.dir)}
			res.collect()
			if len(res.Findings) != 2 || res.Findings[0].ID != gate.ID || res.Failure.ID != c.id {
				t.Fatalf("findings %+v, failure ID %q, want the gate's then %s", res.Findings, res.Failure.ID, c.id)
			}
			f := res.Findings[1]
			if f.ID != c.id || f.Severity != finding.Deny || f.Summary != res.Failure.Summary || (f.Detail == "") != (c.id == IDSolverDivergence) || f.Fix == "" ||
				f.Location.File != c.file || f.Location.Path != c.ptr || f.Location.Line != res.Failure.Line {
				t.Fatalf("finding %+v, want %s at %s %s", f, c.id, c.file, c.ptr)
			}
		})
	}
	for _, f := range []*Failure{
		{Class: ClassTimeout, Kind: ClassTimeout, Summary: "the run exceeded --timeout 1s"},
		{Class: ClassCancelled, Kind: KindOther, Summary: "job 7 cancelled"},
	} {
		res := &Result{Failure: f}
		res.collect()
		if want := map[string]string{ClassTimeout: IDSolverTimeout, ClassCancelled: IDSolverCancelled}[f.Class]; len(res.Findings) != 1 || res.Findings[0].ID != want {
			t.Errorf("%s: findings %+v, want %s", f.Class, res.Findings, want)
		}
	}
	v := &Verification{Verdict: VerdictReject, Findings: []finding.Finding{{ID: "FOAM-VERIFY-018", Severity: finding.Deny, Summary: "unbounded"}}}
	res := &Result{Status: StatusRejected, Verify: v, Failure: rejection(v)}
	res.collect()
	if len(res.Findings) != 1 || res.Findings[0].ID != "FOAM-VERIFY-018" || res.Failure.ID != "" {
		t.Fatalf("a verify reject: findings %+v, failure ID %q", res.Findings, res.Failure.ID)
	}
}
