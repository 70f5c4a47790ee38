package specmatrix_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/internal/foamtest"
)

// syntaxSample is CI's share of the patch-syntax matrix (-matrix=all runs every spec): the
// older patches list on foamc's mesh and on a tutorial's, defaultPatch walls, and the
// defaultFaces blockMesh writes without faces.
var syntaxSample = []string{"stepPatches", "weirOverflow", "channelDefaultWall", "LadenburgJet60psi"}

const syntaxPer = 3

func syntaxGenerated(t *testing.T) []specmatrix.Generated {
	src := foamtest.SourceDir(t)
	return specmatrix.GenerateSyntax(matrixSeed, syntaxPer, filepath.Join(src, "tutorials"), filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes"))
}

// TestSyntaxMatrixShape: every syntax mesh in both syntaxes, each spec naming every patch
// blockMesh writes for its mesh, deterministic.
func TestSyntaxMatrixShape(t *testing.T) {
	gs, again := syntaxGenerated(t), syntaxGenerated(t)
	perMesh, syntaxes := map[string]int{}, map[string]bool{}
	for i, g := range gs {
		if g.YAML != again[i].YAML {
			t.Fatalf("%s: the generator is not deterministic", g.Name)
		}
		perMesh[g.Mesh]++
	}
	for _, sm := range specmatrix.SyntaxMeshes {
		syntaxes[sm.Syntax] = true
		if perMesh[sm.ID] != syntaxPer {
			t.Errorf("%s: %d specs, want %d", sm.ID, perMesh[sm.ID], syntaxPer)
		}
	}
	if !syntaxes["patches"] || !syntaxes["boundary"] {
		t.Errorf("syntaxes covered: %v", syntaxes)
	}
	t.Logf("patch-syntax matrix: %d specs over %d meshes", len(gs), len(perMesh))
}

// TestSyntaxMatrix compiles every patch-syntax spec (with the full rule library), and
// meshes and runs CI's sample in OpenFOAM v1912 (-matrix=all: every spec) through the
// generated matrix's harness; it prints the compile and run rates.
func TestSyntaxMatrix(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	gs := syntaxGenerated(t)
	m := generatedMatrix(t, gs)
	m.label = "patch-syntax matrix"
	m.runs = func(i int, s mspec) bool {
		return *matrixMode == "all" || slices.Contains(syntaxSample, s.Mesh) && !sampled(gs[:i], s.Mesh)
	}
	m.test(t)
}

// sampled reports that an earlier spec of mesh is already in the run sample.
func sampled(earlier []specmatrix.Generated, mesh string) bool {
	for _, g := range earlier {
		if g.Mesh == mesh {
			return true
		}
	}
	return false
}
