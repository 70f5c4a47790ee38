package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// pitzDailyTutorial copies the simpleFoam tutorial into a temporary directory.
func pitzDailyTutorial(t *testing.T) string {
	t.Helper()
	foamtest.RequireBinary(t, "simpleFoam")
	foamtest.RequireBinary(t, "blockMesh")
	foamtest.RequireBinary(t, "foamDictionary")
	clearLLMEnv(t)
	dir := filepath.Join(t.TempDir(), "pitzDaily")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(foamtest.Tutorials(t), "incompressible/simpleFoam/pitzDaily"))); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestRunEndsWithVerify: simpleFoam pitzDaily stopped after 100 iterations (endTime
// 100) finishes, but verify rejects it as not converged: run exits 6 with the
// FOAM-VERIFY-013 reason and the picture of the residual history beside the case.
// With --repair the run is continued from its latest time (100 -> 200 -> 400 by
// doubling) until simpleFoam's residualControl stops it and verify accepts.
func TestRunEndsWithVerify(t *testing.T) {
	dir := pitzDailyTutorial(t)
	cd := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(cd)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cd, bytes.Replace(b, []byte("endTime         2000;"), []byte("endTime         100;"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"run", dir}, &stdout, &stderr)
	out := stdout.String()
	t.Log(out)
	if code != exitRejected || !strings.Contains(out, "[FOAM-VERIFY-013] steady simpleFoam did not converge") ||
		!strings.Contains(out, "pitzDaily: verdict reject") || !strings.Contains(out, "rejected (simpleFoam), 100 step(s)") {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitRejected, out, stderr.String())
	}
	pic := dir + ".verify/residuals.png"
	if !strings.Contains(out, "[FOAM-VERIFY-070] picture of the residual history") || !strings.Contains(out, pic) {
		t.Errorf("the report does not name %s", pic)
	}
	fh, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(fh)
	fh.Close()
	if err != nil || img.Bounds().Dx() != 800 || img.Bounds().Dy() != 500 {
		t.Fatalf("%s: %v %v", pic, err, img)
	}

	stdout.Reset()
	stderr.Reset()
	code = run([]string{"run", dir, "--repair", "3", "--format", "json"}, &stdout, &stderr)
	var res struct {
		Status   string
		Steps    int
		Attempts int
		Verify   struct{ Verdict string }
		Repairs  []struct {
			Strategy string
			Edits    []struct{ Entry, Old, New string }
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatal(err, stdout.String())
	}
	var cont []string
	for _, r := range res.Repairs {
		for _, e := range r.Edits {
			cont = append(cont, r.Strategy+" "+e.Entry+" "+e.Old+"->"+e.New)
		}
	}
	t.Logf("exit %d: %s after %d solver runs, last %d steps; repairs %q\n%s", code, res.Verify.Verdict, res.Attempts, res.Steps, cont,
		regexp.MustCompile(`(?m)^(verify|repair).*$`).FindAllString(stderr.String(), -1))
	want := []string{"continue-run startFrom startTime->latestTime", "continue-run endTime 100->200", "continue-run endTime 200->400"}
	if code != 0 || res.Status != "ok" || res.Verify.Verdict != "accept" || res.Attempts != 3 || strings.Join(cont, "|") != strings.Join(want, "|") {
		t.Fatalf("exit %d, status %s, verdict %s, %d solver runs, repairs %q, want %q\n%s", code, res.Status, res.Verify.Verdict, res.Attempts, cont, want, stderr.String())
	}
}

// TestRunContinueSteps: with --steps 50 the continuation only sets startFrom
// latestTime and the step limit decides its length: one repair round gives 100
// iterations, still not converged (exit 6), and the case's endTime is untouched.
func TestRunContinueSteps(t *testing.T) {
	dir := pitzDailyTutorial(t)
	var stdout, stderr bytes.Buffer
	code := run([]string{"run", dir, "--steps", "50", "--repair", "1", "--no-plots", "--format", "json"}, &stdout, &stderr)
	var res struct {
		Status   string
		Attempts int
		Repairs  []struct {
			Strategy string
			Edits    []struct{ Entry, Old, New string }
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatal(err, stdout.String())
	}
	if code != exitRejected || res.Status != "rejected" || res.Attempts != 2 || len(res.Repairs) != 1 || res.Repairs[0].Strategy != "continue-run" ||
		len(res.Repairs[0].Edits) != 1 || res.Repairs[0].Edits[0].Entry != "startFrom" {
		t.Fatalf("exit %d: %+v\n%s", code, res, stderr.String())
	}
	for _, d := range []string{"50", "100"} {
		if _, err := os.Stat(filepath.Join(dir, d, "U")); err != nil {
			t.Error(err)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "system", "controlDict"))
	if err != nil || !strings.Contains(string(b), "endTime         2000;") {
		t.Errorf("controlDict endTime changed: %v\n%s", err, b)
	}
	if _, err := os.Stat(dir + ".verify"); err == nil {
		t.Error("--no-plots wrote pictures")
	}
}

// TestRunRepairBoundedThenContinue: pitzDaily with linear (unbounded) convection of k
// and epsilon and endTime 20 (short of the first write at 100). verify rejects it:
// not converged, and bound() clipped k in the last iteration (FOAM-VERIFY-018). With
// --repair, div(phi,k) becomes the kb's bounded scheme, then the run (nothing
// written yet) is rerun to 100 and continued to 200 and 400, where simpleFoam's
// residualControl stops it and verify accepts.
func TestRunRepairBoundedThenContinue(t *testing.T) {
	dir := pitzDailyTutorial(t)
	for file, rep := range map[string]*strings.Replacer{
		"system/fvSchemes": strings.NewReplacer("div(phi,k)      bounded Gauss limitedLinear 1;", "div(phi,k)      Gauss linear;",
			"div(phi,epsilon) bounded Gauss limitedLinear 1;", "div(phi,epsilon) Gauss linear;"),
		"system/controlDict": strings.NewReplacer("endTime         2000;", "endTime         20;"),
	} {
		p := filepath.Join(dir, file)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(rep.Replace(string(b))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"run", dir, "--repair", "5", "--no-plots", "--format", "json"}, &stdout, &stderr)
	var res struct {
		Status   string
		Attempts int
		Verify   struct{ Verdict string }
		Repairs  []struct {
			Strategy string
			Failure  struct{ Kind, Rule string }
			Edits    []struct{ Entry, Old, New string }
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatal(err, stdout.String())
	}
	var got []string
	for _, r := range res.Repairs {
		s := r.Strategy + " (" + r.Failure.Rule + "):"
		for _, e := range r.Edits {
			s += " " + e.Entry + " " + e.Old + "->" + e.New
		}
		got = append(got, s)
	}
	t.Logf("exit %d, %s after %d solver runs:\n%s", code, res.Verify.Verdict, res.Attempts, strings.Join(got, "\n"))
	if code != 0 || res.Verify.Verdict != "accept" || len(res.Repairs) < 2 || res.Repairs[0].Strategy != "bounded-schemes" ||
		!strings.Contains(res.Repairs[0].Failure.Rule, "FOAM-VERIFY-018") || res.Repairs[0].Edits[0].Entry != "divSchemes/div(phi,k)" ||
		res.Repairs[1].Strategy != "continue-run" || !strings.Contains(got[1], "endTime 20->100") {
		t.Fatalf("exit %d, status %s\n%s\n%s", code, res.Status, strings.Join(got, "\n"), stderr.String())
	}
}
