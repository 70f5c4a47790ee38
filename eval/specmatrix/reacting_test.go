package specmatrix_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/internal/foamtest"
)

// reactingSample is CI's share of the reacting matrix (-matrix=all runs every spec): the
// laminar counterflow flame and premixed pitzDaily with k-epsilon and EDC.
var reactingSample = []string{"reacting-counterFlowFlame2D-laminar-0", "reacting-pitzDaily-kEpsilon-3"}

func reactingGenerated(t *testing.T) []specmatrix.Generated {
	src := foamtest.SourceDir(t)
	return specmatrix.GenerateReacting(matrixSeed, filepath.Join(src, "tutorials"), filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes"))
}

// TestReactingMatrix compiles every reacting spec with the full rule library (the
// unsatisfiable ones must be refused with a located finding naming the conflict), and
// meshes and runs CI's sample in OpenFOAM v1912 for >= 20 steps without FATAL or nan
// (-matrix=all: every spec); it prints the compile and run rates.
func TestReactingMatrix(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	gs, again := reactingGenerated(t), reactingGenerated(t)
	for i := range gs {
		if gs[i].YAML != again[i].YAML {
			t.Fatalf("%s: the generator is not deterministic", gs[i].Name)
		}
	}
	m := generatedMatrix(t, gs)
	m.label = "reacting matrix"
	m.runs = func(_ int, s mspec) bool { return *matrixMode == "all" || slices.Contains(reactingSample, s.Name) }
	outs := m.outcomes(t)
	if !slices.ContainsFunc(outs, func(o outcome) bool { return o.picked && o.ran && strings.HasPrefix(o.g.Name, "reacting-") }) {
		t.Errorf("no reacting spec ran")
	}
	m.report(t, outs)
}
