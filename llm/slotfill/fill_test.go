package slotfill

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/llm"
	"github.com/foamc/foamc/llm/llmtest"
)

// newTestClient is a client on srv with short backoffs.
func newTestClient(t *testing.T, srv *llmtest.Server, mod func(*llm.Config)) (*llm.Client, error) {
	t.Helper()
	cfg := llm.Config{BaseURL: srv.BaseURL(), Model: "fake-model", APIKey: "sk-test", CallTimeout: 2 * time.Second,
		Deadline: 10 * time.Second, MaxRetries: 3, BaseBackoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond}
	if mod != nil {
		mod(&cfg)
	}
	c, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c, nil
}

const goodSolver = `{"value": "icoFoam", "rationale": "transient laminar incompressible flow"}`

// compileWithFiller compiles testdata/nosolver.yaml (physics/solver left open)
// with a slot filler on srv and writes the case when it compiles.
func compileWithFiller(t *testing.T, srv *llmtest.Server, spec string) (*compiler.Result, *SlotFiller, string, error) {
	t.Helper()
	c, _ := newTestClient(t, srv, func(c *llm.Config) { c.CallTimeout = 300 * time.Millisecond })
	filler := New(c)
	out := filepath.Join(t.TempDir(), "case")
	res, err := compiler.CompileFile(context.Background(), filepath.Join("testdata", spec), compiler.Options{Filler: filler})
	if err == nil {
		err = res.Write(out, false)
	}
	return res, filler, out, err
}

func TestFillGoodAnswer(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: goodSolver, PromptTokens: 500, CompletionTokens: 20})
	res, filler, out, err := compileWithFiller(t, srv, "nosolver.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if res.Features.Solver != "icoFoam" {
		t.Fatalf("solver %q", res.Features.Solver)
	}
	src, ok := res.Provenance["/files/system~1controlDict/application"]
	if !ok || src.Kind != compiler.KindLLM || src.Model != "fake-model" || !strings.HasPrefix(src.PromptHash, "sha256:") {
		t.Fatalf("provenance %+v", src)
	}
	if u := filler.Usage(); u != (llm.Usage{Calls: 1, PromptTokens: 500, CompletionTokens: 20, TotalTokens: 520}) {
		t.Fatalf("usage %+v", u)
	}
	// The structured instruction: slot, spec field, closed domain, constraints, the spec.
	req := srv.Requests()[0]
	user := req.Messages()[1][1]
	for _, want := range []string{"Open slot: physics/solver", "Spec field to answer for: /physics/solver", "Domain (answer one of these exactly):", "icoFoam, interFoam, pimpleFoam", "Constraints:", `"turbulence":"laminar"`} {
		if !strings.Contains(user, want) {
			t.Errorf("instruction lacks %q:\n%s", want, user)
		}
	}
	enum := req.Body["response_format"].(map[string]any)["json_schema"].(map[string]any)["schema"].(map[string]any)["properties"].(map[string]any)["value"].(map[string]any)["enum"].([]any)
	if len(enum) < 5 {
		t.Fatalf("domain not in the schema: %v", enum)
	}
	if _, err := os.Stat(filepath.Join(out, "system", "controlDict")); err != nil {
		t.Fatal(err)
	}
}

func TestFillRejectedAnswerRetriedWithFinding(t *testing.T) {
	srv := llmtest.New(t,
		llmtest.Reply{Content: `{"value": "icoFoamm", "rationale": "typo"}`},
		llmtest.Reply{Content: goodSolver})
	res, filler, _, err := compileWithFiller(t, srv, "nosolver.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if res.Features.Solver != "icoFoam" || filler.Usage().Calls != 2 {
		t.Fatalf("solver %q calls %d", res.Features.Solver, filler.Usage().Calls)
	}
	second := srv.Requests()[1].Messages()
	last := second[len(second)-1][1]
	if !strings.Contains(last, "Rejected:") || !strings.Contains(last, `"icoFoamm" is not in the domain`) {
		t.Fatalf("the rejection did not go back to the model: %q", last)
	}
	if second[len(second)-2][0] != "assistant" {
		t.Fatal("the rejected answer is not in the conversation")
	}
}

func TestFillCompilerFindingsGoBack(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: goodSolver}, llmtest.Reply{Content: `{"value": "pisoFoam", "rationale": "r"}`})
	c, _ := newTestClient(t, srv, nil)
	f := New(c)
	req := compiler.FillRequest{Slot: "physics/solver", SpecField: "/physics/solver", Kind: "string", Domain: []string{"icoFoam", "pisoFoam"}, Spec: []byte(`{}`), Attempt: 1}
	if r, err := f.Fill(context.Background(), req); err != nil || r.Value != `"icoFoam"` || r.Attempts != 1 {
		t.Fatalf("%+v %v", r, err)
	}
	req.Attempt = 2
	req.Rejected = []finding.Finding{{ID: "FOAM-NUM-001", Severity: finding.Deny, Summary: "div(phi,k) missing", Fix: "add it"}}
	r, err := f.Fill(context.Background(), req)
	if err != nil || r.Value != `"pisoFoam"` {
		t.Fatalf("%+v %v", r, err)
	}
	msgs := srv.Requests()[1].Messages()
	if len(msgs) != 4 || msgs[2][0] != "assistant" || !strings.Contains(msgs[3][1], "[FOAM-NUM-001] div(phi,k) missing (fix: add it)") {
		t.Fatalf("conversation %v", msgs)
	}
}

func TestFillMalformedJSONThenGood(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: `{"value": "icoFoam", "rationale": `}, llmtest.Reply{Content: goodSolver})
	res, filler, _, err := compileWithFiller(t, srv, "nosolver.yaml")
	if err != nil || res.Features.Solver != "icoFoam" || filler.Usage().Calls != 2 {
		t.Fatalf("err %v calls %d", err, filler.Usage().Calls)
	}
	if m := srv.Requests()[1].Messages(); !strings.Contains(m[len(m)-1][1], "not valid JSON") {
		t.Fatalf("%v", m[len(m)-1])
	}
}

func TestFillTimeoutThen429ThenGood(t *testing.T) {
	srv := llmtest.New(t,
		llmtest.Reply{Delay: 2 * time.Second, Content: goodSolver},
		llmtest.Reply{Status: 429, Header: map[string]string{"Retry-After": "0.01"}},
		llmtest.Reply{Content: goodSolver})
	res, filler, _, err := compileWithFiller(t, srv, "nosolver.yaml")
	if err != nil || res.Features.Solver != "icoFoam" {
		t.Fatalf("err %v", err)
	}
	if calls := filler.Calls(); len(calls) != 1 || calls[0].Attempts != 3 {
		t.Fatalf("calls %+v", calls)
	}
}

// Persistent 500s: the slot stays open, compile fails with a located finding
// and writes no output directory.
func TestFill500sLeaveNoCase(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Status: 500}, llmtest.Reply{Status: 500}, llmtest.Reply{Status: 500}, llmtest.Reply{Status: 503})
	_, _, out, err := compileWithFiller(t, srv, "nosolver.yaml")
	var fl finding.List
	if err == nil || !asList(err, &fl) || fl[0].ID != compiler.IDOpen || !strings.Contains(fl[0].Summary, "slot filler failed") {
		t.Fatalf("err %v", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("a failed compile left %s", out)
	}
}

// Always answering outside the domain: bounded attempts, then a finding.
func TestFillBoundedAttempts(t *testing.T) {
	srv := llmtest.New(t)
	srv.Default = func(llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Content: `{"value": "magicFoam", "rationale": "r"}`}
	}
	_, filler, out, err := compileWithFiller(t, srv, "nosolver.yaml")
	var fl finding.List
	if err == nil || !asList(err, &fl) || fl[0].ID != compiler.IDOpen {
		t.Fatalf("err %v", err)
	}
	if n := filler.Usage().Calls; n != 3 {
		t.Fatalf("calls %d, want MaxAttempts=3", n)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatal("output directory written")
	}
}

func TestCompleteSpecUsesNoTokens(t *testing.T) {
	srv := llmtest.New(t)
	c, _ := newTestClient(t, srv, nil)
	filler := New(c)
	if _, err := compiler.CompileFile(context.Background(), "../../examples/cavity/spec.yaml", compiler.Options{Filler: filler}); err != nil {
		t.Fatal(err)
	}
	if u := filler.Usage(); u != (llm.Usage{}) || len(srv.Requests()) != 0 {
		t.Fatalf("a complete spec used the model: %+v, %d requests", u, len(srv.Requests()))
	}
}

func asList(err error, fl *finding.List) bool {
	l, ok := err.(finding.List)
	if ok {
		*fl = l
	}
	return ok && len(l) > 0
}
