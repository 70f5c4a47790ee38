package faults

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/runner"
	"github.com/foamc/foamc/solverlog"
)

// Outcome is what real OpenFOAM did with a case.
type Outcome struct {
	// Status is "fail" (some step stopped with an error, a signal, a timeout
	// or produced nan) or "ok" (every step ran to the end).
	Status string `json:"status"`
	// Kind: fatal-io-error | fatal-error | sigfpe | nan | exit | timeout.
	Kind string `json:"kind,omitempty"`
	// Step is the program that failed.
	Step string `json:"step,omitempty"`
	// Message is the first line of the error, with the case directory
	// replaced by "<case>".
	Message string `json:"message,omitempty"`
	// Warning is the solver's first OpenFOAM warning line in a run that did
	// not fail (silent faults sometimes leave one).
	Warning string `json:"warning,omitempty"`
}

const (
	StatusFail = "fail"
	StatusOK   = "ok"
)

func (o Outcome) String() string {
	if o.Status == StatusOK {
		return "ok"
	}
	return fmt.Sprintf("%s in %s: %s", o.Kind, o.Step, o.Message)
}

// Same reports whether a re-run reproduces a recorded outcome: same status,
// kind and step, and for FATAL errors the same first message line (solver
// residuals in a nan line or a stack trace may vary between machines).
func (o Outcome) Same(rec Outcome) bool {
	if o.Status != rec.Status || o.Kind != rec.Kind || o.Step != rec.Step {
		return false
	}
	if o.Kind == "fatal-io-error" || o.Kind == "fatal-error" {
		return o.Message == rec.Message
	}
	return true
}

// Runner runs cases with real OpenFOAM.
type Runner struct {
	// Env is the environment of every OpenFOAM program; nil means openfoam.Env().
	Env []string
	// Timeout bounds each program; 0 means two minutes.
	Timeout time.Duration
}

// Run runs the base's steps then its solver in caseDir, each writing
// log.<program> like OpenFOAM's runApplication (runner.Exec, the runner's
// process handling), and classifies the first failure. The error is non-nil
// only when a program could not be started.
func (r Runner) Run(ctx context.Context, caseDir string, b Base) (Outcome, error) {
	timeout := r.Timeout
	if timeout == 0 {
		timeout = 2 * time.Minute
	}
	abs, err := filepath.Abs(caseDir)
	if err != nil {
		return Outcome{}, fmt.Errorf("run %s: %w", caseDir, err)
	}
	env := r.Env
	if env == nil {
		env = openfoam.Env()
	}
	var warning string
	for _, step := range append(append([]string{}, b.Steps...), b.Solver) {
		words := strings.Fields(step)
		prog := words[0]
		sctx, cancel := context.WithTimeout(ctx, timeout)
		p := &solverlog.Parser{}
		code, runErr := runner.Exec(sctx, abs, env, prog, func(l string) { p.Feed(l) }, prog, words[1:]...)
		timedOut := sctx.Err() == context.DeadlineExceeded
		cancel()
		if ctx.Err() != nil {
			return Outcome{}, fmt.Errorf("run %s: %w", b.Name, ctx.Err())
		}
		if runErr != nil && !timedOut {
			return Outcome{}, fmt.Errorf("run %s: %w", b.Name, runErr)
		}
		o := outcome(prog, p, code, timedOut, abs)
		if o.Status == StatusFail {
			return o, nil
		}
		if prog == b.Solver {
			warning = o.Warning // mesh-step warnings are the tutorial's own, not the fault's
		}
	}
	return Outcome{Status: StatusOK, Warning: warning}, nil
}

var wsRe = regexp.MustCompile(`\s+`)

// Classify reads one program's log (exit status as runner.Exec reports it:
// 128+signal for a signal) with the runner's log parser and classifier.
func Classify(prog, log string, exitCode int, timedOut bool, caseDir string) Outcome {
	p, _ := solverlog.Parse(strings.NewReader(log)) // a strings.Reader cannot fail
	return outcome(prog, p, exitCode, timedOut, caseDir)
}

// outcome maps runner.Classify's failure onto the corpus' outcome kinds.
func outcome(prog string, p *solverlog.Parser, exitCode int, timedOut bool, caseDir string) Outcome {
	clean := func(s string) string {
		s = strings.ReplaceAll(s, caseDir, "<case>")
		return strings.TrimSpace(wsRe.ReplaceAllString(s, " "))
	}
	fail := func(kind, msg string) Outcome {
		return Outcome{Status: StatusFail, Kind: kind, Step: prog, Message: msg}
	}
	if fatal := p.Fatal(); fatal != "" {
		kind := "fatal-error"
		if head, _, _ := strings.Cut(fatal, "\n"); strings.Contains(head, "FATAL IO ERROR") {
			kind = "fatal-io-error"
		}
		return fail(kind, clean(runner.Classify(p, exitCode, caseDir).Summary))
	}
	switch runner.Classify(p, exitCode, caseDir).Kind {
	case runner.KindSignal:
		return fail("sigfpe", "floating point exception (SIGFPE)")
	case runner.KindNaN:
		return fail("nan", clean(p.NaNLine))
	}
	switch {
	case timedOut:
		return fail("timeout", "did not finish in time")
	case exitCode != 0:
		return fail("exit", clean(lastLine(strings.Split(p.Tail(), "\n"))))
	}
	return Outcome{Status: StatusOK, Warning: clean(p.Warning)}
}

func lastLine(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if s := strings.TrimSpace(lines[i]); s != "" {
			return s
		}
	}
	return ""
}

// Job is one case to run: a base plus the fault's edits (none for a baseline).
type Job struct {
	Name  string // fault ID, or "baseline/<base>"
	Base  Base
	Edits []Edit
}

// Result is a Job's outcome, or the error that kept it from running.
type Result struct {
	Job     Job
	Outcome Outcome
	Dir     string
	Err     error
}

// Jobs lists every baseline then every fault of the corpus.
func (c *Corpus) Jobs() []Job {
	var jobs []Job
	for _, b := range c.Bases {
		jobs = append(jobs, Job{Name: "baseline/" + b.Name, Base: b})
	}
	for _, f := range c.Faults {
		b, _ := c.Base(f.Base)
		jobs = append(jobs, Job{Name: f.ID, Base: b, Edits: f.Edits})
	}
	return jobs
}

// RunAll materializes every job under workDir/<name> and runs it, parallel at
// a time (at least 1). Results come back in job order.
func (r Runner) RunAll(ctx context.Context, tutorials, workDir string, jobs []Job, parallel int) []Result {
	if parallel < 1 {
		parallel = 1
	}
	results := make([]Result, len(jobs))
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			dir := filepath.Join(workDir, filepath.FromSlash(j.Name))
			res := Result{Job: j, Dir: dir}
			if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
				res.Err = err
			} else if err := Materialize(tutorials, j.Base, j.Edits, dir); err != nil {
				res.Err = err
			} else {
				res.Outcome, res.Err = r.Run(ctx, dir, j.Base)
			}
			results[i] = res
		}()
	}
	wg.Wait()
	return results
}
