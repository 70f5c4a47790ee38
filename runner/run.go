package runner

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/snapshot"
	"github.com/foamc/foamc/llm"
)

// Linter lints a case directory (the gate); it returns every finding. It is the
// compiler's Linter too: one interface, with the context of the run.
type Linter = finding.Linter

// Options controls Run.
type Options struct {
	// Steps > 0 limits the solver to N time steps (see limitSteps).
	Steps int
	// Parallel > 1 decomposes the case and runs mpirun -np N <solver> -parallel.
	Parallel int
	// Repair is the maximum number of repair rounds (0: none).
	Repair int
	// Timeout bounds the whole run, repairs included (0: none).
	Timeout time.Duration
	// Lint is the gate: a deny refuses the run, and every repair is re-linted.
	// It is required: Run fails closed without it.
	Lint Linter
	// Retriever answers the heuristic keyword queries of repair; nil disables
	// retrieval-based repairs.
	Retriever Retriever
	// Verify, when set, judges the result once the solver has finished: a reject
	// makes the run fail (status rejected) and, with Repair, is repaired like a
	// solver failure (continue an unconverged steady run, bounded schemes).
	Verify Verifier
	// LLM, when set, is asked for a repair after the deterministic ones fail.
	LLM *llm.Client
	// Progress receives each completed solver step.
	Progress func(Progress)
	// Log receives one line per stage ("meshing", "repair: ...").
	Log io.Writer
	// Env is the environment for OpenFOAM binaries (default CaseEnv: the case's release).
	Env []string
	// RequireContainment refuses the run when the kernel cannot contain the programs
	// (also set by FOAMC_REQUIRE_CONTAINMENT=1).
	RequireContainment bool
}

// Status of a run.
const (
	StatusOK      = "ok"
	StatusFailed  = "failed"
	StatusRefused = "refused"
	StatusTimeout = "timeout"
	// StatusInterrupted: ctx was cancelled (SIGINT, SIGTERM); the processes were stopped.
	StatusInterrupted = "interrupted"
)

// Result summarises a run.
type Result struct {
	Case     string             `json:"case"`
	Solver   string             `json:"solver"`
	Status   string             `json:"status"`
	Steps    int                `json:"steps"`
	WallTime string             `json:"wallTime"`
	Final    map[string]float64 `json:"finalResiduals,omitempty"`
	Failure  *Failure           `json:"failure,omitempty"`
	Gate     []finding.Finding  `json:"gate,omitempty"` // deny findings that refused the run
	// MeshReport and Mesh are the checks of a mesh this run made (checkMesh, snappyHexMesh's
	// layers), meshcheck.go.
	MeshReport *MeshReport       `json:"meshReport,omitempty"`
	Mesh       []finding.Finding `json:"mesh,omitempty"`
	// Findings are every finding of the run: the gate's denies, the solver failure
	// (Failure as a finding with its class's catalogue ID), verify's findings.
	Findings []finding.Finding `json:"findings,omitempty"`
	// RefusedBy names what refused a refused run when it is not the gate's rules (the
	// Slurm preflight).
	RefusedBy string        `json:"refusedBy,omitempty"`
	Repairs   []Repair      `json:"repairs,omitempty"`
	Plot      string        `json:"plot,omitempty"`
	Verify    *Verification `json:"verify,omitempty"` // the verdict on the finished run (Options.Verify)
	Attempts  int           `json:"attempts"`         // solver runs
	Job       *Job          `json:"job,omitempty"`    // the Slurm job (RunSlurm)
	history   *LogParser
}

// Run gates, meshes and solves a case, repairing failures in bounded rounds.
// It returns an error only when it could not do its job (missing binaries,
// unreadable case, no linter); a failed, refused or interrupted run is a Result.
func Run(ctx context.Context, dir string, opt Options) (*Result, error) {
	start := time.Now()
	res, err := run(ctx, dir, opt)
	if errors.Is(ctx.Err(), context.Canceled) {
		// Cancelled in any stage: every process was stopped on the way out
		// (Exec) and controlDict restored (limitSteps); what ran so far is the result.
		if res == nil {
			res = &Result{Case: dir, WallTime: time.Since(start).Round(time.Millisecond).String()}
		}
		res.Status, res.Failure, err = StatusInterrupted, nil, nil
	}
	res.collect()
	return res, err
}

func run(ctx context.Context, dir string, opt Options) (*Result, error) {
	start := time.Now()
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	if err := defaults(opt.Lint, dir, &opt.Env, &opt.Log); err != nil {
		return nil, err
	}
	res := &Result{Case: dir}
	defer func() {
		if res != nil {
			res.WallTime = time.Since(start).Round(time.Millisecond).String()
		}
	}()
	// The run's own copy of the case: judged, meshed, solved and repaired there, and
	// synced back at the end (whatever the outcome).
	snap, refused, err := snapshot.Take(dir)
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	if len(refused) > 0 {
		res.Status, res.Gate = StatusRefused, refused
		fmt.Fprintf(opt.Log, "snapshot: %d deny finding(s); not running\n", len(refused))
		return res, nil
	}
	defer snap.Close()
	res, err = runOn(ctx, snap, res, opt)
	skipped, serr := snap.Sync()
	for _, s := range skipped {
		fmt.Fprintf(opt.Log, "%s: %s\n", s.ID, s.Summary)
	}
	if err == nil && serr != nil {
		err = fmt.Errorf("runner: %w", serr)
	}
	if res != nil && res.Plot != "" {
		res.Plot = filepath.Join(snap.Case, "residuals.png")
	}
	return res, err
}

// runOn runs the snapshot's case; what it leaves there is synced back by run.
func runOn(ctx context.Context, snap *snapshot.Snapshot, res *Result, opt Options) (*Result, error) {
	abs := snap.Dir
	f := foam{dir: abs, env: opt.Env, tmp: snap.Tmp, require: opt.RequireContainment}
	if err := recoverControlDict(abs, opt.Log); err != nil {
		return nil, err
	}

	// Gate.
	fs, err := opt.Lint.LintDir(ctx, abs)
	if err != nil {
		return nil, fmt.Errorf("runner: gate: %w", err)
	}
	for _, c := range containment(opt.RequireContainment) {
		fs = append(fs, c)
		fmt.Fprintf(opt.Log, "%s: %s\n", c.ID, c.Summary)
	}
	rp := &repairer{f: f, opt: opt, dir: abs}
	if denies := denyOnly(fs); len(denies) > 0 && opt.Repair > 0 && !anySecurity(denies) {
		if rp.solver, err = f.get(ctx, "system/controlDict", "application"); err != nil {
			rp.solver = ""
		}
		// Field repairs need the mesh patches; blockMesh reads only
		// blockMeshDict, which the gate found free of dynamic code. A mesh that
		// fails here is met again (and reported) by the run.
		// A snappyHexMesh case's patches only exist after snappyHexMesh: blockMesh alone
		// would leave a background mesh that prepare then takes for the case's mesh.
		if _, err := os.Stat(filepath.Join(abs, "system", "snappyHexMeshDict")); err != nil {
			_ = mesh(ctx, f, opt.Log)
		}
		if denies, err = rp.repairGate(ctx, denies, opt.Repair, func(format string, a ...any) { fmt.Fprintf(opt.Log, format, a...) }); err != nil {
			return nil, err
		}
		fs = denies
	}
	if denies := denyOnly(fs); len(denies) > 0 {
		res.Status, res.Gate = StatusRefused, denies
		res.Repairs = rp.applied()
		fmt.Fprintf(opt.Log, "gate: %d deny finding(s); not running\n", len(denies))
		if len(res.Repairs) > 0 {
			if err := writeJSON(filepath.Join(abs, "repair.json"), res.Repairs); err != nil {
				return nil, err
			}
		}
		return res, nil
	}
	fmt.Fprintln(opt.Log, "gate: passed")

	if err := cleanLogs(abs); err != nil {
		return nil, err
	}
	prepared := false
	for round := 0; ; round++ {
		// controlDict must parse before anything runs: its FATAL error is a
		// failure to classify and repair like a solver's.
		p, code, err := preflight(ctx, f)
		if err != nil {
			return nil, err
		}
		if code == 0 {
			if res.Solver, err = f.get(ctx, "system/controlDict", "application"); err != nil || res.Solver == "" {
				return nil, fmt.Errorf("runner: system/controlDict has no application: %v", err)
			}
			rp.solver = res.Solver
			if !prepared {
				refused, err := prepare(ctx, f, opt.Log, opt.Progress)
				if err != nil {
					return nil, err
				}
				if len(refused) > 0 {
					res.Status, res.Gate = StatusRefused, refused
					fmt.Fprintf(opt.Log, "prepare: %d step(s) foamc does not run; not running\n", len(refused))
					return res, nil
				}
				if refused := res.checkMesh(abs, opt.Log); len(refused) > 0 {
					res.Status, res.Gate, res.RefusedBy = StatusRefused, refused, "checkMesh"
					return res, nil
				}
				prepared = true
			}
			p, code, err = solve(ctx, f, res.Solver, opt)
			var ee *entryError
			if errors.As(err, &ee) {
				res.Status, res.Failure = StatusFailed, ee.failure()
				if done, err := repairRound(ctx, rp, res, p, round, opt); err != nil || done {
					if err != nil {
						return nil, err
					}
					break
				}
				continue
			}
			res.Attempts++
			if err != nil && errors.Is(err, context.Canceled) && p != nil {
				res.Status = StatusInterrupted
				res.history, res.Steps = p, len(p.Steps)
				if fin := p.Final(); fin != nil {
					res.Final = fin.Residuals
				}
				break
			}
			if err != nil && errors.Is(err, context.DeadlineExceeded) && p != nil {
				// --timeout: the run so far is the result.
				res.Status = StatusTimeout
				res.Failure = &Failure{Class: ClassTimeout, Kind: ClassTimeout, Summary: "the run exceeded --timeout " + opt.Timeout.String(), Message: p.Tail()}
				res.history, res.Steps = p, len(p.Steps)
				if fin := p.Final(); fin != nil {
					res.Final = fin.Residuals
				}
				break
			}
			if err != nil {
				return nil, err
			}
		}
		res.history = p
		res.Steps = len(p.Steps)
		if fin := p.Final(); fin != nil {
			res.Final = fin.Residuals
		}
		if code == 0 && !p.NaN {
			res.Status, res.Failure = StatusOK, nil
			rejected, err := verified(res, abs, opt.Verify, opt.Log)
			if err != nil {
				return nil, err
			}
			if !rejected {
				break
			}
		} else {
			res.Status, res.Verify = StatusFailed, nil
			res.Failure = Classify(p, code, abs)
			fmt.Fprintf(opt.Log, "%s failed (exit %d): [%s/%s] %s\n", res.Solver, code, res.Failure.Class, res.Failure.Kind, res.Failure.Summary)
		}
		done, err := repairRound(ctx, rp, res, p, round, opt)
		if err != nil {
			return nil, err
		}
		if done {
			break
		}
	}
	res.Repairs = rp.applied()
	if len(res.Repairs) > 0 {
		if err := writeJSON(filepath.Join(abs, "repair.json"), res.Repairs); err != nil {
			return nil, err
		}
	}
	if res.history != nil && len(res.history.Fields()) > 0 {
		png := filepath.Join(abs, "residuals.png")
		if err := WritePlot(png, res.history.Steps, res.Solver+" residuals: "+filepath.Base(snap.Case)); err != nil {
			return nil, err
		}
		res.Plot = png
	}
	return res, nil
}

// defaults fails closed without a gate and fills the environment and log Run and
// RunSlurm default to.
func defaults(lint Linter, dir string, env *[]string, log *io.Writer) error {
	if lint == nil {
		return errors.New("runner: no linter configured: the gate fails closed")
	}
	if *env == nil {
		e, err := CaseEnv(dir)
		if err != nil {
			return err
		}
		*env = e
	}
	if *log == nil {
		*log = io.Discard
	}
	return nil
}

// repairRound applies one repair for res.Failure; done reports that the loop
// ends (rounds exhausted or nothing applicable).
func repairRound(ctx context.Context, rp *repairer, res *Result, p *LogParser, round int, opt Options) (done bool, err error) {
	if round >= opt.Repair {
		return true, nil
	}
	if p == nil {
		p = &LogParser{}
	}
	rep, err := rp.repair(ctx, res.Failure, p, round+1)
	if err != nil {
		return true, err
	}
	if rep == nil {
		fmt.Fprintln(opt.Log, "repair: no applicable repair")
		return true, nil
	}
	fmt.Fprintf(opt.Log, "repair %d: %s %s (%s)\n", rep.Round, rep.Strategy, rep.Target(), strings.Join(rep.Sources, ", "))
	return false, cleanLogs(rp.dir)
}

func anySecurity(fs []finding.Finding) bool {
	for _, f := range fs {
		if isSecurity(f) {
			return true
		}
	}
	return false
}

func denyOnly(fs []finding.Finding) []finding.Finding {
	var out []finding.Finding
	for _, f := range fs {
		if f.Severity == finding.Deny {
			out = append(out, f)
		}
	}
	finding.Sort(out)
	return out
}

// cleanLogs removes old log.* files: OpenFOAM's runApplication convention
// skips a step whose log exists, and stale logs would mislead classification.
func cleanLogs(dir string) error {
	m, _ := filepath.Glob(filepath.Join(dir, "log.*"))
	for _, p := range m {
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("runner: remove old log: %w", err)
		}
	}
	return nil
}

// preflight reads controlDict with foamDictionary (log.foamDictionary).
func preflight(ctx context.Context, f foam) (*LogParser, int, error) {
	p := &LogParser{}
	code, err := f.exec(ctx, "foamDictionary", func(l string) { p.Feed(l) }, "foamDictionary", "-keywords", "system/controlDict")
	return p, code, err
}

// mesh runs blockMesh when the case has a blockMeshDict and no mesh yet.
func mesh(ctx context.Context, f foam, log io.Writer) error {
	if hasMesh(f.dir) {
		return nil
	}
	if _, err := os.Stat(filepath.Join(f.dir, "system", "blockMeshDict")); err != nil {
		return fmt.Errorf("runner: %s has no mesh (constant/polyMesh) and no system/blockMeshDict", f.dir)
	}
	fmt.Fprintln(log, "mesh: blockMesh")
	code, err := f.exec(ctx, "blockMesh", nil, "blockMesh")
	if err != nil {
		return err
	}
	if code != 0 {
		p, _ := parseLogFile(filepath.Join(f.dir, "log.blockMesh"))
		msg := ""
		if p != nil {
			msg = trimMessage(p.Fatal())
		}
		return fmt.Errorf("runner: blockMesh failed (exit %d): %s", code, msg)
	}
	return nil
}

func parseLogFile(path string) (*LogParser, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return ParseLog(fh)
}

// solve runs the solver (decomposed when parallel) with the step limit applied
// to controlDict for the duration of the run only.
func solve(ctx context.Context, f foam, solver string, opt Options) (*LogParser, int, error) {
	if opt.Steps > 0 {
		restore, err := limitSteps(ctx, f, opt.Steps)
		if err != nil {
			return nil, 0, err
		}
		defer restore()
	}
	p := &LogParser{}
	logPath := filepath.Join(f.dir, "log."+solver)
	onLine := func(l string) {
		if p.Feed(l) && opt.Progress != nil {
			opt.Progress(Progress{Step: p.Steps[len(p.Steps)-1], N: len(p.Steps), Log: logPath})
		}
	}
	if opt.Parallel > 1 {
		if err := decompose(ctx, f, opt.Parallel, opt.Log); err != nil {
			return nil, 0, err
		}
		fmt.Fprintf(opt.Log, "solve: mpirun -np %d %s -parallel\n", opt.Parallel, solver)
		code, err := f.exec(ctx, solver, onLine, "mpirun", append(mpirunPrefix(f.env), "-np", strconv.Itoa(opt.Parallel), solver, "-parallel")...)
		if err != nil || code != 0 {
			return p, code, err
		}
		fmt.Fprintln(opt.Log, "reconstructPar -latestTime")
		rc, err := f.exec(ctx, "reconstructPar", nil, "reconstructPar", "-latestTime")
		if err == nil && rc != 0 {
			err = fmt.Errorf("runner: reconstructPar failed (exit %d), see log.reconstructPar", rc)
		}
		return p, code, err
	}
	fmt.Fprintf(opt.Log, "solve: %s\n", solver)
	code, err := f.exec(ctx, solver, onLine, solver)
	return p, code, err
}

// limitSteps bounds the run to n steps by editing controlDict in place —
// endTime = startTime + n*deltaT, stopAt endTime, and a write at the last step
// (writeControl timeStep, writeInterval n); with adjustTimeStep, whose steps
// do not add up to n*deltaT, a function object that stops the run after its
// n-th step (stopAfter) — and returns a function restoring the original bytes.
// The original stays on disk (controlDictBackup) until restored, so a run that
// is killed outright is repaired by the next one (recoverControlDict).
func limitSteps(ctx context.Context, f foam, n int) (func(), error) {
	cd := filepath.Join(f.dir, "system", "controlDict")
	backup := filepath.Join(f.dir, controlDictBackup)
	// A copy left by a killed run is the original; the controlDict is its edit.
	orig, err := os.ReadFile(backup)
	if err != nil {
		orig, err = os.ReadFile(cd)
	}
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	if err := os.WriteFile(backup, orig, 0o644); err != nil {
		return nil, fmt.Errorf("runner: keep the original controlDict: %w", err)
	}
	restore := func() {
		if os.WriteFile(cd, orig, 0o644) == nil {
			os.Remove(backup)
		}
	}
	num := func(entry string) (float64, error) {
		v, err := f.get(ctx, "system/controlDict", entry)
		if err != nil {
			return 0, fmt.Errorf("runner: --steps needs %s in controlDict: %w", entry, err)
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return 0, &entryError{file: "system/controlDict", entry: entry, value: v}
		}
		return x, nil
	}
	startTime, err := num("startTime")
	if err != nil {
		return nil, err
	}
	if from, _ := f.get(ctx, "system/controlDict", "startFrom"); from == "latestTime" {
		startTime = max(startTime, latestTime(f.dir))
	}
	deltaT, err := num("deltaT")
	if err != nil {
		return nil, err
	}
	adjust, err := f.get(ctx, "system/controlDict", "adjustTimeStep")
	adjustable := err == nil && switchOn(adjust)
	set := [][2]string{
		{"endTime", strconv.FormatFloat(startTime+float64(n)*deltaT, 'g', 12, 64)}, {"stopAt", "endTime"},
		{"writeControl", "timeStep"}, {"writeInterval", strconv.Itoa(n)},
	}
	if adjustable {
		// The step follows the Courant number, so an endTime bound ends after other than n
		// steps: the run stops at time index i0+n instead, where a write every i0+n steps
		// first falls.
		if !caseIs12(f.dir) {
			if err := f.set(ctx, "system/controlDict", "functions/"+stepsFunction, stopAfter(f, startTime, n)); err != nil {
				restore()
				return nil, fmt.Errorf("runner: limit steps: %w", err)
			}
			return restore, nil
		}
		// Foundation 12 has no runTimeControl; its Time ends the loop at the first write
		// time under `stopAt nextWrite` (Time.C of 12, operator++), the case's endTime
		// staying the outer bound.
		set = [][2]string{{"stopAt", "nextWrite"}, {"writeControl", "timeStep"}, {"writeInterval", strconv.Itoa(startIndex(f.dir, startTime) + n)}}
	}
	for _, kv := range set {
		if err := f.set(ctx, "system/controlDict", kv[0], kv[1]); err != nil {
			restore()
			return nil, fmt.Errorf("runner: limit steps: %w", err)
		}
	}
	return restore, nil
}

// Progress is one completed solver step as Options.Progress sees it.
type Progress struct {
	Step
	// Phase names a meshing phase (snappyHexMesh's castellating, snapping, adding layers)
	// instead of a solver step.
	Phase string
	// N counts the steps of this solver run so far (1 for the first).
	N int
	// Log is the solver log being written.
	Log string
}

// entryError is a controlDict entry the step limit cannot read: the solver
// would fail on it too, so Run treats it as a format failure to repair.
type entryError struct{ file, entry, value string }

func (e *entryError) Error() string {
	return fmt.Sprintf("runner: %s: entry '%s' is not a number: %q", e.file, e.entry, e.value)
}

func (e *entryError) failure() *Failure {
	f := &Failure{Class: ClassFormat, Kind: KindSyntax, File: e.file, Keyword: e.entry,
		Summary: fmt.Sprintf("Entry '%s' is not a number: %q", e.entry, e.value)}
	if n := len(strings.Fields(e.value)); n > 1 {
		f.Kind = KindExcessTokens
		f.Summary = fmt.Sprintf("Entry '%s' has %d excess tokens: %q", e.entry, n-1, e.value)
	}
	f.Message = f.Summary
	return f
}

func latestTime(dir string) float64 {
	ents, _ := os.ReadDir(dir)
	best := 0.0
	for _, e := range ents {
		if v, err := strconv.ParseFloat(e.Name(), 64); err == nil && e.IsDir() && v > best {
			best = v
		}
	}
	return best
}

func foamHeader(class, object string) string {
	return fmt.Sprintf("FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       %s;\n    object      %s;\n}\n\n", class, object)
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("runner: %w", err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("runner: %w", err)
	}
	return nil
}

// Summary is a short human report of a result.
func (r *Result) Summary() string {
	var b strings.Builder
	if r.Status == StatusRefused {
		fmt.Fprintf(&b, "%s: refused by the %s: %d deny finding(s), nothing was run (wall time %s)\n", r.Case, cmp.Or(r.RefusedBy, "gate"), len(r.Gate), r.WallTime)
		return b.String()
	}
	fmt.Fprintf(&b, "%s: %s (%s), %d step(s), %d solver run(s), wall time %s\n", r.Case, r.Status, r.Solver, r.Steps, r.Attempts, r.WallTime)
	if len(r.Final) > 0 {
		keys := make([]string, 0, len(r.Final))
		for k := range r.Final {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteString("final residuals:")
		for _, k := range keys {
			fmt.Fprintf(&b, " %s=%.3g", k, r.Final[k])
		}
		b.WriteByte('\n')
	}
	for _, rp := range r.Repairs {
		rev := ""
		if rp.Reverted {
			rev = " (reverted: the failure came back)"
		}
		kind := "repair"
		if rp.Finding != "" {
			kind = "gate repair"
		}
		fmt.Fprintf(&b, "%s %d: %s %s <- %s%s\n", kind, rp.Round, rp.Strategy, rp.Target(), strings.Join(rp.Sources, ", "), rev)
	}
	if j := r.Job; j != nil {
		fmt.Fprintf(&b, "slurm job %s: %s, exit code %d, output %s\n", j.ID, j.State, j.ExitCode, j.Output)
	}
	if r.Failure != nil {
		id := ""
		if r.Failure.ID != "" {
			id = r.Failure.ID + " "
		}
		fmt.Fprintf(&b, "failure: %s[%s/%s] %s\n", id, r.Failure.Class, r.Failure.Kind, r.Failure.Summary)
	}
	if v := r.Verify; v != nil {
		fmt.Fprintf(&b, "verify: %s\n", v.Verdict)
	}
	if r.Plot != "" {
		fmt.Fprintf(&b, "residual plot: %s\n", r.Plot)
	}
	return b.String()
}
