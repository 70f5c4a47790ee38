package specmatrix_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/runner"
	"github.com/foamc/foamc/verify"
)

// families12 runs TestFamiliesMatrix12: its programs (the functions, solid and
// multicomponentFluid modules, foamMultiRun, splitMeshRegions, shallowWaterFoam) are not in
// the prebuilt minimal Foundation 12, so the matrix is behind this flag (make
// matrix-openfoam12-families, which builds them first); with it, a missing one fails.
var families12 = flag.Bool("openfoam12-families", false, "TestFamiliesMatrix12: run the shallow-water, scalar and CHT matrices in Foundation 12")

// TestFamiliesMatrix12 compiles the shallow-water and passive-scalar matrix and the CHT
// matrix with target: openfoam-12 and runs every satisfiable spec in the
// real Foundation 12 twice, as TestGeneratedMatrix12 does: the solver application itself
// until 25 steps (>= 20 without FATAL, nan or a floating point exception, `Build  : 12` in
// its log), and a copy through runner.Run (foamc run --steps 25: gate, Foundation 12's
// environment, log classification, foamc verify). It prints compile and run rates per family
// and the verify verdicts. -matrix=sample (the default) runs a fixed sample of each family.
func TestFamiliesMatrix12(t *testing.T) {
	if !*families12 {
		t.Skip("behind -openfoam12-families (make matrix-openfoam12-families)")
	}
	env := foamtest.Env12(t)
	dir12 := env12Dir(env)
	// has reports whether the installation holds a family's programs (a missing one fails
	// the test: the flag says they were built).
	has := func(family string, need ...string) bool {
		for _, n := range need {
			if m, _ := filepath.Glob(filepath.Join(dir12, "platforms", "*", n)); len(m) == 0 {
				t.Errorf("%s: Foundation 12 at %s lacks %s: run make openfoam12-modules", family, dir12, n)
				return false
			}
		}
		return true
	}
	linter, ok := lintedOptions(t).Linter.(*compiler.RulesLinter)
	if !ok {
		t.Fatal("lintedOptions has no rules linter")
	}
	rel := func(app string) release {
		return release{target: compiler.Target12, env: env, app: app,
			also: func(ctx context.Context, caseDir string, o *outcome) { foamcRunApp12(ctx, caseDir, linter, app, o) }}
	}
	fmt.Printf("Foundation 12 (%s): family matrices compiled with target: openfoam-12\n", dir12)

	// Shallow water and passive scalars: one matrix per Foundation 12 application (the
	// legacy shallowWaterFoam, foamRun).
	if has("shallow water and scalars", "lib/libfunctions.so", "bin/shallowWaterFoam") {
		gs := specmatrix.GenerateWaterScalar(filepath.Join(foamtest.SourceDir(t), "tutorials"), filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes"))
		if *matrixMode != "all" {
			gs = sampleOf(gs, waterScalarSample)
		}
		byApp := map[string][]specmatrix.Generated{}
		for _, g := range gs {
			app := compiler.Application12(g.Solver)
			byApp[app] = append(byApp[app], g)
		}
		for _, app := range sortedKeys(byApp) {
			m := generatedMatrix(t, byApp[app])
			m.name, m.rel = "Foundation 12 "+app, rel(app)
			printVerdicts(m.test(t))
		}
	}

	// Reacting flow: the reacting matrix in foamRun's multicomponentFluid module.
	if has("reacting", "lib/libmulticomponentFluid.so") {
		m := generatedMatrix(t, reactingGenerated(t))
		m.name, m.rel = "Foundation 12 foamRun (multicomponentFluid)", rel("foamRun")
		m.runs = func(_ int, s mspec) bool { return *matrixMode == "all" || slices.Contains(reactingSample, s.Name) }
		printVerdicts(m.test(t))
	}

	// CHT: the region matrix through its generated Allrun (blockMesh, splitMeshRegions,
	// foamMultiRun), 25 steps by its control.
	if has("cht", "lib/libsolid.so", "bin/foamMultiRun", "bin/splitMeshRegions") {
		sample := []string{"cht-slab-steady-water-fixedT", "cht-plate-transient-air-flux"}
		m := matrix{name: "Foundation 12 foamMultiRun (CHT matrix)", specs: chtMatrix(), opts: lintedOptions(t),
			allrun: true, rel: rel("foamMultiRun"),
			runs: func(_ int, s mspec) bool { return *matrixMode == "all" || slices.Contains(sample, s.Name) }}
		printVerdicts(m.test(t))
	}
}

// printVerdicts prints foamc run's statuses and verify verdicts of a matrix's specs.
func printVerdicts(outs []outcome) {
	n := map[string]int{}
	for _, o := range outs {
		if o.foamcRun != "" {
			n[o.foamcRun]++
		}
	}
	for _, v := range sortedKeys(n) {
		fmt.Printf("  foamc run --steps %d: %3d  %s\n", runSteps, n[v], v)
	}
}

func sampleOf(gs []specmatrix.Generated, prefixes []string) []specmatrix.Generated {
	var out []specmatrix.Generated
	for _, g := range gs {
		for _, p := range prefixes {
			if strings.HasPrefix(g.Name, p) {
				out = append(out, g)
				break
			}
		}
	}
	return out
}

// foamcRunApp12 is foamcRun12 for any Foundation 12 application (foamRun, foamMultiRun,
// shallowWaterFoam): a copy of the case through runner.Run with --steps 25, recording its
// status and foamc verify's verdict.
func foamcRunApp12(ctx context.Context, caseDir string, linter *compiler.RulesLinter, app string, o *outcome) {
	dir := caseDir + ".foamc-run"
	if err := os.CopyFS(dir, os.DirFS(caseDir)); err != nil {
		o.foamcRun = "copy: " + err.Error()
		return
	}
	rctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	res, err := runner.Run(rctx, dir, runner.Options{
		Steps:  runSteps,
		Lint:   linter,
		Verify: runner.Judge(verify.Options{}),
	})
	log, _ := os.ReadFile(filepath.Join(dir, "log."+app))
	switch {
	case err != nil:
		o.foamcRun = "error: " + firstWords(err.Error(), 12)
	case res.Status == runner.StatusRefused:
		o.foamcRun = "refused: " + firstDeny(res.Gate)
	case !strings.Contains(string(log), "Build  : 12"):
		o.foamcRun = "not Foundation 12's " + app + " (no `Build  : 12` in log." + app + ")"
	case res.Failure != nil && res.Failure.Class != runner.ClassVerification:
		o.foamcRun = res.Status + " [" + res.Failure.Class + "/" + res.Failure.Kind + "]"
	default:
		o.foamcRun = res.Status
	}
	if res != nil && res.Verify != nil {
		o.foamcRun += ", verify " + res.Verify.Verdict
		if res.Failure != nil && res.Failure.Class == runner.ClassVerification {
			o.foamcRun += " (" + res.Failure.Rule + ")"
		}
	}
}
