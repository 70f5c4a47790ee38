package specmatrix_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/runner"
)

// matrixMode: "sample" (CI: a fixed sample) or "all" (make matrix).
var (
	matrixMode = flag.String("matrix", "sample", "generated matrix to run: sample | all")
	dumpDir    = flag.String("dump", "", "write the generated specs into this directory (TestGeneratedMatrixShape)")
)

const (
	matrixSeed = 20261124
	perPair    = 3
	runSteps   = 25
	minSteps   = 20
)

// ciSample is the fixed CI sample: the three faults of issue 10 among them (a minimal spec
// without turbulence levels, a tutorial mesh with blockMesh's default patch, a supersonic
// exit) and one unsatisfiable spec.
var ciSample = []string{"simpleFoam-kEpsilon", "pimpleFoam-laminar", "rhoCentralFoam-laminar", "sonicFoam-kOmega",
	"rhoPimpleFoam-SA", "buoyantPimpleFoam-laminar", "icoFoam-kEpsilon", "pisoFoam-LES"}

func generated(t *testing.T) []specmatrix.Generated {
	src := foamtest.SourceDir(t)
	return specmatrix.Generate(matrixSeed, perPair, filepath.Join(src, "tutorials"), filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes"))
}

// TestGeneratedMatrixShape checks the matrix itself: size, mesh variety, every solver x
// model family, minimal specs, determinism.
func TestGeneratedMatrixShape(t *testing.T) {
	gs := generated(t)
	again := generated(t)
	meshes, pairs := map[string]bool{}, map[string]bool{}
	minimal := 0
	for i, g := range gs {
		if g.YAML != again[i].YAML {
			t.Fatalf("%s: the generator is not deterministic", g.Name)
		}
		meshes[g.Mesh] = true
		pairs[g.Solver+"/"+g.Family] = true
		if g.Minimal {
			minimal++
			for _, field := range []string{"numerics:", "initial:", "intensity", "lengthScale"} {
				if strings.Contains(g.YAML, field) {
					t.Errorf("%s is minimal but states %s", g.Name, field)
				}
			}
		}
	}
	if len(gs) < 150 || len(meshes) < 15 || minimal*2 < len(gs) || len(pairs) != len(specmatrix.Solvers)*len(specmatrix.FamilyNames) {
		t.Fatalf("matrix: %d specs (>= 150), %d meshes (>= 15), %d minimal (>= half), %d solver x family pairs (want %d)",
			len(gs), len(meshes), minimal, len(pairs), len(specmatrix.Solvers)*len(specmatrix.FamilyNames))
	}
	t.Logf("matrix: %d specs, %d distinct meshes, %d solver x family pairs, %d minimal", len(gs), len(meshes), len(pairs), minimal)
	if *dumpDir != "" {
		for _, g := range gs {
			if err := os.WriteFile(filepath.Join(*dumpDir, g.Name+".yaml"), []byte(g.YAML), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

var (
	fatalLine = regexp.MustCompile(`(?m)^--> FOAM FATAL (?:IO )?ERROR.*\n(.*)`)
	nanRe     = regexp.MustCompile(`(?i)\bnan\b`)
	timeRe    = regexp.MustCompile(`^ ?Time = `) // shallowWaterFoam prints " Time = "
)

type outcome struct {
	g        specmatrix.Generated
	compiled bool
	ran      bool
	steps    int
	cause    string
	foamcRun string // foamc run's status (release.also), with verify's verdict
}

// TestGeneratedMatrix compiles (with the full rule library as linter), meshes and runs the
// generated specs in real OpenFOAM v1912: >= 20 steps without FATAL, nan or a floating point
// exception. Unsatisfiable specs must fail to compile with a located finding naming the
// conflict. -matrix=all runs every spec (make matrix) and prints the rates.
func TestGeneratedMatrix(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	gs := generated(t)
	if *matrixMode != "all" {
		var sample []specmatrix.Generated
		for _, want := range ciSample {
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
	outs := make([]outcome, len(gs))
	// Two cases at a time: the machine's cores are shared.
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, g := range gs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			outs[i] = runGenerated(ctx, g, root, opts, true, release{})
		}()
	}
	wg.Wait()
	report(t, outs)
}

// TestGeneratedMatrixCompiles compiles every generated spec (no OpenFOAM run): every
// satisfiable spec compiles and lints clean, every unsatisfiable one is refused with a
// located conflict.
func TestGeneratedMatrixCompiles(t *testing.T) {
	gs := generated(t)
	ctx := context.Background()
	opts := lintedOptions(t)
	root := t.TempDir()
	outs := make([]outcome, len(gs))
	for i, g := range gs {
		outs[i] = runGenerated(ctx, g, root, opts, false, release{})
		outs[i].ran = outs[i].compiled // only compilation is checked here
	}
	report(t, outs)
}

// lintedOptions compiles as foamc compile does: the embedded kb and the full rule library.
func lintedOptions(t *testing.T) compiler.Options {
	t.Helper()
	k := defaultKB(t)
	linter, err := compiler.NewRulesLinterKB(context.Background(), k)
	if err != nil {
		t.Fatal(err)
	}
	return compiler.Options{KB: k, Linter: linter}
}

// release is the OpenFOAM a generated spec is compiled for and run in: the zero value is
// Debian's v1912 (the spec's default target), else the spec gets target: and runs in env.
type release struct {
	target string
	env    []string
	app    string // the solver application (foamRun) instead of the spec's solver
	// also, when set, runs a copy of the written case another way first (foamc run).
	also func(ctx context.Context, caseDir string, o *outcome)
}

func runGenerated(ctx context.Context, g specmatrix.Generated, root string, opts compiler.Options, run bool, rel release) outcome {
	o := outcome{g: g}
	dir := filepath.Join(root, g.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		o.cause = "tool: " + err.Error()
		return o
	}
	specPath := filepath.Join(dir, "spec.yaml")
	yaml := g.YAML
	if rel.target != "" {
		yaml += "target: " + rel.target + "\n"
	}
	if err := os.WriteFile(specPath, []byte(yaml), 0o644); err != nil {
		o.cause = "tool: " + err.Error()
		return o
	}
	res, err := compiler.CompileFile(ctx, specPath, opts)
	if g.Unsatisfiable != "" {
		var fl finding.List
		switch {
		case err == nil:
			o.cause = "unsatisfiable spec compiled (" + g.Unsatisfiable + ")"
		case !errors.As(err, &fl):
			o.cause = "unsatisfiable spec: bare error " + err.Error()
		default:
			for _, f := range fl {
				if (f.ID == compiler.IDConflict || f.ID == compiler.IDReaction) && f.Location.Line > 0 && strings.Contains(f.Fix+f.Summary, g.Unsatisfiable) {
					o.compiled = true // refused as it must be
				}
			}
			if !o.compiled {
				o.cause = "unsatisfiable spec: no located " + compiler.IDConflict + " naming " + g.Unsatisfiable + ": " + err.Error()
			}
		}
		o.ran = o.compiled
		return o
	}
	if err != nil {
		var fl finding.List
		if errors.As(err, &fl) && len(fl) > 0 {
			o.cause = "compile: " + fl[0].ID + " " + firstWords(fl[0].Summary, 12)
		} else {
			o.cause = "compile: " + firstWords(err.Error(), 12)
		}
		return o
	}
	o.compiled = true
	if !run {
		return o
	}
	caseDir := filepath.Join(dir, "case")
	if err := res.Write(caseDir, false); err != nil {
		o.cause = "write: " + err.Error()
		return o
	}
	if rel.also != nil {
		rel.also(ctx, caseDir, &o)
	}
	env := rel.env
	if env == nil {
		env = foamtest.Env()
	}
	rctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	if _, err := os.Stat(filepath.Join(caseDir, "system", "blockMeshDict")); err == nil {
		if code, err := runner.Exec(rctx, caseDir, env, "blockMesh", nil, "blockMesh"); err != nil || code != 0 {
			o.cause = "blockMesh: " + logCause(filepath.Join(caseDir, "log.blockMesh"), code)
			return o
		}
	}
	// initial.regions (a VoF case's liquid column) are set after the mesh, as Allrun does.
	if _, err := os.Stat(filepath.Join(caseDir, "system", "setFieldsDict")); err == nil {
		if code, err := runner.Exec(rctx, caseDir, env, "setFields", nil, "setFields"); err != nil || code != 0 {
			o.cause = "setFields: " + logCause(filepath.Join(caseDir, "log.setFields"), code)
			return o
		}
	}
	solver := res.Features.Solver
	if rel.app != "" {
		solver = rel.app
	}
	sctx, stop := context.WithCancel(rctx)
	defer stop()
	steps := 0
	code, err := runner.Exec(sctx, caseDir, env, solver, func(line string) {
		if timeRe.MatchString(line) {
			steps++
			if steps > runSteps {
				stop() // enough steps: the run has shown it survives
			}
		}
	}, solver)
	o.steps = min(steps, runSteps)
	log, _ := os.ReadFile(filepath.Join(caseDir, "log."+solver))
	switch {
	case rel.target == compiler.Target12 && !strings.Contains(string(log), "Build  : 12"):
		o.cause = "solver: not Foundation 12's " + solver + " (no `Build  : 12` in its log)"
	case fatalLine.Match(log):
		o.cause = "solver: " + logCause(filepath.Join(caseDir, "log."+solver), code)
	case strings.Contains(string(log), "sigFpe::sigHandler") || code == 136:
		o.cause = "solver: floating point exception"
	case nanRe.Match(log):
		o.cause = "solver: nan"
	case steps < minSteps && sctx.Err() == nil && (err != nil || code != 0):
		o.cause = fmt.Sprintf("solver: exit %d after %d steps", code, steps)
	case steps < minSteps && rctx.Err() != nil:
		o.cause = fmt.Sprintf("solver: timeout after %d steps", steps)
	case steps < minSteps:
		o.cause = fmt.Sprintf("solver: only %d steps", steps)
	default:
		o.ran = true
	}
	return o
}

// tempPath is a quoted path in a FATAL message: dropped so equal causes group together.
var tempPath = regexp.MustCompile(`"/[^"]*"`)

func logCause(path string, code int) string {
	b, _ := os.ReadFile(path)
	if m := fatalLine.FindSubmatch(b); m != nil {
		return "FATAL " + firstWords(tempPath.ReplaceAllString(strings.TrimSpace(string(m[1])), `"…"`), 10)
	}
	return fmt.Sprintf("exit %d", code)
}

func firstWords(s string, n int) string {
	w := strings.Fields(s)
	if len(w) > n {
		w = w[:n]
	}
	return strings.Join(w, " ")
}

// report prints the rates and the failures grouped by cause; every failure fails the test.
func report(t *testing.T, outs []outcome) {
	var sat, compiled, ran, unsat, refused int
	meshes, pairs := map[string]bool{}, map[string]bool{}
	causes := map[string][]string{}
	for _, o := range outs {
		meshes[o.g.Mesh] = true
		if o.g.Unsatisfiable != "" {
			unsat++
			if o.compiled {
				refused++
			}
		} else {
			sat++
			pairs[o.g.Solver+" x "+o.g.Model] = true
			if o.compiled {
				compiled++
			}
			if o.ran {
				ran++
			}
		}
		if o.cause != "" {
			causes[o.cause] = append(causes[o.cause], o.g.Name)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "generated matrix (seed %d): %d specs over %d distinct meshes, %d solver x model pairs\n", matrixSeed, len(outs), len(meshes), len(pairs))
	fmt.Fprintf(&b, "compile rate: %d/%d satisfiable specs (%.1f%%)\n", compiled, sat, pct(compiled, sat))
	fmt.Fprintf(&b, "run rate: %d/%d satisfiable specs ran >= %d steps without FATAL/nan/FPE (%.1f%%)\n", ran, sat, minSteps, pct(ran, sat))
	fmt.Fprintf(&b, "unsatisfiable: %d/%d refused with a located conflict finding\n", refused, unsat)
	keys := make([]string, 0, len(causes))
	for k := range causes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(causes[keys[i]]) != len(causes[keys[j]]) {
			return len(causes[keys[i]]) > len(causes[keys[j]])
		}
		return keys[i] < keys[j]
	})
	if len(keys) > 0 {
		b.WriteString("failures by cause:\n")
	}
	for _, k := range keys {
		fmt.Fprintf(&b, "  %3d  %s: %s\n", len(causes[k]), k, strings.Join(causes[k], " "))
	}
	fmt.Print(b.String())
	if len(keys) > 0 {
		t.Errorf("%d generated specs failed (see the causes above)", len(outs)-ran-refused)
	}
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
