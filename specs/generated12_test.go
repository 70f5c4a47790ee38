package specs_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/specs"
)

// ciSample12 is the fixed CI sample of the Foundation 12 matrix: one spec of each solver
// module family (incompressibleFluid steady RAS, transient LES; fluid buoyant).
var ciSample12 = []string{"simpleFoam-kEpsilon", "pimpleFoam-LES", "buoyantPimpleFoam-laminar"}

// TestGeneratedMatrix12 compiles the generated specs with target: openfoam-12 and runs them
// in the real Foundation 12 foamRun (>= 20 steps without FATAL, nan or a floating point
// exception), as TestGeneratedMatrix does in v1912. Specs whose solver has no module foamc
// compiles for openfoam-12 (rhoCentralFoam: shockFluid is not in the prebuilt tree) must be
// refused with FOAM-COMPILE-010 and are counted apart. -matrix=all runs every spec (make
// matrix-openfoam12) and prints the rates per solver module.
func TestGeneratedMatrix12(t *testing.T) {
	env := foamtest.Env12(t)
	gs := generated(t)
	if *matrixMode != "all" {
		var sample []specs.Generated
		for _, want := range ciSample12 {
			for _, g := range gs {
				if g.Solver+"-"+g.Family == want {
					sample = append(sample, g)
					break
				}
			}
		}
		gs = sample
	}
	ctx := context.Background()
	opts := lintedOptions(t)
	root := t.TempDir()
	rel := release{target: compiler.Target12, env: env, app: openfoam.Application12}
	var run []specs.Generated
	refused := map[string]int{}
	for _, g := range gs {
		if _, ok := compiler.Module12(g.Solver); ok {
			run = append(run, g)
			continue
		}
		o := runGenerated(ctx, g, root, opts, false, rel)
		if o.compiled || !strings.Contains(o.cause, compiler.IDRelease) && g.Unsatisfiable == "" {
			t.Errorf("%s: %s has no openfoam-12 module: want a %s refusal, got compiled=%v %s", g.Name, g.Solver, compiler.IDRelease, o.compiled, o.cause)
		}
		refused[g.Solver]++
	}
	outs := make([]outcome, len(run))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, g := range run {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			outs[i] = runGenerated(ctx, g, root, opts, true, rel)
		}()
	}
	wg.Wait()
	fmt.Printf("Foundation 12 (%s): generated specs compiled with target: openfoam-12, run in foamRun\n", env12Dir(env))
	for _, s := range sortedKeys(refused) {
		fmt.Printf("refused for openfoam-12 (%s, as it must): %d %s specs\n", compiler.IDRelease, refused[s], s)
	}
	perModule := map[string][3]int{}
	for _, o := range outs {
		if o.g.Unsatisfiable != "" {
			continue
		}
		m, _ := compiler.Module12(o.g.Solver)
		key := m + " <- " + o.g.Solver
		n := perModule[key]
		n[0]++
		if o.compiled {
			n[1]++
		}
		if o.ran {
			n[2]++
		}
		perModule[key] = n
	}
	for _, k := range sortedKeys(perModule) {
		n := perModule[k]
		fmt.Printf("  %-40s compiled %d/%d, ran %d/%d\n", k, n[1], n[0], n[2], n[0])
	}
	report(t, outs)
}

func env12Dir(env []string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "WM_PROJECT_DIR="); ok {
			return v
		}
	}
	return ""
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
