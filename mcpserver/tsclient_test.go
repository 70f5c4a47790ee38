package mcpserver_test

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
)

// tsClient is the official TypeScript SDK's client (testdata/tsclient, installed by
// `make mcp-client`) and the node that runs it. Missing, it fails under CI=true.
func tsClient(t *testing.T) (node, script string) {
	t.Helper()
	dir := filepath.Join(foamtest.RepoRoot(), "mcpserver", "testdata", "tsclient")
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "package.json"))
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("node or @modelcontextprotocol/sdk is missing under CI=true (run `make mcp-client`): %v", err)
		}
		t.Skipf("node or @modelcontextprotocol/sdk is missing (run `make mcp-client`): %v", err)
	}
	return node, filepath.Join(dir, "client.mjs")
}

type transcript struct {
	Tools []struct {
		Name   string   `json:"name"`
		Output []string `json:"output"`
	} `json:"tools"`
	Calls []struct {
		Tool    string         `json:"tool"`
		Args    map[string]any `json:"args"`
		IsError bool           `json:"isError"`
		Result  reply          `json:"result"`
		Content []struct {
			Type     string `json:"type"`
			MIMEType string `json:"mimeType"`
			Bytes    int    `json:"bytes"`
		} `json:"content"`
		Progress []struct {
			Progress float64 `json:"progress"`
			Total    float64 `json:"total"`
			Message  string  `json:"message"`
		} `json:"progress"`
	} `json:"calls"`
	Cancel struct {
		Cancelled bool      `json:"cancelled"`
		Steps     []float64 `json:"steps"`
		Error     string    `json:"error"`
	} `json:"cancel"`
	SpecSchemaBytes int      `json:"specSchemaBytes"`
	Prompts         []string `json:"prompts"`
}

// TestTypeScriptClient drives foamc mcp with the TypeScript SDK's client over stdio and
// streamable HTTP: list tools, compile the cavity example, lint and gate it, lint and
// gate a broken v1912 tutorial (deny), a path outside the root (refused), and run the
// compiled case for 3 steps with progress notifications.
func TestTypeScriptClient(t *testing.T) {
	node, script := tsClient(t)
	foamtest.RequireBinary(t, "icoFoam")
	bin := foamtest.BuildFoamc(t)
	t.Setenv("TMPDIR", t.TempDir()) // the server's snapshots, where processesIn looks
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(root, "cavity"), os.DirFS(filepath.Join(foamtest.RepoRoot(), "examples", "cavity"))); err != nil {
		t.Fatal(err)
	}
	brokenTutorial(t, root)
	// cavity-fine: a 150x150 mesh, so that a run is still solving when it is cancelled.
	fine := filepath.Join(root, "cavity-fine")
	if err := os.CopyFS(fine, os.DirFS(filepath.Join(root, "cavity"))); err != nil {
		t.Fatal(err)
	}
	bm := filepath.Join(fine, "blockMeshDict")
	b, err := os.ReadFile(bm)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bm, []byte(strings.Replace(string(b), "(20 20 1)", "(150 150 1)", 1)), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("stdio", func(t *testing.T) {
		checkTranscript(t, runClient(t, node, script, "stdio", bin, root))
		noProcessLeft(t, filepath.Join(root, "out-stdio-fine"))
	})
	t.Run("http", func(t *testing.T) {
		srv := exec.Command(bin, "mcp", "--http", "127.0.0.1:0", "--root", root)
		stderr, err := srv.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := srv.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() {
			_ = srv.Process.Signal(syscall.SIGTERM)
			if err := srv.Wait(); err != nil {
				t.Errorf("foamc mcp --http after SIGTERM: %v", err)
			}
		}()
		url, token := make(chan string, 1), make(chan string, 1)
		go func() {
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				if m := regexp.MustCompile(`listening on (http://\S+)`).FindStringSubmatch(sc.Text()); m != nil {
					url <- m[1]
				}
				if m := regexp.MustCompile(`token ([0-9a-f]{64}) `).FindStringSubmatch(sc.Text()); m != nil {
					token <- m[1]
				}
			}
		}()
		select {
		case u := <-url:
			if !strings.HasPrefix(u, "http://127.0.0.1:") {
				t.Fatalf("not loopback: %s", u)
			}
			var tok string
			select {
			case tok = <-token:
			case <-time.After(5 * time.Second):
				t.Fatal("foamc mcp --http printed no token")
			}
			checkTranscript(t, runClient(t, node, script, "http", u, root, tok))
			noProcessLeft(t, filepath.Join(root, "out-http-fine"))
		case <-time.After(30 * time.Second):
			t.Fatal("foamc mcp --http did not report its address")
		}
	})
}

func runClient(t *testing.T, node, script, mode, target, root string, token ...string) transcript {
	t.Helper()
	cmd := exec.Command(node, append([]string{script, mode, target, root}, token...)...)
	cmd.Dir = filepath.Dir(script)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node client.mjs %s: %v\n%s", mode, err, out)
	}
	var tr transcript
	if err := json.Unmarshal(out, &tr); err != nil {
		t.Fatalf("transcript %s: %v", out, err)
	}
	return tr
}

func checkTranscript(t *testing.T, tr transcript) {
	t.Helper()
	var names []string
	for _, tool := range tr.Tools {
		names = append(names, tool.Name)
		if !slices.Contains(tool.Output, "findings") {
			t.Errorf("%s: output schema without findings: %v", tool.Name, tool.Output)
		}
	}
	t.Logf("tools: %v", names)
	if want := []string{"bc_contract", "compile_spec", "explain_rule", "field_picture", "gate_check", "inspect_case", "kb_query", "lint_case", "parse_dictionary", "report_case", "run_case", "run_study", "verify_case"}; !slices.Equal(names, want) {
		t.Fatalf("tools %v, want %v", names, want)
	}
	if len(tr.Calls) != 9 {
		t.Fatalf("%d calls", len(tr.Calls))
	}
	for _, c := range tr.Calls {
		var ids []string
		for _, f := range c.Result.Findings {
			ids = append(ids, f.ID+"/"+string(f.Severity))
		}
		t.Logf("%s %v -> isError=%v decision=%q max=%q findings=%v progress=%d", c.Tool, c.Args, c.IsError, c.Result.Decision, c.Result.MaxSeverity, ids, len(c.Progress))
	}
	compile, lint, gate, lintBroken, gateBroken, outside, run, report := tr.Calls[0], tr.Calls[1], tr.Calls[2], tr.Calls[3], tr.Calls[4], tr.Calls[5], tr.Calls[6], tr.Calls[7]
	if compile.IsError || !slices.Contains(compile.Result.Files, "system/controlDict") {
		t.Errorf("compile_spec: %+v", compile)
	}
	if lint.IsError || lint.Result.MaxSeverity == "deny" || gate.Result.Decision != "allow" {
		t.Errorf("compiled case: lint %+v gate %+v", lint, gate)
	}
	if lintBroken.Result.MaxSeverity != "deny" || gateBroken.Result.Decision != "deny" || !slices.Contains(gateBroken.Result.Denied, "FOAM-SOL-004") {
		t.Errorf("broken tutorial: lint %+v gate %+v", lintBroken, gateBroken)
	}
	if !outside.IsError || len(outside.Result.Findings) != 1 || outside.Result.Findings[0].ID != "FOAM-MCP-002" {
		t.Errorf("path outside the root: %+v", outside)
	}
	if run.IsError || run.Result.Run == nil || run.Result.Run.Status != "ok" || len(run.Progress) != 3 || run.Progress[2].Progress != 3 {
		t.Errorf("run_case, 3 steps: %+v", run)
	}
	// The report of the 3-step run: Markdown, the page as an embedded text/html resource,
	// then one PNG per picture (the residuals and the fields).
	var kinds []string
	for _, c := range report.Content {
		kinds = append(kinds, c.Type+" "+c.MIMEType)
	}
	if report.IsError || len(kinds) < 4 || kinds[0] != "text " || kinds[1] != "resource text/html" || kinds[2] != "image image/png" || report.Content[1].Bytes < 10_000 {
		t.Errorf("report_case content %v", kinds)
	}
	if c := tr.Cancel; !c.Cancelled || len(c.Steps) == 0 || tr.Calls[8].IsError {
		t.Errorf("cancelled run: %+v (compile %+v)", c, tr.Calls[8].Result.Findings)
	}
	t.Logf("cancelled run: aborted after progress %v: %s", tr.Cancel.Steps, tr.Cancel.Error)
	if tr.SpecSchemaBytes == 0 || !slices.Equal(tr.Prompts, []string{"setup_case"}) {
		t.Errorf("resources/prompts: schema %d bytes, prompts %v", tr.SpecSchemaBytes, tr.Prompts)
	}
}

// noProcessLeft waits (10 s at most) until no process works in dir, the case of the
// cancelled run, and fails if one still does.
func noProcessLeft(t *testing.T, dir string) {
	t.Helper()
	waitNoProcess(t, dir)
	// The run syncs its snapshot back into the case once its solver has stopped.
	var log []byte
	var err error
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if log, err = os.ReadFile(filepath.Join(dir, "log.icoFoam")); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		t.Fatalf("the cancelled run never started the solver (or its log was not synced back): %v", err)
	}
	t.Logf("/proc: no process in %s; log.icoFoam has %d time steps", dir, strings.Count(string(log), "\nTime = "))
}
