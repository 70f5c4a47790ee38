package study

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase/polymesh"
	"github.com/foamc/foamc/runner"
	"github.com/foamc/foamc/verify"
)

// Options controls Run.
type Options struct {
	// Out is the study directory: cases/<id> (the compiled cases), logs/<id>.log,
	// plots/, the results and the record (study.json).
	Out string
	// Compile are the compiler's options (its linter and knowledge base).
	Compile compiler.Options
	// Lint is the gate of every run (runner.Options.Lint).
	Lint runner.Linter
	// Concurrency overrides the study file's run.concurrency when > 0.
	Concurrency int
	// Redo runs again the finished variants whose inputs changed since they were
	// recorded (refused otherwise: the table would mix old and new inputs). Unfinished
	// variants always run with their current inputs.
	Redo bool
	// Slurm runs the variants as one Slurm job array (runner.RunSlurm per variant, one
	// sbatch --array for all; docs/study.md); also the study file's run.slurm.
	Slurm bool
	// Log receives one line per variant state change and the summary.
	Log io.Writer
	// RequireContainment: runner.Options.RequireContainment.
	RequireContainment bool
	// Steps and Timeout, when > 0, bound every variant's run instead of the study file's
	// run.steps and run.timeout (the MCP server's limits).
	Steps   int
	Timeout time.Duration
}

// Variant states in the record.
const (
	StatePending     = "pending"
	StateRunning     = "running"
	StateDone        = "done"        // ran to its end and was verified (any verdict)
	StateFailed      = "failed"      // did not compile, was refused, failed or timed out
	StateInterrupted = "interrupted" // stopped by SIGINT/SIGTERM; runs again on resume
	StateChanged     = "changed"     // recorded with other inputs; refused without Redo
)

// RecordFile is the study directory's record of every variant.
const RecordFile = "study.json"

// Outcome is one variant's record: its inputs and what came of them.
type Outcome struct {
	ID     string  `json:"id"`
	Params []Value `json:"params,omitempty"`
	Level  int     `json:"level,omitempty"`
	Inputs string  `json:"inputs"`
	State  string  `json:"state"`
	// Status is the runner's (ok, rejected, failed, refused, timeout, interrupted) or
	// "not compiled"; Verdict is verify's; Reason says why in one line.
	Status   string    `json:"status,omitempty"`
	Verdict  string    `json:"verdict,omitempty"`
	Reason   string    `json:"reason,omitempty"`
	Cells    int       `json:"cells,omitempty"`
	Steps    int       `json:"steps,omitempty"`
	WallTime string    `json:"wallTime,omitempty"`
	Measures []Measure `json:"measures,omitempty"`
	// Ran is set when this invocation ran the variant (not recorded).
	Ran bool `json:"-"`
}

// Measure is one number verify measured (finding.Measure) for an expect: item.
type Measure struct {
	// Name is the expect: item's name; Kind "value" (the measured quantity) or "drift"
	// (its change across the judged window).
	Name      string  `json:"name"`
	Kind      string  `json:"kind"`
	Value     float64 `json:"value"`
	Reference float64 `json:"reference"`
	Deviation float64 `json:"deviation"`
	Tolerance float64 `json:"tolerance"`
	At        string  `json:"at,omitempty"`
	Met       bool    `json:"met"`
}

// Record is the study directory's study.json.
type Record struct {
	Study    string              `json:"study"`
	Kind     string              `json:"kind"`
	Variants map[string]*Outcome `json:"variants"`
}

// Result is a study run: every variant's outcome, in the study's order, the findings
// (changed inputs) and the convergence analysis.
type Result struct {
	Study       string            `json:"study"`
	Kind        string            `json:"kind"`
	Dir         string            `json:"dir"`
	Variants    []*Outcome        `json:"variants"`
	Findings    []finding.Finding `json:"findings,omitempty"`
	Convergence []Convergence     `json:"convergence,omitempty"`
	Files       []string          `json:"files"`
	Interrupted bool              `json:"interrupted,omitempty"`
}

// Run runs the variants the record lacks or holds as failed or interrupted, concurrently
// up to the concurrency, and writes the results. It returns an error only when it cannot
// do its job; a variant's failure is its outcome. A cancelled ctx stops the running
// solvers (runner.Run) and leaves the record resumable.
func Run(ctx context.Context, f *File, opt Options) (*Result, error) {
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	variants, err := f.Variants()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(opt.Out, 0o755); err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	rec, err := readRecord(opt.Out)
	if err != nil {
		return nil, err
	}
	if rec.Study != "" && rec.Study != f.Name {
		return nil, fmt.Errorf("study: %s holds study %q, not %q: choose another -o", opt.Out, rec.Study, f.Name)
	}
	rec.Study, rec.Kind = f.Name, f.Kind
	res := &Result{Study: f.Name, Kind: f.Kind, Dir: opt.Out}
	s := &session{f: f, opt: opt, rec: rec, heads: f.heads()}
	var queue []int
	for i := range variants {
		v := &variants[i]
		old := rec.Variants[v.ID]
		switch {
		case old != nil && old.State == StateDone && old.Inputs != v.Inputs && !opt.Redo:
			o := *old
			o.State = StateChanged
			o.Reason = "inputs changed since the recorded run: not run (--redo runs it again)"
			res.Variants = append(res.Variants, &o)
			res.Findings = append(res.Findings, finding.Finding{ID: IDChanged, Severity: finding.Deny,
				Location: finding.Location{File: filepath.Join(opt.Out, RecordFile), Path: "/variants/" + v.ID},
				Summary:  fmt.Sprintf("variant %s (%s): its spec or mesh inputs changed since it was recorded (inputs %.12s, recorded %.12s)", v.ID, v.Label(), v.Inputs, old.Inputs),
				Fix:      "run the study with --redo to run the changed variants again, or restore the inputs"})
			s.log(&o, "inputs changed: refused (--redo runs it again)")
			continue
		case old != nil && old.State == StateDone && old.Inputs == v.Inputs:
			res.Variants = append(res.Variants, old)
			s.log(old, "recorded: "+old.summary())
			continue
		}
		o := &Outcome{ID: v.ID, Params: v.Params, Level: v.Level, Inputs: v.Inputs, State: StatePending}
		rec.Variants[v.ID] = o
		res.Variants = append(res.Variants, o)
		queue = append(queue, i)
	}
	if err := s.save(); err != nil {
		return nil, err
	}
	n := max(1, f.Run.Concurrency)
	if opt.Concurrency > 0 {
		n = opt.Concurrency
	}
	if opt.Slurm || f.Run.Slurm {
		// One job array: every variant to run is gated and waits for the others, then
		// Slurm decides how many run at once.
		n = len(queue)
		s.array = newJobArray(opt.Out, len(queue))
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	var fatal error
	var fatalOnce sync.Once
	for range min(n, max(1, len(queue))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if err := s.run(ctx, &variants[i], rec.Variants[variants[i].ID]); err != nil {
					fatalOnce.Do(func() { fatal = err })
				}
			}
		}()
	}
	for _, i := range queue {
		if ctx.Err() != nil {
			break
		}
		select {
		case jobs <- i:
		case <-ctx.Done():
		}
	}
	close(jobs)
	wg.Wait()
	if fatal != nil {
		return nil, fatal
	}
	res.Interrupted = ctx.Err() != nil
	if err := s.save(); err != nil {
		return nil, err
	}
	if err := writeResults(f, variants, res); err != nil {
		return nil, err
	}
	fmt.Fprint(opt.Log, res.Summary())
	return res, nil
}

type session struct {
	f   *File
	opt Options
	// heads are the parameters progress lines show: the first of each axis.
	heads []string
	// array gathers the variants into one Slurm job array (--slurm).
	array *jobArray
	mu    sync.Mutex
	rec   *Record
}

func (s *session) log(o *Outcome, what string) {
	label := ""
	for _, p := range o.Params {
		if slices.Contains(s.heads, p.Name) {
			label += " " + p.Name + "=" + format(p.Value)
		}
	}
	if o.Level > 0 {
		label += fmt.Sprintf(" level=%d", o.Level)
	}
	fmt.Fprintf(s.opt.Log, "study: %s%s: %s\n", o.ID, label, what)
}

// set changes a variant's state under the lock, records it and says so.
func (s *session) set(o *Outcome, state, what string) error {
	s.mu.Lock()
	o.State = state
	err := s.saveLocked()
	s.mu.Unlock()
	s.log(o, what)
	return err
}

func (s *session) save() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.saveLocked()
}

// saveLocked writes the record atomically (a rename): an interrupted study always
// leaves a whole record.
func (s *session) saveLocked() error {
	b, err := json.MarshalIndent(s.rec, "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(s.opt.Out, RecordFile)
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	return os.Rename(tmp, path)
}

func readRecord(dir string) (*Record, error) {
	rec := &Record{Variants: map[string]*Outcome{}}
	b, err := os.ReadFile(filepath.Join(dir, RecordFile))
	if errors.Is(err, os.ErrNotExist) {
		return rec, nil
	}
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	if err := json.Unmarshal(b, rec); err != nil {
		return nil, fmt.Errorf("study: %s: %w", filepath.Join(dir, RecordFile), err)
	}
	if rec.Variants == nil {
		rec.Variants = map[string]*Outcome{}
	}
	for id, o := range rec.Variants {
		if o.State == StateRunning {
			// A study killed outright (not interrupted) left it running: it did not finish.
			o.State = StateInterrupted
		}
		o.ID = id
	}
	return rec, nil
}

// run compiles, runs and verifies one variant; an error is only what stops the study
// (the record cannot be written).
func (s *session) run(ctx context.Context, v *Variant, o *Outcome) error {
	submitted := false
	if s.array != nil {
		// A variant that ends without submitting lets the array go without it.
		defer func() {
			if !submitted {
				s.array.skip(ctx)
			}
		}()
	}
	if ctx.Err() != nil {
		return nil
	}
	o.Ran = true
	o.Status, o.Verdict, o.Reason, o.Measures, o.Cells, o.Steps, o.WallTime = "", "", "", nil, 0, 0, ""
	if err := s.set(o, StateRunning, "compiling"); err != nil {
		return err
	}
	caseDir := filepath.Join(s.opt.Out, "cases", v.ID)
	spec, err := s.compileSpec(v)
	if err != nil {
		return err
	}
	cres, err := compiler.CompileBytes(ctx, v.ID+".spec.json", spec, filepath.Dir(s.f.Base), s.opt.Compile)
	if err == nil {
		err = cres.Write(caseDir, true)
	}
	if err != nil {
		if ctx.Err() != nil {
			o.Status, o.Reason = runner.StatusInterrupted, "interrupted while compiling"
			return s.set(o, StateInterrupted, "interrupted")
		}
		o.Status, o.Reason = "not compiled", compileReason(err)
		return s.set(o, StateFailed, "failed: "+o.Reason)
	}
	if err := s.set(o, StateRunning, "running"); err != nil {
		return err
	}
	logFile := filepath.Join(s.opt.Out, "logs", v.ID+".log")
	if err := os.MkdirAll(filepath.Dir(logFile), 0o755); err != nil {
		return err
	}
	lf, err := os.Create(logFile)
	if err != nil {
		return err
	}
	defer lf.Close()
	judge := runner.Judge(verify.Options{Plots: filepath.Join(s.opt.Out, "plots", v.ID)})
	timeout := s.f.Run.Timeout
	steps := s.f.Run.Steps
	if s.opt.Timeout > 0 {
		timeout = s.opt.Timeout
	}
	if s.opt.Steps > 0 {
		steps = s.opt.Steps
	}
	var rr *runner.Result
	if s.array != nil {
		submit := func(ctx context.Context, dir string) (string, error) {
			submitted = true
			id, err := s.array.submit(ctx, dir)
			if err == nil {
				s.log(o, "submitted as array task "+id)
			}
			return id, err
		}
		rr, err = runner.RunSlurm(ctx, caseDir, runner.SlurmOptions{Lint: s.opt.Lint, Log: lf, Timeout: timeout, Steps: steps, Verify: judge, Submit: submit})
	} else {
		rr, err = runner.Run(ctx, caseDir, runner.Options{Lint: s.opt.Lint, Log: lf, Timeout: timeout, Steps: steps, Verify: judge, RequireContainment: s.opt.RequireContainment})
	}
	if err != nil {
		o.Status, o.Reason = runner.StatusFailed, err.Error()
		return s.set(o, StateFailed, "failed: "+o.Reason)
	}
	o.Status, o.Steps, o.WallTime = rr.Status, rr.Steps, rr.WallTime
	o.Cells = cells(caseDir)
	if rr.Verify != nil {
		o.Verdict = rr.Verify.Verdict
		o.Measures = measures(spec, rr.Verify.Findings)
	}
	o.Reason = reason(rr)
	switch rr.Status {
	case runner.StatusInterrupted:
		return s.set(o, StateInterrupted, "interrupted: the solver was stopped")
	case runner.StatusOK, runner.StatusRejected:
		return s.set(o, StateDone, o.summary())
	}
	return s.set(o, StateFailed, o.summary())
}

// compileSpec is the spec to compile: the variant's, with a refined mesh written to
// meshes/<id>/blockMeshDict in the study directory and named by its absolute path.
func (s *session) compileSpec(v *Variant) ([]byte, error) {
	if v.Mesh == nil {
		return v.Spec, nil
	}
	path, err := filepath.Abs(filepath.Join(s.opt.Out, "meshes", v.ID, "blockMeshDict"))
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, v.Mesh, 0o644); err != nil {
		return nil, err
	}
	var tree any
	if err := json.Unmarshal(v.Spec, &tree); err != nil {
		return nil, err
	}
	if err := setPointer(&tree, "/mesh/blockMeshDict", path); err != nil {
		return nil, err
	}
	return json.Marshal(tree)
}

func (o *Outcome) summary() string {
	var b strings.Builder
	b.WriteString(o.Status)
	if o.Verdict != "" {
		b.WriteString(", verdict " + o.Verdict)
	}
	if o.Reason != "" {
		b.WriteString(": " + o.Reason)
	}
	return b.String()
}

func compileReason(err error) string {
	var fl finding.List
	if errors.As(err, &fl) && len(fl) > 0 {
		denies := 0
		for _, f := range fl {
			if f.Severity == finding.Deny {
				denies++
			}
		}
		return fmt.Sprintf("%s %s (%d deny finding(s))", fl[0].ID, fl[0].Summary, denies)
	}
	var fd finding.Finding
	if errors.As(err, &fd) {
		return fd.ID + " " + fd.Summary
	}
	return err.Error()
}

// reason is the run's outcome in one line: the gate's first deny, the failure, or
// verify's first reject (else its first warning).
func reason(r *runner.Result) string {
	switch {
	case len(r.Gate) > 0:
		return fmt.Sprintf("%s %s", r.Gate[0].ID, r.Gate[0].Summary)
	case r.Failure != nil:
		return r.Failure.Class + ": " + r.Failure.Summary
	case r.Verify != nil:
		for _, sev := range []finding.Severity{finding.Deny, finding.Warn} {
			for _, f := range r.Verify.Findings {
				if f.Severity == sev {
					return f.ID + " " + f.Summary
				}
			}
		}
		return "every check passed"
	}
	return ""
}

// measures are the numbers verify measured for the spec's expect: items, each found by
// its related location /expect/<i> (never read back from prose).
func measures(spec []byte, fs []finding.Finding) []Measure {
	var s struct {
		Expect []struct {
			Name string `json:"name"`
		} `json:"expect"`
	}
	if json.Unmarshal(spec, &s) != nil {
		return nil
	}
	var out []Measure
	for i, e := range s.Expect {
		ptr := fmt.Sprintf("/expect/%d", i)
		for _, f := range fs {
			if f.Measure == nil || !slices.ContainsFunc(f.Related, func(r finding.Related) bool { return r.Location.Path == ptr }) {
				continue
			}
			m := f.Measure
			kind := "value"
			if m.Kind != "" {
				kind = m.Kind
			}
			out = append(out, Measure{Name: e.Name, Kind: kind, Value: m.Value, Reference: m.Reference, Deviation: m.Deviation,
				Tolerance: m.Tolerance, At: m.At, Met: f.Severity != finding.Deny})
		}
	}
	return out
}

// cells is the cell count of the case's mesh as blockMesh wrote it: every cell owns or
// neighbours a face, so it is one more than the largest label of owner and neighbour.
func cells(dir string) int {
	n := -1
	for _, name := range []string{"owner", "neighbour"} {
		l, err := polymesh.Labels(filepath.Join(dir, "constant", "polyMesh"), name)
		if err != nil {
			return 0
		}
		for _, c := range l {
			n = max(n, c)
		}
	}
	return n + 1
}
