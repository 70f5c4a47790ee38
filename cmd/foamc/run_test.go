package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/runner"
)

// TestRunCompiledCase compiles the cavity example, runs it through the real
// gate and OpenFOAM, then misspells the p solver: the gate denies it and
// run --repair fixes it before running (gate repair).
func TestRunCompiledCase(t *testing.T) {
	foamtest.RequireBinary(t, "icoFoam")
	foamtest.RequireBinary(t, "foamDictionary")
	foamtest.RequireBinary(t, "blockMesh")
	clearLLMEnv(t)
	out := filepath.Join(t.TempDir(), "cavity")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"compile", "../../examples/cavity/spec.yaml", "-o", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("compile exit %d: %s", code, stderr.String())
	}
	stdout.Reset()
	if code := run([]string{"run", out, "--steps", "4", "--json"}, &stdout, &stderr); code != 0 {
		t.Fatalf("run exit %d: %s", code, stderr.String())
	}
	var res struct {
		Status string
		Steps  int
		Final  map[string]float64 `json:"finalResiduals"`
		Plot   string
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatal(err, stdout.String())
	}
	if res.Status != "ok" || res.Steps != 4 || res.Final["p"] <= 0 || res.Plot == "" {
		t.Fatalf("%+v", res)
	}

	cmd := exec.Command("foamDictionary", "-entry", "solvers/p/solver", "-set", "PCGG", filepath.Join(out, "system/fvSolution"))
	cmd.Env = foamtest.Env()
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, b)
	}
	stdout.Reset()
	stderr.Reset()
	code := run([]string{"run", out, "--steps", "2", "--repair", "2"}, &stdout, &stderr)
	if code != 0 || !strings.Contains(stdout.String(), "repair 1: nearest-name system/fvSolution:solvers/p/solver") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
	if _, err := os.Stat(filepath.Join(out, "repair.json")); err != nil {
		t.Fatal(err)
	}
}

// TestRunRefusedByGate: a case the rules deny is not run (exit 3).
func TestRunRefusedByGate(t *testing.T) {
	clearLLMEnv(t)
	out := filepath.Join(t.TempDir(), "cavity")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"compile", "../../examples/cavity/spec.yaml", "-o", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("compile exit %d: %s", code, stderr.String())
	}
	if err := os.Remove(filepath.Join(out, "0", "p")); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	code := run([]string{"run", out}, &stdout, &stderr)
	if code != 3 || !strings.Contains(stdout.String(), "FOAM-STRUCT-002") || !strings.Contains(stdout.String(), "refused by the gate") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
	if _, err := os.Stat(filepath.Join(out, "constant", "polyMesh", "faces")); err == nil {
		t.Fatal("a refused case was meshed")
	}
}

// TestPlainProgress: off a terminal, progress is one plain line per interval (the first
// step at once) with the time, step, Courant number and log path.
func TestPlainProgress(t *testing.T) {
	var b bytes.Buffer
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	p := plainProgress(&b, 5*time.Second, func() time.Time { return clock })
	for i := 1; i <= 12; i++ {
		p(runner.Progress{Step: runner.Step{Time: float64(i) * 0.005, CourantMax: 0.25}, N: i, Log: "/c/log.icoFoam"})
		clock = clock.Add(time.Second)
	}
	want := "progress: 03:04:05  step 1  Time = 0.005  Co 0.25  log /c/log.icoFoam\n" +
		"progress: 03:04:10  step 6  Time = 0.03  Co 0.25  log /c/log.icoFoam\n" +
		"progress: 03:04:15  step 11  Time = 0.055  Co 0.25  log /c/log.icoFoam\n"
	if b.String() != want {
		t.Errorf("got\n%swant\n%s", b.String(), want)
	}
}
