package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// lintFixture writes rules/testdata/cases/<name>.txtar into a temporary case directory.
func lintFixture(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	foamtest.WriteTxtar(t, filepath.Join("..", "..", "rules", "testdata", "cases", name+".txtar"), dir)
	return dir
}

func runFoamc(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestLintExitCodes: 0 clean, 3 deny, 2 warnings only with --fail-on warn, 1 tool error.
func TestLintExitCodes(t *testing.T) {
	clean, errs := lintFixture(t, "cavity-clean"), lintFixture(t, "cavity-errors")
	if code, out, _ := runFoamc("lint", clean); code != 0 || !strings.Contains(out, "0 deny, 0 warn") {
		t.Errorf("clean: %d %s", code, out)
	}
	if code, _, _ := runFoamc("lint", clean, errs); code != 3 {
		t.Errorf("deny: %d", code)
	}
	// Only warnings remain once the denying rules are disabled.
	args := []string{"lint", errs, "--fail-on", "warn"}
	for _, id := range []string{"FOAM-BC-001", "FOAM-BC-003", "FOAM-BC-006", "FOAM-BC-009", "FOAM-DIM-001", "FOAM-SOL-002"} {
		args = append(args, "--disable", id)
	}
	if code, out, _ := runFoamc(args...); code != 2 {
		t.Errorf("warn with --fail-on warn: %d\n%s", code, out)
	}
	if code, _, _ := runFoamc(append([]string{"lint", errs}, args[4:]...)...); code != 0 {
		t.Errorf("warnings without --fail-on warn: %d", code)
	}
	if code, _, _ := runFoamc("lint", filepath.Join(t.TempDir(), "missing")); code != 1 {
		t.Errorf("missing case: %d", code)
	}
	if code, _, _ := runFoamc("lint", clean, "--format", "yaml"); code != 1 {
		t.Errorf("bad format: %d", code)
	}
	code, out, _ := runFoamc("lint", "--format", "json", errs)
	var doc struct {
		Summary map[string]int `json:"summary"`
	}
	if code != 3 || json.Unmarshal([]byte(out), &doc) != nil || doc.Summary["deny"] == 0 {
		t.Errorf("json: %d %s", code, out)
	}
}

// TestGateCommand runs real commands through `foamc gate`.
func TestGateCommand(t *testing.T) {
	clean, denied := lintFixture(t, "cavity-clean"), lintFixture(t, "security")
	truePath, err := exec.LookPath("true")
	if err != nil {
		t.Fatal(err)
	}
	falsePath, _ := exec.LookPath("false")
	touch, _ := exec.LookPath("touch")
	if code, _, _ := runFoamc("gate", clean, "--", truePath); code != 0 {
		t.Errorf("true: %d", code)
	}
	if code, _, _ := runFoamc("gate", clean, "--", falsePath); code != 1 {
		t.Errorf("false: %d", code)
	}
	marker := filepath.Join(t.TempDir(), "started")
	code, _, stderr := runFoamc("gate", denied, "--", touch, marker)
	if code != 3 || !strings.Contains(stderr, "refusing to run") {
		t.Errorf("denied: %d %s", code, stderr)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the command started on a denied case")
	}
	if code, _, _ := runFoamc("gate", denied, "--allow-code", "--", touch, marker); code != 0 {
		t.Errorf("allow-code: %d", code)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Error("the command did not run with --allow-code")
	}
	if code, _, _ := runFoamc("gate", clean); code != 1 {
		t.Errorf("no command: %d", code)
	}
}

func TestRulesCommand(t *testing.T) {
	code, out, _ := runFoamc("rules", "list")
	if code != 0 || !strings.Contains(out, "FOAM-BC-012") {
		t.Errorf("list: %d", code)
	}
	code, out, _ = runFoamc("rules", "show", "FOAM-SEC-003")
	if code != 0 || !strings.Contains(out, "systemCall") || !strings.Contains(out, "provenance:") {
		t.Errorf("show: %d %s", code, out)
	}
	// Go-side IDs are explained too.
	code, out, _ = runFoamc("rules", "show", "FOAM-PARSE-006")
	if code != 0 || !strings.Contains(out, "brackets") || !strings.Contains(out, "dictionaryIO.C") {
		t.Errorf("show FOAM-PARSE-006: %d %s", code, out)
	}
	if code, _, _ := runFoamc("rules", "show", "FOAM-NOPE-001"); code != 1 {
		t.Errorf("unknown id: %d", code)
	}
}
