package rules

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
)

func ids(fs []finding.Finding, sev finding.Severity) map[string]bool {
	out := map[string]bool{}
	for _, f := range fs {
		if f.Severity == sev {
			out[f.ID] = true
		}
	}
	return out
}

// TestAllrunMeshOnly: foamc lint judges a meshing tutorial without the solver rules and
// says so (FOAM-CASE-010); the same case linted for a run of its solver (the gate) is
// still denied.
func TestAllrunMeshOnly(t *testing.T) {
	e, err := New(context.Background(), Options{KB: fixtureKB(t)})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "case")
	foamtest.WriteTxtar(t, filepath.Join("testdata", "allrun", "meshonly.txtar"), dir)
	gate, err := e.LintDir(context.Background(), dir, foamcase.Options{Allrun: true, Run: &foamcase.Run{Command: "scalarTransportFoam"}})
	if err != nil {
		t.Fatal(err)
	}
	if d := ids(gate.Findings, finding.Deny); !d["FOAM-STRUCT-002"] || !d["FOAM-NUM-001"] {
		t.Fatalf("the gated solver run is not denied: %v", d)
	}
	lint, err := e.LintDir(context.Background(), dir, foamcase.Options{Allrun: true})
	if err != nil {
		t.Fatal(err)
	}
	if d := ids(lint.Findings, finding.Deny); len(d) != 0 {
		t.Fatalf("meshing case denied: %v", d)
	}
	var info *finding.Finding
	for i, f := range lint.Findings {
		if f.ID == idMeshOnly {
			info = &lint.Findings[i]
		}
	}
	if info == nil || info.Location.File != "Allrun" || info.Location.Line != 1 || info.Severity != finding.Info {
		t.Fatalf("no FOAM-CASE-010 at Allrun:1: %+v", info)
	}
}

// TestAllrunAbstains: a step that writes the fields from inputs foamc does not evaluate
// (createZeroDirectory) turns the missing-field denies into info naming the step; the
// scheme deny (div(phi,T)) stands, and the gate still denies the fields.
func TestAllrunAbstains(t *testing.T) {
	e, err := New(context.Background(), Options{KB: fixtureKB(t)})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "case")
	foamtest.WriteTxtar(t, filepath.Join("testdata", "allrun", "abstain.txtar"), dir)
	lint, err := e.LintDir(context.Background(), dir, foamcase.Options{Allrun: true})
	if err != nil {
		t.Fatal(err)
	}
	deny, info := ids(lint.Findings, finding.Deny), ids(lint.Findings, finding.Info)
	if deny["FOAM-STRUCT-002"] || !info["FOAM-STRUCT-002"] || !info[idUnderived] || !deny["FOAM-NUM-001"] {
		t.Fatalf("deny %v info %v", deny, info)
	}
	for _, f := range lint.Findings {
		if f.ID == "FOAM-STRUCT-002" && !strings.Contains(f.Detail, "Allrun:2 runs createZeroDirectory") {
			t.Errorf("abstention does not name the step: %q", f.Detail)
		}
	}
	gate, err := e.LintDir(context.Background(), dir, foamcase.Options{Allrun: true, Run: &foamcase.Run{Command: "scalarTransportFoam"}})
	if err != nil {
		t.Fatal(err)
	}
	if !ids(gate.Findings, finding.Deny)["FOAM-STRUCT-002"] {
		t.Fatal("the gate no longer denies the missing fields")
	}
}
