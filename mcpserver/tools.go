package mcpserver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/rules"
	"github.com/foamc/foamc/runner"
	"github.com/foamc/foamc/schema"
	"github.com/foamc/foamc/suggest"
	"github.com/foamc/foamc/verify"
	"github.com/foamc/foamc/workflow"
	"github.com/foamc/foamc/workflow/session"
)

func (s *Server) addTools() {
	ro := &mcp.ToolAnnotations{ReadOnlyHint: true}
	addTool(s, true, &mcp.Tool{Name: "compile_spec", Title: "Compile a case spec",
		Description: "Compile a foamc case spec (YAML or JSON, inline or a file; schema: resource foamc://schema/spec.json) into an OpenFOAM v1912 case directory; a spec's mesh may be a blockMeshDict, a polyMesh, a gmsh file or geometry (mesh.geometry: STL/OBJ surfaces meshed with snappyHexMesh, docs/geometry.md). Returns the case's files, the slot table (each setting with its source) and findings."},
		s.compileSpec)
	addTool(s, true, &mcp.Tool{Name: "lint_case", Title: "Lint a case", Annotations: ro,
		Description: "Check an OpenFOAM case directory against foamc's rule library (the output of foamc lint --format json). Deny findings would make OpenFOAM fail or compute something wrong."},
		s.lintCase)
	addTool(s, true, &mcp.Tool{Name: "gate_check", Title: "Gate decision", Annotations: ro,
		Description: "Decide whether foamc's gate would let a case run (allow, or deny with the deny findings). Runs nothing; a case that cannot be evaluated is denied."},
		s.gateCheck)
	addTool(s, true, &mcp.Tool{Name: "run_case", Title: "Mesh and solve a case",
		Description: "Gate, mesh and solve a case with OpenFOAM v1912 for a bounded number of time steps and wall time. Refuses what the gate denies. Sends a progress notification per solver step when the request has a progress token; cancel the request to stop the solver."},
		s.runCase)
	addTool(s, false, &mcp.Tool{Name: "explain_rule", Title: "Explain a rule", Annotations: ro,
		Description: "A rule's metadata (severity, title, description, fix, provenance) by ID, e.g. FOAM-SOL-004."},
		s.explainRule)
	addTool(s, false, &mcp.Tool{Name: "kb_query", Title: "Query the knowledge base", Annotations: ro,
		Description: "Ask the v1912 knowledge base (tutorials and source headers) for settings: retrievers cascade, all-model, template, multi-source (needs bc) and keyword (needs keyword). The result carries its audit trail (which tutorials, which relaxation)."},
		s.kbQuery)
	addTool(s, false, &mcp.Tool{Name: "bc_contract", Title: "Boundary-condition contract", Annotations: ro,
		Description: "The required and optional keys of a boundary-condition type, read from the v1912 headers (e.g. fixedValue, inletOutlet, nutkWallFunction)."},
		s.bcContract)
	addTool(s, true, &mcp.Tool{Name: "parse_dictionary", Title: "Parse an OpenFOAM dictionary", Annotations: ro,
		Description: "Parse an OpenFOAM dictionary (inline text or a file) into JSON: its syntax tree, or with expand (files only) the value after includes, macros and directives. Never executes #codeStream, #calc or coded entries."},
		s.parseDictionary)
	addTool(s, true, &mcp.Tool{Name: "inspect_case", Title: "Inspect a case", Annotations: ro,
		Description: "The derived features of a case (solver, compressible, steady, turbulence class and model, ...), its patches and the problems met loading it; with document, the whole case document the rules see."},
		s.inspectCase)
	addTool(s, true, &mcp.Tool{Name: "verify_case", Title: "Verify a run's results", Annotations: ro,
		Description: "Judge a case's results after a run (foamc verify): accept, reject or insufficient, each reason a FOAM-VERIFY-* finding naming the file read, the method, the threshold and the measured value. Reads time directories and the solver log; runs nothing."},
		s.verifyCase)
	addTool(s, true, &mcp.Tool{Name: "run_study", Title: "Run a study of a spec",
		Description: "Run a study file (docs/study.md) as foamc study does: every variant of a base spec (a sweep of spec fields, or blockMesh refinement levels) compiled, gated, run for a bounded number of steps and verified, one at a time; failures do not stop it. Returns each variant's state, verdict and measured quantities, the results files (CSV, Markdown, plots) and, for a convergence study, the observed order, extrapolated value and GCI per quantity. Give the same output_dir again to resume; cancel the request to stop."},
		s.runStudy)
	s.addReportTools()
}

// readLimited reads a file argument (already resolved) up to the input limit.
func (s *Server) readLimited(arg, path string) ([]byte, failure) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fail(IDArguments, "cannot read "+arg+" "+path, err.Error(), "")
	}
	if st.Size() > int64(s.opts.MaxInputBytes) {
		return nil, fail(IDLimit, fmt.Sprintf("%s %s is %d bytes, over the limit of %d", arg, path, st.Size(), s.opts.MaxInputBytes), "", "")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fail(IDArguments, "cannot read "+arg+" "+path, err.Error(), "")
	}
	return data, nil
}

func (s *Server) checkSize(arg, text string) failure {
	if len(text) > s.opts.MaxInputBytes {
		return fail(IDLimit, fmt.Sprintf("%s is %d bytes, over the limit of %d", arg, len(text), s.opts.MaxInputBytes), "", "")
	}
	return nil
}

// findings is err as findings: the library's own (finding.List, finding.Finding) as
// they are, anything else wrapped as an internal problem of what.
func findings(err error, what string) failure {
	var fl finding.List
	if errors.As(err, &fl) {
		return failure(fl)
	}
	var f finding.Finding
	if errors.As(err, &f) {
		return failure{f}
	}
	return fail(IDInternal, what+" failed", err.Error(), "")
}

// CompileInput is compile_spec's input.
type CompileInput struct {
	Spec      string `json:"spec,omitempty" jsonschema:"the spec as YAML or JSON text (give spec or spec_path)"`
	SpecPath  string `json:"spec_path,omitempty" jsonschema:"a spec file under a granted root (give spec or spec_path)"`
	BaseDir   string `json:"base_dir,omitempty" jsonschema:"directory an inline spec's relative paths (mesh files) resolve against (default: the first root)"`
	OutputDir string `json:"output_dir" jsonschema:"the case directory to write, under a granted root"`
	Force     bool   `json:"force,omitempty" jsonschema:"replace an existing output directory"`
}

// CompileOutput is compile_spec's output.
type CompileOutput struct {
	CaseDir  string             `json:"case_dir,omitempty"`
	Name     string             `json:"name,omitempty"`
	Features *compiler.Features `json:"features,omitempty"`
	Files    []string           `json:"files,omitempty" jsonschema:"the case-relative files written"`
	Slots    compiler.Table     `json:"slots,omitempty" jsonschema:"each compiled setting with the source that settled it"`
	Report
}

func (s *Server) compileSpec(ctx context.Context, req *mcp.CallToolRequest, in CompileInput) (*CompileOutput, failure) {
	if (in.Spec == "") == (in.SpecPath == "") {
		return nil, fail(IDArguments, "give exactly one of spec and spec_path", "", "")
	}
	out, f := s.resolve(ctx, "output_dir", in.OutputDir)
	if f != nil {
		return nil, f
	}
	var spec *schema.Spec
	var err error
	if in.SpecPath != "" {
		path, f := s.resolve(ctx, "spec_path", in.SpecPath)
		if f != nil {
			return nil, f
		}
		data, f := s.readLimited("spec_path", path)
		if f != nil {
			return nil, f
		}
		spec, err = schema.ParseSpec(path, data, filepath.Dir(path))
	} else {
		if f := s.checkSize("spec", in.Spec); f != nil {
			return nil, f
		}
		base, f := s.resolve(ctx, "base_dir", cmp.Or(in.BaseDir, "."))
		if f != nil {
			return nil, f
		}
		spec, err = schema.ParseSpec("spec", []byte(in.Spec), base)
	}
	if err != nil {
		return nil, findings(err, "reading the spec")
	}
	// The compiler reads the mesh files the spec names (mesh.geometry's surfaces too): they
	// are file access too.
	meshFiles := []string{spec.Mesh.BlockMeshDict, spec.Mesh.PolyMesh, spec.Mesh.Gmsh}
	if g := spec.Mesh.Geometry; g != nil {
		for _, sf := range g.Surfaces {
			meshFiles = append(meshFiles, sf.File)
		}
	}
	for _, p := range meshFiles {
		if p == "" {
			continue
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(spec.Dir, p)
		}
		if _, f := s.resolve(ctx, "mesh file", p); f != nil {
			return nil, f
		}
	}
	c, err := s.wf.Compile(ctx, workflow.CompileRequest{Spec: spec, Out: out, Force: in.Force})
	if err != nil {
		return nil, findings(err, "compiling")
	}
	res := c.Result
	files := make([]string, 0, len(res.Files))
	for name := range res.Files {
		files = append(files, name)
	}
	slices.Sort(files)
	return &CompileOutput{CaseDir: out, Name: res.Name, Features: &res.Features, Files: files, Slots: res.Slots, Report: Report{res.Findings}}, nil
}

// CaseInput names a case directory.
type CaseInput struct {
	CaseDir string `json:"case_dir" jsonschema:"the case directory (system/controlDict inside), under a granted root"`
}

// LintOutput is lint_case's output.
type LintOutput struct {
	CaseDir string `json:"case_dir,omitempty"`
	// MaxSeverity is the highest severity found ("" when clean).
	MaxSeverity finding.Severity `json:"max_severity,omitempty" jsonschema:"deny, warn or info: the highest severity found (absent when clean)"`
	Report
}

// lint checks the case at caseDir with l: lint_case as foamc lint does (CaseLinter, its
// Allrun read), gate_check for a run (Linter, the script unread).
func (s *Server) lint(ctx context.Context, l finding.Linter, caseDir string) (string, []finding.Finding, failure) {
	dir, f := s.resolveCase(ctx, "case_dir", caseDir)
	if f != nil {
		return "", nil, f
	}
	fs, err := l.LintDir(ctx, dir)
	if err != nil {
		return dir, nil, findings(err, "evaluating the rules on "+dir)
	}
	return dir, fs, nil
}

func (s *Server) lintCase(ctx context.Context, req *mcp.CallToolRequest, in CaseInput) (*LintOutput, failure) {
	dir, fs, f := s.lint(ctx, s.wf.CaseLinter(), in.CaseDir)
	if f != nil {
		return nil, f
	}
	return &LintOutput{CaseDir: dir, MaxSeverity: finding.Max(fs), Report: Report{fs}}, nil
}

// GateOutput is gate_check's output.
type GateOutput struct {
	CaseDir  string   `json:"case_dir,omitempty"`
	Decision string   `json:"decision,omitempty" jsonschema:"allow or deny"`
	Denied   []string `json:"denied,omitempty" jsonschema:"IDs of the deny findings that refuse the case"`
	Report
}

func (s *Server) gateCheck(ctx context.Context, req *mcp.CallToolRequest, in CaseInput) (*GateOutput, failure) {
	dir, fs, f := s.lint(ctx, s.wf.Linter(nil), in.CaseDir)
	if f != nil {
		if dir == "" {
			return nil, f
		}
		// The gate fails closed: a case the rules cannot evaluate never runs.
		return &GateOutput{CaseDir: dir, Decision: "deny", Denied: []string{f[0].ID}, Report: Report{f}}, nil
	}
	out := &GateOutput{CaseDir: dir, Decision: "allow", Report: Report{fs}}
	if finding.Max(fs) == finding.Deny {
		out.Decision = "deny"
		for _, fd := range fs {
			if fd.Severity == finding.Deny && !slices.Contains(out.Denied, fd.ID) {
				out.Denied = append(out.Denied, fd.ID)
			}
		}
	}
	return out, nil
}

// RunInput is run_case's input.
type RunInput struct {
	CaseDir string `json:"case_dir" jsonschema:"the case directory, under a granted root"`
	RunLimits
}

// RunLimits bound a solver run: run_case's, and each variant's of run_study (runLimit
// checks them against the server's limits).
type RunLimits struct {
	Steps          int `json:"steps" jsonschema:"solver time steps of the run (of each variant of a study): 1 to the server's limit, 1000 by default"`
	TimeoutSeconds int `json:"timeout_seconds,omitempty" jsonschema:"wall-time limit in seconds of the run (of each variant of a study); default and maximum: the server's limit, 600 by default"`
}

// RunOutput is run_case's output.
type RunOutput struct {
	Run *runner.Result `json:"run,omitempty" jsonschema:"status (ok, failed, refused, timeout), steps, final residuals, failure classification"`
	Report
}

func (s *Server) runCase(ctx context.Context, req *mcp.CallToolRequest, in RunInput) (*RunOutput, failure) {
	limit, f := s.runLimit(in.RunLimits)
	if f != nil {
		return nil, f
	}
	dir, f := s.resolveCase(ctx, "case_dir", in.CaseDir)
	if f != nil {
		return nil, f
	}
	release, f := s.runSlot()
	if f != nil {
		return nil, f
	}
	defer release()
	// A client that goes away without cancelling (a closed stdio pipe, a deleted HTTP
	// session) cancels ctx too: the SDK cancels in-flight requests when the connection's
	// reader ends (TestRunCaseAbandoned). The gate lints for the run at hand, a serial
	// foamc run, and the run ends with verify, as `foamc run` does (no pictures: the
	// client did not ask for files).
	opt := runner.Options{Steps: in.Steps, Timeout: limit}
	if tok := req.Params.GetProgressToken(); tok != nil {
		opt.Progress = func(p runner.Progress) {
			msg := fmt.Sprintf("Time = %g", p.Time)
			if p.Phase != "" {
				msg = p.Phase // meshing before the solver: progress stays 0
			}
			_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok,
				Progress: float64(p.N), Total: float64(in.Steps), Message: msg})
		}
	}
	res, err := s.wf.Run(ctx, dir, workflow.RunRequest{Options: opt, Verify: &verify.Options{}})
	if err != nil {
		if ctx.Err() != nil {
			return nil, fail(IDLimit, "run cancelled", err.Error(), "")
		}
		return nil, findings(err, "running "+dir)
	}
	// The findings are the gate's denies, the solver failure (run.failure, classified,
	// with its catalogue ID) and verify's.
	return &RunOutput{Run: res, Report: Report{res.Findings}}, nil
}

// runLimit checks a run's steps and timeout_seconds against the server's limits and
// returns the wall-time limit of the run (run_case, and each variant of run_study).
func (s *Server) runLimit(in RunLimits) (time.Duration, failure) {
	steps, timeoutSeconds := in.Steps, in.TimeoutSeconds
	if steps < 1 || steps > s.opts.MaxSteps {
		return 0, fail(IDLimit, fmt.Sprintf("steps must be between 1 and %d, not %d", s.opts.MaxSteps, steps), "", "")
	}
	limit := s.opts.MaxRunTime
	if timeoutSeconds < 0 || time.Duration(timeoutSeconds)*time.Second > limit {
		return 0, fail(IDLimit, fmt.Sprintf("timeout_seconds must be between 1 and %d", int(limit/time.Second)), "", "")
	}
	if timeoutSeconds > 0 {
		limit = time.Duration(timeoutSeconds) * time.Second
	}
	return limit, nil
}

// runSlot takes one of the server's run slots (--max-runs) without waiting; release
// gives it back.
func (s *Server) runSlot() (release func(), f failure) {
	select {
	case s.runs <- struct{}{}:
		return func() { <-s.runs }, nil
	default:
		return nil, fail(IDLimit, fmt.Sprintf("%d runs are already running, the server's limit", s.opts.MaxRuns), "",
			"wait for a run to end, or start foamc mcp with a higher --max-runs")
	}
}

// RuleInput names a rule.
type RuleInput struct {
	ID string `json:"id" jsonschema:"the rule ID, e.g. FOAM-SOL-004"`
}

// RuleOutput is explain_rule's output.
type RuleOutput struct {
	Rule *rules.Rule `json:"rule,omitempty"`
	// Text is the rule as `foamc rules show` prints it.
	Text string `json:"text,omitempty"`
	Report
}

func (s *Server) explainRule(ctx context.Context, req *mcp.CallToolRequest, in RuleInput) (*RuleOutput, failure) {
	eng, err := s.wf.Engine(ctx)
	if err != nil {
		return nil, findings(err, "building the rule engine")
	}
	r, ok := eng.Rule(in.ID)
	if !ok {
		ids := make([]string, 0)
		for _, r := range eng.Rules() {
			ids = append(ids, r.ID)
		}
		return nil, notFound("rule", in.ID, ids, "list the rules with resource foamc://rules/catalogue")
	}
	return &RuleOutput{Rule: &r, Text: rules.Describe(r)}, nil
}

// notFound is an unknown name with the known names closest to it.
func notFound(what, name string, known []string, fix string) failure {
	f := fail(IDNotFound, fmt.Sprintf("no %s %q", what, name), "", fix)
	if c := suggest.DidYouMean(name, known); len(c) > 0 {
		f[0].Repair = &finding.Repair{Suggest: &finding.Suggestion{Word: name, Candidates: c}}
	}
	return f
}

// KBQueryInput is kb_query's input.
type KBQueryInput struct {
	Retriever    string   `json:"retriever" jsonschema:"cascade | all-model | template | multi-source | keyword"`
	Solver       string   `json:"solver" jsonschema:"the solver (controlDict application), e.g. simpleFoam"`
	Turbulence   string   `json:"turbulence,omitempty" jsonschema:"turbulence model (kEpsilon, Smagorinsky), laminar, or empty for any"`
	Compressible *bool    `json:"compressible,omitempty" jsonschema:"compressible flow (default: from the solver)"`
	Target       string   `json:"target,omitempty" jsonschema:"case file, e.g. system/fvSchemes or 0/U"`
	Path         string   `json:"path,omitempty" jsonschema:"RFC 6901 pointer inside the target, e.g. /divSchemes"`
	NMax         int      `json:"nmax,omitempty" jsonschema:"cardinality limit (default 5)"`
	Tau          *float64 `json:"tau,omitempty" jsonschema:"template retriever: frequency threshold"`
	BC           string   `json:"bc,omitempty" jsonschema:"multi-source retriever: the boundary-condition type"`
	Keyword      string   `json:"keyword,omitempty" jsonschema:"keyword retriever: the keyword to find"`
}

// KBQueryOutput is kb_query's output.
type KBQueryOutput struct {
	Retriever string `json:"retriever,omitempty"`
	Result    any    `json:"result,omitempty" jsonschema:"the retriever's answer with its audit trail"`
	Report
}

var retrievers = []string{"cascade", "all-model", "template", "multi-source", "keyword"}

func (s *Server) kbQuery(ctx context.Context, req *mcp.CallToolRequest, in KBQueryInput) (*KBQueryOutput, failure) {
	if !slices.Contains(retrievers, in.Retriever) {
		return nil, notFound("retriever", in.Retriever, retrievers, "use one of the retrievers the tool lists")
	}
	if in.Retriever == "multi-source" && in.BC == "" || in.Retriever == "keyword" && in.Keyword == "" {
		return nil, fail(IDArguments, "the "+in.Retriever+" retriever needs "+map[string]string{"multi-source": "bc", "keyword": "keyword"}[in.Retriever], "", "")
	}
	k, err := s.wf.KB()
	if err != nil {
		return nil, findings(err, "loading the knowledge base")
	}
	q := kb.Query{Solver: in.Solver, Turbulence: in.Turbulence, Compressible: in.Compressible, Target: in.Target, Path: in.Path, NMax: in.NMax}
	out := &KBQueryOutput{Retriever: in.Retriever}
	switch in.Retriever {
	case "cascade":
		out.Result = k.Cascade(q)
	case "all-model":
		out.Result = k.AllModel(q)
	case "template":
		tau := kb.DefaultTau
		if in.Tau != nil {
			tau = *in.Tau
		}
		out.Result = k.Template(q, tau)
	case "multi-source":
		out.Result = k.BC(q, in.BC)
	case "keyword":
		out.Result = k.Keyword(q, in.Keyword)
	}
	return out, nil
}

// BCInput names a boundary-condition type.
type BCInput struct {
	Type string `json:"type" jsonschema:"the boundary-condition type as written in a field file, e.g. inletOutlet"`
}

// BCOutput is bc_contract's output.
type BCOutput struct {
	Contract *kb.Contract `json:"contract,omitempty" jsonschema:"required and optional keys, conditional keys, one-of groups, wall-function flags"`
	Report
}

func (s *Server) bcContract(ctx context.Context, req *mcp.CallToolRequest, in BCInput) (*BCOutput, failure) {
	k, err := s.wf.KB()
	if err != nil {
		return nil, findings(err, "loading the knowledge base")
	}
	c, ok := k.Contract(in.Type)
	if !ok {
		f := fail(IDNotFound, fmt.Sprintf("%q is not a boundary-condition type in %s", in.Type, k.Version), "", "")
		if hits := k.SimilarContracts(in.Type); len(hits) > 0 {
			f[0].Repair = &finding.Repair{Suggest: &finding.Suggestion{Word: in.Type, Candidates: hits}}
		}
		return nil, f
	}
	return &BCOutput{Contract: c}, nil
}

// ParseInput is parse_dictionary's input.
type ParseInput struct {
	Text    string `json:"text,omitempty" jsonschema:"dictionary text (give text or path)"`
	Path    string `json:"path,omitempty" jsonschema:"a dictionary file under a granted root (give text or path)"`
	Expand  bool   `json:"expand,omitempty" jsonschema:"files only: expand includes, macros and directives (the value the rules see)"`
	CaseDir string `json:"case_dir,omitempty" jsonschema:"with expand: the case root that <case> and includes resolve against (default: the file's case)"`
	Values  bool   `json:"values,omitempty" jsonschema:"include bulk data (nonuniform field values)"`
}

// ParseOutput is parse_dictionary's output.
type ParseOutput struct {
	File     string `json:"file,omitempty"`
	FoamFile any    `json:"FoamFile,omitempty" jsonschema:"the FoamFile header (expand)"`
	Syntax   any    `json:"syntax,omitempty" jsonschema:"the syntax tree (without expand)"`
	Value    any    `json:"value,omitempty" jsonschema:"the expanded value (expand)"`
	Report
}

func (s *Server) parseDictionary(ctx context.Context, req *mcp.CallToolRequest, in ParseInput) (*ParseOutput, failure) {
	if (in.Text == "") == (in.Path == "") {
		return nil, fail(IDArguments, "give exactly one of text and path", "", "")
	}
	if in.Expand && in.Path == "" {
		return nil, fail(IDArguments, "expand needs path: includes resolve against the file's case", "", "")
	}
	name, data := "text", []byte(in.Text)
	if in.Path != "" {
		path, f := s.resolve(ctx, "path", in.Path)
		if f != nil {
			return nil, f
		}
		if data, f = s.readLimited("path", path); f != nil {
			return nil, f
		}
		name = path
	} else if f := s.checkSize("text", in.Text); f != nil {
		return nil, f
	}
	file, err := grammar.Parse(name, data)
	if err != nil {
		return nil, findings(err, "parsing "+name)
	}
	out := &ParseOutput{File: name}
	if !in.Expand {
		out.Syntax = grammar.ToSyntax(file, grammar.SyntaxOptions{Values: in.Values})
		return out, nil
	}
	// Includes may not leave the case; the case itself must lie under a root.
	caseDir := in.CaseDir
	if caseDir == "" {
		caseDir = grammar.FindCaseDir(name)
	}
	caseDir, f := s.resolve(ctx, "case_dir", caseDir)
	if f != nil {
		return nil, f
	}
	x := grammar.Expand(file, name, grammar.ExpandOptions{CaseDir: caseDir})
	if x.Header != nil {
		out.FoamFile = x.Header.Value(grammar.ValueOptions{})
	}
	out.Value = x.Value(grammar.ValueOptions{Values: in.Values})
	out.Findings = x.Findings
	return out, nil
}

// InspectInput is inspect_case's input.
type InspectInput struct {
	CaseDir  string `json:"case_dir" jsonschema:"the case directory, under a granted root"`
	Document bool   `json:"document,omitempty" jsonschema:"include the whole case document (every expanded file) the rules see"`
}

// InspectOutput is inspect_case's output.
type InspectOutput struct {
	CaseDir  string           `json:"case_dir,omitempty"`
	Features map[string]any   `json:"features,omitempty" jsonschema:"solver, compressible, steady, algorithm, turbulence class and model, ..."`
	Patches  []foamcase.Patch `json:"patches,omitempty"`
	Document map[string]any   `json:"document,omitempty"`
	Report
}

func (s *Server) inspectCase(ctx context.Context, req *mcp.CallToolRequest, in InspectInput) (*InspectOutput, failure) {
	dir, f := s.resolveCase(ctx, "case_dir", in.CaseDir)
	if f != nil {
		return nil, f
	}
	// the case as lint_case sees it (its Allrun read)
	c, err := s.wf.LoadCase(dir, session.LoadOptions{})
	if err != nil {
		return nil, findings(err, "loading "+dir)
	}
	out := &InspectOutput{CaseDir: dir, Features: c.Features.Map(), Patches: c.Patches, Report: Report{c.Errors}}
	if in.Document {
		out.Document = c.Document()
	}
	return out, nil
}

// VerifyInput is verify_case's input.
type VerifyInput struct {
	CaseDir string `json:"case_dir" jsonschema:"the case directory, under a granted root"`
	Time    string `json:"time,omitempty" jsonschema:"latest (default), all, or one time directory's name"`
}

// VerifyOutput is verify_case's output.
type VerifyOutput struct {
	CaseDir string         `json:"case_dir,omitempty"`
	Verdict verify.Verdict `json:"verdict,omitempty" jsonschema:"accept, reject or insufficient"`
	Solver  string         `json:"solver,omitempty"`
	Times   []string       `json:"times,omitempty" jsonschema:"the time directories judged"`
	Report
}

func (s *Server) verifyCase(ctx context.Context, req *mcp.CallToolRequest, in VerifyInput) (*VerifyOutput, failure) {
	dir, f := s.resolveCase(ctx, "case_dir", in.CaseDir)
	if f != nil {
		return nil, f
	}
	r, err := workflow.Verify(dir, verify.Options{Time: in.Time})
	if err != nil {
		// verify.Case errs only when dir has no readable system/controlDict.
		return nil, fail(IDArguments, "cannot verify "+dir, err.Error(), "give the directory that holds system/controlDict")
	}
	return &VerifyOutput{CaseDir: dir, Verdict: r.Verdict, Solver: r.Solver, Times: r.Times, Report: Report{r.Findings}}, nil
}
