package specmatrix_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
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
	ctx := context.Background()
	opts := lintedOptions(t)
	root := t.TempDir()
	outs := make([]outcome, len(gs))
	runs := make([]bool, len(gs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, g := range gs {
		run := *matrixMode == "all"
		for _, s := range syntaxSample {
			if !run && g.Mesh == s && !sampled(gs[:i], s) {
				run = true
			}
		}
		runs[i] = run
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			outs[i] = runGenerated(ctx, g, root, opts, run, release{})
			if !run {
				outs[i].ran = outs[i].compiled
			}
		}()
	}
	wg.Wait()
	run, ran := 0, 0
	for i, o := range outs {
		if runs[i] {
			run++
			if o.ran {
				ran++
			}
		}
	}
	// In the sample, report's run rate counts a spec not run as run once it compiled.
	fmt.Printf("patch-syntax matrix (-matrix=%s): %d specs meshed and run in OpenFOAM, %d ran >= %d steps\n", *matrixMode, run, ran, minSteps)
	report(t, outs)
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
