package faults

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/foamc/foamc/openfoam"
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
// log.<program> like OpenFOAM's runApplication, and classifies the first
// failure. The error is non-nil only when a program could not be started.
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
	for _, prog := range append(append([]string{}, b.Steps...), b.Solver) {
		bin, err := openfoam.LookPath(prog)
		if err != nil {
			return Outcome{}, fmt.Errorf("run %s: %w", b.Name, err)
		}
		logPath := filepath.Join(abs, "log."+prog)
		_ = os.Remove(logPath) // runApplication semantics: a fresh log per run
		logFile, err := os.Create(logPath)
		if err != nil {
			return Outcome{}, fmt.Errorf("run %s: %w", b.Name, err)
		}
		sctx, cancel := context.WithTimeout(ctx, timeout)
		cmd := exec.CommandContext(sctx, bin)
		cmd.Dir = abs
		// OpenFOAM warns when PWD is not the working directory.
		cmd.Env = append(append([]string{}, env...), "PWD="+abs)
		cmd.Stdout, cmd.Stderr = logFile, logFile
		runErr := cmd.Run()
		timedOut := sctx.Err() == context.DeadlineExceeded
		cancel()
		if err := logFile.Close(); err != nil {
			return Outcome{}, fmt.Errorf("run %s: %w", b.Name, err)
		}
		if ctx.Err() != nil {
			return Outcome{}, fmt.Errorf("run %s: %w", b.Name, ctx.Err())
		}
		var exitErr *exec.ExitError
		if runErr != nil && !errors.As(runErr, &exitErr) {
			return Outcome{}, fmt.Errorf("run %s: %s: %w", b.Name, prog, runErr)
		}
		log, err := os.ReadFile(logPath)
		if err != nil {
			return Outcome{}, fmt.Errorf("run %s: %w", b.Name, err)
		}
		o := Classify(prog, string(log), runErr != nil, timedOut, abs)
		if o.Kind == "exit" && exitErr != nil {
			if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGFPE {
				o.Kind, o.Message = "sigfpe", "floating point exception (SIGFPE)"
			}
		}
		if o.Status == StatusFail {
			return o, nil
		}
		if prog == b.Solver {
			warning = o.Warning // mesh-step warnings are the tutorial's own, not the fault's
		}
	}
	return Outcome{Status: StatusOK, Warning: warning}, nil
}

var (
	nanRe  = regexp.MustCompile(`(?i)(^|[\s=(,])-?nan([\s,)]|$)`)
	wsRe   = regexp.MustCompile(`\s+`)
	headRe = regexp.MustCompile(`^--> FOAM (FATAL IO ERROR|FATAL ERROR|Warning)\s*:?(.*)$`)
)

// Classify reads one program's log. failed is a non-zero exit or a signal.
func Classify(prog, log string, failed, timedOut bool, caseDir string) Outcome {
	clean := func(s string) string {
		s = strings.ReplaceAll(s, caseDir, "<case>")
		return strings.TrimSpace(wsRe.ReplaceAllString(s, " "))
	}
	var fatalKind, fatalMsg, warning, nanLine string
	sigfpe := false
	lines := strings.Split(log, "\n")
	for i, l := range lines {
		if m := headRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			msg := firstMessage(m[2], lines[i+1:], m[1] == "Warning")
			switch {
			case m[1] == "Warning":
				if warning == "" {
					warning = clean(msg)
				}
			case fatalKind == "":
				fatalKind = strings.ToLower(strings.ReplaceAll(m[1], " ", "-"))
				fatalMsg = clean(msg)
			}
			continue
		}
		// The banner says "sigFpe : Enabling floating point exception trapping";
		// only the handler frame of a stack trace means a trapped exception.
		if strings.Contains(l, "sigFpe::sigHandler") {
			sigfpe = true
		}
		if nanLine == "" && nanRe.MatchString(l) {
			nanLine = clean(l)
		}
	}
	switch {
	case fatalKind != "":
		return Outcome{Status: StatusFail, Kind: fatalKind, Step: prog, Message: fatalMsg}
	case sigfpe:
		return Outcome{Status: StatusFail, Kind: "sigfpe", Step: prog, Message: "floating point exception (SIGFPE)"}
	case nanLine != "":
		return Outcome{Status: StatusFail, Kind: "nan", Step: prog, Message: nanLine}
	case timedOut:
		return Outcome{Status: StatusFail, Kind: "timeout", Step: prog, Message: "did not finish in time"}
	case failed:
		return Outcome{Status: StatusFail, Kind: "exit", Step: prog, Message: clean(lastLine(lines))}
	}
	return Outcome{Status: StatusOK, Warning: warning}
}

// firstMessage returns the message of an OpenFOAM error block: the header's
// own text, else the first non-empty line after it. Warnings print
// "From function"/"in file" lines before the message; those are skipped.
func firstMessage(head string, rest []string, warning bool) string {
	if s := strings.TrimSpace(head); s != "" {
		return s
	}
	for _, l := range rest {
		s := strings.TrimSpace(l)
		if s == "" {
			continue
		}
		if warning && (strings.HasPrefix(s, "From ") || strings.HasPrefix(s, "in file ")) {
			continue
		}
		return s
	}
	return ""
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
