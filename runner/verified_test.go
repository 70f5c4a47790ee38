package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
)

// boundingJudge stands in for verify's full judge (Judge, tested end to end in
// cmd/foamc) so the test pins the repair loop on one reason: it rejects a run whose last
// iteration still clipped a field with OpenFOAM's bound() ("bounding k, min: ...").
func boundingJudge(calls *int) Verifier {
	return func(dir string) (*Verification, error) {
		*calls++
		b, err := os.ReadFile(filepath.Join(dir, "log.simpleFoam"))
		if err != nil {
			return nil, err
		}
		last := string(b)[strings.LastIndex(string(b), "\nTime = "):]
		v := &Verification{Verdict: VerdictAccept}
		for _, f := range []string{"epsilon", "k"} {
			if strings.Contains(last, "\nbounding "+f+",") {
				v.Unbounded = append(v.Unbounded, f)
			}
		}
		if len(v.Unbounded) > 0 {
			v.Verdict = VerdictReject
			v.Findings = []finding.Finding{{ID: "FOAM-VERIFY-018", Severity: finding.Deny, Summary: "bounded at the last iteration: " + strings.Join(v.Unbounded, ", ")}}
		}
		return v, nil
	}
}

// TestVerifyRejectBoundedSchemes: pitzDaily with linear (unbounded) convection of k
// and epsilon clips them in a real simpleFoam run (k still at iteration 20); the judge
// rejects it, the run fails with status rejected, and with --repair the
// bounded-schemes repair takes the kb's bounded reference scheme, after which the
// rerun is accepted.
func TestVerifyRejectBoundedSchemes(t *testing.T) {
	tut := requireFoam(t, "simpleFoam")
	setup := func() string {
		dir := copyDir(t, filepath.Join(tut, "incompressible/simpleFoam/pitzDaily"))
		editFile(t, dir, "system/fvSchemes", strings.NewReplacer(
			"div(phi,k)      bounded Gauss limitedLinear 1;", "div(phi,k)      Gauss linear;",
			"div(phi,epsilon) bounded Gauss limitedLinear 1;", "div(phi,epsilon) Gauss linear;").Replace)
		editFile(t, dir, "system/controlDict", strings.NewReplacer("endTime         2000;", "endTime         20;").Replace)
		return dir
	}
	calls := 0
	dir := setup()
	res, err := Run(context.Background(), dir, Options{Lint: &lintRecorder{}, Verify: boundingJudge(&calls)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusRejected || res.Failure.Kind != KindUnbounded || len(res.Failure.Fields) == 0 ||
		res.Verify == nil || res.Verify.Verdict != VerdictReject || calls != 1 {
		t.Fatalf("status %s, failure %+v, verify %+v, %d judgements", res.Status, res.Failure, res.Verify, calls)
	}

	calls = 0
	dir = setup()
	res, err = Run(context.Background(), dir, Options{Lint: &lintRecorder{}, Verify: boundingJudge(&calls), Repair: 2, Retriever: kbRetriever(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(res.Summary())
	if res.Status != StatusOK || res.Verify.Verdict != VerdictAccept || calls != 2 || len(res.Repairs) != 1 || res.Repairs[0].Strategy != "bounded-schemes" {
		t.Fatalf("status %s, verify %+v, %d judgements, repairs %+v", res.Status, res.Verify, calls, res.Repairs)
	}
	for _, e := range res.Repairs[0].Edits {
		if e.File != "system/fvSchemes" || e.Old != "Gauss linear" || !bounded(e.New, true) {
			t.Errorf("edit %+v: want a bounded steady scheme in place of Gauss linear", e)
		}
	}
	if len(res.Repairs[0].Edits) != len(res.Repairs[0].Failure.Fields) || len(res.Repairs[0].Retrieval) == 0 {
		t.Errorf("edits %+v, retrieval %+v: want one per field judged unbounded (%q), from the kb", res.Repairs[0].Edits, res.Repairs[0].Retrieval, res.Repairs[0].Failure.Fields)
	}
}

func TestBounded(t *testing.T) {
	for scheme, want := range map[string][2]bool{ // steady, transient
		"bounded Gauss limitedLinear 1":      {true, false},
		"bounded Gauss upwind":               {true, false},
		"Gauss upwind":                       {false, true},
		"Gauss linear":                       {false, false},
		"bounded Gauss linearUpwind grad(k)": {false, false},
		"Gauss limitedLinear01 1":            {false, true},
		"":                                   {false, false},
	} {
		if got := [2]bool{bounded(scheme, true), bounded(scheme, false)}; got != want {
			t.Errorf("bounded(%q) steady, transient = %v, want %v", scheme, got, want)
		}
	}
}
