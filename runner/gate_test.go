package runner

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/llm"
	"github.com/foamc/foamc/llm/llmtest"
)

func TestSnippetEntries(t *testing.T) {
	got := snippetEntries("pRefCell 0; pRefValue 0;")
	want := [][2]string{{"pRefCell", "0"}, {"pRefValue", "0"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%v", got)
	}
	got = snippetEntries("PISO { nCorrectors 2; nNonOrthogonalCorrectors 0; }")
	if len(got) != 1 || got[0][0] != "PISO" || got[0][1] != "{ nCorrectors 2; nNonOrthogonalCorrectors 0; }" {
		t.Fatalf("%v", got)
	}
	if snippetEntries("value uniform <v>") != nil {
		t.Fatal("an unterminated snippet must not parse")
	}
}

func TestFromFinding(t *testing.T) {
	fs := fromFinding(finding.Finding{ID: "FOAM-BC-001", Severity: finding.Deny,
		Summary:  `unknown boundary condition type "fixedValu" for volVectorField (patch lid of U)`,
		Fix:      `did you mean "fixedValue"? Use a boundary condition type registered for this field`,
		Location: finding.Location{File: "0/U", Path: "/files/0~1U/boundaryField/lid/type"}})
	if len(fs) == 0 || fs[0].Kind != KindUnknownName || fs[0].Keyword != "fixedValu" || fs[0].Valid[0] != "fixedValue" ||
		!reflect.DeepEqual(fs[0].DictPath, []string{"boundaryField", "lid", "type"}) {
		t.Fatalf("%+v", fs)
	}
	fs = fromFinding(finding.Finding{ID: "FOAM-NUM-001", Summary: "divSchemes has no entry for div(phi,U) and no usable default",
		Fix:      "Add `div(phi,U) Gauss linear;` (or a bounded/upwind-biased scheme for convection) to divSchemes.",
		Location: finding.Location{File: "system/fvSchemes", Path: "/files/system~1fvSchemes/divSchemes"}})
	kinds := []string{}
	for _, f := range fs {
		kinds = append(kinds, f.Kind+":"+strings.Join(f.DictPath, "/"))
	}
	// The pointer's dictionary first, then the enclosing ones; the rule's
	// snippet after the retrieval readings.
	want := []string{"missing-entry:divSchemes", "missing-entry:", "finding-fix:divSchemes", "finding-fix:", "wrong-value:divSchemes"}
	if !reflect.DeepEqual(kinds, want) || fs[0].Keyword != "div(phi,U)" || fs[2].Keyword != "div(phi,U) Gauss linear;" {
		t.Fatalf("%v", kinds)
	}
	fs = fromFinding(finding.Finding{ID: "FOAM-SOL-008", Summary: "PIMPLE residualControl entries must be {tolerance; relTol;} dictionaries",
		Fix:      "SIMPLE: `residualControl { p 1e-3; }`. PIMPLE: `residualControl { p { tolerance 1e-3; relTol 0; } }`.",
		Location: finding.Location{File: "system/fvSolution", Path: "/files/system~1fvSolution/PIMPLE/residualControl/p"}})
	if len(fs) < 2 || fs[1].Kind != KindFindingFix || fs[1].Keyword != "residualControl { p { tolerance 1e-3; relTol 0; } }" || strings.Join(fs[1].DictPath, "/") != "PIMPLE/residualControl" {
		t.Fatalf("%+v", fs[1])
	}
	fs = fromFinding(finding.Finding{ID: "FOAM-STRUCT-002", Summary: "icoFoam reads field p but 0/p does not exist", Location: finding.Location{Path: "/fields"}})
	if len(fs) != 1 || fs[0].Kind != KindMissingFile || fs[0].File != "0/p" {
		t.Fatalf("%+v", fs)
	}
}

// gateLinter mimics the rules for two faults: a missing div(phi,U) (NUM-001)
// and a systemCall function object (SEC-003).
func gateLinter(dir string) []finding.Finding {
	var out []finding.Finding
	b, _ := os.ReadFile(filepath.Join(dir, "system/fvSchemes"))
	if !strings.Contains(string(b), "div(phi,U)") {
		out = append(out, finding.Finding{ID: "FOAM-NUM-001", Severity: finding.Deny,
			Summary:  "divSchemes has no entry for div(phi,U) and no usable default",
			Fix:      "Add `div(phi,U) Gauss linear;` (or a bounded/upwind-biased scheme for convection) to divSchemes.",
			Location: finding.Location{File: "system/fvSchemes", Path: "/files/system~1fvSchemes/divSchemes"}})
	}
	c, _ := os.ReadFile(filepath.Join(dir, "system/controlDict"))
	if strings.Contains(string(c), "systemCall") {
		out = append(out, finding.Finding{ID: "FOAM-SEC-003", Severity: finding.Deny, Summary: "systemCall function object",
			Location: finding.Location{File: "system/controlDict", Path: "/files/system~1controlDict/functions"}})
	}
	return out
}

func TestGateRepair(t *testing.T) {
	tut := requireFoam(t, "icoFoam")
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	foamSet(t, dir, "system/fvSchemes", "divSchemes/div(phi,U)", "")
	lr := &lintRecorder{fn: gateLinter}
	// Without --repair the gate refuses.
	res, err := Run(context.Background(), dir, Options{Steps: 2, Lint: lr.lint})
	if err != nil || res.Status != StatusRefused {
		t.Fatalf("%+v %v", res, err)
	}
	res, err = Run(context.Background(), dir, Options{Steps: 2, Repair: 2, Lint: lr.lint, Retriever: &KBRetriever{KB: kbRetriever(t).KB, Fallback: &TutorialRetriever{Dir: tut, Env: foamtest.Env()}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(res.Summary())
	if res.Status != StatusOK || len(res.Repairs) != 1 || res.Repairs[0].Finding != "FOAM-NUM-001" || res.Repairs[0].Strategy != "keyword-retrieval" {
		t.Fatalf("%+v", res)
	}
	if !strings.HasPrefix(res.Repairs[0].Sources[0], "tutorial:incompressible/icoFoam/") {
		t.Fatalf("source %v", res.Repairs[0].Sources)
	}
}

func TestGateNeverRepairsSecurity(t *testing.T) {
	tut := requireFoam(t)
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	foamSet(t, dir, "system/fvSchemes", "divSchemes/div(phi,U)", "")
	foamSet(t, dir, "system/controlDict", "functions", "{ shell { type systemCall; executeCalls (\"date\"); } }")
	res, err := Run(context.Background(), dir, Options{Steps: 2, Repair: 3, Lint: (&lintRecorder{fn: gateLinter}).lint, Retriever: &KBRetriever{KB: kbRetriever(t).KB, Fallback: &TutorialRetriever{Dir: tut, Env: foamtest.Env()}}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusRefused || len(res.Repairs) != 0 || len(res.Gate) != 2 {
		t.Fatalf("%+v", res)
	}
}

// With an LLM configured, a deny no deterministic reading clears is put to
// the model once (not once per reading), and its answer is re-linted.
func TestGateRepairAsksLLMOnce(t *testing.T) {
	tut := requireFoam(t)
	dir := copyDir(t, filepath.Join(tut, "incompressible/icoFoam/cavity/cavity"))
	deny := finding.Finding{ID: "FOAM-TEST-009", Severity: finding.Deny, Summary: "startTime must be 0 here",
		Location: finding.Location{File: "system/controlDict", Path: "/files/system~1controlDict/startTime"}}
	lint := func(d string) []finding.Finding {
		v, _ := (foam{dir: d, env: foamtest.Env()}).get(context.Background(), "system/controlDict", "startTime")
		if v != "0" {
			return []finding.Finding{deny}
		}
		return nil
	}
	foamSet(t, dir, "system/controlDict", "startTime", "7")
	srv := llmtest.New(t, llmtest.Reply{Content: `{"rationale": "the finding says 0", "edits": [{"file": "system/controlDict", "entry": "startTime", "value": "0"}]}`})
	client, err := llm.New(llm.Config{BaseURL: srv.BaseURL(), Model: "fake", MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	// No retriever: only the model can answer.
	res, err := Run(context.Background(), dir, Options{Steps: 1, Repair: 2, Lint: (&lintRecorder{fn: lint}).lint, LLM: client})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != StatusOK || len(res.Repairs) != 1 || res.Repairs[0].Strategy != "llm" || res.Repairs[0].Finding != "FOAM-TEST-009" {
		t.Fatalf("%+v", res)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Fatalf("%d LLM requests", n)
	}
}
