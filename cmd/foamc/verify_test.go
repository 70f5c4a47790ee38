package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/foamc/foamc/eval/faults"
	"github.com/foamc/foamc/internal/foamtest"
)

// TestVerifyRealRun: `foamc run` then `foamc verify` on the icoFoam cavity tutorial
// accepts (exit 0); the same result with a nan pressure field rejects (exit 3).
func TestVerifyRealRun(t *testing.T) {
	foamtest.RequireBinary(t, "icoFoam")
	foamtest.RequireBinary(t, "foamDictionary")
	foamtest.RequireBinary(t, "blockMesh")
	clearLLMEnv(t)
	dir := filepath.Join(t.TempDir(), "cavity")
	if err := faults.CopyTree(filepath.Join(foamtest.Tutorials(t), "incompressible", "icoFoam", "cavity", "cavity"), dir); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runFoamc("run", dir); code != 0 {
		t.Fatalf("run exit %d: %s", code, stderr)
	}
	code, stdout, stderr := runFoamc("verify", dir)
	if code != exitOK || !strings.Contains(stdout, "[FOAM-VERIFY-100] log.icoFoam ran 100 steps to End") || !strings.HasSuffix(stdout, ": verdict accept\n") {
		t.Fatalf("verify exit %d\n%s%s", code, stdout, stderr)
	}

	p := filepath.Join(dir, "0.5", "p")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	b = regexp.MustCompile(`(?s)internalField.*?;`).ReplaceAll(b, []byte("internalField   uniform nan;"))
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runFoamc("verify", dir, "--format", "json")
	if code != exitReject || !strings.Contains(stdout, `"id": "FOAM-VERIFY-011"`) || !strings.Contains(stdout, `"verdict": "reject"`) {
		t.Fatalf("verify exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestVerifySpecFlag: a compiled case records its spec; verify judges against it, or
// against --spec. Never run, its expectations have no output: insufficient (exit 4).
// A --spec that is not a valid spec is a tool error (exit 1) naming the problem.
func TestVerifySpecFlag(t *testing.T) {
	clearLLMEnv(t)
	dir := filepath.Join(t.TempDir(), "case")
	spec := filepath.Join("..", "..", "verify", "testdata", "poiseuille", "spec.yaml")
	if code, _, stderr := runFoamc("compile", spec, "-o", dir); code != 0 {
		t.Fatalf("compile exit %d: %s", code, stderr)
	}
	for _, args := range [][]string{{"verify", dir, "--format", "json"}, {"verify", dir, "--spec", spec, "--format", "json"}} {
		code, stdout, stderr := runFoamc(args...)
		if code != exitInsufficient || !strings.Contains(stdout, `"id": "FOAM-VERIFY-061"`) || !strings.Contains(stdout, "expect_profile") {
			t.Errorf("%v: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("version: 1\nname: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runFoamc("verify", dir, "--spec", bad); code != exitFailure || !strings.Contains(stderr, "FOAM-SPEC-002") {
		t.Errorf("bad spec: exit %d: %s", code, stderr)
	}
}
