package mcpserver_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/mcpserver"
)

// runFixture serves a root holding the cavity example, its mesh refined by refine in
// each direction, to a client that records progress notifications.
func runFixture(t *testing.T, refine string) (string, *mcp.ClientSession, func() []*mcp.ProgressNotificationParams) {
	t.Helper()
	return runFixtureWith(t, refine, mcpserver.Options{})
}

// runFixtureWith is runFixture with server options (roots and run limits are set here).
func runFixtureWith(t *testing.T, refine string, opts mcpserver.Options) (string, *mcp.ClientSession, func() []*mcp.ProgressNotificationParams) {
	t.Helper()
	// The runs' snapshots go to the test's own TMPDIR, where processesIn looks: other
	// packages' tests run solvers in snapshots of their own at the same time.
	t.Setenv("TMPDIR", t.TempDir())
	foamtest.RequireBinary(t, "blockMesh")
	foamtest.RequireBinary(t, "icoFoam")
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(root, "cavity"), os.DirFS(filepath.Join(foamtest.RepoRoot(), "examples", "cavity"))); err != nil {
		t.Fatal(err)
	}
	bm := filepath.Join(root, "cavity", "blockMeshDict")
	b, err := os.ReadFile(bm)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bm, []byte(strings.Replace(string(b), "(20 20 1)", refine, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var progress []*mcp.ProgressNotificationParams
	opts.Roots, opts.MaxSteps, opts.MaxRunTime = []string{root}, 200, 2*time.Minute
	cs := connect(t, opts, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			defer mu.Unlock()
			progress = append(progress, req.Params)
		}})
	if r, isErr := call(t, cs, "compile_spec", map[string]any{"spec_path": "cavity/spec.yaml", "output_dir": "case"}); isErr {
		t.Fatalf("compile: %+v", r.Findings)
	}
	return filepath.Join(root, "case"), cs, func() []*mcp.ProgressNotificationParams {
		mu.Lock()
		defer mu.Unlock()
		return append([]*mcp.ProgressNotificationParams(nil), progress...)
	}
}

func TestRunCaseProgress(t *testing.T) {
	dir, cs, progress := runFixture(t, "(20 20 1)")
	params := &mcp.CallToolParams{Name: "run_case", Arguments: map[string]any{"case_dir": dir, "steps": 5}}
	params.SetProgressToken("run-1")
	res, err := cs.CallTool(context.Background(), params)
	if err != nil {
		t.Fatal(err)
	}
	r := decode(t, "run_case", res)
	if res.IsError || r.Run == nil || r.Run.Status != "ok" || r.Run.Steps != 5 {
		t.Fatalf("run_case: isError=%v %+v %+v", res.IsError, r.Run, r.Findings)
	}
	// The run ends with verify, as foamc run does.
	if r.Run.Verify == nil || r.Run.Verify.Verdict != "accept" {
		t.Fatalf("run_case carries no accept verdict: %+v", r.Run.Verify)
	}
	// Notifications may trail the result by a moment.
	deadline := time.Now().Add(5 * time.Second)
	for len(progress()) < 5 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	p := progress()
	if len(p) != 5 || p[0].ProgressToken != "run-1" || p[4].Progress != 5 || p[4].Total != 5 || !strings.HasPrefix(p[0].Message, "Time = ") {
		t.Fatalf("progress notifications: %d, first %+v", len(p), p)
	}
	// The five steps just run are judged as foamc verify judges them; before the run there
	// is nothing to judge.
	if v, isErr := call(t, cs, "verify_case", map[string]any{"case_dir": dir}); isErr || v.Verdict != "accept" || len(v.Times) != 1 {
		t.Fatalf("verify_case after the run: isError=%v verdict %q times %v %+v", isErr, v.Verdict, v.Times, v.Findings)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if x, err := strconv.ParseFloat(e.Name(), 64); err == nil && x > 0 {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
	if v, _ := call(t, cs, "verify_case", map[string]any{"case_dir": dir}); v.Verdict != "insufficient" {
		t.Fatalf("verify_case without results: verdict %q %+v", v.Verdict, v.Findings)
	}
}

// TestRunCaseLintsForItsRun: run_case's gate judges the case for the run it starts, a
// serial foamc run, as `foamc run` does. A decomposed case whose decomposeParDict names a
// stub method (FOAM-PAR-001) is denied by lint_case and gate_check, which know no run;
// a serial solver never reads the dictionary, so run_case runs it. Before the use-case
// layer, run_case linted with no run and refused the case.
func TestRunCaseLintsForItsRun(t *testing.T) {
	dir, cs, _ := runFixture(t, "(20 20 1)")
	dict := "FoamFile\n{\n    version 2.0;\n    format ascii;\n    class dictionary;\n    object decomposeParDict;\n}\n\nnumberOfSubdomains 2;\nmethod scotch;\n"
	if err := os.WriteFile(filepath.Join(dir, "system", "decomposeParDict"), []byte(dict), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "processor0"), 0o755); err != nil {
		t.Fatal(err)
	}
	if g, _ := call(t, cs, "gate_check", map[string]any{"case_dir": dir}); g.Decision != "deny" || !slices.Contains(g.Denied, "FOAM-PAR-001") {
		t.Fatalf("gate_check of the decomposed case: %+v", g)
	}
	r, isErr := call(t, cs, "run_case", map[string]any{"case_dir": dir, "steps": 2})
	if isErr || r.Run == nil || r.Run.Status != "ok" || r.Run.Steps != 2 {
		t.Fatalf("run_case: isError=%v %+v %+v", isErr, r.Run, r.Findings)
	}
}

// TestRunCaseCancel cancels a run after its first solver step: the tool returns and
// no process is left working in the case directory.
func TestRunCaseCancel(t *testing.T) {
	dir, cs, progress := runFixture(t, "(150 150 1)")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	params := &mcp.CallToolParams{Name: "run_case", Arguments: map[string]any{"case_dir": dir, "steps": 200}}
	params.SetProgressToken("run-2")
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, params)
		done <- err
	}()
	deadline := time.Now().Add(time.Minute)
	for len(progress()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no progress within a minute")
		}
		time.Sleep(20 * time.Millisecond)
	}
	running := processesIn(t, dir)
	if len(running) == 0 {
		t.Fatal("no solver process found in the case while it reported progress")
	}
	t.Logf("before cancel, after %d step(s): %v", len(progress()), running)
	cancel()
	if err := <-done; err == nil {
		t.Fatal("a cancelled call returned no error")
	}
	deadline = time.Now().Add(10 * time.Second)
	for len(processesIn(t, dir)) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if left := processesIn(t, dir); len(left) > 0 {
		t.Fatalf("processes left in %s after cancel: %v", dir, left)
	}
	n := len(progress())
	if n >= 200 {
		t.Fatalf("the run went on to the end (%d steps)", n)
	}
	t.Logf("after cancel: %d step(s) reported, no process in %s", n, dir)
}

// processesIn scans /proc for processes whose working directory is dir or a run's
// snapshot of a case ($TMPDIR/foamc-run-*/case, where run_case runs it).
func processesIn(t *testing.T, dir string) []string {
	t.Helper()
	snapshots := filepath.Join(os.TempDir(), "foamc-run-*", "case")
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, e := range ents {
		if cwd, err := os.Readlink(filepath.Join("/proc", e.Name(), "cwd")); err == nil && (cwd == dir || matches(snapshots, cwd)) {
			comm, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "comm"))
			found = append(found, e.Name()+":"+strings.TrimSpace(string(comm)))
		}
	}
	return found
}

// waitProgress waits until the run has reported a step.
func waitProgress(t *testing.T, progress func() []*mcp.ProgressNotificationParams) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for len(progress()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no progress within a minute")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitNoProcess fails when a process still works in dir 10 s after a run was stopped.
func waitNoProcess(t *testing.T, dir string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for len(processesIn(t, dir)) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if left := processesIn(t, dir); len(left) > 0 {
		t.Fatalf("processes left in %s: %v", dir, left)
	}
}

// TestRunCaseAbandoned: a client whose connection drops in the middle of a run, without
// cancelling it (a crashed agent, a killed pipe), leaves no solver running.
func TestRunCaseAbandoned(t *testing.T) {
	dir, _, _ := runFixture(t, "(150 150 1)")
	srv, err := mcpserver.New(mcpserver.Options{Roots: []string{filepath.Dir(dir)}, MaxSteps: 200, MaxRunTime: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	sc, cc := net.Pipe()
	ctx := context.Background()
	ss, err := srv.MCP().Connect(ctx, &mcp.IOTransport{Reader: sc, Writer: sc}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	steps := 0
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			defer mu.Unlock()
			steps++
		}})
	cs, err := c.Connect(ctx, &mcp.IOTransport{Reader: cc, Writer: cc}, nil)
	if err != nil {
		t.Fatal(err)
	}
	params := &mcp.CallToolParams{Name: "run_case", Arguments: map[string]any{"case_dir": dir, "steps": 200}}
	params.SetProgressToken("run-abandoned")
	go func() { _, _ = cs.CallTool(ctx, params) }()
	waitProgress(t, func() []*mcp.ProgressNotificationParams {
		mu.Lock()
		defer mu.Unlock()
		return make([]*mcp.ProgressNotificationParams, steps)
	})
	if len(processesIn(t, dir)) == 0 {
		t.Fatal("no solver process found in the case while it reported progress")
	}
	start := time.Now()
	cc.Close() // the client vanishes: no notifications/cancelled, no graceful close
	waitNoProcess(t, dir)
	t.Logf("connection dropped after %d step(s): no process left in %s after %v", steps, dir, time.Since(start).Round(time.Millisecond))
	_ = ss.Wait() // the handler has returned: nothing writes into the case any more

}

// TestRunCaseConcurrency: runs beyond --max-runs are refused with a finding, not queued.
func TestRunCaseConcurrency(t *testing.T) {
	dir, cs, progress := runFixtureWith(t, "(150 150 1)", mcpserver.Options{MaxRuns: 1})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	params := &mcp.CallToolParams{Name: "run_case", Arguments: map[string]any{"case_dir": dir, "steps": 200}}
	params.SetProgressToken("run-first")
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = cs.CallTool(ctx, params)
	}()
	waitProgress(t, progress)
	wantFinding(t, cs, "run_case", map[string]any{"case_dir": dir, "steps": 5}, mcpserver.IDLimit)
	cancel()
	<-done
	waitNoProcess(t, dir)
}

func matches(pattern, name string) bool {
	ok, _ := filepath.Match(pattern, name)
	return ok
}
