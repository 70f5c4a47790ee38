package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/proc"
	"github.com/foamc/foamc/internal/snapshot"
	"github.com/foamc/foamc/openfoam"
)

// GateOptions is a gated command: the linter decides, Gate executes.
type GateOptions struct {
	Lint Linter
	// Argv is the command and its arguments, run in the case's snapshot.
	Argv []string
	// Env is the command's environment; nil means CaseEnv (the case's release), the environment `foamc
	// run` gives OpenFOAM programs.
	Env            []string
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// BeforeRun, when not nil, sees the findings of a case that passed, before the
	// command starts (to show its warnings first).
	BeforeRun func([]finding.Finding)
	// RequireContainment refuses the command when the kernel cannot contain it (also
	// set by FOAMC_REQUIRE_CONTAINMENT=1).
	RequireContainment bool
}

// GateResult is what the gate decided and, when the command ran, how it ended.
type GateResult struct {
	Findings []finding.Finding
	// Denied is true when a deny finding refused the command.
	Denied bool
	// Ran is true when the command was started; Status is then its exit status
	// (128+N when killed by signal N, as a shell reports it).
	Ran    bool
	Status int
	// NotSynced are the command's results not written back into the case (warnings).
	NotSynced []finding.Finding
}

// Errors of Gate, apart from the command's own status.
var (
	// ErrNotEvaluated: the case could not be evaluated, so the command did not run
	// (fail closed).
	ErrNotEvaluated = errors.New("runner: gate: the case could not be evaluated")
	// ErrNotStarted: the command passed the gate but could not be started; errors.Is
	// with exec.ErrNotFound tells a missing program from one that cannot be executed.
	ErrNotStarted = errors.New("runner: gate: the command could not be started")
)

// Gate takes a private snapshot of dir (internal/snapshot: the case is locked, links and
// special files refused), lints the snapshot and runs the command on it, contained
// (internal/contain), only when no finding is deny; the command's results are then synced
// back into dir. The command itself is judged too (gateArgv): it may not name another
// case, load a library, run a script the case ships or name paths outside the case. A
// case the linter cannot evaluate never runs the command (ErrNotEvaluated).
func Gate(ctx context.Context, dir string, o GateOptions) (GateResult, error) {
	if len(o.Argv) == 0 {
		return GateResult{}, fmt.Errorf("%w: no command given", ErrNotStarted)
	}
	snap, refused, err := snapshot.Take(dir)
	if err != nil {
		return GateResult{}, fmt.Errorf("%w: %w", ErrNotEvaluated, err)
	}
	if len(refused) > 0 {
		return GateResult{Findings: refused, Denied: true}, nil
	}
	defer snap.Close()
	fs, err := o.Lint.LintDir(ctx, snap.Dir)
	g := GateResult{Findings: fs}
	if err != nil {
		return g, fmt.Errorf("%w: %w", ErrNotEvaluated, err)
	}
	g.Findings = append(g.Findings, gateArgv(snap.Case, o.Argv)...)
	g.Findings = append(g.Findings, containment(o.RequireContainment)...)
	finding.Sort(g.Findings)
	if finding.Max(g.Findings) == finding.Deny {
		g.Denied = true
		return g, nil
	}
	if o.BeforeRun != nil {
		o.BeforeRun(g.Findings)
	}
	env := o.Env
	if env == nil {
		if env, err = CaseEnv(snap.Dir); err != nil {
			return g, fmt.Errorf("%w: %w", ErrNotStarted, err)
		}
	}
	// Its own session: cancelling ctx stops the command and all it started.
	f := foam{dir: snap.Dir, env: env, tmp: snap.Tmp, require: o.RequireContainment}
	cmd, done, err := f.command(ctx, o.Argv[0], o.Argv[1:]...)
	if err != nil {
		return g, fmt.Errorf("%w: %w", ErrNotStarted, err)
	}
	defer done()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = o.Stdin, o.Stdout, o.Stderr
	if err := cmd.Start(); err != nil {
		return g, fmt.Errorf("%w: %s: %w", ErrNotStarted, o.Argv[0], err)
	}
	g.Ran = true
	err = proc.Wait(cmd)
	// The results go back whatever the status (a failed solver's log is a result too).
	skipped, serr := snap.Sync()
	if serr != nil {
		skipped = append(skipped, finding.Finding{ID: snapshot.IDNotSynced, Severity: finding.Warn, Location: finding.Location{File: "."},
			Summary: "the command's results were not all written back: " + serr.Error(), Fix: "run again"})
	}
	g.NotSynced = skipped
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			g.Status = 128 + int(ws.Signal())
		} else {
			g.Status = ee.ExitCode()
		}
	case err != nil:
		return g, fmt.Errorf("runner: gate: %s: %w", o.Argv[0], err)
	}
	return g, nil
}

// Finding IDs of the gated command itself.
const (
	// IDGateCase: -case, -roots or -hostRoots: the command would read another directory.
	IDGateCase = "FOAM-RUN-024"
	// IDGateLib: -lib loads a library before anything is read.
	IDGateLib = "FOAM-RUN-025"
	// IDGateScript: a script or program the case ships.
	IDGateScript = "FOAM-RUN-026"
	// IDGateOutside: an argument naming a path outside the case.
	IDGateOutside = "FOAM-RUN-027"
)

// interpreters run the file they are given: a case file handed to one is a case script.
var interpreters = regexp.MustCompile(`^(sh|bash|dash|zsh|ksh|mksh|csh|tcsh|fish|busybox|env|source|\.|python[0-9.]*|perl[0-9.]*|ruby|node|tclsh|wish|lua[0-9.]*|php|Rscript|awk|gawk|mawk|make|xargs)$`)

// systemDirs are where an argument may name a path outside the case: programs and
// libraries, the OpenFOAM installation, /dev/null.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc/openfoam", "/dev/null", openfoam.ProjectDir}

// gateArgv judges the gated command: the gate runs it in the snapshot of caseDir, so an
// option that makes an OpenFOAM program read another directory (-case, -roots,
// -hostRoots) or load a library (-lib) is refused, and so is a script or program from
// the case (argv[0] or a word inside a shell's -c string naming an executable or #!
// file of the case, or any case file handed to an interpreter) and an argument naming
// a path outside the case and the system. OpenFOAM reads options with one dash only
// (argList.C).
func gateArgv(caseDir string, argv []string) []finding.Finding {
	var out []finding.Finding
	deny := func(id, summary, fix string) {
		out = append(out, finding.Finding{ID: id, Severity: finding.Deny, Location: finding.Location{File: "."}, Summary: summary, Fix: fix})
	}
	interp := false
	for i, a := range argv {
		switch a {
		case "-case", "-roots", "-hostRoots":
			deny(IDGateCase, fmt.Sprintf("the command's %s would make it read another directory than the case the gate judged", a),
				"drop "+a+": the gate runs the command in (a copy of) CASE")
			continue
		case "-lib":
			deny(IDGateLib, "the command's -lib loads a library before the case is read",
				"drop -lib; a library the case needs belongs in controlDict's libs, where the rules judge it")
			continue
		}
		// From an interpreter on (also after mpirun -np N), case files are scripts.
		interp = interp || interpreters.MatchString(filepath.Base(a))
		words := []string{a}
		if i > 0 && strings.ContainsAny(a, " \t;&|") {
			words = strings.FieldsFunc(a, func(r rune) bool { return strings.ContainsRune(" \t;&|()'\"`", r) })
		}
		for _, w := range words {
			if p, ok := caseFile(caseDir, w); ok && (i == 0 || interp || isScript(p)) {
				deny(IDGateScript, fmt.Sprintf("the command runs %s, which the case ships: the gate judges dictionaries, not scripts", w),
					"run the OpenFOAM programs the script would run under the gate one by one, or use foamc run")
			}
		}
		if i > 0 && (filepath.IsAbs(a) || slices.Contains(strings.Split(filepath.ToSlash(a), "/"), "..")) && outside(caseDir, a) {
			deny(IDGateOutside, fmt.Sprintf("the command's argument %s names a path outside the case the gate judged", a),
				"copy what it names into the case and name it relative to the case")
		}
	}
	return out
}

// caseFile resolves w (relative to the case, where the command runs) to a regular file
// of the case.
func caseFile(caseDir, w string) (string, bool) {
	if w == "" || strings.HasPrefix(w, "-") {
		return "", false
	}
	p := w
	if !filepath.IsAbs(p) {
		p = filepath.Join(caseDir, p)
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", false
	}
	fi, err := os.Stat(real)
	if err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	rel, err := filepath.Rel(caseDir, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return real, true
}

// isScript: executable, or starting with #!.
func isScript(p string) bool {
	fi, err := os.Stat(p)
	if err != nil {
		return false
	}
	if fi.Mode().Perm()&0o111 != 0 {
		return true
	}
	fh, err := os.Open(p)
	if err != nil {
		return false
	}
	defer fh.Close()
	b := make([]byte, 2)
	n, _ := io.ReadFull(fh, b)
	return n == 2 && string(b) == "#!"
}

// outside reports an argument path (absolute, or climbing with ..) that leaves the case
// and is not under a system directory; an absolute path into the case itself names the
// original, not the judged copy, so it counts as outside too.
func outside(caseDir, a string) bool {
	p := a
	if !filepath.IsAbs(p) {
		p = filepath.Join(caseDir, p)
	}
	p = filepath.Clean(p)
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	if !filepath.IsAbs(a) {
		rel, err := filepath.Rel(caseDir, p)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
			return false
		}
	}
	for _, d := range systemDirs {
		if p == d || strings.HasPrefix(p, d+"/") {
			return false
		}
	}
	return true
}
