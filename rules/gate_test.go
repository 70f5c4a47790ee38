package rules

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"golang.org/x/tools/txtar"
)

// caseDir writes a txtar fixture into a temporary case directory.
func caseDir(t *testing.T, name string) string {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", "cases", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func lookPath(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s not on PATH: %v", name, err)
	}
	return p
}

// TestGate runs real commands: true and false on a clean case pass their exit code
// through; on a denied case the command never starts (it would create a file).
func TestGate(t *testing.T) {
	ctx := context.Background()
	e, err := New(ctx, Options{KB: fixtureKB(t)})
	if err != nil {
		t.Fatal(err)
	}
	clean := caseDir(t, "cavity-clean")
	var out, errb bytes.Buffer

	seen := false
	g, err := e.Gate(ctx, clean, foamcase.Options{}, []string{lookPath(t, "true")}, nil, &out, &errb, func(Result) { seen = true })
	if err != nil || !g.Ran || g.Code != 0 || !seen {
		t.Errorf("true on clean case: %+v %v (beforeRun called: %v)", g, err, seen)
	}
	g, err = e.Gate(ctx, clean, foamcase.Options{}, []string{lookPath(t, "false")}, nil, &out, &errb, nil)
	if err != nil || !g.Ran || g.Code != 1 {
		t.Errorf("false on clean case: %+v %v", g, err)
	}
	g, err = e.Gate(ctx, clean, foamcase.Options{}, []string{lookPath(t, "sh"), "-c", "exit 7"}, nil, &out, &errb, nil)
	if err != nil || g.Code != 7 {
		t.Errorf("exit 7: %+v %v", g, err)
	}

	denied := caseDir(t, "security")
	marker := filepath.Join(t.TempDir(), "started")
	g, err = e.Gate(ctx, denied, foamcase.Options{}, []string{lookPath(t, "touch"), marker}, nil, &out, &errb, nil)
	if err != nil || g.Ran || g.Code != ExitDeny {
		t.Errorf("denied case: %+v %v", g, err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the command started on a denied case")
	}
	if finding.Max(g.Lint.Findings) != finding.Deny {
		t.Errorf("findings %v", g.Lint.Findings)
	}

	// With --allow-code the same case passes the gate (only the foreign library warns).
	allow, err := New(ctx, Options{KB: fixtureKB(t), AllowCode: true})
	if err != nil {
		t.Fatal(err)
	}
	g, err = allow.Gate(ctx, denied, foamcase.Options{}, []string{lookPath(t, "touch"), marker}, nil, &out, &errb, nil)
	if err != nil || !g.Ran || g.Code != 0 {
		t.Errorf("allow-code: %+v %v", g, err)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Error("the command did not run with allow-code")
	}

	// Fail closed: a case that cannot be loaded never runs the command.
	marker2 := filepath.Join(t.TempDir(), "started")
	g, err = e.Gate(ctx, filepath.Join(t.TempDir(), "missing"), foamcase.Options{}, []string{lookPath(t, "touch"), marker2}, nil, &out, &errb, nil)
	if err == nil || g.Ran || g.Code != ExitError {
		t.Errorf("missing case: %+v %v", g, err)
	}
	if _, err := os.Stat(marker2); err == nil {
		t.Error("the command started although the case could not be evaluated")
	}

	// A command that cannot start is a tool error.
	g, err = e.Gate(ctx, clean, foamcase.Options{}, []string{filepath.Join(t.TempDir(), "no-such-binary")}, nil, &out, &errb, nil)
	if err == nil || g.Code != ExitError {
		t.Errorf("missing binary: %+v %v", g, err)
	}
}

func TestExitCode(t *testing.T) {
	warn := []Result{{Findings: []finding.Finding{{ID: "X", Severity: finding.Warn}}}}
	deny := []Result{{Findings: []finding.Finding{{ID: "X", Severity: finding.Warn}, {ID: "Y", Severity: finding.Deny}}}}
	info := []Result{{Findings: []finding.Finding{{ID: "X", Severity: finding.Info}}}}
	for _, c := range []struct {
		rs        []Result
		err, fail bool
		want      int
	}{
		{nil, false, false, ExitClean},
		{info, false, true, ExitClean},
		{warn, false, false, ExitClean},
		{warn, false, true, ExitWarn},
		{deny, false, true, ExitDeny},
		{deny, true, false, ExitError},
	} {
		if got := ExitCode(c.rs, c.err, c.fail); got != c.want {
			t.Errorf("ExitCode(%v, %v, %v) = %d, want %d", c.rs, c.err, c.fail, got, c.want)
		}
	}
}

// TestLintDirs: parallel linting keeps the order of the directories and reports a
// directory that cannot be read as that directory's error.
func TestLintDirs(t *testing.T) {
	e, err := New(context.Background(), Options{KB: fixtureKB(t)})
	if err != nil {
		t.Fatal(err)
	}
	dirs := []string{caseDir(t, "cavity-errors"), filepath.Join(t.TempDir(), "missing"), caseDir(t, "cavity-clean"), caseDir(t, "security")}
	calls := 0
	rs, errs := e.LintDirs(context.Background(), dirs, foamcase.Options{}, func(int, string) { calls++ })
	if calls != len(dirs) {
		t.Errorf("progress called %d times", calls)
	}
	if errs[0] != nil || errs[1] == nil || errs[2] != nil || errs[3] != nil {
		t.Fatalf("errors %v", errs)
	}
	if len(rs[0].Findings) == 0 || len(rs[2].Findings) != 0 || finding.Max(rs[3].Findings) != finding.Deny {
		t.Errorf("results out of order: %d %d %v", len(rs[0].Findings), len(rs[2].Findings), finding.Max(rs[3].Findings))
	}
	if ExitCode(rs, errs[1] != nil, false) != ExitError {
		t.Error("an unreadable case must fail closed")
	}
}
