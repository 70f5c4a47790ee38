package runner

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/contain"
	"github.com/foamc/foamc/internal/snapshot"
)

func findingIDs(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.ID)
	}
	return out
}

// TestGateContainsTheCommand: a command that passes the gate runs in the snapshot,
// contained: it writes its own files (synced back into the case) but cannot create a file
// beside the case or in /tmp, and cannot connect to a listener on the host's loopback.
func TestGateContainsTheCommand(t *testing.T) {
	lint := realLinter(t)
	c := ruleCase(t, "cavity-clean")
	outside := filepath.Join(filepath.Dir(c), "outside")
	tmpX := filepath.Join(os.TempDir(), "foamc-gate-x-"+strconv.Itoa(os.Getpid()))
	defer os.Remove(tmpX)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	script := "touch " + outside + " || echo no-outside; touch " + tmpX + " || echo no-tmp; " +
		"(exec 3<>/dev/tcp/127.0.0.1/" + port + ") 2>/dev/null && echo connected || echo no-net; " +
		"pwd; echo result > made"
	var out, errb bytes.Buffer
	g, err := Gate(context.Background(), c, GateOptions{Lint: lint, Argv: []string{lookPath(t, "bash"), "-c", script},
		Stdout: &out, Stderr: &errb, RequireContainment: true})
	if err != nil || !g.Ran || g.Status != 0 {
		t.Fatalf("%+v %v\n%s", g, err, errb.String())
	}
	got := out.String()
	for _, want := range []string{"no-outside", "no-tmp", "no-net"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %s:\n%s%s", want, got, errb.String())
		}
	}
	if strings.Contains(got, c+"\n") {
		t.Errorf("the command ran in the case itself, not its snapshot: %s", got)
	}
	for _, p := range []string{outside, tmpX} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s was created", p)
		}
	}
	if b, err := os.ReadFile(filepath.Join(c, "made")); err != nil || string(b) != "result\n" {
		t.Errorf("the command's file not synced back: %q %v", b, err)
	}
}

// TestGateJudgesTheCommand: -case, -lib, a script the case ships (run directly, through a
// shell's -c or handed to sh) and a path outside the case are refused with findings, and
// nothing starts.
func TestGateJudgesTheCommand(t *testing.T) {
	lint := realLinter(t)
	c := ruleCase(t, "cavity-clean")
	marker := filepath.Join(filepath.Dir(c), "ran")
	if err := os.WriteFile(filepath.Join(c, "Allrun"), []byte("#!/bin/sh\ntouch "+marker+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(c, "plain"), []byte("touch "+marker+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sh := lookPath(t, "sh")
	for _, tc := range []struct {
		argv []string
		want []string
	}{
		{[]string{"icoFoam", "-case", "/elsewhere"}, []string{IDGateCase, IDGateOutside}},
		{[]string{"icoFoam", "-lib", "libevil.so"}, []string{IDGateLib}},
		{[]string{"./Allrun"}, []string{IDGateScript}},
		{[]string{filepath.Join(c, "Allrun")}, []string{IDGateScript}},
		{[]string{sh, "-c", "cd . && ./Allrun"}, []string{IDGateScript}},
		{[]string{sh, "plain"}, []string{IDGateScript}},
		{[]string{"mpirun", "-np", "2", "./Allrun"}, []string{IDGateScript}},
		{[]string{"foamDictionary", "../other/system/controlDict"}, []string{IDGateOutside}},
		{[]string{"foamDictionary", filepath.Join(c, "system", "controlDict")}, []string{IDGateOutside}},
	} {
		g, err := Gate(context.Background(), c, GateOptions{Lint: lint, Argv: tc.argv, Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}})
		var got []string
		for _, f := range g.Findings {
			if f.Severity == finding.Deny {
				got = append(got, f.ID)
			}
		}
		slices.Sort(got)
		if err != nil || !g.Denied || g.Ran || !slices.Equal(got, tc.want) {
			t.Errorf("%q: denied %v ran %v %q (want %q) %v", tc.argv, g.Denied, g.Ran, got, tc.want, err)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("a case script ran")
	}
	// Reading a case file is not running it.
	g, err := Gate(context.Background(), c, GateOptions{Lint: lint, Argv: []string{"foamDictionary", "-keywords", "system/controlDict"},
		Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}})
	if err != nil || !g.Ran || g.Status != 0 {
		t.Errorf("foamDictionary on a case file: %+v %v", g, err)
	}
}

// TestGateRunsWhatWasJudged: a file swapped in the case after the gate judged it (here,
// a controlDict with #codeStream, written once the lint passed) is not what the command
// reads: it reads the judged snapshot, and the swapped file is left as the user put it.
func TestGateRunsWhatWasJudged(t *testing.T) {
	lint := realLinter(t)
	c := ruleCase(t, "cavity-clean")
	cd := filepath.Join(c, "system", "controlDict")
	judged, err := os.ReadFile(cd)
	if err != nil {
		t.Fatal(err)
	}
	evil := string(judged) + "\nx #codeStream { code #{ system(\"touch /tmp/pwned\"); #}; };\n"
	var out bytes.Buffer
	g, err := Gate(context.Background(), c, GateOptions{Lint: lint, Argv: []string{lookPath(t, "cat"), "system/controlDict"},
		Stdout: &out, Stderr: &bytes.Buffer{},
		BeforeRun: func([]finding.Finding) {
			if err := os.WriteFile(cd, []byte(evil), 0o644); err != nil {
				t.Fatal(err)
			}
		}})
	if err != nil || !g.Ran || g.Status != 0 {
		t.Fatalf("%+v %v", g, err)
	}
	if out.String() != string(judged) {
		t.Errorf("the command read the swapped file:\n%s", out.String())
	}
	if b, _ := os.ReadFile(cd); string(b) != evil {
		t.Error("the user's later edit was overwritten")
	}
}

// TestLinkOutsideTheCase: a case whose log and picture are links to a file outside is
// refused by gate and run (FOAM-RUN-020, located), and the outside file is unchanged.
func TestLinkOutsideTheCase(t *testing.T) {
	lint := realLinter(t)
	c := ruleCase(t, "cavity-clean")
	precious := filepath.Join(filepath.Dir(c), "precious")
	if err := os.WriteFile(precious, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"residuals.png", "log.icoFoam"} {
		if err := os.Symlink(precious, filepath.Join(c, l)); err != nil {
			t.Fatal(err)
		}
	}
	g, err := Gate(context.Background(), c, GateOptions{Lint: lint, Argv: []string{lookPath(t, "sh"), "-c", "echo x > log.icoFoam"}})
	if err != nil || !g.Denied || g.Ran || len(g.Findings) != 2 || g.Findings[0].ID != snapshot.IDLink || g.Findings[0].Location.File != "log.icoFoam" {
		t.Fatalf("gate: %+v %v", g, err)
	}
	res, err := Run(context.Background(), c, Options{Steps: 1, Lint: lint})
	if err != nil || res.Status != StatusRefused || len(res.Gate) != 2 || res.Gate[1].Location.File != "residuals.png" {
		t.Fatalf("run: %+v %v", res, err)
	}
	if b, _ := os.ReadFile(precious); string(b) != "precious\n" {
		t.Fatalf("outside file changed: %q", b)
	}
}

// TestOneRunPerCase: while a run holds the case, gate and run are refused with a located
// finding at once (no waiting).
func TestOneRunPerCase(t *testing.T) {
	lint := realLinter(t)
	c := ruleCase(t, "cavity-clean")
	held, refused, err := snapshot.Take(c)
	if err != nil || len(refused) > 0 {
		t.Fatal(refused, err)
	}
	defer held.Close()
	g, err := Gate(context.Background(), c, GateOptions{Lint: lint, Argv: []string{lookPath(t, "true")}})
	if err != nil || !g.Denied || g.Ran || !slices.Equal(findingIDs(g.Findings), []string{snapshot.IDLocked}) {
		t.Errorf("gate: %+v %v", g, err)
	}
	res, err := Run(context.Background(), c, Options{Steps: 1, Lint: lint})
	if err != nil || res.Status != StatusRefused || !slices.Equal(findingIDs(res.Gate), []string{snapshot.IDLocked}) {
		t.Errorf("run: %+v %v", res, err)
	}
}

// TestContainedOpenFOAM: real v1912 under required containment: `gate -- blockMesh`,
// `gate -- icoFoam` on the cavity and `Run` with two MPI ranks (mpirun, shared memory,
// PMIx on the namespace's own loopback); the results land in the case.
func TestContainedOpenFOAM(t *testing.T) {
	tut := requireFoam(t, "icoFoam", "decomposePar", "mpirun", "reconstructPar")
	lint := realLinter(t)
	c := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	foamSet(t, c, "system/controlDict", "endTime", "0.1")
	for _, prog := range []string{"blockMesh", "icoFoam"} {
		var out, errb bytes.Buffer
		g, err := Gate(context.Background(), c, GateOptions{Lint: lint, Argv: []string{prog}, Stdout: &out, Stderr: &errb, RequireContainment: true})
		if err != nil || !g.Ran || g.Status != 0 || !strings.Contains(out.String(), "End") {
			t.Fatalf("gate -- %s: %+v %v\n%s%s", prog, g, err, out.String(), errb.String())
		}
	}
	if _, err := os.Stat(filepath.Join(c, "0.1", "U")); err != nil {
		t.Fatalf("icoFoam's result not in the case: %v", err)
	}
	var log bytes.Buffer
	res, err := Run(context.Background(), c, Options{Steps: 2, Parallel: 2, Lint: lint, Log: &log, RequireContainment: true})
	if err != nil || res.Status != StatusOK || res.Steps != 2 {
		t.Fatalf("parallel run: %+v %v\n%s", res, err, log.String())
	}
	b, err := os.ReadFile(filepath.Join(c, "log.icoFoam"))
	if err != nil || !strings.Contains(string(b), "nProcs : 2") {
		t.Fatalf("log.icoFoam: %v\n%s", err, b)
	}
	if _, err := os.Stat(filepath.Join(c, "processor1", "0.01", "U")); err != nil {
		t.Fatalf("rank 1's result not in the case: %v", err)
	}
}

// TestContainmentFinding: a kernel that cannot contain is said (FOAM-RUN-028 warn), and a
// deny when containment is required; full containment says nothing.
func TestContainmentFinding(t *testing.T) {
	none := contain.Support{Why: "no Landlock (function not implemented): the filesystem is not contained"}
	if fs := containmentOf(none, false); len(fs) != 1 || fs[0].ID != IDContainment || fs[0].Severity != finding.Warn || !strings.Contains(fs[0].Summary, "no Landlock") {
		t.Errorf("not required: %+v", fs)
	}
	if fs := containmentOf(none, true); len(fs) != 1 || fs[0].Severity != finding.Deny {
		t.Errorf("required: %+v", fs)
	}
	if fs := containmentOf(contain.Support{Landlock: 7, Net: true}, true); len(fs) != 0 {
		t.Errorf("full: %+v", fs)
	}
}

// TestContainedAsUnprivileged reruns the snapshot and containment tests as nobody when the
// tests run as root: unprivileged, the network namespace needs a user namespace, and Open
// MPI runs without OMPI_ALLOW_RUN_AS_ROOT. (Run as another user, they already are.)
func TestContainedAsUnprivileged(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Log("already unprivileged: the other tests ran as this user")
		return
	}
	tut := requireFoam(t, "icoFoam", "decomposePar", "mpirun", "reconstructPar")
	setpriv := lookPath(t, "setpriv")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// Not t.TempDir: its parent is private to root.
	dir, err := os.MkdirTemp("", "foamc-runner-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	// What the tests read, where nobody can read it (the checkout and the source package
	// may be private to root): the fixtures beside a package directory, and the cavity
	// in a source-package layout.
	tmp := filepath.Join(dir, "tmp")
	bin := filepath.Join(dir, "runner.test")
	pkg := filepath.Join(dir, "runner")
	src := filepath.Join(dir, "src")
	cavity := filepath.Join(src, "tutorials", "incompressible", "icoFoam", "cavity")
	b, err := os.ReadFile(self)
	for _, step := range []func() error{
		func() error { return err },
		func() error { return os.Chmod(dir, 0o755) },
		func() error { return os.WriteFile(bin, b, 0o755) },
		func() error { return os.Mkdir(pkg, 0o755) },
		func() error { return os.MkdirAll(filepath.Join(dir, "rules", "testdata"), 0o755) },
		func() error { return os.MkdirAll(cavity, 0o755) },
		func() error {
			return exec.Command("cp", "-r", filepath.Join("..", "rules", "testdata", "cases"), filepath.Join(dir, "rules", "testdata")).Run()
		},
		func() error {
			return exec.Command("cp", "-r", filepath.Join(tut, "incompressible", "icoFoam", "cavity", "cavity"), cavity).Run()
		},
		func() error { return exec.Command("chmod", "-R", "a+rX", dir).Run() },
		func() error { return os.Mkdir(tmp, 0o700) },
		func() error { return os.Chown(tmp, 65534, 65534) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", bin, "-test.count=1", "-test.v",
		"-test.run", "^(TestGateContainsTheCommand|TestGateRunsWhatWasJudged|TestLinkOutsideTheCase|TestOneRunPerCase|TestContainedOpenFOAM)$")
	cmd.Dir = pkg
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + tmp, "TMPDIR=" + tmp, "FOAMC_OPENFOAM_SRC=" + src}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k == "WM_PROJECT_DIR" || k == "FOAM_ETC" || k == "CI" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "--- SKIP") || strings.Count(string(out), "--- PASS") != 5 {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	t.Logf("as nobody:\n%s", out)
}
