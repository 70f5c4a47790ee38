package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/internal/slurmtest"
)

// slurmTasks is the run.slurm block of the tests' jobs: 2 tasks on one node.
// (extra setup lines replace the default one).
const slurmTasks = `nodes: 1, tasksPerNode: 2, time: "00:10:00"`

// slurmSpec is the cavity example with a short run (20 steps, 400 cells) on 2 Slurm tasks;
// extra are further run.slurm fields.
func slurmSpec(t *testing.T, endTime string, extra ...string) string {
	t.Helper()
	src, err := os.ReadFile("../../examples/cavity/spec.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bmd, err := os.ReadFile("../../examples/cavity/blockMeshDict")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "blockMeshDict"), bmd, 0o644); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, "control:") {
			l = "control: {endTime: " + endTime + ", deltaT: 0.005, writeInterval: 0.05}"
		}
		lines = append(lines, l)
	}
	if !strings.Contains(strings.Join(extra, ""), "setup:") {
		extra = append(extra, `setup: ["echo foamc test job $SLURM_JOB_ID"]`)
	}
	lines = append(lines, "run:", "  slurm: {"+strings.Join(append([]string{slurmTasks}, extra...), ", ")+"}")
	p := filepath.Join(dir, "spec.yaml")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func compileTo(t *testing.T, spec, out string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"compile", spec, "-o", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("compile exit %d: %s", code, stderr.String())
	}
}

type runJSON struct {
	Status  string
	Steps   int
	Failure *struct {
		ID, Class, Kind, Summary, Rule, File, Keyword string
		Line                                          int
		Valid                                         []string
	}
	Gate []struct {
		ID, Severity, Summary, Fix string
		Location                   struct {
			File         string
			Line, Column int
		}
		Repair *struct {
			Suggest *struct {
				Word       string
				Candidates []string
			}
		}
	}
	// Findings are the run's: the gate's denies, the failure's, verify's.
	Findings []struct{ ID, Severity string }
	Job      *struct {
		ID, State, Output, FailedStep string
		ExitCode                      int
	}
}

func runCase(t *testing.T, args ...string) (runJSON, int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"run", "--json"}, args...), &stdout, &stderr)
	var res runJSON
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("run %v exit %d: %v\n%s\n%s", args, code, err, stdout.String(), stderr.String())
	}
	return res, code, stderr.String()
}

func requireParallel(t *testing.T) {
	t.Helper()
	for _, b := range []string{"icoFoam", "blockMesh", "decomposePar", "reconstructPar", "foamDictionary", "mpirun"} {
		foamtest.RequireBinary(t, b)
	}
	slurmtest.Require(t)
	clearLLMEnv(t)
}

// TestSlurmParallelEqualsSerial compiles a case with run.slurm, runs it serially, on 2 local
// ranks (--parallel 2) and as a real Slurm job on 2 tasks (--slurm), and compares the
// reconstructed fields with the serial ones.
func TestSlurmParallelEqualsSerial(t *testing.T) {
	requireParallel(t)
	spec := slurmSpec(t, "0.1")
	root := t.TempDir()
	dirs := map[string]string{}
	for _, k := range []string{"serial", "local", "slurm"} {
		dirs[k] = filepath.Join(root, k)
		compileTo(t, spec, dirs[k])
	}
	if res, code, log := runCase(t, dirs["serial"]); code != 0 || res.Status != "ok" || res.Steps != 20 {
		t.Fatalf("serial: exit %d %+v\n%s", code, res, log)
	}
	if res, code, log := runCase(t, dirs["local"], "--parallel", "2"); code != 0 || res.Status != "ok" {
		t.Fatalf("--parallel 2: exit %d %+v\n%s", code, res, log)
	}
	res, code, log := runCase(t, dirs["slurm"], "--slurm")
	if code != 0 || res.Status != "ok" || res.Job == nil || res.Job.State != "COMPLETED" || res.Steps != 20 {
		t.Fatalf("--slurm: exit %d %+v\n%s", code, res, log)
	}
	for _, want := range []string{"slurm: submitted batch job " + res.Job.ID, "COMPLETED, exit code 0"} {
		if !strings.Contains(log, want) {
			t.Errorf("--slurm log lacks %q:\n%s", want, log)
		}
	}
	// A 20-step job can start and end between two polls of squeue, so RUNNING may go unseen;
	// some queue state before the end must have been followed.
	if !strings.Contains(log, "slurm: job "+res.Job.ID+" PENDING") && !strings.Contains(log, "slurm: job "+res.Job.ID+" RUNNING") {
		t.Errorf("--slurm log shows no queue state before the end:\n%s", log)
	}
	out, err := os.ReadFile(filepath.Join(dirs["slurm"], res.Job.Output))
	if err != nil || !strings.Contains(string(out), "Running icoFoam in parallel on 2 processors") || !strings.Contains(string(out), "foamc test job "+res.Job.ID) {
		t.Fatalf("job output %s: %v\n%s", res.Job.Output, err, out)
	}
	// The solvers stop at normalised residuals of 1e-6 (p) and 1e-5 (U), and a
	// decomposed PCG/DIC differs from the serial one in its preconditioner: the fields
	// agree to a relative 1e-3, far below any physical difference (measured: ~1e-4 for p,
	// ~1e-5 for U).
	for _, k := range []string{"local", "slurm"} {
		for _, field := range []string{"p", "U"} {
			ser := internalField(t, filepath.Join(dirs["serial"], "0.1", field))
			par := internalField(t, filepath.Join(dirs[k], "0.1", field))
			if len(ser) != len(par) || len(ser) == 0 {
				t.Fatalf("%s %s: %d values, serial %d", k, field, len(par), len(ser))
			}
			diff, scale := 0.0, 0.0
			for i := range ser {
				diff = math.Max(diff, math.Abs(ser[i]-par[i]))
				scale = math.Max(scale, math.Abs(ser[i]))
			}
			t.Logf("%s vs serial, %s at t=0.1: %d values, max |diff| %.3g, max |serial| %.3g, relative %.3g", k, field, len(ser), diff, scale, diff/scale)
			if scale == 0 || diff/scale > 1e-3 {
				t.Errorf("%s %s differs from serial: max |diff| %g of max %g", k, field, diff, scale)
			}
		}
	}
}

// internalField reads a nonuniform internalField's numbers (vectors flattened).
func internalField(t *testing.T, path string) []float64 {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "internalField")
	if i < 0 || !strings.Contains(s[i:], "nonuniform") {
		t.Fatalf("%s: no nonuniform internalField", path)
	}
	s = s[i:]
	open := strings.Index(s, "\n(")
	end := strings.Index(s, "\n)\n")
	if open < 0 || end < open {
		t.Fatalf("%s: internalField list not found", path)
	}
	var out []float64
	for _, w := range strings.FieldsFunc(s[open+2:end], func(r rune) bool { return r == ' ' || r == '\n' || r == '(' || r == ')' }) {
		v, err := strconv.ParseFloat(w, 64)
		if err != nil {
			t.Fatalf("%s: %q: %v", path, w, err)
		}
		out = append(out, v)
	}
	return out
}

// TestSlurmSolverFailure runs a job whose solver diverges (deltaT 1 s on a 5 mm grid: a
// Courant number in the hundreds): the gate passes, the job fails in icoFoam, and the
// verdict is the classified failure with run's failure exit code.
func TestSlurmSolverFailure(t *testing.T) {
	requireParallel(t)
	dir := filepath.Join(t.TempDir(), "diverge")
	compileTo(t, slurmSpec(t, "50"), dir)
	cmd := exec.Command("foamDictionary", "-entry", "deltaT", "-set", "1", filepath.Join(dir, "system/controlDict"))
	cmd.Env = foamtest.Env()
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, b)
	}
	res, code, log := runCase(t, dir, "--slurm")
	if code != exitSolverFailed || res.Status != "failed" || res.Job == nil || res.Job.State != "FAILED" || res.Job.FailedStep != "icoFoam" ||
		res.Failure == nil || res.Failure.Class != "divergence" || res.Failure.ID != "FOAM-RUN-036" {
		t.Fatalf("exit %d %+v failure %+v job %+v\n%s", code, res, res.Failure, res.Job, log)
	}
	// The failure is a finding of the run with its class's catalogue ID.
	if len(res.Findings) != 1 || res.Findings[0].ID != "FOAM-RUN-036" || res.Findings[0].Severity != "deny" {
		t.Fatalf("findings %+v, want the divergence as FOAM-RUN-036", res.Findings)
	}
	t.Logf("job %s %s in %s: [%s/%s] %s", res.Job.ID, res.Job.State, res.Job.FailedStep, res.Failure.Class, res.Failure.Kind, res.Failure.Summary)
}

// TestSlurmCancel starts a long job and cancels it once the solver is running, both ways a
// user does: SIGINT to `foamc run --slurm` (Ctrl-C) and `foamc run --slurm --cancel CASE` from
// another shell. The job must end CANCELLED, leave the queue, and leave no process in the case.
func TestSlurmCancel(t *testing.T) {
	requireParallel(t)
	bin := filepath.Join(t.TempDir(), "foamc")
	if b, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v %s", err, b)
	}
	spec := slurmSpec(t, "1000")
	for _, how := range []string{"SIGINT", "--cancel"} {
		dir := filepath.Join(t.TempDir(), "long")
		compileTo(t, spec, dir)
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(bin, "run", "--slurm", "--json", dir)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The job runs on the locked snapshot beside the case.
		snaps := filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".foamc-run-*", "case")
		var job string
		deadline := time.Now().Add(2 * time.Minute)
		for {
			if m, _ := filepath.Glob(snaps); len(m) == 1 {
				job = m[0]
				if b, _ := os.ReadFile(filepath.Join(job, "log.icoFoam")); bytes.Count(b, []byte("\nTime = ")) >= 5 {
					break
				}
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("%s: the solver did not start within 2 minutes\n%s", how, stderr.String())
			}
			time.Sleep(200 * time.Millisecond)
		}
		if len(caseProcesses(t, job)) == 0 {
			t.Fatalf("%s: no process runs in the job's directory while the solver logs steps: the check below would prove nothing", how)
		}
		if how == "SIGINT" {
			if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
		} else {
			var out, errb bytes.Buffer
			if code := run([]string{"run", "--slurm", "--cancel", dir}, &out, &errb); code != 0 {
				t.Fatalf("--cancel exit %d: %s", code, errb.String())
			}
		}
		err := cmd.Wait()
		var res runJSON
		if jerr := json.Unmarshal(stdout.Bytes(), &res); jerr != nil {
			t.Fatalf("%s: %v %v\n%s\n%s", how, err, jerr, stdout.String(), stderr.String())
		}
		if cmd.ProcessState.ExitCode() != exitCancelled || res.Status != "cancelled" || res.Job == nil || !strings.HasPrefix(res.Job.State, "CANCELLED") ||
			res.Failure == nil || res.Failure.ID != "FOAM-RUN-040" {
			t.Fatalf("%s: exit %d %+v job %+v\n%s", how, cmd.ProcessState.ExitCode(), res, res.Job, stderr.String())
		}
		if out, err := exec.Command("squeue", "-h", "-j", res.Job.ID, "-t", "PENDING,RUNNING,COMPLETING,SUSPENDED").CombinedOutput(); err == nil && strings.TrimSpace(string(out)) != "" {
			t.Fatalf("%s: job %s still queued: %s", how, res.Job.ID, out)
		}
		if ps := caseProcesses(t, job); len(ps) > 0 {
			t.Fatalf("%s: processes left in the job's directory after cancel: %v", how, ps)
		}
		// The snapshot is gone and what the job wrote is in the case.
		if m, _ := filepath.Glob(filepath.Dir(snaps)); len(m) > 0 {
			t.Fatalf("%s: snapshot left beside the case: %v", how, m)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "log.icoFoam")); err != nil || bytes.Count(b, []byte("\nTime = ")) < 5 {
			t.Fatalf("%s: the job's solver log was not synced back into the case: %v", how, err)
		}
		t.Logf("%s: job %s %s after %d steps; no process left in %s; synced back into %s", how, res.Job.ID, res.Job.State, res.Steps, job, dir)
	}
}

// caseProcesses lists the processes whose working directory is dir (the job's shell,
// srun, the ranks: all run in the case).
func caseProcesses(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		if cwd, err := os.Readlink(filepath.Join("/proc", e.Name(), "cwd")); err == nil && (cwd == dir || strings.HasPrefix(cwd, dir+"/")) {
			comm, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "comm"))
			out = append(out, e.Name()+":"+strings.TrimSpace(string(comm)))
		}
	}
	return out
}
