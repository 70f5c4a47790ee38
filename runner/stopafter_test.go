package runner

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
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
	limitedSteps(t, dir, "log.pimpleFoam", 1e-5)
}

// TestRunAdjustableLimitedSteps12: the same in Foundation 12, which has no runTimeControl
// (the cavity compiled for openfoam-12, its step adjusting from 1e-4 towards maxCo 0.9):
// where the endTime bound ended it after 8 of 10 steps, `stopAt nextWrite` ends it after 10.
func TestRunAdjustableLimitedSteps12(t *testing.T) {
	foamtest.Dir12(t)
	dir := compile12(t)
	for _, kv := range [][2]string{{"adjustTimeStep", "yes"}, {"maxCo", "0.9"}, {"deltaT", "1e-4"}, {"startFrom", "latestTime"}} {
		foamSet(t, dir, "system/controlDict", kv[0], kv[1])
	}
	limitedSteps(t, dir, "log.foamRun", 1e-4)
}

// limitedSteps runs the case twice with --steps 10 and checks each run's count, its last
// step written, the step's growth and the controlDict's restoration.
func limitedSteps(t *testing.T, dir, logName string, deltaT0 float64) {
	t.Helper()
	origCD, _ := os.ReadFile(filepath.Join(dir, "system/controlDict"))
	timeLine := regexp.MustCompile(`(?m)^Time = (\S+?)s?$`)
	last := 0.0
	for run := 1; run <= 2; run++ {
		res, err := Run(context.Background(), dir, Options{Steps: 10, Lint: &lintRecorder{}})
		if err != nil {
			t.Fatal(err)
		}
		log, _ := os.ReadFile(filepath.Join(dir, logName))
		times := timeLine.FindAllSubmatch(log, -1)
		if res.Status != StatusOK || res.Steps != 10 || len(times) != 10 {
			t.Fatalf("run %d: %s, %d steps, %d in the log; want 10", run, res.Status, res.Steps, len(times))
		}
		end := string(times[len(times)-1][1])
		if _, err := os.Stat(filepath.Join(dir, end, "U")); err != nil {
			t.Errorf("run %d: the last step %s is not written: %v", run, end, err)
		}
		tEnd, _ := strconv.ParseFloat(end, 64)
		if run == 1 && tEnd <= 10*deltaT0 {
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
