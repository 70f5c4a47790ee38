package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// lintKeys runs `foamc lint --format json` on dir and returns its findings as
// "FILE LINE ID SEVERITY", a finding without a file on system/controlDict (findingFile).
func lintKeys(t *testing.T, bin, dir string) []string {
	t.Helper()
	out, err := exec.Command(bin, "lint", "--format", "json", dir).Output()
	var doc struct {
		Cases []struct {
			Findings []finding.Finding `json:"findings"`
		} `json:"cases"`
	}
	if jerr := json.Unmarshal(out, &doc); jerr != nil || len(doc.Cases) != 1 {
		t.Fatalf("foamc lint %s: %v %v\n%s", dir, err, jerr, out)
	}
	var keys []string
	for _, f := range doc.Cases[0].Findings {
		keys = append(keys, fmt.Sprintf("%s %d %s %s", findingFile(f), max(f.Location.Line, 1), f.ID, f.Severity))
	}
	slices.Sort(keys)
	return keys
}

// TestNeovimAllrun: headless Neovim opens circuitBoardCooling, a v1912 tutorial whose
// verdict depends on its Allrun (restore0Dir makes the 0/include files
// system/createBafflesDict includes; createBaffles is a step foamc cannot derive), and
// its diagnostics are `foamc lint`'s findings, file, line, ID and severity. Deleting the
// Allrun's restore0Dir line without saving gives `foamc lint`'s findings of the case with
// that Allrun on disk: the includes are missing, denies.
func TestNeovimAllrun(t *testing.T) {
	nvim := requireNvim(t)
	dir := copyTutorial(t, "heatTransfer/buoyantSimpleFoam/circuitBoardCooling")
	bin := foamtest.BuildFoamc(t)
	want := lintKeys(t, bin, dir)

	// the same case with the edit the editor makes, saved: what the unsaved buffer must give
	edited := copyTutorial(t, "heatTransfer/buoyantSimpleFoam/circuitBoardCooling")
	allrun := readText(t, filepath.Join(dir, "Allrun"))
	var kept []string
	for _, l := range strings.Split(allrun, "\n") {
		if !strings.Contains(l, "restore0Dir") {
			kept = append(kept, l)
		}
	}
	if err := os.WriteFile(filepath.Join(edited, "Allrun"), []byte(strings.Join(kept, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	wantAfter := lintKeys(t, bin, edited)

	files := []string{"Allrun"}
	for _, k := range slices.Concat(want, wantAfter) {
		if f := strings.Fields(k)[0]; !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	script, err := filepath.Abs(filepath.Join("testdata", "nvim", "allrun.lua"))
	if err != nil {
		t.Fatal(err)
	}
	transcript := filepath.Join(t.TempDir(), "transcript.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-i", "NONE", "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), "FOAMC_LSP_BIN="+bin, "FOAMC_LSP_ROOT="+dir, "FOAMC_LSP_FILES="+strings.Join(files, "\n"),
		fmt.Sprintf("FOAMC_LSP_WANT=%d", len(want)), fmt.Sprintf("FOAMC_LSP_WANT_AFTER=%d", len(wantAfter)),
		"FOAMC_LSP_DELETE=restore0Dir", "FOAMC_LSP_TRANSCRIPT="+transcript,
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
	got := map[string][]string{}
	for _, l := range strings.Split(string(tr), "\n") {
		if prefix, rest, ok := strings.Cut(l, " "); ok && (prefix == "diag" || prefix == "after") {
			got[prefix] = append(got[prefix], rest)
		}
	}
	for _, c := range []struct {
		prefix string
		want   []string
	}{{"diag", want}, {"after", wantAfter}} {
		w := c.want // every file with a finding is open
		g := got[c.prefix]
		slices.Sort(g)
		if !slices.Equal(g, w) {
			t.Errorf("%s: Neovim shows\n  %s\nfoamc lint gives\n  %s", c.prefix, strings.Join(g, "\n  "), strings.Join(w, "\n  "))
		}
	}
	// the verdict turns on the Allrun: no deny as shipped, denies once restore0Dir is gone
	if strings.Contains(strings.Join(want, "\n"), " deny") || !strings.Contains(strings.Join(wantAfter, "\n"), " deny") {
		t.Errorf("foamc lint: as shipped %v, without restore0Dir %v: want no deny, then a deny", want, wantAfter)
	}
}
