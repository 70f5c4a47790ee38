package runner

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// With adjustTimeStep the step grows with the Courant number and the run reaches
// startTime + n*deltaT in fewer than n steps: --steps still writes its end (a write every
// n time steps would write nothing, and verify would have no result to judge).
func TestRunLimitedStepsAdjustable(t *testing.T) {
	tut := requireFoam(t, "pimpleFoam")
	dir := copyDir(t, filepath.Join(tut, "incompressible/pimpleFoam/RAS/pitzDaily"))
	// A first step far below the Courant limit (maxCo 5): the step grows 1.2-fold per step.
	cd := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(cd)
	if err != nil {
		t.Fatal(err)
	}
	small := regexp.MustCompile(`(?m)^deltaT\s+[^;]+;`).ReplaceAll(b, []byte("deltaT 1e-07;"))
	if string(small) == string(b) {
		t.Fatal("no deltaT in the tutorial's controlDict")
	}
	if err := os.WriteFile(cd, small, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), dir, Options{Steps: 10, Lint: &lintRecorder{}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOK || res.Steps == 0 {
		t.Fatalf("%+v", res)
	}
	if res.Steps >= 10 {
		t.Fatalf("%d steps: the step did not grow", res.Steps)
	}
	times, _ := filepath.Glob(filepath.Join(dir, "[0-9]*"))
	written := 0
	for _, d := range times {
		if filepath.Base(d) != "0" {
			if _, err := os.Stat(filepath.Join(d, "U")); err == nil {
				written++
			}
		}
	}
	if written != 1 {
		t.Fatalf("want the end of the %d steps written once, got %d time directories: %v", res.Steps, written, times)
	}
}
