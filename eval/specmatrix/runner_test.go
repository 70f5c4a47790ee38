package specmatrix_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
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
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/runner"
	"github.com/foamc/foamc/schema"
	"github.com/foamc/foamc/verify"
)

// The one matrix runner: every matrix test (generated, water/scalar, fractional, reacting,
// patch-syntax, VoF, CHT, blind, the spec files, Foundation 12) states its specs and its
// family's checks as a matrix; run compiles each spec, runs the picked ones in the solver
// of the target release, applies the checks and tallies; report prints the rates.

const (
	runSteps = 25 // the solver is stopped after this many steps (steps mode)
	minSteps = 20 // a run must survive this many
)

var (
	fatalLine = regexp.MustCompile(`(?m)^--> FOAM FATAL (?:IO )?ERROR.*\n(.*)`)
	nanRe     = regexp.MustCompile(`(?i)\bnan\b`)
	timeRe    = regexp.MustCompile(`^ ?Time = `) // shallowWaterFoam prints " Time = "
)

// mspec is one spec of a matrix: a generated spec (its YAML), or a spec file (path).
type mspec struct {
	specmatrix.Generated
	path string // a spec file compiled in place (Generated.YAML unused)
	// deny: the finding ID a refused spec must carry, located and with a fix (blind and CHT
	// tables); a generated spec's Unsatisfiable names the conflict instead.
	deny string
}

// matrix is one matrix test: its specs and its family's checks as data and hooks.
type matrix struct {
	name  string // the summary's heading, e.g. "generated matrix (seed 20261124)"
	label string // a sampled matrix's name in the line counting the specs run ("VoF matrix")
	specs []mspec
	opts  compiler.Options
	// runs picks the specs run in OpenFOAM (nil: every spec). A spec not picked counts as
	// run once it compiled, and the summary says how many were run.
	runs func(i int, s mspec) bool
	// runNote ends the line that counts the specs run ("and kept alpha within [0, 1]").
	runNote string
	rel     release
	// allrun runs the case's own Allrun to its end time (short specs; cases with steps
	// beyond blockMesh and setFields, e.g. splitMeshRegions) instead of the solver for
	// runSteps steps.
	allrun bool
	// foamc runs the case as `foamc run --steps runSteps` does (runner.Run: the gate's lint,
	// the case's preparation such as splitMeshRegions, the solver, verify's judge) instead
	// of meshing and running the solver here; foamcRun records the status and the verdict.
	foamc bool
	// edit changes a spec file's spec before it is compiled (the examples' end time).
	edit func(*schema.Spec)
	// check is the family's verification of a case that ran: it fails o (ran = false,
	// cause) or adds notes.
	check func(ctx context.Context, c ranCase, o *outcome)
}

// ranCase is what a check sees of a run.
type ranCase struct {
	dir  string
	res  *compiler.Result
	spec *schema.Spec
}

// release is the OpenFOAM a spec is compiled for and run in: the zero value is Debian's
// v1912 (the spec's default target), else the spec gets target: and runs in env.
type release struct {
	target string
	env    []string
	app    string // the solver application (foamRun) instead of the spec's solver
	// also, when set, runs a copy of the written case another way first (foamc run).
	also func(ctx context.Context, caseDir string, o *outcome)
}

type outcome struct {
	g        specmatrix.Generated
	compiled bool
	ran      bool
	picked   bool // run in OpenFOAM (not just compiled)
	// mustRefuse: an unsatisfiable or unsupported spec; compiled means refused as it must be.
	mustRefuse bool
	steps      int
	cause      string
	notes      []string // what the family's check judged, printed with the run count
	foamcRun   string   // foamc run's status (release.also, the foamc mode), with verify's verdict
}

func generatedSpecs(gs []specmatrix.Generated) []mspec {
	out := make([]mspec, len(gs))
	for i, g := range gs {
		out[i] = mspec{Generated: g}
	}
	return out
}

// test runs the matrix and reports it: every failure fails t.
func (m matrix) test(t *testing.T) []outcome {
	t.Helper()
	outs := m.outcomes(t)
	m.report(t, outs)
	return outs
}

// outcomes compiles, runs and checks every spec, two at a time (the cores are shared).
func (m matrix) outcomes(t *testing.T) []outcome {
	t.Helper()
	ctx := context.Background()
	root := t.TempDir()
	outs := make([]outcome, len(m.specs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, s := range m.specs {
		run := m.runs == nil || m.runs(i, s)
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			outs[i] = m.one(ctx, s, root, run)
			if !run {
				outs[i].ran = outs[i].compiled // compiled, not run in the sample
			}
		}()
	}
	wg.Wait()
	return outs
}

// one compiles a spec, and when run is set writes, meshes and runs it and checks it.
func (m matrix) one(ctx context.Context, s mspec, root string, run bool) outcome {
	o := outcome{g: s.Generated, picked: run, mustRefuse: s.Unsatisfiable != "" || s.deny != ""}
	dir := filepath.Join(root, s.Name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		o.cause = "tool: " + err.Error()
		return o
	}
	path := s.path
	if path == "" {
		path = filepath.Join(dir, "spec.yaml")
		yaml := s.YAML
		if m.rel.target != "" {
			yaml += "target: " + m.rel.target + "\n"
		}
		if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
			o.cause = "tool: " + err.Error()
			return o
		}
	}
	spec, err := schema.LoadSpec(path)
	if err != nil {
		o.cause = "load: " + firstWords(err.Error(), 12)
		return o
	}
	if o.g.Mesh == "" { // a hand-written spec: the mesh it names
		o.g.Mesh = cmp.Or(spec.Mesh.BlockMeshDict, spec.Mesh.PolyMesh, spec.Mesh.Gmsh, "geometry")
	}
	if m.edit != nil {
		m.edit(spec)
	}
	res, err := compiler.Compile(ctx, spec, m.opts)
	if o.mustRefuse {
		o.compiled = refused(s, err, &o.cause) // refused as it must be
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
	if o.g.Solver == "" { // a hand-written spec: what it compiled to
		o.g.Solver, o.g.Model = res.Features.Solver, cmp.Or(res.Features.Model, "laminar")
	}
	if !run {
		return o
	}
	caseDir := filepath.Join(dir, "case")
	if err := res.Write(caseDir, false); err != nil {
		o.cause = "write: " + err.Error()
		return o
	}
	if m.rel.also != nil {
		m.rel.also(ctx, caseDir, &o)
	}
	switch {
	case m.foamc:
		m.runFoamc(ctx, caseDir, res.Features.Solver, &o)
	case m.allrun:
		m.runAllrun(ctx, caseDir, res.Features.Solver, &o)
	default:
		m.runSteps(ctx, caseDir, res.Features.Solver, &o)
	}
	if o.ran && m.check != nil {
		m.check(ctx, ranCase{dir: caseDir, res: res, spec: spec}, &o)
	}
	return o
}

// refused reports whether a spec that must be refused was, with the finding it names.
func refused(s mspec, err error, cause *string) bool {
	var fl finding.List
	if s.deny != "" {
		if errors.As(err, &fl) {
			for _, f := range fl {
				if f.ID == s.deny && f.Location.Line > 0 && f.Fix != "" {
					return true
				}
			}
		}
		*cause = "refused spec: no located " + s.deny + " with a fix: " + firstWords(fmt.Sprint(err), 12)
		return false
	}
	switch {
	case err == nil:
		*cause = "unsatisfiable spec compiled (" + s.Unsatisfiable + ")"
	case !errors.As(err, &fl):
		*cause = "unsatisfiable spec: bare error " + err.Error()
	default:
		for _, f := range fl {
			if (f.ID == compiler.IDConflict || f.ID == compiler.IDReaction) && f.Location.Line > 0 && strings.Contains(f.Fix+f.Summary, s.Unsatisfiable) {
				return true
			}
		}
		*cause = "unsatisfiable spec: no located " + compiler.IDConflict + " naming " + s.Unsatisfiable + ": " + err.Error()
	}
	return false
}

// runSteps meshes the case (blockMesh, setFields for initial regions) and runs the
// solver until runSteps steps, then judges its log.
func (m matrix) runSteps(ctx context.Context, caseDir, solver string, o *outcome) {
	env := m.rel.env
	if env == nil {
		env = foamtest.Env()
	}
	rctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	if _, err := os.Stat(filepath.Join(caseDir, "system", "blockMeshDict")); err == nil {
		if code, err := runner.Exec(rctx, caseDir, env, "blockMesh", nil, "blockMesh"); err != nil || code != 0 {
			o.cause = "blockMesh: " + logCause(filepath.Join(caseDir, "log.blockMesh"), code)
			return
		}
	}
	// initial.regions (a VoF case's liquid column) are set after the mesh, as Allrun does.
	if _, err := os.Stat(filepath.Join(caseDir, "system", "setFieldsDict")); err == nil {
		if code, err := runner.Exec(rctx, caseDir, env, "setFields", nil, "setFields"); err != nil || code != 0 {
			o.cause = "setFields: " + logCause(filepath.Join(caseDir, "log.setFields"), code)
			return
		}
	}
	if m.rel.app != "" {
		solver = m.rel.app
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
	case m.rel.target == compiler.Target12 && !strings.Contains(string(log), "Build  : 12"):
		o.cause = "solver: not Foundation 12's " + solver + " (no `Build  : 12` in its log)"
	case !judgeLog(log, code, caseDir, solver, o):
	case steps < minSteps && sctx.Err() == nil && (err != nil || code != 0):
		o.cause = fmt.Sprintf("solver: exit %d after %d steps", code, steps)
	case steps < minSteps && rctx.Err() != nil:
		o.cause = fmt.Sprintf("solver: timeout after %d steps", steps)
	case steps < minSteps:
		o.cause = fmt.Sprintf("solver: only %d steps", steps)
	default:
		o.ran = true
	}
}

// runAllrun runs the case's Allrun to its end time and judges the solver's log.
func (m matrix) runAllrun(ctx context.Context, caseDir, solver string, o *outcome) {
	env := m.rel.env
	if env == nil {
		if _, err := openfoam.LookPath(solver); err != nil {
			o.cause = "solver: " + solver + " is not installed"
			return
		}
		env = foamtest.Env()
	}
	solver = cmp.Or(m.rel.app, solver)
	rctx, cancel := context.WithTimeout(ctx, 20*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(rctx, "sh", "Allrun")
	cmd.Dir, cmd.Env = caseDir, env
	out, runErr := cmd.CombinedOutput()
	log, _ := os.ReadFile(filepath.Join(caseDir, "log."+solver))
	o.steps = len(timeLine.FindAll(log, -1))
	code := cmd.ProcessState.ExitCode()
	switch {
	case m.rel.target == compiler.Target12 && !strings.Contains(string(log), "Build  : 12"):
		o.cause = "solver: not Foundation 12's " + solver + " (no `Build  : 12` in its log)"
	case !judgeLog(log, code, caseDir, solver, o):
	case runErr != nil:
		o.cause = "Allrun: " + firstWords(lastLine(out), 12)
	case o.steps < minSteps:
		o.cause = fmt.Sprintf("solver: only %d steps", o.steps)
	default:
		o.ran = true
	}
}

// runFoamc runs the case through runner.Run with --steps runSteps, the matrix's linter and
// verify's judge, and judges the solver's log; a run verify rejects still ran.
func (m matrix) runFoamc(ctx context.Context, caseDir, solver string, o *outcome) {
	rctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	res, err := runner.Run(rctx, caseDir, runner.Options{Steps: runSteps, Lint: m.opts.Linter, Verify: runner.Judge(verify.Options{})})
	if err != nil {
		o.cause = "foamc run: " + firstWords(err.Error(), 12)
		return
	}
	o.foamcRun = res.Status
	if res.Verify != nil {
		o.foamcRun += ", verify " + res.Verify.Verdict
	}
	log, _ := os.ReadFile(filepath.Join(caseDir, "log."+solver))
	o.steps = len(timeLine.FindAll(log, -1))
	switch {
	case res.Status == runner.StatusRefused:
		o.cause = "foamc run: refused: " + firstDeny(res.Gate)
	case !judgeLog(log, 0, caseDir, solver, o):
	case res.Failure != nil && res.Failure.Class != runner.ClassVerification:
		o.cause = "foamc run: " + res.Status + " [" + res.Failure.Class + "/" + res.Failure.Kind + "]"
	case o.steps < minSteps:
		o.cause = fmt.Sprintf("solver: only %d steps", o.steps)
	default:
		o.ran = true
	}
}

// judgeLog fails o for a FATAL error, a floating point exception or a nan in the log.
func judgeLog(log []byte, code int, caseDir, solver string, o *outcome) bool {
	switch {
	case fatalLine.Match(log):
		o.cause = "solver: " + logCause(filepath.Join(caseDir, "log."+solver), code)
	case strings.Contains(string(log), "sigFpe::sigHandler") || code == 136:
		o.cause = "solver: floating point exception"
	case nanRe.Match(log):
		o.cause = "solver: nan"
	default:
		return true
	}
	return false
}

func lastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return lines[len(lines)-1]
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
// A sampled matrix (runs and label set) first says how many specs ran in OpenFOAM, with the notes of
// the family's checks.
func (m matrix) report(t *testing.T, outs []outcome) {
	t.Helper()
	text, failed := m.summary(outs)
	fmt.Print(text)
	if failed > 0 {
		t.Errorf("%d specs failed (see the causes above)", failed)
	}
}

// summary is report's text and the number of specs that failed.
func (m matrix) summary(outs []outcome) (string, int) {
	var b strings.Builder
	if m.label != "" {
		run, ran := 0, 0
		var notes []string
		for _, o := range outs {
			if !o.picked {
				continue
			}
			run++
			if o.ran {
				ran++
			}
			if o.notes != nil {
				notes = append(notes, fmt.Sprintf("  %s: %d steps; %s", o.g.Name, o.steps, strings.Join(o.notes, "; ")))
			}
		}
		sort.Strings(notes)
		fmt.Fprintf(&b, "%s (-matrix=%s): %d specs meshed and run in OpenFOAM, %d ran >= %d steps%s\n", m.label, *matrixMode, run, ran, minSteps, m.runNote)
		for _, n := range notes {
			b.WriteString(n + "\n")
		}
	}
	var sat, compiled, ran, unsat, refused int
	meshes, pairs := map[string]bool{}, map[string]bool{}
	causes := map[string][]string{}
	for _, o := range outs {
		meshes[o.g.Mesh] = true
		if o.mustRefuse {
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
	fmt.Fprintf(&b, "%s: %d specs over %d distinct meshes, %d solver x model pairs\n", m.name, len(outs), len(meshes), len(pairs))
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
	if len(keys) == 0 {
		return b.String(), 0
	}
	return b.String(), len(outs) - ran - refused
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// lintedOptions compiles as foamc compile does: the embedded kb and the full rule library
// (built once for the package's tests; the linter is safe for concurrent use).
func lintedOptions(t *testing.T) compiler.Options {
	t.Helper()
	opts, err := linted()
	if err != nil {
		t.Fatal(err)
	}
	return opts
}

var linted = sync.OnceValues(func() (compiler.Options, error) {
	k, err := kb.Default()
	if err != nil {
		return compiler.Options{}, err
	}
	linter, err := compiler.NewRulesLinterKB(context.Background(), k)
	return compiler.Options{KB: k, Linter: linter}, err
})
