package runner

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/foamc/foamc/internal/snapshot"
)

// JobScript is the batch script compile writes for a spec with run.slurm; JobIDFile holds
// the id of the job last submitted for a case (foamc run --slurm --cancel reads it).
const (
	JobScript = "job.slurm"
	JobIDFile = "job.slurm.id"
)

// StatusCancelled is a job cancelled by --cancel, Ctrl-C or the scheduler.
const StatusCancelled = "cancelled"

// SlurmOptions controls RunSlurm.
type SlurmOptions struct {
	// Lint is the gate, as for Run: a deny refuses the submission.
	Lint Linter
	// Progress receives each solver step read from the job's log.<solver>.
	Progress func(Progress)
	// Log receives one line per event (submission, state changes, the verdict).
	Log io.Writer
	// Env is the environment of sbatch (default CaseEnv: the case's release); sbatch exports it to the job.
	Env []string
	// Poll is the interval between squeue queries and log reads (default 2s).
	Poll time.Duration
	// Timeout cancels the job when it has not finished after this long (0: none).
	Timeout time.Duration
	// Steps > 0 limits the solver to N time steps, as Run's (controlDict is restored
	// when the job has ended).
	Steps int
	// Verify judges a completed job's results, as Run's (no repair: the job is the
	// user's script).
	Verify Verifier
	// NoPreflight submits without checking the partition and, on a node, the solver, the
	// launcher and srun's MPI plugin first.
	NoPreflight bool
	// AllowCode submits a job.slurm with lines foamc does not write (judgeJobScript):
	// someone has read the script.
	AllowCode bool
	// Submit, when set, submits the judged case in dir (the snapshot) instead of
	// `sbatch job.slurm` and returns the job id to follow: a study's job array gives each
	// case its array task ("123_4"), whose output must be dir/log.slurm-<id>.
	Submit func(ctx context.Context, dir string) (string, error)
}

// Job is the scheduler's view of a submitted job.
type Job struct {
	ID       string `json:"id"`
	State    string `json:"state"`                // final Slurm state: COMPLETED, FAILED, CANCELLED, TIMEOUT...
	ExitCode int    `json:"exitCode"`             // the batch script's exit status
	Signal   int    `json:"signal,omitempty"`     // the signal that ended it, if any
	Output   string `json:"output,omitempty"`     // log.slurm-<id>
	Failed   string `json:"failedStep,omitempty"` // the job step that failed (blockMesh, decomposePar, the solver...)
}

// RunSlurm gates the case, submits its job.slurm with sbatch, follows the job (state
// changes, the solver log's steps) until it leaves the queue, and classifies the result as
// Run does. Ending ctx (Ctrl-C) cancels the job with scancel and waits until it is gone.
// It returns an error only when it could not do its job (no sbatch, no job.slurm,
// submission refused); a failed, refused or cancelled job is a Result.
func RunSlurm(ctx context.Context, dir string, opt SlurmOptions) (*Result, error) {
	res, err := runSlurm(ctx, dir, opt)
	res.collect()
	return res, err
}

func runSlurm(ctx context.Context, dir string, opt SlurmOptions) (*Result, error) {
	start := time.Now()
	if err := defaults(opt.Lint, dir, &opt.Env, &opt.Log); err != nil {
		return nil, err
	}
	if opt.Poll <= 0 {
		opt.Poll = 2 * time.Second
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	res := &Result{Case: dir}
	defer func() { res.WallTime = time.Since(start).Round(time.Millisecond).String() }()
	if _, err := os.Stat(filepath.Join(abs, JobScript)); err != nil {
		return nil, fmt.Errorf("runner: %s has no %s: compile the spec with a run.slurm block (docs/parallel.md)", dir, JobScript)
	}
	// The job runs on a locked private copy of the case, judged here, beside the case
	// (the compute nodes read the case's filesystem, not this machine's /tmp); what the
	// job leaves there is synced back once it has left the queue, whatever its outcome.
	snap, refused, err := snapshot.TakeBeside(abs)
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	if len(refused) > 0 {
		res.Status, res.Gate = StatusRefused, refused
		fmt.Fprintf(opt.Log, "snapshot: %d deny finding(s); not submitting\n", len(refused))
		return res, nil
	}
	defer snap.Close()
	out, err := slurmOn(ctx, snap, res, opt)
	skipped, serr := snap.Sync()
	for _, s := range skipped {
		fmt.Fprintf(opt.Log, "%s: %s\n", s.ID, s.Summary)
	}
	if err == nil && serr != nil {
		err = fmt.Errorf("runner: %w", serr)
	}
	if out != nil && out.Plot != "" {
		out.Plot = filepath.Join(snap.Case, "residuals.png")
	}
	return out, err
}

// slurmOn gates, submits and follows the job of the snapshot's case; the job id is
// written into the case itself, where run --slurm --cancel reads it.
func slurmOn(ctx context.Context, snap *snapshot.Snapshot, res *Result, opt SlurmOptions) (*Result, error) {
	abs := snap.Dir
	fs, err := opt.Lint.LintDir(ctx, abs)
	if err != nil {
		return nil, fmt.Errorf("runner: gate: %w", err)
	}
	if denies := denyOnly(fs); len(denies) > 0 {
		res.Status, res.Gate = StatusRefused, denies
		fmt.Fprintf(opt.Log, "gate: %d deny finding(s); not submitting\n", len(denies))
		return res, nil
	}
	if !opt.AllowCode {
		js, err := judgeJobScript(abs)
		if err != nil {
			return nil, err
		}
		if len(js) > 0 {
			res.Status, res.Gate = StatusRefused, js
			fmt.Fprintf(opt.Log, "gate: %d line(s) of %s foamc does not write; not submitting\n", len(js), JobScript)
			return res, nil
		}
	}
	fmt.Fprintln(opt.Log, "gate: passed")
	f := foam{dir: abs, env: opt.Env}
	if res.Solver, err = f.get(ctx, "system/controlDict", "application"); err != nil || res.Solver == "" {
		return nil, fmt.Errorf("runner: system/controlDict has no application: %v", err)
	}
	sl := slurm{env: opt.Env, dir: abs}
	if !opt.NoPreflight {
		fs, err := sl.preflight(ctx, abs, res.Solver, opt.Log)
		if err != nil {
			return nil, err
		}
		if len(fs) > 0 {
			res.Status, res.Gate, res.RefusedBy = StatusRefused, fs, "Slurm preflight"
			fmt.Fprintf(opt.Log, "preflight: %d deny finding(s); not submitting\n", len(fs))
			return res, nil
		}
	}
	if err := cleanLogs(abs); err != nil {
		return nil, err
	}
	if opt.Steps > 0 {
		restore, err := limitSteps(ctx, f, opt.Steps)
		if err != nil {
			return nil, err
		}
		defer restore()
	}
	var id string
	if opt.Submit != nil {
		if id, err = opt.Submit(ctx, abs); err != nil {
			return nil, err
		}
	} else {
		out, err := sl.cmd(ctx, "sbatch", "--parsable", "--chdir="+abs, filepath.Join(abs, JobScript))
		if err != nil {
			return nil, err
		}
		// --parsable prints "id" or "id;cluster".
		id = strings.TrimSpace(strings.SplitN(out, ";", 2)[0])
		if _, err := strconv.Atoi(id); err != nil {
			return nil, fmt.Errorf("runner: sbatch printed %q, not a job id", out)
		}
	}
	if err := os.WriteFile(filepath.Join(snap.Case, JobIDFile), []byte(id+"\n"), 0o644); err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	fmt.Fprintf(opt.Log, "slurm: submitted batch job %s\n", id)
	res.Job = &Job{ID: id, Output: "log.slurm-" + id}
	res.Attempts = 1

	// Follow: the queue state and the solver's log, read from where the last read stopped.
	p := &LogParser{}
	tail := &follower{path: filepath.Join(abs, "log."+res.Solver), feed: func(l string) {
		if p.Feed(l) && opt.Progress != nil {
			opt.Progress(Progress{Step: p.Steps[len(p.Steps)-1], N: len(p.Steps), Log: filepath.Join(abs, "log."+res.Solver)})
		}
	}}
	var deadline <-chan time.Time
	if opt.Timeout > 0 {
		t := time.NewTimer(opt.Timeout)
		defer t.Stop()
		deadline = t.C
	}
	tick := time.NewTicker(opt.Poll)
	defer tick.Stop()
	last, cancelled := "", ""
	for {
		state, err := sl.queueState(context.WithoutCancel(ctx), id)
		if err != nil {
			return nil, err
		}
		if state != last && state != "" {
			fmt.Fprintf(opt.Log, "slurm: job %s %s\n", id, state)
			last = state
		}
		tail.read()
		if state == "" {
			break
		}
		select {
		case <-ctx.Done():
			cancelled = "cancelled (" + ctx.Err().Error() + ")"
		case <-deadline:
			cancelled = "cancelled: the job exceeded --timeout " + opt.Timeout.String()
		case <-tick.C:
			continue
		}
		// Cancel outside ctx (it has ended) and wait until the job has left the queue,
		// so no rank outlives foamc's return.
		fmt.Fprintf(opt.Log, "slurm: scancel %s\n", id)
		if err := Cancel(context.WithoutCancel(ctx), id, opt.Env); err != nil {
			return nil, err
		}
		if err := sl.waitGone(context.WithoutCancel(ctx), id, 2*time.Minute); err != nil {
			return nil, err
		}
		tail.read()
		break
	}
	tail.flush()
	if err := sl.final(context.WithoutCancel(ctx), res.Job); err != nil {
		return nil, err
	}
	fmt.Fprintf(opt.Log, "slurm: job %s %s, exit code %d\n", id, res.Job.State, res.Job.ExitCode)
	res.history, res.Steps = p, len(p.Steps)
	if fin := p.Final(); fin != nil {
		res.Final = fin.Residuals
	}
	switch {
	case cancelled != "" || strings.HasPrefix(res.Job.State, "CANCELLED"):
		res.Status = StatusCancelled
		res.Failure = &Failure{Class: ClassCancelled, Kind: KindOther, Summary: "job " + id + " " + firstNonEmpty(cancelled, "cancelled by the scheduler"), Message: p.Tail()}
	case res.Job.State == "COMPLETED" && res.Job.ExitCode == 0 && !p.NaN:
		res.Status = StatusOK
		if _, err := verified(res, abs, opt.Verify, opt.Log); err != nil {
			return nil, err
		}
	default:
		res.Status = StatusFailed
		res.Failure = jobFailure(abs, res.Job, res.Solver, p)
		if res.Failure.Class == ClassLauncher {
			sl.launcherFix(context.WithoutCancel(ctx), res.Failure, abs, res.Solver)
		}
		fmt.Fprintf(opt.Log, "job failed in %s: [%s/%s] %s\n", res.Job.Failed, res.Failure.Class, res.Failure.Kind, res.Failure.Summary)
	}
	if len(p.Fields()) > 0 {
		png := filepath.Join(abs, "residuals.png")
		if err := WritePlot(png, p.Steps, res.Solver+" residuals: "+filepath.Base(abs)+" (job "+id+")"); err != nil {
			return nil, err
		}
		res.Plot = png
	}
	return res, nil
}

// jobFailure classifies a failed job: the step it failed in is the last "Running X" line of
// its output (job.slurm's run helper prints one per step), and that step's log.X is read
// as Run reads a solver log. A job killed by the scheduler (TIMEOUT, OUT_OF_MEMORY,
// NODE_FAIL) with no FATAL message is reported as such.
func jobFailure(dir string, j *Job, solver string, solverLog *LogParser) *Failure {
	j.Failed = solver
	if out, err := os.ReadFile(filepath.Join(dir, j.Output)); err == nil {
		for _, l := range strings.Split(string(out), "\n") {
			if rest, ok := strings.CutPrefix(l, "Running "); ok {
				if fs := strings.Fields(rest); len(fs) > 0 {
					j.Failed = fs[0]
				}
			}
		}
	}
	p := solverLog
	if j.Failed != solver {
		if q, err := parseLogFile(filepath.Join(dir, "log."+j.Failed)); err == nil {
			p = q
		}
	}
	code := j.ExitCode
	if j.Signal > 0 {
		code = 128 + j.Signal
	}
	f := Classify(p, code, dir)
	if p.Fatal() == "" && j.State != "FAILED" && j.State != "COMPLETED" {
		f.Summary = fmt.Sprintf("Slurm ended job %s with state %s (%s)", j.ID, j.State, f.Summary)
	}
	return f
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Cancel cancels a Slurm job (scancel); a job that has already left the queue is not an error.
func Cancel(ctx context.Context, id string, env []string) error {
	_, err := slurm{env: env}.cmd(ctx, "scancel", id)
	return err
}

// slurm runs the Slurm client commands.
type slurm struct {
	env []string
	dir string // working directory (sbatch: the job's SLURM_SUBMIT_DIR)
}

func (s slurm) command(ctx context.Context, name string, args ...string) (*exec.Cmd, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return nil, fmt.Errorf("runner: %s is not installed (Slurm client commands: apt-get install slurm-client, or make slurm-deps): %w", name, err)
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env, cmd.Dir = s.env, s.dir
	return cmd, nil
}

func (s slurm) cmd(ctx context.Context, name string, args ...string) (string, error) {
	cmd, err := s.command(ctx, name, args...)
	if err != nil {
		return "", err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("runner: %s %s: %w: %s", name, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

// queueState is the job's state while squeue lists it, "" once it has left the queue.
func (s slurm) queueState(ctx context.Context, id string) (string, error) {
	out, err := s.cmd(ctx, "squeue", "-h", "-j", id, "-o", "%T")
	if err != nil {
		// squeue fails for a job id the controller has already purged.
		if strings.Contains(err.Error(), "Invalid job id") {
			return "", nil
		}
		return "", err
	}
	st := strings.TrimSpace(out)
	if finished[st] {
		return "", nil
	}
	return st, nil
}

// finished are the states of a job that has ended (squeue -j lists one for MinJobAge).
var finished = map[string]bool{"BOOT_FAIL": true, "CANCELLED": true, "COMPLETED": true, "DEADLINE": true, "FAILED": true,
	"NODE_FAIL": true, "OUT_OF_MEMORY": true, "PREEMPTED": true, "TIMEOUT": true}

func (s slurm) waitGone(ctx context.Context, id string, limit time.Duration) error {
	end := time.Now().Add(limit)
	for time.Now().Before(end) {
		st, err := s.queueState(ctx, id)
		if err != nil || st == "" {
			return err
		}
		time.Sleep(500 * time.Millisecond)
	}
	return fmt.Errorf("runner: job %s still in the queue %s after scancel", id, limit)
}

// final reads the finished job's state and exit code: scontrol while the controller still
// holds the record (MinJobAge, 300 s by default), else sacct (accounting).
func (s slurm) final(ctx context.Context, j *Job) error {
	if out, err := s.cmd(ctx, "scontrol", "show", "job", "-o", j.ID); err == nil {
		kv := map[string]string{}
		for _, f := range strings.Fields(out) {
			if k, v, ok := strings.Cut(f, "="); ok {
				kv[k] = v
			}
		}
		if st := kv["JobState"]; st != "" {
			j.State = st
			j.ExitCode, j.Signal = exitPair(kv["ExitCode"])
			return nil
		}
	}
	out, err := s.cmd(ctx, "sacct", "-X", "-n", "-P", "-j", j.ID, "-o", "State,ExitCode")
	if err != nil {
		return fmt.Errorf("runner: job %s: neither scontrol nor sacct knows its final state: %w", j.ID, err)
	}
	st, ec, _ := strings.Cut(strings.TrimSpace(strings.SplitN(out, "\n", 2)[0]), "|")
	j.State = strings.Fields(st + " ")[0]
	j.ExitCode, j.Signal = exitPair(ec)
	return nil
}

// exitPair reads Slurm's "code:signal".
func exitPair(s string) (int, int) {
	a, b, _ := strings.Cut(s, ":")
	code, _ := strconv.Atoi(a)
	sig, _ := strconv.Atoi(b)
	return code, sig
}

// follower feeds the lines appended to a file since the last read (the job writes the
// solver log on the shared file system; foamc reads it like tail -f).
type follower struct {
	path    string
	off     int64
	partial string
	feed    func(string)
}

func (f *follower) read() {
	fh, err := os.Open(f.path)
	if err != nil {
		return // not written yet
	}
	defer fh.Close()
	if st, err := fh.Stat(); err == nil && st.Size() < f.off {
		f.off, f.partial = 0, "" // rewritten (run helper's rm -f)
	}
	if _, err := fh.Seek(f.off, io.SeekStart); err != nil {
		return
	}
	r := bufio.NewReader(fh)
	for {
		s, err := r.ReadString('\n')
		f.off += int64(len(s))
		if err != nil {
			f.partial += s
			return
		}
		f.feed(f.partial + strings.TrimSuffix(s, "\n"))
		f.partial = ""
	}
}

// flush feeds a last line without a newline (a log cut by a kill).
func (f *follower) flush() {
	if f.partial != "" {
		f.feed(f.partial)
		f.partial = ""
	}
}
