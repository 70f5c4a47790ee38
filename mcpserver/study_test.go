package mcpserver_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestRunStudy: run_study runs a two-variant sweep of the cavity example through the
// real gate and OpenFOAM, bounded to the requested steps, and returns each variant's
// outcome with the results files it wrote.
func TestRunStudy(t *testing.T) {
	dir, cs, _ := runFixture(t, "(10 10 1)")
	root := filepath.Dir(dir)
	study := "version: 1\nname: nu-sweep\nbase: cavity/spec.yaml\nvary:\n  - {path: /fluid/nu, values: [0.01, 0.02]}\n"
	if err := os.WriteFile(filepath.Join(root, "study.yaml"), []byte(study), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "run_study",
		Arguments: map[string]any{"study_path": "study.yaml", "output_dir": "sweep", "steps": 5}})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var out struct {
		Study struct {
			Variants []struct {
				ID, State, Status string
				Steps             int
			}
			Files []string
		}
		Findings []any
	}
	if err := json.Unmarshal(b, &out); err != nil || res.IsError {
		t.Fatalf("run_study: isError=%v %v %s", res.IsError, err, b)
	}
	if len(out.Study.Variants) != 2 {
		t.Fatalf("variants: %s", b)
	}
	for _, v := range out.Study.Variants {
		if v.State != "done" || v.Status != "ok" || v.Steps != 5 {
			t.Errorf("%s: %s %s after %d steps, want done ok after 5", v.ID, v.State, v.Status, v.Steps)
		}
	}
	for _, f := range []string{"results.csv", "results.md", "study.json", "cases/v002/system/controlDict"} {
		if _, err := os.Stat(filepath.Join(root, "sweep", f)); err != nil {
			t.Error(err)
		}
	}
	if _, isErr := call(t, cs, "run_study", map[string]any{"study_path": "study.yaml", "output_dir": "sweep", "steps": 100000}); !isErr {
		t.Error("steps beyond the server's limit accepted")
	}
}
