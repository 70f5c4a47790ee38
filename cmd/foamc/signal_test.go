package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestSignalsStopEverything: SIGINT and SIGTERM sent to a built foamc binary in the middle
// of `run --parallel 2` and of `gate -- mpirun -np 2 icoFoam -parallel` (real OpenFOAM and
// Open MPI) stop mpirun and both ranks: when foamc has exited no process is left in the
// case directory. run restores the controlDict it edited for --steps, prints its summary
// and exits 130/143; so does gate.
func TestSignalsStopEverything(t *testing.T) {
	for _, b := range []string{"icoFoam", "blockMesh", "decomposePar", "foamDictionary", "mpirun"} {
		foamtest.RequireBinary(t, b)
	}
	clearLLMEnv(t)
	// The runs' snapshots go to the test's own TMPDIR, where inCase looks: other packages'
	// tests run solvers in snapshots of their own at the same time.
	t.Setenv("TMPDIR", t.TempDir())
	bin := filepath.Join(t.TempDir(), "foamc")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := filepath.Join(t.TempDir(), "cavity")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"compile", "../../examples/cavity/spec.yaml", "-o", dir}, &stdout, &stderr); code != 0 {
		t.Fatalf("compile exit %d: %s", code, stderr.String())
	}
	cd := filepath.Join(dir, "system", "controlDict")
	orig, err := os.ReadFile(cd)
	if err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run("run/"+sig.String(), func(t *testing.T) {
			// --steps makes the run long and edits controlDict; progress lines on the
			// non-terminal stderr say when the solver is stepping.
			code, out, errText := interruptMidSolve(t, bin, dir, sig, "progress:", "run", dir, "--parallel", "2", "--steps", "1000000")
			if code != 128+int(sig) {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, 128+int(sig), out, errText)
			}
			if !strings.Contains(out, ": interrupted (icoFoam)") {
				t.Errorf("no summary on stdout:\n%s", out)
			}
			if got, _ := os.ReadFile(cd); !bytes.Equal(got, orig) {
				t.Errorf("controlDict not restored:\n%s", got)
			}
			if _, err := os.Stat(filepath.Join(dir, ".foamc-controlDict.orig")); err == nil {
				t.Error("the kept controlDict copy was left behind")
			}
		})
	}
	// The gate runs mpirun itself, on the case decomposed above, for long enough.
	set := exec.Command("foamDictionary", "-entry", "endTime", "-set", "1000", cd)
	set.Env = foamtest.Env()
	if b, err := set.CombinedOutput(); err != nil {
		t.Fatalf("%v %s", err, b)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run("gate/"+sig.String(), func(t *testing.T) {
			code, out, errText := interruptMidSolve(t, bin, dir, sig, "Courant Number", "gate", dir, "--", "mpirun", "-np", "2", "icoFoam", "-parallel")
			if code != 128+int(sig) || !strings.Contains(errText, "interrupted") {
				t.Fatalf("exit %d, want %d\nstdout tail:\n%s\nstderr:\n%s", code, 128+int(sig), tail(out), errText)
			}
		})
	}
}

// interruptMidSolve starts bin args in dir, waits for a line containing marker on
// its stdout or stderr, sends sig, and checks that no process is left in dir once bin has
// exited. It returns the exit code and both outputs.
func interruptMidSolve(t *testing.T, bin, dir string, sig syscall.Signal, marker string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = foamtest.Env()
	var mu sync.Mutex
	var out, errOut strings.Builder
	seen := make(chan struct{})
	var once sync.Once
	var readers sync.WaitGroup
	watch := func(r io.Reader, to *strings.Builder) {
		defer readers.Done()
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			mu.Lock()
			to.WriteString(sc.Text() + "\n")
			mu.Unlock()
			if strings.Contains(sc.Text(), marker) {
				once.Do(func() { close(seen) })
			}
		}
	}
	text := func() (string, string) {
		mu.Lock()
		defer mu.Unlock()
		return out.String(), errOut.String()
	}
	so, _ := cmd.StdoutPipe()
	se, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	readers.Add(2)
	go watch(so, &out)
	go watch(se, &errOut)
	select {
	case <-seen:
	case <-time.After(3 * time.Minute):
		cmd.Process.Kill()
		o, e := text()
		t.Fatalf("no %q line within 3 minutes\nstdout:\n%s\nstderr:\n%s", marker, tail(o), e)
	}
	if left := strings.Join(inCase(dir), " "); strings.Count(left, " icoFoam") < 2 || !strings.Contains(left, " mpirun") {
		t.Fatalf("expected mpirun and two icoFoam ranks running in the case, found %s", left)
	}
	sent := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	// The pipes close when foamc and everything that inherited them are gone.
	closed := make(chan struct{})
	go func() { readers.Wait(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(time.Minute):
		t.Errorf("output pipes still open a minute after %s: %v", sig, inCase(dir))
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	err := cmd.Wait()
	code := cmd.ProcessState.ExitCode()
	if err != nil && code < 0 {
		t.Fatalf("wait: %v", err)
	}
	if left := inCase(dir); len(left) > 0 {
		t.Errorf("processes survived foamc: %v", left)
	}
	t.Logf("%s: foamc exited %d, %.1fs after the signal", sig, code, time.Since(sent).Seconds())
	o, e := text()
	return code, o, e
}

// inCase lists the live (not zombie) processes whose working directory is dir or a run's
// snapshot of a case (internal/snapshot: $TMPDIR/foamc-run-*/case), as "pid name" (mpirun
// and the ranks run there).
func inCase(dir string) []string {
	snapshots := filepath.Join(os.TempDir(), "foamc-run-*", "case")
	var found []string
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid := e.Name()
		if pid[0] < '0' || pid[0] > '9' {
			continue
		}
		cwd, err := os.Readlink(filepath.Join("/proc", pid, "cwd"))
		if ok, _ := filepath.Match(snapshots, cwd); err != nil || cwd != dir && !ok {
			continue
		}
		stat, _ := os.ReadFile(filepath.Join("/proc", pid, "stat"))
		// "pid (comm) state ..."
		if i := bytes.LastIndexByte(stat, ')'); i > 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
			continue
		}
		comm, _ := os.ReadFile(filepath.Join("/proc", pid, "comm"))
		found = append(found, fmt.Sprintf("%s %s", pid, strings.TrimSpace(string(comm))))
	}
	return found
}
