package main

import (
	"bufio"
	"bytes"
	"encoding/json"
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
	"github.com/foamc/foamc/study"
)

const studySpec = `version: 1
name: cavity
mesh: {blockMeshDict: blockMeshDict}
physics: {solver: icoFoam, turbulence: laminar}
fluid: {nu: 0.01}
reference: {U: 1, length: 1}
boundaries:
  lid: {role: wall, velocity: [1, 0, 0]}
  walls: {role: wall}
  frontAndBack: {role: empty}
control: {endTime: 0.5, deltaT: 0.005}
expect:
  - name: u-centre
    point: {field: U, component: x, at: [0.5, 0.5, 0.05]}
    value: -0.2
    tolerance: {absolute: 0.2}
`

const studyMesh = `FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }
scale 1;
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1));
blocks (hex (0 1 2 3 4 5 6 7) (20 20 1) simpleGrading (1 1 1));
boundary
(
    lid          { type wall;  faces ((3 7 6 2)); }
    walls        { type wall;  faces ((0 4 7 3) (2 6 5 1) (1 5 4 0)); }
    frontAndBack { type empty; faces ((0 3 2 1) (4 5 6 7)); }
);
`

// The middle variant runs long enough (1200 steps) to be interrupted in its solver.
const studyFile = `version: 1
name: resume
base: spec.yaml
vary:
  - zip:
      - {path: /fluid/nu, values: [0.01, 0.02, 0.03]}
      - {path: /control/endTime, values: [0.5, 6, 0.5]}
`

// TestStudyInterruptResume runs a three-variant study with a built foamc and real
// OpenFOAM, sends SIGINT while the second variant's solver runs, and checks that foamc
// exits 130 with no process left, that the record holds the first variant done, the
// second interrupted and the third pending, and that running the study again runs only
// those two. A third run runs nothing; a changed mesh is refused (FOAM-STUDY-002, exit 3)
// until --redo runs every variant again.
func TestStudyInterruptResume(t *testing.T) {
	for _, b := range []string{"icoFoam", "blockMesh"} {
		foamtest.RequireBinary(t, b)
	}
	clearLLMEnv(t)
	t.Setenv("TMPDIR", t.TempDir())
	bin := filepath.Join(t.TempDir(), "foamc")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	src := t.TempDir()
	for name, text := range map[string]string{"spec.yaml": studySpec, "blockMeshDict": studyMesh, "study.yaml": studyFile} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(bin, "study", filepath.Join(src, "study.yaml"), "-o", out)
	cmd.Env = foamtest.Env()
	se, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	running := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(se)
		seen := false
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if !seen && strings.HasPrefix(sc.Text(), "study: v002") && strings.HasSuffix(sc.Text(), ": running") {
				seen = true
				close(running)
			}
		}
	}()
	select {
	case <-running:
	case <-time.After(3 * time.Minute):
		cmd.Process.Kill()
		t.Fatal("v002 never started running")
	}
	// Wait for the solver itself, then interrupt.
	deadline := time.Now().Add(time.Minute)
	for !strings.Contains(strings.Join(inCase(""), " "), "icoFoam") {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no icoFoam process for v002")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	<-done
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Fatalf("exit %d, want 130\n%s", code, log.String())
	}
	if left := inCase(""); len(left) > 0 {
		t.Errorf("processes left after the interrupt: %v", left)
	}
	states := func() map[string]string {
		b, err := os.ReadFile(filepath.Join(out, study.RecordFile))
		if err != nil {
			t.Fatal(err)
		}
		var rec study.Record
		if err := json.Unmarshal(b, &rec); err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for id, o := range rec.Variants {
			m[id] = o.State
		}
		return m
	}
	if s := states(); s["v001"] != study.StateDone || s["v002"] != study.StateInterrupted || s["v003"] != study.StatePending {
		t.Fatalf("record after the interrupt: %v\n%s", s, log.String())
	}

	studyRun := func(want int, args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"study", filepath.Join(src, "study.yaml"), "-o", out}, args...), &stdout, &stderr); code != want {
			t.Fatalf("study %v: exit %d, want %d\n%s%s", args, code, want, stdout.String(), stderr.String())
		}
		return stdout.String() + stderr.String()
	}
	ran := func(text string) []string {
		var ids []string
		for _, l := range strings.Split(text, "\n") {
			if strings.HasSuffix(l, ": compiling") {
				ids = append(ids, strings.Fields(l)[1])
			}
		}
		return ids
	}
	resumed := studyRun(0)
	if got := strings.Join(ran(resumed), " "); got != "v002 v003" {
		t.Errorf("the resume ran %q, want the unfinished v002 v003:\n%s", got, resumed)
	}
	if s := states(); s["v001"] != study.StateDone || s["v002"] != study.StateDone || s["v003"] != study.StateDone {
		t.Errorf("record after the resume: %v", s)
	}
	if again := studyRun(0); len(ran(again)) != 0 || !strings.Contains(again, "3 variant(s), 0 run now") {
		t.Errorf("a finished study ran again:\n%s", again)
	}
	for _, f := range []string{study.ResultsCSV, study.ResultsMarkdown, "plots/u-centre.png"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}

	// A changed mesh changes every variant's inputs.
	if err := os.WriteFile(filepath.Join(src, "blockMeshDict"), []byte(strings.Replace(studyMesh, "(20 20 1)", "(16 16 1)", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	refused := studyRun(exitDeny)
	if strings.Count(refused, study.IDChanged) != 3 || len(ran(refused)) != 0 {
		t.Errorf("changed inputs not refused:\n%s", refused)
	}
	if redo := studyRun(0, "--redo"); strings.Join(ran(redo), " ") != "v001 v002 v003" {
		t.Errorf("--redo ran %v:\n%s", ran(redo), redo)
	}
}

// TestStudySlurm runs a two-variant sweep as one Slurm job array on the test cluster:
// each variant's case is gated and its job.slurm judged, one sbatch --array submits both,
// each array task is followed to COMPLETED and verified, and both rows are done.
func TestStudySlurm(t *testing.T) {
	for _, b := range []string{"icoFoam", "blockMesh"} {
		foamtest.RequireBinary(t, b)
	}
	slurmtest.Require(t)
	clearLLMEnv(t)
	src := t.TempDir()
	spec := studySpec + "run:\n  slurm: {nodes: 1, tasksPerNode: 1, time: \"00:10:00\"}\n"
	file := "version: 1\nname: slurm\nbase: spec.yaml\nvary:\n  - {path: /fluid/nu, values: [0.01, 0.02]}\nrun: {concurrency: 2, slurm: true}\n"
	for name, text := range map[string]string{"spec.yaml": spec, "blockMeshDict": studyMesh, "study.yaml": file} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"study", filepath.Join(src, "study.yaml"), "-o", out, "--format", "json"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	var res study.Result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	arrays, tasks := map[string]bool{}, map[string]bool{}
	for _, o := range res.Variants {
		log, _ := os.ReadFile(filepath.Join(out, "logs", o.ID+".log"))
		var id string
		for _, l := range strings.Split(string(log), "\n") {
			if rest, ok := strings.CutPrefix(l, "slurm: submitted batch job "); ok {
				id = rest
			}
		}
		array, task, _ := strings.Cut(id, "_")
		arrays[array], tasks[task] = true, true
		// A variant's task is the order it passed its gate in, not its index.
		if o.State != study.StateDone || o.Status != "ok" || !strings.Contains(string(log), "COMPLETED, exit code 0") {
			t.Errorf("%s: %s %s, job %q\n%s", o.ID, o.State, o.Status, id, log)
		}
		if _, err := os.Stat(filepath.Join(out, "cases", o.ID, "log.slurm-"+id)); err != nil {
			t.Errorf("%s: the task's output: %v", o.ID, err)
		}
	}
	for i := range res.Variants {
		if !tasks[strconv.Itoa(i)] {
			t.Errorf("no variant ran as array task %d: tasks %v", i, tasks)
		}
	}
	if len(arrays) != 1 {
		t.Errorf("the variants ran in %d arrays, want one", len(arrays))
	}
	if script, err := os.ReadFile(filepath.Join(out, study.ArrayScript)); err != nil || !strings.Contains(string(script), "#SBATCH --array=0-1") {
		t.Errorf("array script: %v\n%s", err, script)
	}
}
