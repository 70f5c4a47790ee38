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

// TestFromFinding: the readings come from the finding's data (pointer, Repair), and a
// reworded summary or fix changes none of them.
func TestFromFinding(t *testing.T) {
	// The case: 0/U and system/fvSchemes exist with their usual entries; 0/p does not.
	present := func(file string, keys []string) bool {
		have := map[string]bool{"0/U": true, "0/U:boundaryField/lid": true, "0/U:boundaryField/lid/type": true,
			"system/fvSchemes": true, "system/fvSchemes:divSchemes": true,
			"system/fvSolution": true, "system/fvSolution:PIMPLE": true}
		if len(keys) == 0 {
			return have[file]
		}
		return have[file+":"+strings.Join(keys, "/")]
	}
	kinds := func(fs []*Failure) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Kind+":"+f.File+":"+strings.Join(f.DictPath, "/"))
		}
		return out
	}
	for _, reworded := range []string{"", " (reworded)"} {
		fs := fromFinding(finding.Finding{ID: "FOAM-BC-001", Severity: finding.Deny, Summary: "anything" + reworded, Fix: reworded,
			Location: finding.Location{File: "0/U", Path: "/files/0~1U/boundaryField/lid/type"},
			Repair:   &finding.Repair{Suggest: &finding.Suggestion{Word: "fixedValu", Candidates: []string{"fixedValue"}}}}, present)
		if len(fs) == 0 || fs[0].Kind != KindUnknownName || fs[0].Keyword != "fixedValu" || fs[0].Valid[0] != "fixedValue" ||
			!reflect.DeepEqual(fs[0].DictPath, []string{"boundaryField", "lid", "type"}) {
			t.Fatalf("%+v", fs)
		}
		// NUM-001 points at the missing scheme and proposes one.
		add := finding.Edit{Op: finding.EditAdd, File: "system/fvSchemes", Pointer: "/divSchemes/div(phi,U)", Value: "Gauss linear"}
		fs = fromFinding(finding.Finding{ID: "FOAM-NUM-001", Summary: "x" + reworded,
			Location: finding.Location{File: "system/fvSchemes", Path: "/files/system~1fvSchemes/divSchemes/div(phi,U)"},
			Repair:   &finding.Repair{Edits: []finding.Edit{add}}}, present)
		want := []string{"missing-entry:system/fvSchemes:divSchemes", "finding-fix:system/fvSchemes:", "wrong-value:system/fvSchemes:divSchemes/div(phi,U)"}
		if got := kinds(fs); !reflect.DeepEqual(got, want) || fs[0].Keyword != "div(phi,U)" || !reflect.DeepEqual(fs[1].Edits, []finding.Edit{add}) {
			t.Fatalf("%v", got)
		}
		// A missing file is named by the pointer.
		fs = fromFinding(finding.Finding{ID: "FOAM-STRUCT-002", Summary: "y" + reworded, Location: finding.Location{Path: "/files/0~1p"}}, present)
		if len(fs) != 1 || fs[0].Kind != KindMissingFile || fs[0].File != "0/p" {
			t.Fatalf("%+v", fs)
		}
		// An edit of another field's patch: that patch entry is repaired first.
		fs = fromFinding(finding.Finding{ID: "FOAM-BC-010", Summary: "z" + reworded,
			Location: finding.Location{File: "0/U", Path: "/files/0~1U/boundaryField/lid/type"},
			Repair:   &finding.Repair{Edits: []finding.Edit{{Op: finding.EditSet, File: "0/nut", Pointer: "/boundaryField/lid/type", Value: "nutkWallFunction"}}}}, present)
		if len(fs) < 2 || fs[0].Kind != KindMissingPatch || fs[0].File != "0/nut" || fs[0].Patch != "lid" || fs[1].Kind != KindFindingFix {
			t.Fatalf("%+v", fs)
		}
		// A finding located elsewhere names the missing file by a related pointer
		// (FOAM-FM-002 at the turbulence model, relating 0/p).
		fs = fromFinding(finding.Finding{ID: "FOAM-FM-002", Summary: "v" + reworded,
			Location: finding.Location{File: "system/fvSolution", Path: "/files/system~1fvSolution/PIMPLE"},
			Related:  []finding.Related{{Location: finding.Location{Path: "/files/0~1p"}, Message: "missing"}}}, present)
		if len(fs) == 0 || fs[0].Kind != KindMissingFile || fs[0].File != "0/p" {
			t.Fatalf("%+v", fs)
		}
		// A missing patch entry.
		fs = fromFinding(finding.Finding{ID: "FOAM-BC-005", Summary: "w" + reworded, Location: finding.Location{Path: "/files/0~1U/boundaryField/wall"}}, present)
		if len(fs) == 0 || fs[0].Kind != KindMissingPatch || fs[0].Patch != "wall" || fs[0].File != "0/U" {
			t.Fatalf("%+v", fs)
		}
	}
}

// TestStill: a deny survives a repair when its rule still fires at the same place,
// whatever the message says.
func TestStill(t *testing.T) {
	d := finding.Finding{ID: "FOAM-NUM-001", Severity: finding.Deny, Summary: "a", Location: finding.Location{Path: "/files/x/y"}}
	moved := d
	moved.Summary, moved.Location.Line = "b", 9
	if !still([]finding.Finding{moved}, d) {
		t.Error("reworded deny at the same pointer not recognised")
	}
	other := d
	other.Location.Path = "/files/x/z"
	if still([]finding.Finding{other}, d) {
		t.Error("a deny elsewhere counted as the same")
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
			Location: finding.Location{File: "system/fvSchemes", Path: "/files/system~1fvSchemes/divSchemes/div(phi,U)"},
			Repair:   &finding.Repair{Edits: []finding.Edit{{Op: finding.EditAdd, File: "system/fvSchemes", Pointer: "/divSchemes/div(phi,U)", Value: "Gauss linear"}}}})
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
	res, err := Run(context.Background(), dir, Options{Steps: 2, Lint: lr})
	if err != nil || res.Status != StatusRefused {
		t.Fatalf("%+v %v", res, err)
	}
	res, err = Run(context.Background(), dir, Options{Steps: 2, Repair: 2, Lint: lr, Retriever: &KBRetriever{KB: kbRetriever(t).KB, Fallback: &TutorialRetriever{Dir: tut, Env: foamtest.Env()}}})
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
	res, err := Run(context.Background(), dir, Options{Steps: 2, Repair: 3, Lint: &lintRecorder{fn: gateLinter}, Retriever: &KBRetriever{KB: kbRetriever(t).KB, Fallback: &TutorialRetriever{Dir: tut, Env: foamtest.Env()}}})
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
	res, err := Run(context.Background(), dir, Options{Steps: 1, Repair: 2, Lint: &lintRecorder{fn: lint}, LLM: client})
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
