package specmatrix_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/finding"
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
	ctx := context.Background()
	opts := lintedOptions(t)
	linter, ok := opts.Linter.(*compiler.RulesLinter)
	if !ok {
		t.Fatal("lintedOptions has no rules linter")
	}
	root := t.TempDir()

	// Shallow water and passive scalars: the generated specs through the shared runner of
	// the matrices. (reactingFoam is refused for openfoam-12: compiler.unproven12.)
	var gs []specmatrix.Generated
	if has("shallow water and scalars", "lib/libfunctions.so", "bin/shallowWaterFoam") {
		gs = specmatrix.GenerateWaterScalar(filepath.Join(foamtest.SourceDir(t), "tutorials"), filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes"))
		if *matrixMode != "all" {
			gs = sampleOf(gs, waterScalarSample)
		}
	}
	outs := make([]outcome, len(gs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, g := range gs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			app := compiler.Application12(g.Solver)
			rel := release{target: compiler.Target12, env: env, app: app,
				also: func(ctx context.Context, caseDir string, o *outcome) { foamcRunApp12(ctx, caseDir, linter, app, o) }}
			outs[i] = runGenerated(ctx, g, root, opts, true, rel)
		}()
	}
	wg.Wait()

	// CHT: the region matrix through its generated Allrun (blockMesh, splitMeshRegions,
	// foamMultiRun), 25 steps by its control.
	chtSample := map[string]bool{"cht-slab-steady-water-fixedT": true, "cht-plate-transient-air-flux": true}
	for _, s := range chtMatrix() {
		if !has("cht", "lib/libsolid.so", "bin/foamMultiRun", "bin/splitMeshRegions") {
			break
		}
		if *matrixMode != "all" && !chtSample[s.name] && s.deny == "" {
			continue
		}
		outs = append(outs, runCHT12(ctx, t, s, root, opts, env, linter))
	}

	fmt.Printf("Foundation 12 (%s): family matrices compiled with target: openfoam-12\n", dir12)
	type rates struct{ specs, compiled, ran, unsat, refused int }
	per := map[string]*rates{}
	verdicts := map[string]map[string]int{}
	for _, o := range outs {
		fam := compiler.Application12(o.g.Solver) + " <- " + o.g.Solver
		if per[fam] == nil {
			per[fam], verdicts[fam] = &rates{}, map[string]int{}
		}
		r := per[fam]
		if o.g.Unsatisfiable != "" {
			r.unsat++
			if o.compiled {
				r.refused++
			}
			continue
		}
		r.specs++
		if o.compiled {
			r.compiled++
		}
		if o.ran {
			r.ran++
		}
		if o.foamcRun != "" {
			verdicts[fam][o.foamcRun]++
		}
	}
	for _, fam := range sortedKeys(per) {
		r := per[fam]
		fmt.Printf("  %-50s compiled %d/%d, ran >= %d steps %d/%d, unsatisfiable refused %d/%d\n", fam, r.compiled, r.specs, minSteps, r.ran, r.specs, r.refused, r.unsat)
		for _, v := range sortedKeys(verdicts[fam]) {
			fmt.Printf("      foamc run --steps %d: %3d  %s\n", runSteps, verdicts[fam][v], v)
		}
	}
	report(t, outs)
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

// runCHT12 compiles one CHT matrix spec for Foundation 12 and runs its Allrun, then a copy
// through foamc run.
func runCHT12(ctx context.Context, t *testing.T, s chtSpec, root string, opts compiler.Options, env []string, linter *compiler.RulesLinter) outcome {
	solver := "chtMultiRegionFoam"
	if strings.Contains(s.yaml, "chtMultiRegionSimpleFoam") {
		solver = "chtMultiRegionSimpleFoam"
	}
	o := outcome{g: specmatrix.Generated{Name: s.name, Solver: solver, Mesh: strings.Split(s.name, "-")[1]}}
	if s.deny != "" {
		o.g.Unsatisfiable = s.deny
	}
	dir := filepath.Join(root, s.name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		o.cause = "tool: " + err.Error()
		return o
	}
	p := filepath.Join(dir, "spec.yaml")
	if err := os.WriteFile(p, []byte("version: 1\nname: "+s.name+"\ntarget: "+compiler.Target12+"\n"+s.yaml+"\n"), 0o644); err != nil {
		o.cause = "tool: " + err.Error()
		return o
	}
	res, err := compiler.CompileFile(ctx, p, opts)
	if s.deny != "" {
		var fl finding.List
		if errors.As(err, &fl) {
			for _, f := range fl {
				if f.ID == s.deny && f.Location.Line > 0 {
					o.compiled, o.ran = true, true // refused as it must be
				}
			}
		}
		if !o.compiled {
			o.cause = fmt.Sprintf("unsatisfiable spec: want a located %s, got %v", s.deny, err)
		}
		return o
	}
	if err != nil {
		o.cause = "compile: " + firstWords(err.Error(), 12)
		return o
	}
	o.compiled = true
	caseDir := filepath.Join(dir, "case")
	if err := res.Write(caseDir, false); err != nil {
		o.cause = "write: " + err.Error()
		return o
	}
	foamcRunApp12(ctx, caseDir, linter, "foamMultiRun", &o)
	rctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(rctx, "bash", "Allrun")
	cmd.Dir, cmd.Env = caseDir, env
	out, err := cmd.CombinedOutput()
	log, _ := os.ReadFile(filepath.Join(caseDir, "log.foamMultiRun"))
	o.steps = len(regexp.MustCompile(`(?m)^\s*Time = `).FindAll(log, -1))
	switch {
	case err != nil:
		o.cause = "Allrun: " + firstWords(strings.TrimSpace(string(tail(out, 3))), 14)
	case !strings.Contains(string(log), "Build  : 12"):
		o.cause = "solver: not Foundation 12's foamMultiRun"
	case fatalLine.Match(log):
		o.cause = "solver: " + logCause(filepath.Join(caseDir, "log.foamMultiRun"), 1)
	case nanRe.Match(log):
		o.cause = "solver: nan"
	case o.steps < minSteps:
		o.cause = fmt.Sprintf("solver: only %d steps", o.steps)
	default:
		o.ran = true
	}
	return o
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
