package specmatrix_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/verify"
)

const vofPer = 2

// vofSample is CI's share of the VoF matrix (-matrix=all runs every spec): a laminar open
// damBreak, a closed RAS damBreak (phase volume judged) and the filling tank.
var vofSample = []string{"v001-interFoam-laminar-damBreakVoF", "v010-interFoam-kEpsilon-damBreakRAS-closed", "v013-interFoam-laminar-tank"}

func vofGenerated(t *testing.T) []specmatrix.Generated {
	src := foamtest.SourceDir(t)
	return specmatrix.GenerateVoF(matrixSeed, vofPer, filepath.Join(src, "tutorials"), filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes"))
}

// TestVoFMatrixShape: every VoF mesh with every model, open and closed tanks, minimal
// specs, the unsatisfiable ones, deterministic; the CI sample names specs of the matrix.
func TestVoFMatrixShape(t *testing.T) {
	gs, again := vofGenerated(t), vofGenerated(t)
	pairs, closed, unsat, minimal := map[string]bool{}, 0, 0, 0
	names := map[string]bool{}
	for i, g := range gs {
		if g.YAML != again[i].YAML {
			t.Fatalf("%s: the generator is not deterministic", g.Name)
		}
		names[g.Name] = true
		if g.Unsatisfiable != "" {
			unsat++
			continue
		}
		pairs[g.Mesh+"/"+g.Model] = true
		if strings.HasSuffix(g.Name, "-closed") {
			closed++
		}
		if g.Minimal {
			minimal++
		}
	}
	if len(pairs) != len(specmatrix.VoFMeshes)*len(specmatrix.VoFModels) || closed == 0 || unsat != 2 || minimal == 0 {
		t.Fatalf("VoF matrix: %d mesh x model pairs (want %d), %d closed, %d unsatisfiable, %d minimal",
			len(pairs), len(specmatrix.VoFMeshes)*len(specmatrix.VoFModels), closed, unsat, minimal)
	}
	for _, s := range vofSample {
		if !names[s] {
			t.Errorf("the CI sample names %s, which the matrix does not have", s)
		}
	}
	t.Logf("VoF matrix: %d specs (%d closed tanks, %d unsatisfiable) over %d meshes", len(gs), closed, unsat, len(specmatrix.VoFMeshes))
}

// TestVoFMatrix compiles every VoF spec with the full rule library (unsatisfiable ones must
// be refused with a located conflict), meshes, sets the liquid column and runs CI's sample
// in OpenFOAM v1912's interFoam (-matrix=all: every spec) for >= 20 steps without FATAL or
// nan, and has foamc verify judge the phase fraction of each run: within [0, 1] in every
// step (FOAM-VERIFY-021) and, in a closed tank, the water's volume conserved
// (FOAM-VERIFY-022).
func TestVoFMatrix(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	foamtest.RequireBinary(t, "setFields")
	foamtest.RequireBinary(t, "interFoam")
	m := generatedMatrix(t, vofGenerated(t))
	m.label, m.runNote, m.check = "VoF matrix", " and kept alpha within [0, 1]", vofCheck
	m.runs = func(_ int, s mspec) bool {
		return s.Unsatisfiable == "" && (*matrixMode == "all" || slices.Contains(vofSample, s.Name))
	}
	m.test(t)
}

// vofCheck has foamc verify judge a free-surface run's phase fraction: within [0, 1] in
// every step and written field (FOAM-VERIFY-020/021) and, in a closed domain, the phase's
// volume conserved (FOAM-VERIFY-022), which a closed tank must have judged.
func vofCheck(_ context.Context, c ranCase, o *outcome) {
	if c.res.Features.Solver != "interFoam" {
		return
	}
	res, err := verify.Case(c.dir, verify.Options{})
	if err != nil {
		o.ran, o.cause = false, "verify: "+err.Error()
		return
	}
	o.notes = []string{}
	for _, f := range res.Findings {
		switch {
		case f.ID == verify.IDPhaseLog || f.ID == verify.IDPhaseField || f.ID == verify.IDPhaseVolume:
			if f.Severity == finding.Deny {
				o.ran, o.cause = false, f.ID+": "+firstWords(f.Summary, 12)
				return
			}
		case strings.Contains(f.Summary, "stayed within [0, 1]") || strings.Contains(f.Summary, "in the closed domain is conserved"):
			o.notes = append(o.notes, f.Summary)
		}
	}
	if strings.HasSuffix(o.g.Name, "-closed") && !strings.Contains(strings.Join(o.notes, ";"), "conserved") {
		o.ran, o.cause = false, "verify: the closed tank's phase volume was not judged"
	}
}
