package mcpserver_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// keys are findings as "FILE LINE ID SEVERITY", sorted.
func keys(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s %d %s %s", f.Location.File, f.Location.Line, f.ID, f.Severity))
	}
	slices.Sort(out)
	return out
}

// TestTypeScriptClientAllrun: through the TypeScript SDK's client, lint_case judges
// circuitBoardCooling, a v1912 tutorial whose restore0Dir makes the 0/include files its
// createBafflesDict includes, as `foamc lint` does (its Allrun read: no deny, FOAM-CASE-011
// and -012), and inspect_case loads it so; gate_check, a lint for a run, never reads the
// script and denies the includes the shipped case lacks.
func TestTypeScriptClientAllrun(t *testing.T) {
	node, script := tsClient(t)
	bin := foamtest.BuildFoamc(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "circuitBoardCooling")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(foamtest.Tutorials(t), "heatTransfer", "buoyantSimpleFoam", "circuitBoardCooling"))); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "lint", "--format", "json", dir).Output()
	var lint struct {
		Cases []struct {
			Findings []finding.Finding `json:"findings"`
		} `json:"cases"`
	}
	if jerr := json.Unmarshal(out, &lint); jerr != nil || len(lint.Cases) != 1 {
		t.Fatalf("foamc lint: %v %v\n%s", err, jerr, out)
	}
	want := keys(lint.Cases[0].Findings)

	cmd := exec.Command(node, filepath.Join(filepath.Dir(script), "lint.mjs"), bin, root, "circuitBoardCooling")
	cmd.Dir = filepath.Dir(script)
	cmd.Stderr = os.Stderr
	out, err = cmd.Output()
	if err != nil {
		t.Fatalf("node lint.mjs: %v\n%s", err, out)
	}
	var tr struct {
		Calls []struct {
			Tool    string `json:"tool"`
			IsError bool   `json:"isError"`
			Result  reply  `json:"result"`
		} `json:"calls"`
	}
	if err := json.Unmarshal(out, &tr); err != nil || len(tr.Calls) != 3 {
		t.Fatalf("transcript %s: %v", out, err)
	}
	lintCase, gate, inspect := tr.Calls[0], tr.Calls[1], tr.Calls[2]
	t.Logf("foamc lint: %v", want)
	for _, c := range tr.Calls {
		t.Logf("%s: isError=%v decision=%q %v", c.Tool, c.IsError, c.Result.Decision, keys(c.Result.Findings))
	}
	if got := keys(lintCase.Result.Findings); lintCase.IsError || !slices.Equal(got, want) {
		t.Errorf("lint_case gives\n  %v\nfoamc lint\n  %v", got, want)
	}
	if finding.Max(lint.Cases[0].Findings) == finding.Deny {
		t.Errorf("foamc lint denies circuitBoardCooling: %v", want)
	}
	// inspect_case reports the problems met loading; restore0Dir supplies the includes.
	for _, f := range inspect.Result.Findings {
		if inspect.IsError || f.ID == "FOAM-EXPAND-001" {
			t.Errorf("inspect_case did not load the case as its Allrun leaves it: %+v", inspect)
			break
		}
	}
	if gate.Result.Decision != "deny" || !slices.Equal(gate.Result.Denied, []string{"FOAM-EXPAND-001"}) {
		t.Errorf("gate_check read the Allrun: %+v", gate.Result)
	}
}
