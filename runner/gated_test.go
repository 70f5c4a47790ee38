package runner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

func lookPath(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s not on PATH: %v", name, err)
	}
	return p
}

// ruleCase writes a rules txtar fixture into a temporary case directory.
func ruleCase(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	foamtest.WriteTxtar(t, filepath.Join("..", "rules", "testdata", "cases", name+".txtar"), dir)
	return dir
}

// TestGate runs real commands behind the real rules: true, false and exit 7 on a clean
// case pass their status through; on a denied case the command never starts (it would
// create a file); a case that cannot be evaluated or a command that cannot start are
// errors apart from the command's status; the command gets OpenFOAM's environment.
func TestGate(t *testing.T) {
	ctx := context.Background()
	lint := realLinter(t)
	clean := ruleCase(t, "cavity-clean")
	var out, errb bytes.Buffer
	opts := func(argv ...string) GateOptions {
		return GateOptions{Lint: lint, Argv: argv, Stdout: &out, Stderr: &errb}
	}

	seen := false
	o := opts(lookPath(t, "true"))
	o.BeforeRun = func([]finding.Finding) { seen = true }
	g, err := Gate(ctx, clean, o)
	if err != nil || !g.Ran || g.Status != 0 || !seen {
		t.Errorf("true on clean case: %+v %v (beforeRun called: %v)", g, err, seen)
	}
	if g, err = Gate(ctx, clean, opts(lookPath(t, "false"))); err != nil || !g.Ran || g.Status != 1 {
		t.Errorf("false on clean case: %+v %v", g, err)
	}
	if g, err = Gate(ctx, clean, opts(lookPath(t, "sh"), "-c", "exit 7")); err != nil || g.Status != 7 {
		t.Errorf("exit 7: %+v %v", g, err)
	}
	if g, err = Gate(ctx, clean, opts(lookPath(t, "sh"), "-c", "kill -TERM $$")); err != nil || g.Status != 128+15 {
		t.Errorf("killed by SIGTERM: %+v %v", g, err)
	}
	t.Setenv("FOAM_ETC", "")
	out.Reset()
	if g, err = Gate(ctx, clean, opts(lookPath(t, "sh"), "-c", "echo $FOAM_ETC")); err != nil || strings.TrimSpace(out.String()) == "" {
		t.Errorf("the command did not get OpenFOAM's environment: %+v %v %q", g, err, out.String())
	}

	denied := ruleCase(t, "security")
	marker := filepath.Join(t.TempDir(), "started")
	g, err = Gate(ctx, denied, opts(lookPath(t, "touch"), marker))
	if err != nil || g.Ran || !g.Denied || finding.Max(g.Findings) != finding.Deny {
		t.Errorf("denied case: %+v %v", g, err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the command started on a denied case")
	}

	// Fail closed: a case that cannot be loaded never runs the command.
	g, err = Gate(ctx, filepath.Join(t.TempDir(), "missing"), opts(lookPath(t, "touch"), marker))
	if !errors.Is(err, ErrNotEvaluated) || g.Ran {
		t.Errorf("missing case: %+v %v", g, err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the command started although the case could not be evaluated")
	}

	g, err = Gate(ctx, clean, opts(filepath.Join(t.TempDir(), "no-such-binary")))
	if !errors.Is(err, ErrNotStarted) || g.Ran {
		t.Errorf("missing binary: %+v %v", g, err)
	}
	if g, err = Gate(ctx, clean, opts("no-such-binary-on-path")); !errors.Is(err, exec.ErrNotFound) {
		t.Errorf("a program not on PATH: %+v %v", g, err)
	}
	if _, err = Gate(ctx, clean, opts()); !errors.Is(err, ErrNotStarted) {
		t.Errorf("no command: %v", err)
	}
}

// TestBCTemplateFollowsModel: the repair template takes the compiler's wall choice, so a
// low-Re or LES case gets a resolved wall, not a wall function.
func TestBCTemplateFollowsModel(t *testing.T) {
	for _, c := range []struct{ field, typ, model, want string }{
		{"k", "wall", "kEpsilon", "{ type kqRWallFunction; value $internalField; }"},
		{"k", "wall", "LaunderSharmaKE", "{ type fixedValue; value uniform 0; }"},
		{"nut", "wall", "WALE", "{ type zeroGradient; }"},
		{"nut", "wall", "kEpsilon", "{ type nutkWallFunction; value uniform 0; }"},
		{"epsilon", "wall", "LaunderSharmaKE", "{ type zeroGradient; }"},
		{"U", "wall", "kEpsilon", "{ type noSlip; }"},
		{"nut", "patch", "kEpsilon", "{ type calculated; value $internalField; }"},
	} {
		if got := bcTemplate(c.field, c.typ, c.model); got != c.want {
			t.Errorf("bcTemplate(%s, %s, %s) = %q, want %q", c.field, c.typ, c.model, got, c.want)
		}
	}
}
