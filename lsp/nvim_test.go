package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/internal/foamtest"
)

// requireNvim returns the nvim binary; a missing one fails under CI=true (the Makefile
// installs it for `make test`) and skips elsewhere.
func requireNvim(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("nvim not found; `make test` installs Debian's neovim")
		}
		t.Skip("nvim not found (apt-get install neovim)")
	}
	return p
}

// TestNeovim runs `foamc lsp` under a real editor: headless Neovim opens pitzDaily's 0/U
// with a misspelt boundary-condition type and, through its own LSP client, gets the
// diagnostic, hovers, completes and applies the quick fix (testdata/nvim/e2e.lua).
func TestNeovim(t *testing.T) {
	nvim := requireNvim(t)
	dir := copyTutorial(t, "incompressible/simpleFoam/pitzDaily")
	u := filepath.Join(dir, "0", "U")
	if err := os.WriteFile(u, []byte(strings.Replace(readText(t, u), "fixedValue;", "fixedValu;", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := foamtest.BuildFoamc(t)
	script, err := filepath.Abs(filepath.Join("testdata", "nvim", "e2e.lua"))
	if err != nil {
		t.Fatal(err)
	}
	transcript := filepath.Join(t.TempDir(), "transcript.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-i", "NONE", "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), "FOAMC_LSP_BIN="+bin, "FOAMC_LSP_FILE="+u, "FOAMC_LSP_TRANSCRIPT="+transcript,
		"XDG_STATE_HOME="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir())
	out, runErr := cmd.CombinedOutput()
	tr, err := os.ReadFile(transcript)
	if err != nil {
		t.Fatalf("nvim wrote no transcript (%v): %v\n%s", runErr, err, out)
	}
	t.Logf("Neovim transcript:\n%s", tr)
	if runErr != nil || strings.Contains(string(tr), "FAIL ") {
		t.Fatalf("nvim: %v\n%s", runErr, out)
	}
	for _, step := range []string{"PASS FOAM-BC-001 diagnostic", "PASS hover on noSlip", "PASS completion offers fixedValue", "PASS FOAM-BC-001 is gone"} {
		if !strings.Contains(string(tr), step) {
			t.Errorf("transcript lacks %q", step)
		}
	}
}
