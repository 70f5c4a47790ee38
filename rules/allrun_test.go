package rules

import (
	"context"
	"path/filepath"
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
