package runner

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// TestRunAdjustableLimitedSteps: --steps N on a case whose step adjusts (pimpleFoam's
// pitzDaily with deltaT 1e-5, which grows towards maxCo 5) runs N steps and writes the
// last, where endTime = startTime + N*deltaT stopped it after 5 of 10 steps; a second run
// (startFrom latestTime, from the written time index) runs N more; controlDict is restored
// each time.
func TestRunAdjustableLimitedSteps(t *testing.T) {
	tut := requireFoam(t, "pimpleFoam")
	dir := copyDir(t, filepath.Join(tut, "incompressible/pimpleFoam/RAS/pitzDaily"))
	foamSet(t, dir, "system/controlDict", "deltaT", "1e-5") // grows 1.2-fold a step
	origCD, _ := os.ReadFile(filepath.Join(dir, "system/controlDict"))
	timeLine := regexp.MustCompile(`(?m)^Time = (\S+)`)
	last := 0.0
	for run := 1; run <= 2; run++ {
		res, err := Run(context.Background(), dir, Options{Steps: 10, Lint: &lintRecorder{}})
		if err != nil {
			t.Fatal(err)
		}
		log, _ := os.ReadFile(filepath.Join(dir, "log.pimpleFoam"))
		times := timeLine.FindAllSubmatch(log, -1)
		if res.Status != StatusOK || res.Steps != 10 || len(times) != 10 {
			t.Fatalf("run %d: %s, %d steps, %d in the log; want 10", run, res.Status, res.Steps, len(times))
		}
		end := string(times[len(times)-1][1])
		if _, err := os.Stat(filepath.Join(dir, end, "U")); err != nil {
			t.Errorf("run %d: the last step %s is not written: %v", run, end, err)
		}
		tEnd, _ := strconv.ParseFloat(end, 64)
		if run == 1 && tEnd <= 10*1e-5 {
			t.Errorf("the step did not grow (t = %g after 10 steps): the test shows nothing", tEnd)
		}
		if tEnd <= last {
			t.Errorf("run %d ended at %g, not after %g", run, tEnd, last)
		}
		last = tEnd
		if b, _ := os.ReadFile(filepath.Join(dir, "system/controlDict")); string(b) != string(origCD) {
			t.Fatalf("run %d: controlDict not restored", run)
		}
	}
}
