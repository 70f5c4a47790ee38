package compiler

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// steadyFractional is issue 27's steady spec: simpleFoam with deltaT 0.001, endTime 0.25 and
// writeInterval 0.01, all in simulated time. It compiled to `writeControl timeStep;
// writeInterval 0.01;`, which every v1912 application refuses at start-up.
func steadyFractional(control string) string {
	return strings.Replace(channelKE, "control: {endTime: 100, deltaT: 1}", "control: {"+control+"}", 1)
}

func controlEntry(t *testing.T, r *Result, key string) string {
	t.Helper()
	for _, line := range strings.Split(string(r.Files["system/controlDict"]), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == key {
			return strings.TrimSuffix(f[1], ";")
		}
	}
	t.Fatalf("controlDict has no %s:\n%s", key, r.Files["system/controlDict"])
	return ""
}

// TestSteadyWriteInterval: a steady writeInterval in time becomes a whole number of
// iterations under writeControl timeStep, runTime when it is no whole number of steps, and
// a refusal naming writeInterval and deltaT when it is shorter than one step.
func TestSteadyWriteInterval(t *testing.T) {
	for _, c := range []struct {
		control, wc, wi string
	}{
		{"endTime: 0.25, deltaT: 0.001, writeInterval: 0.01", "timeStep", "10"},
		{"endTime: 0.25, deltaT: 0.001", "timeStep", "250"},
		{"endTime: 0.25, deltaT: 0.001, writeInterval: 0.0125", "runTime", "0.0125"},
		{"endTime: 0.3, deltaT: 0.1, writeInterval: 0.3", "timeStep", "3"},
		{"endTime: 100, deltaT: 1, writeInterval: 20", "timeStep", "20"},
	} {
		r, fl := compileSrc(t, steadyFractional(c.control), Options{})
		if fl != nil {
			t.Fatalf("%s: %v", c.control, fl)
		}
		if wc, wi := controlEntry(t, r, "writeControl"), controlEntry(t, r, "writeInterval"); wc != c.wc || wi != c.wi {
			t.Errorf("%s: writeControl %s, writeInterval %s; want %s %s", c.control, wc, wi, c.wc, c.wi)
		}
	}
	r, _ := compileSrc(t, steadyFractional("endTime: 0.25, deltaT: 0.001, writeInterval: 0.01"), Options{})
	if s := slotOf(t, r, "derived/writeSteps"); s.Value != "10" || s.Source.Formula != "steps = writeInterval / deltaT" {
		t.Errorf("writeSteps slot = %+v", s)
	}
	_, fl := compileSrc(t, steadyFractional("endTime: 0.25, deltaT: 0.001, writeInterval: 0.0005"), Options{})
	if len(fl) != 1 || fl[0].ID != IDConflict || fl[0].Location.Path != "/control/writeInterval" || fl[0].Location.Line == 0 ||
		len(fl[0].Related) != 1 || fl[0].Related[0].Path != "/control/deltaT" || fl[0].Related[0].Line == 0 {
		t.Fatalf("writeInterval below deltaT: want one located %s at /control/writeInterval related to /control/deltaT, got %v", IDConflict, fl)
	}
}

// TestStepBudgetNote: a fixed step beyond 100,000 steps is a FOAM-TIME-008 warning on
// /control/endTime; an adjusting solver's maxCo step is not counted.
func TestStepBudgetNote(t *testing.T) {
	pimple := strings.Replace(channelKE, "solver: simpleFoam", "solver: pimpleFoam", 1)
	budget := func(control string) []finding.Finding {
		r, fl := compileSrc(t, strings.Replace(pimple, "control: {endTime: 100, deltaT: 1}", "control: {"+control+"}", 1), Options{})
		if fl != nil {
			t.Fatalf("%s: %v", control, fl)
		}
		var out []finding.Finding
		for _, f := range r.Findings {
			if f.ID == "FOAM-TIME-008" {
				out = append(out, f)
			}
		}
		return out
	}
	fs := budget("endTime: 5, deltaT: 1.0e-5")
	if len(fs) != 1 || fs[0].Severity != finding.Warn || fs[0].Location.Path != "/control/endTime" || fs[0].Location.Line == 0 ||
		fs[0].Summary != "endTime 5 / deltaT 1e-05 is 500000 fixed time steps (budget 100000)" {
		t.Errorf("500,000 fixed steps: %v", fs)
	}
	if fs := budget("endTime: 5, deltaT: 1.0e-4"); len(fs) != 0 {
		t.Errorf("50,000 steps warned: %v", fs)
	}
	if fs := budget("endTime: 5, maxCo: 0.5"); len(fs) != 0 {
		t.Errorf("adjusting step warned: %v", fs)
	}
}

// TestSteadyFractionalRuns: the compiled issue-27 case lints without a deny, and real
// blockMesh and simpleFoam v1912 accept its controlDict and write at 0.01 (iteration 10).
func TestSteadyFractionalRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs OpenFOAM")
	}
	foamtest.RequireBinary(t, "blockMesh")
	ctx := context.Background()
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewRulesLinterKB(ctx, k)
	if err != nil {
		t.Fatal(err)
	}
	r, fl := compileSrc(t, steadyFractional("endTime: 0.25, deltaT: 0.001, writeInterval: 0.01"), Options{KB: k, Linter: l})
	if fl != nil {
		t.Fatal(fl)
	}
	dir := filepath.Join(t.TempDir(), "case")
	if err := r.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	fs, err := l.LintDir(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if f.Severity == finding.Deny {
			t.Errorf("compiled case denied: %s %s", f.ID, f.Summary)
		}
	}
	cmd := exec.Command(foamtest.RequireBinary(t, "blockMesh"))
	cmd.Dir, cmd.Env = dir, foamtest.Env()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("blockMesh: %v\n%s", err, out)
	}
	// A dozen iterations: enough to pass the first write at time 0.01.
	sctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	solver := exec.CommandContext(sctx, foamtest.RequireBinary(t, "simpleFoam"))
	solver.Dir, solver.Env = dir, foamtest.Env()
	stdout, err := solver.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	solver.Stderr = solver.Stdout
	if err := solver.Start(); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	steps := 0
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		log.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "Time = ") {
			steps++
		}
		if steps > 12 {
			break
		}
	}
	if steps > 12 {
		solver.Process.Kill()
	}
	solver.Wait()
	if steps <= 12 || strings.Contains(log.String(), "FOAM FATAL") {
		t.Fatalf("simpleFoam: %d iterations\n%s", steps, log.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "0.01", "U")); err != nil {
		t.Errorf("no write at 0.01 (iteration 10): %v", err)
	}
}
