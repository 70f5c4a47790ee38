package runner

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/llm"
	"github.com/foamc/foamc/llm/llmtest"
)

// copyDir copies a tutorial case into a fresh directory.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if out, err := exec.Command("cp", "-r", src, dst).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v %s", err, out)
	}
	return dst
}

// lintRecorder stands in for the rules engine: it counts calls and returns
// the findings its function computes from the case directory.
type lintRecorder struct {
	calls int
	fn    func(dir string) []finding.Finding
}

func (l *lintRecorder) LintDir(_ context.Context, dir string) ([]finding.Finding, error) {
	l.calls++
	if l.fn == nil {
		return nil, nil
	}
	return l.fn(dir), nil
}

func requireFoam(t *testing.T, bins ...string) string {
	t.Helper()
	for _, b := range append([]string{"foamDictionary", "blockMesh"}, bins...) {
		foamtest.RequireBinary(t, b)
	}
	return foamtest.Tutorials(t)
}

func foamSet(t *testing.T, dir, file, entry, value string) {
	t.Helper()
	args := []string{"-entry", entry, "-set", value, filepath.Join(dir, file)}
	if value == "" {
		args = []string{"-entry", entry, "-remove", filepath.Join(dir, file)}
	}
	cmd := exec.Command("foamDictionary", args...)
	cmd.Env = foamtest.Env()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("inject %s %s: %v %s", file, entry, err, out)
	}
}

func editFile(t *testing.T, dir, file string, edit func(string) string) {
	t.Helper()
	p := filepath.Join(dir, file)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	out := edit(string(b))
	if out == string(b) {
		t.Fatalf("injection into %s changed nothing", file)
	}
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestRunCavityLimitedSteps(t *testing.T) {
	tut := requireFoam(t, "icoFoam")
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	origCD, _ := os.ReadFile(filepath.Join(dir, "system/controlDict"))
	os.WriteFile(filepath.Join(dir, "log.icoFoam"), []byte("stale"), 0o644)
	lr := &lintRecorder{}
	var progress []Step
	res, err := Run(context.Background(), dir, Options{Steps: 7, Lint: lr, Progress: func(s Progress) { progress = append(progress, s.Step) }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOK || res.Steps != 7 || res.Solver != "icoFoam" || lr.calls != 1 || res.Attempts != 1 {
		t.Fatalf("%+v (lint calls %d)", res, lr.calls)
	}
	if len(progress) != 7 || progress[6].Time != 0.035 {
		t.Fatalf("progress %d steps, last %+v", len(progress), progress[len(progress)-1])
	}
	if res.Final["p"] <= 0 || res.Final["Ux"] <= 0 {
		t.Fatalf("final residuals %v", res.Final)
	}
	// The limited run wrote its last step, and controlDict is restored byte for byte.
	if _, err := os.Stat(filepath.Join(dir, "0.035", "U")); err != nil {
		t.Fatalf("last step not written: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "system/controlDict")); string(b) != string(origCD) {
		t.Fatal("controlDict not restored")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "log.icoFoam")); strings.Contains(string(b), "stale") || !strings.Contains(string(b), "End") {
		t.Fatal("old log not replaced")
	}
	if _, err := os.Stat(res.Plot); err != nil {
		t.Fatalf("plot: %v", err)
	}
	if s := res.Summary(); !strings.Contains(s, "ok (icoFoam), 7 step(s)") {
		t.Fatalf("summary %q", s)
	}
}

func TestRunParallel(t *testing.T) {
	tut := requireFoam(t, "icoFoam", "decomposePar", "mpirun", "reconstructPar")
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	res, err := Run(context.Background(), dir, Options{Steps: 3, Parallel: 2, Lint: &lintRecorder{}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOK || res.Steps != 3 {
		t.Fatalf("%+v", res)
	}
	for _, p := range []string{"processor0", "processor1", "0.015/U", "system/decomposeParDict"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// A decomposeParDict asking for scotch (a stub in Debian's build) is retried with the
// geometric choice; one made for another rank count is re-chosen before decomposePar.
func TestRunParallelScotchStub(t *testing.T) {
	tut := requireFoam(t, "icoFoam", "decomposePar", "mpirun", "reconstructPar")
	for _, tc := range []struct{ dict, want string }{
		{"numberOfSubdomains 2;\nmethod scotch;\n", "Attempted to use <scotch> without the scotchDecomp library loaded.; choosing the decomposition for 2 ranks"},
		{"numberOfSubdomains 4;\nmethod hierarchical;\ncoeffs { n (2 2 1); }\n", "decompose: method simple n (2 1 1)"},
	} {
		dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
		if err := os.WriteFile(filepath.Join(dir, "system/decomposeParDict"), []byte(foamHeader("dictionary", "decomposeParDict")+tc.dict), 0o644); err != nil {
			t.Fatal(err)
		}
		var log strings.Builder
		res, err := Run(context.Background(), dir, Options{Steps: 2, Parallel: 2, Lint: &lintRecorder{}, Log: &log})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != StatusOK || !strings.Contains(log.String(), tc.want) {
			t.Fatalf("%+v\n%s", res, log.String())
		}
	}
}

func TestGateRefuses(t *testing.T) {
	tut := requireFoam(t)
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	deny := finding.Finding{ID: "SEC-003", Severity: finding.Deny, Summary: "systemCall function object", Location: finding.Location{File: "system/controlDict", Line: 40}}
	warn := finding.Finding{ID: "TIME-003", Severity: finding.Warn, Summary: "w"}
	lr := &lintRecorder{fn: func(string) []finding.Finding { return []finding.Finding{warn, deny} }}
	res, err := Run(context.Background(), dir, Options{Lint: lr})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusRefused || len(res.Gate) != 1 || res.Gate[0].ID != "SEC-003" || res.Attempts != 0 {
		t.Fatalf("%+v", res)
	}
	if _, err := os.Stat(filepath.Join(dir, "constant/polyMesh/faces")); err == nil {
		t.Fatal("a refused case was meshed")
	}
	if _, err := Run(context.Background(), dir, Options{}); err == nil {
		t.Fatal("no linter must fail closed")
	}
}

// fault is one injected error and the repair expected to fix it. inject gets the
// name of the case's moving-wall patch (the tutorial's movingWall, the compiled
// example's lid).
type fault struct {
	name     string
	tutorial string
	inject   func(t *testing.T, dir, wall string)
	strategy string // expected strategy of the first repair
}

// compiledBase is the example spec compiled in place of a tutorial, and its moving wall.
var compiledBase = map[string]struct{ spec, wall string }{
	"icoFoam/cavity/cavity": {"../examples/cavity/spec.yaml", "lid"},
	"simpleFoam/pitzDaily":  {"../examples/channel-step/spec.yaml", "lid"},
}

var injected = []fault{
	{"bc-type-typo", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "0/U", "boundaryField/"+wall+"/type", "fixedValu")
	}, "nearest-name"},
	{"scheme-typo", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "system/fvSchemes", "divSchemes/div(phi,U)", "Gauss linearr")
	}, "nearest-name"},
	{"linear-solver-typo", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "system/fvSolution", "solvers/p/solver", "PCGG")
	}, "block-retrieval"},
	{"asymmetric-matrix-with-PCG", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "system/fvSolution", "solvers/U", "{ solver PCG; preconditioner DIC; tolerance 1e-05; relTol 0; }")
	}, "block-retrieval"},
	{"missing-PISO", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "system/fvSolution", "PISO", "")
	}, "keyword-retrieval"},
	{"closed-without-reference", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "system/fvSolution", "PISO/pRefCell", "")
		foamSet(t, d, "system/fvSolution", "PISO/pRefValue", "")
	}, "keyword-retrieval"},
	{"missing-div-scheme", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "system/fvSchemes", "divSchemes/div(phi,U)", "")
	}, "keyword-retrieval"},
	{"missing-nu", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "constant/transportProperties", "nu", "")
	}, "keyword-retrieval"},
	{"missing-field-file-p", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		os.Remove(filepath.Join(d, "0/p"))
	}, "file-retrieval"},
	{"wrong-p-dimensions", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "0/p", "dimensions", "[1 -1 -2 0 0 0 0]")
	}, "dimensions"},
	{"missing-patch-entry", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "0/p", "boundaryField/"+wall, "")
	}, "patch-entry"},
	{"missing-value", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		foamSet(t, d, "0/U", "boundaryField/"+wall+"/value", "")
	}, "keyword-retrieval"},
	{"missing-semicolon", "icoFoam/cavity/cavity", func(t *testing.T, d, wall string) {
		editFile(t, d, "system/controlDict", func(s string) string { return strings.Replace(s, "deltaT          0.005;", "deltaT          0.005", 1) })
	}, "terminate-entry"},
	{"simple-without-relaxation", "simpleFoam/pitzDaily", func(t *testing.T, d, wall string) {
		foamSet(t, d, "system/fvSolution", "relaxationFactors", "")
	}, "relaxation-retrieval"},
	{"missing-nut", "simpleFoam/pitzDaily", func(t *testing.T, d, wall string) {
		os.Remove(filepath.Join(d, "0/nut"))
	}, "file-retrieval"},
}

// TestRepairInjectedFaults injects faults into tutorial cases and runs
// `foamc run --repair` semantics with no LLM: at least 8 must be fixed, each
// repair naming its source. With a pass-through gate every fault reaches
// OpenFOAM and is repaired from its FATAL error.
func TestRepairInjectedFaults(t *testing.T) {
	testInjectedFaults(t, func(*testing.T) Linter { return nil }, false)
}

// TestRepairInjectedFaultsRealGate: the same faults with the real rules as the
// gate: what the rules deny is repaired before anything runs (gate repair),
// the rest from OpenFOAM's error.
func TestRepairInjectedFaultsRealGate(t *testing.T) {
	testInjectedFaults(t, realLinter, false)
}

// TestRepairInjectedFaultsCompiled: the same faults injected into cases foamc
// compiled from the example specs (cavity, channel-step), repaired as
// `foamc run --repair` does: real gate, kb retrieval, no LLM.
func TestRepairInjectedFaultsCompiled(t *testing.T) {
	testInjectedFaults(t, realLinter, true)
}

// compileExample writes the case compiled from spec into a fresh directory.
func compileExample(t *testing.T, spec string) string {
	t.Helper()
	res, err := compiler.CompileFile(context.Background(), spec, compiler.Options{KB: kbRetriever(t).KB})
	if err != nil {
		t.Fatalf("compile %s: %v", spec, err)
	}
	dir := filepath.Join(t.TempDir(), res.Name)
	if err := res.Write(dir, false); err != nil {
		t.Fatal(err)
	}
	return dir
}

func testInjectedFaults(t *testing.T, gate func(*testing.T) Linter, compiled bool) {
	tut := requireFoam(t, "icoFoam", "simpleFoam")
	retr := kbRetriever(t)
	fixed := 0
	for _, f := range injected {
		t.Run(f.name, func(t *testing.T) {
			dir, wall := "", "movingWall"
			if compiled {
				base := compiledBase[f.tutorial]
				dir, wall = compileExample(t, base.spec), base.wall
			} else {
				dir = copyDir(t, filepath.Join(tut, "incompressible", f.tutorial))
			}
			// Mesh first so a fault is met by the solver, not by blockMesh.
			cmd := exec.Command("blockMesh", "-case", dir)
			cmd.Env = foamtest.Env()
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("blockMesh: %v %s", err, out)
			}
			f.inject(t, dir, wall)
			lr := &lintRecorder{}
			if real := gate(t); real != nil {
				lr.fn = func(d string) []finding.Finding {
					fs, err := real.LintDir(context.Background(), d)
					if err != nil {
						t.Fatal(err)
					}
					return fs
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			res, err := Run(ctx, dir, Options{Steps: 3, Repair: 3, Lint: lr, Retriever: retr})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s", res.Summary())
			if res.Status != StatusOK {
				t.Errorf("not repaired: %+v", res.Failure)
				return
			}
			if len(res.Repairs) == 0 {
				t.Fatal("ran without a repair: the fault was not injected")
			}
			if lr.fn == nil && res.Repairs[0].Strategy != f.strategy {
				t.Errorf("strategy %s, want %s", res.Repairs[0].Strategy, f.strategy)
			}
			for _, rp := range res.Repairs {
				if len(rp.Sources) == 0 || rp.Sources[0] == "" {
					t.Errorf("repair without provenance: %+v", rp)
				}
				// Retrievals record the kb audit: retriever, level, tutorial files.
				if strings.HasSuffix(rp.Strategy, "retrieval") || rp.Strategy == "dimensions" {
					if len(rp.Retrieval) == 0 || rp.Retrieval[0].Retriever == "" || rp.Retrieval[0].Level == "" || len(rp.Retrieval[0].Files) == 0 {
						t.Errorf("%s without the retrieval audit: %+v", rp.Strategy, rp.Retrieval)
					}
				}
			}
			// Each repair was re-linted (gate + one per repair).
			if lr.calls < 1+len(res.Repairs) {
				t.Errorf("lint calls %d for %d repairs", lr.calls, len(res.Repairs))
			}
			b, err := os.ReadFile(filepath.Join(dir, "repair.json"))
			if err != nil {
				t.Fatal(err)
			}
			var log []Repair
			if err := json.Unmarshal(b, &log); err != nil || len(log) != len(res.Repairs) {
				t.Fatalf("repair.json: %v (%d entries)", err, len(log))
			}
			fixed++
		})
	}
	t.Logf("repaired %d of %d injected faults without an LLM (compiled cases: %v)", fixed, len(injected), compiled)
	if fixed < 8 {
		t.Fatalf("repaired %d of %d faults, want >= 8", fixed, len(injected))
	}
}

// TestRepairRejectedByLint: a repair whose re-lint adds a deny is undone.
func TestRepairRejectedByLint(t *testing.T) {
	tut := requireFoam(t, "icoFoam")
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	foamSet(t, dir, "system/fvSolution", "PISO", "")
	// This linter denies any PISO dict: every retrieved block is rejected.
	lr := &lintRecorder{fn: func(d string) []finding.Finding {
		b, _ := os.ReadFile(filepath.Join(d, "system/fvSolution"))
		if strings.Contains(string(b), "PISO") {
			return []finding.Finding{{ID: "TEST-001", Severity: finding.Deny, Summary: "pRefCell", Location: finding.Location{File: "system/fvSolution"}}}
		}
		return nil
	}}
	var log strings.Builder
	res, err := Run(context.Background(), dir, Options{Steps: 2, Repair: 2, Lint: lr, Retriever: kbRetriever(t), Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusFailed || len(res.Repairs) != 0 || res.Attempts != 1 {
		t.Fatalf("status %s attempts %d repairs %+v", res.Status, res.Attempts, res.Repairs)
	}
	// gate + baseline + one re-lint per rejected candidate (at most
	// retrievalTries distinct kb answers: template, keyword samples)
	rejected := strings.Count(log.String(), "candidate rejected")
	if rejected < 1 || rejected > retrievalTries || lr.calls != 2+rejected {
		t.Fatalf("lint calls %d for %d rejected candidates\n%s", lr.calls, rejected, log.String())
	}
	b, _ := os.ReadFile(filepath.Join(dir, "system/fvSolution"))
	if strings.Contains(string(b), "PISO") {
		t.Fatal("the rejected repair was not undone")
	}
}

// TestRepairWithLLM: no deterministic repair fits (an empty BC on a wall), so
// the model is asked; its first answer (dynamic code) is refused and sent back,
// the second is applied, re-linted and recorded with the model's provenance.
func TestRepairWithLLM(t *testing.T) {
	tut := requireFoam(t, "icoFoam")
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	foamSet(t, dir, "0/U", "boundaryField/fixedWalls", "{ type empty; }")
	srv := llmtest.New(t,
		llmtest.Reply{Content: `{"rationale": "compute it", "edits": [{"file": "0/U", "entry": "boundaryField/fixedWalls", "value": "{ type codedFixedValue; }"}]}`},
		llmtest.Reply{Content: `{"rationale": "fixedWalls is a wall: no-slip", "edits": [{"file": "0/U", "entry": "boundaryField/fixedWalls", "value": "{ type noSlip; }"}]}`, PromptTokens: 700, CompletionTokens: 40})
	client, err := llm.New(llm.Config{BaseURL: srv.BaseURL(), Model: "fake-repair", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), dir, Options{Steps: 2, Repair: 2, Lint: &lintRecorder{},
		Retriever: kbRetriever(t), LLM: client})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(res.Summary())
	if res.Status != StatusOK || len(res.Repairs) != 1 {
		t.Fatalf("%+v", res)
	}
	rp := res.Repairs[0]
	if rp.Strategy != "llm" || rp.LLM == nil || rp.LLM.Model != "fake-repair" || !strings.HasPrefix(rp.Sources[0], "llm:fake-repair sha256:") {
		t.Fatalf("repair %+v", rp)
	}
	if len(srv.Requests()) != 2 {
		t.Fatalf("%d requests", len(srv.Requests()))
	}
	msgs := srv.Requests()[1].Messages()
	if last := msgs[len(msgs)-1][1]; !strings.Contains(last, "no dynamic code") {
		t.Fatalf("the refusal did not go back: %q", last)
	}
	if u := client.Usage(); u.Calls != 2 || u.TotalTokens == 0 {
		t.Fatalf("usage %+v", u)
	}
}

// TestRunTimeout: --timeout stops a long run; the steps so far are the result.
func TestRunTimeout(t *testing.T) {
	tut := requireFoam(t, "simpleFoam")
	dir := copyDir(t, filepath.Join(tut, "incompressible/simpleFoam/pitzDaily"))
	res, err := Run(context.Background(), dir, Options{Timeout: 4 * time.Second, Repair: 2, Lint: &lintRecorder{}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusTimeout || res.Steps == 0 || len(res.Repairs) != 0 || res.Plot == "" {
		t.Fatalf("%+v", res)
	}
}

// TestRecoverControlDict: a controlDict a killed run left edited for --steps is put back
// from the copy kept beside it, and the copy removed.
func TestRecoverControlDict(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "system"), 0o755); err != nil {
		t.Fatal(err)
	}
	cd := filepath.Join(dir, "system", "controlDict")
	os.WriteFile(cd, []byte("endTime 5000; // edited\n"), 0o644)
	os.WriteFile(filepath.Join(dir, controlDictBackup), []byte("endTime 0.5;\n"), 0o644)
	var log strings.Builder
	if err := recoverControlDict(dir, &log); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(cd); string(got) != "endTime 0.5;\n" || !strings.Contains(log.String(), "restored system/controlDict") {
		t.Errorf("controlDict %q, log %q", got, log.String())
	}
	if _, err := os.Stat(filepath.Join(dir, controlDictBackup)); err == nil {
		t.Error("the kept copy is still there")
	}
	if err := recoverControlDict(dir, &log); err != nil {
		t.Errorf("nothing to recover: %v", err)
	}
}
