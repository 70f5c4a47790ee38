package specmatrix_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
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
	ctx := context.Background()
	opts := lintedOptions(t)
	root := t.TempDir()
	outs := make([]outcome, len(gs))
	runs := make([]bool, len(gs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, g := range gs {
		run := *matrixMode == "all"
		for _, s := range reactingSample {
			run = run || g.Name == s
		}
		run = run && g.Unsatisfiable == ""
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
	var ranNames []string
	for i, o := range outs {
		if runs[i] {
			run++
			if o.ran {
				ran++
				ranNames = append(ranNames, o.g.Name)
			}
		}
	}
	if len(ranNames) == 0 || !strings.HasPrefix(ranNames[0], "reacting-") {
		t.Errorf("no reacting spec ran")
	}
	fmt.Printf("reacting matrix (-matrix=%s): %d specs meshed and run in OpenFOAM, %d ran >= %d steps\n", *matrixMode, run, ran, minSteps)
	report(t, outs)
}
