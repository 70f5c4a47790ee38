package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/internal/slurmtest"
)

// TestSlurmFoundation12 compiles the cavity with `target: openfoam-12` and run.slurm and runs
// it as a real Slurm job on 2 tasks (--slurm): the gate submits the job script's Foundation 12
// environment block, the job runs Foundation 12's foamRun (its banner says Version 12) and
// verify accepts the run.
func TestSlurmFoundation12(t *testing.T) {
	foamtest.Dir12(t)
	slurmtest.Require(t)
	clearLLMEnv(t)
	spec := slurmSpec(t, "0.1", `setup: ["echo foamc test job $SLURM_JOB_ID release $WM_PROJECT_VERSION"]`)
	b, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(spec, []byte(strings.Replace(string(b), "version: 1\n", "version: 1\ntarget: openfoam-12\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "case")
	compileTo(t, spec, dir)
	res, code, log := runCase(t, dir, "--slurm")
	if code != 0 || res.Status != "ok" || res.Job == nil || res.Job.State != "COMPLETED" || res.Steps != 20 {
		t.Fatalf("--slurm: exit %d %+v\n%s", code, res, log)
	}
	for _, want := range []string{"gate: passed", "slurm: submitted batch job " + res.Job.ID, "verify: accept"} {
		if !strings.Contains(log, want) {
			t.Errorf("--slurm log lacks %q:\n%s", want, log)
		}
	}
	out, err := os.ReadFile(filepath.Join(dir, res.Job.Output))
	if err != nil || !strings.Contains(string(out), "foamc test job "+res.Job.ID+" release 12") || !strings.Contains(string(out), "Running foamRun in parallel on 2 processors") {
		t.Fatalf("job output %s: %v\n%s", res.Job.Output, err, out)
	}
	solver, err := os.ReadFile(filepath.Join(dir, "log.foamRun"))
	if err != nil || !strings.Contains(string(solver), "Build  : 12") || !strings.Contains(string(solver), "nProcs : 2") {
		t.Fatalf("log.foamRun is not Foundation 12's on 2 ranks: %v\n%.2000s", err, solver)
	}
}
