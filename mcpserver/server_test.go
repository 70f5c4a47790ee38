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
		Verify *struct {
			Verdict string `json:"verdict"`
		} `json:"verify"`
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
	Verdict  string         `json:"verdict"`
	Times    []string       `json:"times"`
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
	want := []string{"bc_contract", "compile_spec", "explain_rule", "field_picture", "gate_check", "inspect_case", "kb_query", "lint_case", "parse_dictionary", "report_case", "run_case", "run_study", "verify_case"}
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

func TestErrorPaths(t *testing.T) {
	f := newFixture(t)
	outside := t.TempDir()
	if err := os.CopyFS(filepath.Join(outside, "cavity"), os.DirFS(filepath.Join(f.root, "cavity"))); err != nil {
		t.Fatal(err)
	}
	// A link inside the root to a directory outside it, and a case whose field links out.
	if err := os.Symlink(outside, filepath.Join(f.root, "escape")); err != nil {
		t.Fatal(err)
	}
	leaky := brokenTutorial(t, f.root)
	if err := os.Symlink(filepath.Join(outside, "cavity", "spec.yaml"), filepath.Join(leaky, "0", "nut")); err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("a", 1<<20+1)
	cases := []struct {
		tool string
		args map[string]any
		id   string
	}{
		{"compile_spec", map[string]any{"spec_path": filepath.Join(outside, "cavity", "spec.yaml"), "output_dir": "o"}, mcpserver.IDAccess},
		{"compile_spec", map[string]any{"spec_path": "escape/cavity/spec.yaml", "output_dir": "o"}, mcpserver.IDAccess},
		{"compile_spec", map[string]any{"spec_path": "cavity/spec.yaml", "output_dir": "../o"}, mcpserver.IDAccess},
		{"compile_spec", map[string]any{"spec_path": "cavity/spec.yaml", "output_dir": "escape/o"}, mcpserver.IDAccess},
		{"compile_spec", map[string]any{"spec": "version: 1\nname: x\nmesh: {blockMeshDict: " + filepath.Join(outside, "cavity", "blockMeshDict") + "}\nphysics: {solver: icoFoam, turbulence: laminar}\nfluid: {nu: 0.01}\nboundaries: {lid: {role: wall}}\ncontrol: {endTime: 1, deltaT: 0.1}\n", "output_dir": "o"}, mcpserver.IDAccess},
		{"compile_spec", map[string]any{"output_dir": "o"}, mcpserver.IDArguments},
		{"compile_spec", map[string]any{"spec": "x", "spec_path": "cavity/spec.yaml", "output_dir": "o"}, mcpserver.IDArguments},
		{"compile_spec", map[string]any{"spec": big, "output_dir": "o"}, mcpserver.IDLimit},
		{"compile_spec", map[string]any{"spec": "version: 1\nname: x\n", "output_dir": "o"}, "FOAM-SPEC-002"},
		{"compile_spec", map[string]any{"spec_path": "nothere.yaml", "output_dir": "o"}, mcpserver.IDArguments},
		{"compile_spec", map[string]any{"spec_path": "cavity/spec.yaml", "output_dir": 5}, mcpserver.IDArguments},
		{"lint_case", map[string]any{"case_dir": outside}, mcpserver.IDAccess},
		{"lint_case", map[string]any{"case_dir": "escape"}, mcpserver.IDAccess},
		{"lint_case", map[string]any{"case_dir": "broken"}, mcpserver.IDAccess},
		{"lint_case", map[string]any{"case_dir": "cavity/spec.yaml"}, mcpserver.IDArguments},
		{"lint_case", map[string]any{}, mcpserver.IDArguments},
		{"lint_case", map[string]any{"case_dir": "cavity", "extra": 1}, mcpserver.IDArguments},
		{"gate_check", map[string]any{"case_dir": outside}, mcpserver.IDAccess},
		{"run_case", map[string]any{"case_dir": outside, "steps": 1}, mcpserver.IDAccess},
		{"run_case", map[string]any{"case_dir": "cavity", "steps": 0}, mcpserver.IDLimit},
		{"run_case", map[string]any{"case_dir": "cavity", "steps": 51}, mcpserver.IDLimit},
		{"run_case", map[string]any{"case_dir": "cavity", "steps": 1, "timeout_seconds": 61}, mcpserver.IDLimit},
		{"inspect_case", map[string]any{"case_dir": outside}, mcpserver.IDAccess},
		{"verify_case", map[string]any{"case_dir": outside}, mcpserver.IDAccess},
		{"verify_case", map[string]any{"case_dir": "cavity"}, mcpserver.IDArguments},
		{"parse_dictionary", map[string]any{"path": filepath.Join(outside, "cavity", "blockMeshDict")}, mcpserver.IDAccess},
		{"parse_dictionary", map[string]any{"text": "a 1; b { c"}, "FOAM-PARSE-006"},
		{"parse_dictionary", map[string]any{"text": "a 1;", "expand": true}, mcpserver.IDArguments},
		{"parse_dictionary", map[string]any{"text": big}, mcpserver.IDLimit},
		{"parse_dictionary", map[string]any{}, mcpserver.IDArguments},
		{"explain_rule", map[string]any{"id": "FOAM-SOL-04"}, mcpserver.IDNotFound},
		{"kb_query", map[string]any{"retriever": "cascad", "solver": "simpleFoam"}, mcpserver.IDNotFound},
		{"kb_query", map[string]any{"retriever": "multi-source", "solver": "simpleFoam"}, mcpserver.IDArguments},
		{"kb_query", map[string]any{"retriever": "keyword", "solver": "simpleFoam"}, mcpserver.IDArguments},
		{"bc_contract", map[string]any{"type": "inletOutlett"}, mcpserver.IDNotFound},
	}
	for _, c := range cases {
		r := wantFinding(t, f.cs, c.tool, c.args, c.id)
		if c.id == mcpserver.IDNotFound && (r.Findings[0].Repair == nil || len(r.Findings[0].Repair.Suggest.Candidates) == 0) {
			t.Errorf("%s %v: no suggestion in %+v", c.tool, c.args, r.Findings[0])
		}
	}
	if r, _ := call(t, f.cs, "run_case", map[string]any{"case_dir": "cavity", "steps": "5"}); r.Findings[0].Location.Path != "/steps" {
		t.Errorf("a wrong argument type located at %q, want /steps", r.Findings[0].Location.Path)
	}
	// The leaky case was refused for its link, not for where it lies.
	if r, _ := call(t, f.cs, "lint_case", map[string]any{"case_dir": "broken"}); !strings.Contains(r.Findings[0].Summary, "symlink") {
		t.Errorf("broken case refused for %q", r.Findings[0].Summary)
	}
}

func TestNoRoot(t *testing.T) {
	cs := connect(t, mcpserver.Options{}, nil)
	r := wantFinding(t, cs, "lint_case", map[string]any{"case_dir": "/tmp"}, mcpserver.IDAccess)
	if !strings.Contains(r.Findings[0].Summary, "no root") {
		t.Fatalf("%+v", r.Findings[0])
	}
	// Tools that touch no file still work.
	if _, isErr := call(t, cs, "bc_contract", map[string]any{"type": "fixedValue"}); isErr {
		t.Fatal("bc_contract failed without roots")
	}
}

// TestClientRoots: without --root, the roots the client grants are the boundary.
func TestClientRoots(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	brokenTutorial(t, root)
	cs := connect(t, mcpserver.Options{ClientRoots: true}, nil, &mcp.Root{URI: "file://" + root, Name: "work"})
	r, isErr := call(t, cs, "gate_check", map[string]any{"case_dir": filepath.Join(root, "broken")})
	if isErr || r.Decision != "deny" {
		t.Fatalf("gate_check under a client root: %+v", r)
	}
	wantFinding(t, cs, "gate_check", map[string]any{"case_dir": t.TempDir()}, mcpserver.IDAccess)

	// A server not told to trust client roots (foamc mcp --http) grants none of them:
	// a client declaring file:/// reads nothing.
	cs = connect(t, mcpserver.Options{}, nil, &mcp.Root{URI: "file:///", Name: "everything"})
	wantFinding(t, cs, "parse_dictionary", map[string]any{"path": "/etc/passwd"}, mcpserver.IDAccess)
	wantFinding(t, cs, "gate_check", map[string]any{"case_dir": filepath.Join(root, "broken")}, mcpserver.IDAccess)
}

func TestQueryTools(t *testing.T) {
	f := newFixture(t)
	r, isErr := call(t, f.cs, "explain_rule", map[string]any{"id": "FOAM-SOL-004"})
	if isErr || r.Rule == nil || r.Rule.ID != "FOAM-SOL-004" {
		t.Fatalf("explain_rule: %+v", r)
	}
	r, isErr = call(t, f.cs, "bc_contract", map[string]any{"type": "inletOutlet"})
	if isErr || r.Contract == nil || !slices.Contains(r.Contract.Required, "inletValue") {
		t.Fatalf("bc_contract inletOutlet: %+v", r.Contract)
	}
	for _, q := range []map[string]any{
		{"retriever": "cascade", "solver": "simpleFoam", "turbulence": "kEpsilon"},
		{"retriever": "all-model", "solver": "simpleFoam", "turbulence": "kEpsilon", "target": "system/fvSchemes", "path": "/divSchemes"},
		{"retriever": "template", "solver": "simpleFoam", "turbulence": "kEpsilon", "target": "system/fvSolution"},
		{"retriever": "multi-source", "solver": "simpleFoam", "turbulence": "kEpsilon", "target": "0/U", "bc": "inletOutlet"},
		{"retriever": "keyword", "solver": "pisoFoam", "target": "system/fvSolution", "keyword": "pRefCell"},
	} {
		r, isErr = call(t, f.cs, "kb_query", q)
		if isErr || len(r.Result) == 0 {
			t.Fatalf("kb_query %v: %+v", q, r)
		}
		b, _ := json.Marshal(r.Result)
		if !strings.Contains(string(b), "simpleFoam") && !strings.Contains(string(b), "pisoFoam") {
			t.Errorf("kb_query %v: result names no tutorial of the solver (audit trail): %.300s", q, b)
		}
	}
	r, isErr = call(t, f.cs, "parse_dictionary", map[string]any{"text": "a 1;\nb { c (1 2 3); }\n"})
	if isErr || r.Syntax == nil {
		t.Fatalf("parse_dictionary text: %+v", r)
	}
	brokenTutorial(t, f.root)
	r, isErr = call(t, f.cs, "parse_dictionary", map[string]any{"path": "broken/system/fvSolution", "expand": true})
	if isErr || r.Value["PISO"] == nil {
		t.Fatalf("parse_dictionary expand: %+v", r)
	}
	r, isErr = call(t, f.cs, "inspect_case", map[string]any{"case_dir": "broken", "document": true})
	if isErr || r.Features["solver"] != "icoFoam" {
		t.Fatalf("inspect_case: %+v", r.Features)
	}
}

func TestResourcesAndPrompt(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var uris []string
	for res, err := range f.cs.Resources(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		uris = append(uris, res.URI)
	}
	for _, want := range []string{mcpserver.CatalogueURI, mcpserver.SpecSchemaURI, mcpserver.StudySchemaURI, "foamc://docs/compiler.md"} {
		if !slices.Contains(uris, want) {
			t.Fatalf("resources %v lack %s", uris, want)
		}
	}
	for uri, want := range map[string]string{mcpserver.CatalogueURI: "FOAM-SOL-004", mcpserver.SpecSchemaURI: `"boundaries"`, mcpserver.StudySchemaURI: `"refine"`, "foamc://docs/compiler.md": "spec"} {
		res, err := f.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err != nil || !strings.Contains(res.Contents[0].Text, want) {
			t.Fatalf("read %s: %v (want %q)", uri, err, want)
		}
	}
	p, err := f.cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "setup_case", Arguments: map[string]string{"description": "pipe flow at Re 100"}})
	if err != nil {
		t.Fatal(err)
	}
	text := p.Messages[0].Content.(*mcp.TextContent).Text
	for _, step := range []string{"pipe flow at Re 100", "compile_spec", "lint_case", "gate_check", "run_case", "run_study", "verify_case"} {
		if !strings.Contains(text, step) {
			t.Errorf("prompt lacks %q", step)
		}
	}
}

func TestListenAddr(t *testing.T) {
	for _, c := range []struct {
		addr   string
		remote bool
		want   string
	}{
		{":8080", false, "127.0.0.1:8080"},
		{"127.0.0.1:0", false, "127.0.0.1:0"},
		{"[::1]:9000", false, "[::1]:9000"},
		{"localhost:9000", false, "localhost:9000"},
		{"0.0.0.0:9000", false, ""},
		{"example.org:9000", false, ""},
		{"0.0.0.0:9000", true, "0.0.0.0:9000"},
		{"9000", false, ""},
	} {
		got, err := mcpserver.ListenAddr(c.addr, c.remote)
		if got != c.want || (err == nil) != (c.want != "") {
			t.Errorf("ListenAddr(%q, %v) = %q, %v; want %q", c.addr, c.remote, got, err, c.want)
		}
	}
}

// TestCodeNeverRuns: a #codeStream that would create a file is parsed, expanded, linted,
// gated and refused by run_case, and the file never appears.
func TestCodeNeverRuns(t *testing.T) {
	f := newFixture(t)
	dir := brokenTutorial(t, f.root)
	marker := filepath.Join(f.root, "pwned")
	p := filepath.Join(dir, "system", "controlDict")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	code := "\nendTime #codeStream { code #{ system(\"touch " + marker + "\"); os << 0.5; #}; };\n"
	if err := os.WriteFile(p, append(b, code...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, isErr := call(t, f.cs, "parse_dictionary", map[string]any{"path": "broken/system/controlDict", "expand": true}); isErr {
		t.Fatal("parse_dictionary failed on #codeStream")
	}
	r, _ := call(t, f.cs, "gate_check", map[string]any{"case_dir": "broken"})
	if r.Decision != "deny" || !slices.Contains(r.Denied, "FOAM-SEC-001") {
		t.Fatalf("gate_check of #codeStream: %+v", r)
	}
	r, _ = call(t, f.cs, "run_case", map[string]any{"case_dir": "broken", "steps": 1})
	if r.Run == nil || r.Run.Status != "refused" {
		t.Fatalf("run_case of #codeStream: %+v", r)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the #codeStream ran")
	}
}

// TestCaseSizeLimit: a case's dictionaries and initial fields count towards the limit,
// its results and mesh points do not.
func TestCaseSizeLimit(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir := brokenTutorial(t, root)
	cs := connect(t, mcpserver.Options{Roots: []string{root}, MaxCaseBytes: 64 << 10}, nil)
	for _, p := range []string{"0.5/U", "constant/polyMesh/points"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), make([]byte, 128<<10), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if r, isErr := call(t, cs, "lint_case", map[string]any{"case_dir": "broken"}); isErr {
		t.Fatalf("results and points counted: %+v", r.Findings)
	}
	if err := os.WriteFile(filepath.Join(dir, "0", "T"), make([]byte, 128<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	wantFinding(t, cs, "lint_case", map[string]any{"case_dir": "broken"}, mcpserver.IDLimit)
}

// TestCompileGeometry: compile_spec takes a spec with mesh.geometry (the cube example); a
// surface outside the granted roots is refused as file access.
func TestCompileGeometry(t *testing.T) {
	f := newFixture(t)
	if err := os.CopyFS(filepath.Join(f.root, "cube"), os.DirFS(filepath.Join(foamtest.RepoRoot(), "examples", "geometry", "cube"))); err != nil {
		t.Fatal(err)
	}
	r, isErr := call(t, f.cs, "compile_spec", map[string]any{"spec_path": "cube/spec.yaml", "output_dir": "out/cube"})
	if isErr || !slices.Contains(r.Files, "system/snappyHexMeshDict") || !slices.Contains(r.Files, "constant/triSurface/cube.stl") {
		t.Fatalf("compile_spec: isError=%v %+v", isErr, r)
	}
	spec, err := os.ReadFile(filepath.Join(f.root, "cube", "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	outside := strings.Replace(string(spec), "file: cube.stl", "file: /etc/passwd", 1)
	wantFinding(t, f.cs, "compile_spec", map[string]any{"spec": outside, "base_dir": "cube", "output_dir": "out/outside"}, mcpserver.IDAccess)
}
