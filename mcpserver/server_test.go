package mcpserver_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/mcpserver"
)

// reply is the structured output every tool shares, with the fields the tests read.
type reply struct {
	Findings    []finding.Finding `json:"findings"`
	CaseDir     string            `json:"case_dir"`
	Decision    string            `json:"decision"`
	Denied      []string          `json:"denied"`
	MaxSeverity string            `json:"max_severity"`
	Files       []string          `json:"files"`
	Run         *struct {
		Status string `json:"status"`
		Steps  int    `json:"steps"`
	} `json:"run"`
	Rule     *struct{ ID string } `json:"rule"`
	Contract *struct {
		Type     string   `json:"type"`
		Required []string `json:"required"`
	} `json:"contract"`
	Result   map[string]any `json:"result"`
	Syntax   any            `json:"syntax"`
	Value    map[string]any `json:"value"`
	Features map[string]any `json:"features"`
}

type fixture struct {
	root string
	cs   *mcp.ClientSession
}

// connect serves a server with opts to an in-process SDK client.
func connect(t *testing.T, opts mcpserver.Options, copts *mcp.ClientOptions, roots ...*mcp.Root) *mcp.ClientSession {
	t.Helper()
	srv, err := mcpserver.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, copts)
	c.AddRoots(roots...)
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// newFixture is a root holding the cavity example and a broken tutorial.
func newFixture(t *testing.T) fixture {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(root, "cavity"), os.DirFS(filepath.Join(foamtest.RepoRoot(), "examples", "cavity"))); err != nil {
		t.Fatal(err)
	}
	return fixture{root: root, cs: connect(t, mcpserver.Options{Roots: []string{root}, MaxSteps: 50, MaxRunTime: time.Minute}, nil)}
}

// brokenTutorial copies icoFoam/cavity from the v1912 tutorials under root and removes
// pRefCell/pRefValue from its closed domain (FOAM-SOL-004 denies it).
func brokenTutorial(t *testing.T, root string) string {
	t.Helper()
	dst := filepath.Join(root, "broken")
	src := filepath.Join(foamtest.Tutorials(t), "incompressible", "icoFoam", "cavity", "cavity")
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dst, "system", "fvSolution")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var keep []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.Contains(l, "pRef") {
			keep = append(keep, l)
		}
	}
	if err := os.WriteFile(p, []byte(strings.Join(keep, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

func call(t *testing.T, cs *mcp.ClientSession, name string, args any) (reply, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return decode(t, name, res), res.IsError
}

func decode(t *testing.T, name string, res *mcp.CallToolResult) reply {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var r reply
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("%s: structured output %s: %v", name, b, err)
	}
	if r.Findings == nil {
		t.Fatalf("%s: no findings array in %s", name, b)
	}
	return r
}

// wantFinding asserts an error result whose first finding has id.
func wantFinding(t *testing.T, cs *mcp.ClientSession, name string, args any, id string) reply {
	t.Helper()
	r, isErr := call(t, cs, name, args)
	if !isErr || len(r.Findings) == 0 || r.Findings[0].ID != id {
		t.Fatalf("%s %v: want an error with finding %s, got isError=%v %+v", name, args, id, isErr, r.Findings)
	}
	if r.Findings[0].Summary == "" || r.Findings[0].Severity != finding.Deny {
		t.Fatalf("%s: finding without summary or not deny: %+v", name, r.Findings[0])
	}
	return r
}

func TestToolList(t *testing.T) {
	f := newFixture(t)
	var names []string
	for tool, err := range f.cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
		if tool.InputSchema == nil || tool.OutputSchema == nil {
			t.Errorf("%s: missing input or output schema", tool.Name)
		}
	}
	want := []string{"bc_contract", "compile_spec", "explain_rule", "gate_check", "inspect_case", "kb_query", "lint_case", "parse_dictionary", "run_case"}
	slices.Sort(names)
	if !slices.Equal(names, want) {
		t.Fatalf("tools %v, want %v", names, want)
	}
}

func TestCompileLintGate(t *testing.T) {
	f := newFixture(t)
	r, isErr := call(t, f.cs, "compile_spec", map[string]any{"spec_path": "cavity/spec.yaml", "output_dir": "out/cavity"})
	if isErr || !slices.Contains(r.Files, "system/controlDict") || r.CaseDir != filepath.Join(f.root, "out", "cavity") {
		t.Fatalf("compile_spec: isError=%v %+v", isErr, r)
	}
	r, isErr = call(t, f.cs, "lint_case", map[string]any{"case_dir": "out/cavity"})
	if isErr || r.MaxSeverity == "deny" {
		t.Fatalf("lint_case of a compiled case: isError=%v %+v", isErr, r.Findings)
	}
	r, _ = call(t, f.cs, "gate_check", map[string]any{"case_dir": "out/cavity"})
	if r.Decision != "allow" {
		t.Fatalf("gate_check of a compiled case: %+v", r)
	}
	// The same spec inline; mesh paths resolve against base_dir.
	spec, err := os.ReadFile(filepath.Join(f.root, "cavity", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	r, isErr = call(t, f.cs, "compile_spec", map[string]any{"spec": string(spec), "base_dir": "cavity", "output_dir": "out/inline"})
	if isErr || len(r.Files) == 0 {
		t.Fatalf("compile_spec inline: %+v", r)
	}
	// Writing over a case needs force.
	wantFinding(t, f.cs, "compile_spec", map[string]any{"spec_path": "cavity/spec.yaml", "output_dir": "out/cavity"}, "FOAM-COMPILE-006")
	if _, isErr = call(t, f.cs, "compile_spec", map[string]any{"spec_path": "cavity/spec.yaml", "output_dir": "out/cavity", "force": true}); isErr {
		t.Fatal("compile_spec --force failed")
	}
}

func TestBrokenTutorial(t *testing.T) {
	f := newFixture(t)
	brokenTutorial(t, f.root)
	r, isErr := call(t, f.cs, "lint_case", map[string]any{"case_dir": "broken"})
	if isErr || r.MaxSeverity != "deny" {
		t.Fatalf("lint_case: isError=%v %+v", isErr, r)
	}
	var sol *finding.Finding
	for i := range r.Findings {
		if r.Findings[i].ID == "FOAM-SOL-004" {
			sol = &r.Findings[i]
		}
	}
	if sol == nil || sol.Location.File != "system/fvSolution" || sol.Location.Line == 0 {
		t.Fatalf("want a located FOAM-SOL-004: %+v", r.Findings)
	}
	r, _ = call(t, f.cs, "gate_check", map[string]any{"case_dir": "broken"})
	if r.Decision != "deny" || !slices.Contains(r.Denied, "FOAM-SOL-004") {
		t.Fatalf("gate_check: %+v", r)
	}
	// run_case refuses what the gate denies, before any OpenFOAM binary starts.
	r, isErr = call(t, f.cs, "run_case", map[string]any{"case_dir": "broken", "steps": 2})
	if isErr || r.Run == nil || r.Run.Status != "refused" || len(r.Findings) == 0 {
		t.Fatalf("run_case of a denied case: isError=%v %+v", isErr, r)
	}
	if _, err := os.Stat(filepath.Join(f.root, "broken", "constant", "polyMesh", "points")); err == nil {
		t.Fatal("run_case meshed a case the gate denied")
	}
}

