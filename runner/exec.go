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

	"github.com/foamc/foamc/grammar/dictedit"
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
func Exec(ctx context.Context, dir string, env []string, logName string, onLine func(string), name string, args ...string) (int, error) {
	return foam{dir: dir, env: env}.exec(ctx, logName, onLine, name, args...)
}

// foam runs OpenFOAM utilities for one case.
type foam struct {
	dir string
	env []string
}

// environ sets PWD to the case: OpenFOAM compares it with the real working
// directory and warns (on stdout) when they differ.
func (f foam) environ() []string {
	if f.dir == "" {
		return f.env
	}
	return append(append([]string(nil), f.env...), "PWD="+f.dir)
}

// exec runs name args in the case directory, writing combined output to
// log.<logName> and feeding each line to onLine. It returns the exit code; err
// is set only when the program could not be started or ctx ended.
func (f foam) exec(ctx context.Context, logName string, onLine func(string), name string, args ...string) (int, error) {
	path, err := openfoam.LookPath(name)
	if err != nil {
		return -1, fmt.Errorf("runner: %w", err)
	}
	logFile, err := os.Create(filepath.Join(f.dir, "log."+logName))
	if err != nil {
		return -1, fmt.Errorf("runner: create log: %w", err)
	}
	defer logFile.Close()
	cmd := proc.Command(ctx, path, args...)
	cmd.Dir = f.dir
	cmd.Env = f.environ()
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
	cmd := proc.Command(ctx, name, args...)
	cmd.Dir = f.dir
	cmd.Env = f.environ()
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
