package specmatrix_test

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/openfoam"
)

// ciSample12 is the fixed CI sample of the Foundation 12 matrix: one spec of each solver
// module family (incompressibleFluid steady RAS, transient LES; fluid buoyant).
// only12 restricts TestGeneratedMatrix12 to one solver's specs (e.g. rhoCentralFoam once
// make openfoam12-modules has built shockFluid).
var only12 = flag.String("solver", "", "TestGeneratedMatrix12: run only the specs of this solver")

var ciSample12 = []string{"simpleFoam-kEpsilon", "pimpleFoam-LES", "buoyantPimpleFoam-laminar"}

// TestGeneratedMatrix12 compiles the generated specs with target: openfoam-12 and runs them
// in the real Foundation 12 twice: blockMesh and foamRun until 25 steps (>= 20 without FATAL,
// nan or a floating point exception, as TestGeneratedMatrix asks of v1912), and a copy with
// foamc run --steps 25 (gate, Foundation 12's environment, log classification, foamc
// verify), whose statuses and verdicts it prints. Specs whose module the installation lacks
// (rhoCentralFoam's shockFluid in the prebuilt tree) are compiled and counted apart.
// -matrix=all runs every spec (make matrix-openfoam12) and prints the rates per module.
func TestGeneratedMatrix12(t *testing.T) {
	env := foamtest.Env12(t)
	gs := pairSample(generated(t), ciSample12)
	if *only12 != "" {
		gs = slices.DeleteFunc(gs, func(g specmatrix.Generated) bool { return g.Solver != *only12 })
	}
	linter, ok := lintedOptions(t).Linter.(*compiler.RulesLinter)
	if !ok {
		t.Fatal("lintedOptions has no rules linter")
	}
	rel := release{target: compiler.Target12, env: env, app: openfoam.Application12,
		also: func(ctx context.Context, caseDir string, o *outcome) {
			foamcRunApp12(ctx, caseDir, linter, openfoam.Application12, o)
		}}
	var run, notRun []specmatrix.Generated
	notInstalled := map[string]int{}
	dir := env12Dir(env)
	for _, g := range gs {
		m, _ := compiler.Module12(g.Solver)
		if openfoam.HasModule12(dir, m) {
			run = append(run, g)
			continue
		}
		// Compiled, not run: the installation lacks the module (shockFluid in the
		// prebuilt tree; make openfoam12-modules builds it).
		notRun = append(notRun, g)
		notInstalled[g.Solver+" ("+m+")"]++
	}
	m := generatedMatrix(t, notRun)
	m.rel, m.runs = rel, func(int, mspec) bool { return false }
	for _, o := range m.outcomes(t) {
		if !o.compiled {
			t.Errorf("%s: %s", o.g.Name, o.cause)
		}
	}
	m = generatedMatrix(t, run)
	m.rel = rel
	outs := m.outcomes(t)
	fmt.Printf("Foundation 12 (%s): generated specs compiled with target: openfoam-12, run in foamRun\n", dir)
	for _, s := range sortedKeys(notInstalled) {
		fmt.Printf("compiled, not run (module not installed: make openfoam12-modules): %d %s specs\n", notInstalled[s], s)
	}
	statuses := map[string]int{}
	for _, o := range outs {
		if o.foamcRun != "" {
			statuses[o.foamcRun]++
		}
	}
	fmt.Println("foamc run --steps 25 (gate, Foundation 12 environment, log classification, foamc verify):")
	for _, v := range sortedKeys(statuses) {
		fmt.Printf("  %3d  %s\n", statuses[v], v)
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
	m.report(t, outs)
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

func firstDeny(fs []finding.Finding) string {
	if len(fs) == 0 {
		return ""
	}
	return fs[0].ID + " " + firstWords(fs[0].Summary, 10)
}
