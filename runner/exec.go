package runner

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar/dictedit"
	"github.com/foamc/foamc/internal/contain"
	"github.com/foamc/foamc/internal/proc"
	"github.com/foamc/foamc/openfoam"
)

// Exec runs the OpenFOAM program name with args in dir under env (PWD is set to
// dir), writing its combined output to dir/log.<logName> (replacing an old one,
// as runApplication would need) and feeding each line to onLine (may be nil). It
// returns the exit status, 128+signal for a program killed by a signal (SIGFPE:
// 136); err is set only when the program could not be started or ctx ended.
// The program leads its own session: when ctx ends, the session (mpirun and
// every rank) is stopped, and nothing of it outlives the call (internal/proc).
// This is the one process runner of foamc (runner and the fault corpus).
// The program is contained (internal/contain): it writes only dir.
func Exec(ctx context.Context, dir string, env []string, logName string, onLine func(string), name string, args ...string) (int, error) {
	return foam{dir: dir, env: env}.exec(ctx, logName, onLine, name, args...)
}

// foam runs OpenFOAM utilities for one case.
type foam struct {
	dir string
	env []string
	// tmp is the private temporary directory beside the snapshot (Open MPI's session
	// and shared-memory files); "" for none.
	tmp string
	// read are more directories the programs may read (the tutorials a repair reads).
	read []string
	// require fails closed when the kernel cannot contain (--require-containment).
	require bool
}

// environ sets PWD to the case: OpenFOAM compares it with the real working
// directory and warns (on stdout) when they differ. TMPDIR and Open MPI's shared
// memory go to the private tmp, the one other place a contained program may write.
func (f foam) environ() []string {
	env := append([]string(nil), f.env...)
	if f.dir != "" {
		env = append(env, "PWD="+f.dir)
	}
	if f.tmp != "" {
		env = append(env, "TMPDIR="+f.tmp, "OMPI_MCA_btl_vader_backing_directory="+f.tmp)
	}
	return env
}

// command is proc.Command in the case directory, contained: every OpenFOAM program foamc
// starts (and the gate's command) goes through here. Without a snapshot's tmp (Exec, a
// Slurm case) the program gets a private temporary directory of its own, which done
// removes once the program has ended.
func (f foam) command(ctx context.Context, name string, args ...string) (cmd *exec.Cmd, done func(), err error) {
	done = func() {}
	if f.tmp == "" {
		if f.tmp, err = os.MkdirTemp("", "foamc-tmp-"); err != nil {
			return nil, nil, fmt.Errorf("runner: %w", err)
		}
		tmp := f.tmp
		done = func() { os.RemoveAll(tmp) }
	}
	cmd = proc.Command(ctx, lookPathEnv(name, f.env), args...)
	cmd.Dir = f.dir
	cmd.Env = f.environ()
	if _, err := contain.Wrap(cmd, f.policy()); err != nil {
		done()
		return nil, nil, fmt.Errorf("runner: %s: %w", name, err)
	}
	return cmd, done, nil
}

// lookPathEnv finds a bare program name on the PATH of the environment it will run in, as
// a shell with that environment would: Foundation 12's PATH puts its blockMesh before
// Debian's v1912 one in /usr/bin, which foamc's own PATH would find. A name it cannot
// resolve is returned as is (exec then reports it).
func lookPathEnv(name string, env []string) string {
	if strings.Contains(name, "/") {
		return name
	}
	path, ok := "", false
	for _, kv := range env {
		if v, found := strings.CutPrefix(kv, "PATH="); found {
			path, ok = v, true
		}
	}
	if !ok {
		return name
	}
	for _, d := range filepath.SplitList(path) {
		if !filepath.IsAbs(d) {
			continue // a relative element would search the case
		}
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0 {
			return p
		}
	}
	return name
}

// policy: write the case (the snapshot) and the private tmp; read the system and the
// OpenFOAM installation the environment names.
func (f foam) policy() contain.Policy {
	p := contain.Policy{Require: f.require || contain.Required(), RO: f.read}
	for _, d := range []string{f.dir, f.tmp} {
		if d != "" {
			p.RW = append(p.RW, d)
		}
	}
	p.RO = append(p.RO, contain.OpenFOAMDirs(f.env)...)
	return p
}

// IDContainment is the finding of a kernel that cannot contain what foamc runs.
const IDContainment = "FOAM-RUN-028"

// containment is the finding that says what the kernel cannot contain (a deny when
// containment is required), none when it contains fully.
func containment(require bool) []finding.Finding {
	return containmentOf(contain.Probe(), require)
}

func containmentOf(s contain.Support, require bool) []finding.Finding {
	if s.Full() {
		return nil
	}
	f := finding.Finding{ID: IDContainment, Severity: finding.Warn,
		Summary: "the programs foamc runs are not fully contained: " + s.Why,
		Fix:     "run on a Linux kernel with Landlock and user or network namespaces; --require-containment (or " + contain.RequireEnv + "=1) refuses to run without"}
	if require || contain.Required() {
		f.Severity = finding.Deny
		f.Summary = "containment is required and the kernel cannot give it: " + s.Why
	}
	return []finding.Finding{f}
}

// exec runs name args in the case directory, writing combined output to
// log.<logName> and feeding each line to onLine. It returns the exit code; err
// is set only when the program could not be started or ctx ended.
func (f foam) exec(ctx context.Context, logName string, onLine func(string), name string, args ...string) (int, error) {
	path, err := openfoam.LookPath(lookPathEnv(name, f.env))
	if err != nil {
		return -1, fmt.Errorf("runner: %w", err)
	}
	logFile, err := os.Create(filepath.Join(f.dir, "log."+logName))
	if err != nil {
		return -1, fmt.Errorf("runner: create log: %w", err)
	}
	defer logFile.Close()
	cmd, cleanup, err := f.command(ctx, path, args...)
	if err != nil {
		return -1, err
	}
	defer cleanup()
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		return -1, fmt.Errorf("runner: start %s: %w", name, err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(logFile, line)
			if onLine != nil {
				onLine(line)
			}
		}
		io.Copy(io.Discard, pr)
	}()
	werr := proc.Wait(cmd)
	pw.Close()
	<-done
	if ctx.Err() != nil {
		return -1, fmt.Errorf("runner: %s: %w", name, ctx.Err())
	}
	var ee *exec.ExitError
	if errors.As(werr, &ee) {
		// Killed by a signal (OpenFOAM re-raises SIGFPE and SIGABRT): report
		// 128+signal like a shell does.
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal()), nil
		}
		return ee.ExitCode(), nil
	}
	if werr != nil {
		return -1, fmt.Errorf("runner: %s: %w", name, werr)
	}
	return 0, nil
}

// output runs a utility and returns its stdout (foamDictionary queries).
func (f foam) output(ctx context.Context, name string, args ...string) (string, error) {
	cmd, done, err := f.command(ctx, name, args...)
	if err != nil {
		return "", err
	}
	defer done()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := proc.Output(cmd)
	if err != nil {
		msg := strings.TrimSpace(stderr.String() + "\n" + string(out))
		if i := strings.Index(msg, "FOAM FATAL"); i >= 0 {
			msg = msg[i:]
		}
		if len(msg) > 400 {
			msg = msg[:400]
		}
		return "", fmt.Errorf("%s %s: %w: %s", name, strings.Join(args, " "), err, msg)
	}
	return string(out), nil
}

// get reads an entry's value with foamDictionary (includes, macros and regex
// keys resolved by OpenFOAM itself). entry is slash-separated.
func (f foam) get(ctx context.Context, file, entry string) (string, error) {
	out, err := f.output(ctx, "foamDictionary", "-entry", entry, "-value", file)
	return strings.TrimSpace(out), err
}

// set writes an entry (created when absent), changing only that entry's bytes
// (dictedit, located with the grammar). Not foamDictionary -set: it empties a
// regex entry ("(U|k|epsilon)") when an exact key the pattern matches is set.
func (f foam) set(_ context.Context, file, entry, value string) error {
	path := file
	if !filepath.IsAbs(path) {
		path = filepath.Join(f.dir, filepath.FromSlash(file))
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("set %s %s: %w", file, entry, err)
	}
	out, err := dictedit.SetEntry(src, entry, value)
	if err != nil {
		return fmt.Errorf("set %s %s: %w", file, entry, err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		return fmt.Errorf("set %s %s: %w", file, entry, err)
	}
	return nil
}

// remove deletes every definition of an entry (dictedit, as set).
func (f foam) remove(file, entry string) error {
	path := filepath.Join(f.dir, filepath.FromSlash(file))
	src, err := os.ReadFile(path)
	if err == nil {
		src, err = dictedit.RemoveEntry(src, entry)
	}
	if err == nil {
		err = os.WriteFile(path, src, 0o644)
	}
	if err != nil {
		return fmt.Errorf("remove %s %s: %w", file, entry, err)
	}
	return nil
}

// keywords lists the keywords of a dictionary (top level when entry is "").
func (f foam) keywords(ctx context.Context, file, entry string) ([]string, error) {
	args := []string{"-keywords", file}
	if entry != "" {
		args = []string{"-entry", entry, "-keywords", file}
	}
	out, err := f.output(ctx, "foamDictionary", args...)
	if err != nil {
		return nil, err
	}
	return strings.Fields(out), nil
}
