package mcpserver_test

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/foamc/foamc/mcpserver"
)

// TestSharedArguments: the tools that share an argument block declare it once, so their
// input schemas agree property for property (run_case and run_study: steps and
// timeout_seconds; report_case and field_picture: case_dir, time and plane), and the
// server checks them alike (steps over the limit, a plane that is none).
func TestSharedArguments(t *testing.T) {
	f := newFixture(t)
	schemas := map[string]map[string]any{}
	for tool, err := range f.cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(tool.InputSchema)
		var s map[string]any
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		schemas[tool.Name] = s
	}
	for _, c := range []struct {
		tools    [2]string
		props    []string
		required string
	}{
		{[2]string{"run_case", "run_study"}, []string{"steps", "timeout_seconds"}, "steps"},
		{[2]string{"report_case", "field_picture"}, []string{"case_dir", "time", "plane"}, "case_dir"},
	} {
		a, b := schemas[c.tools[0]], schemas[c.tools[1]]
		for _, p := range c.props {
			pa := a["properties"].(map[string]any)[p]
			pb := b["properties"].(map[string]any)[p]
			if pa == nil || !reflect.DeepEqual(pa, pb) {
				t.Errorf("%s %s: %v; %s: %v", c.tools[0], p, pa, c.tools[1], pb)
			}
		}
		for _, s := range []map[string]any{a, b} {
			req, _ := s["required"].([]any)
			if !slices.Contains(req, any(c.required)) {
				t.Errorf("%v: %s is not required: %v", c.tools, c.required, req)
			}
		}
	}
	wantFinding(t, f.cs, "run_case", map[string]any{"case_dir": "cavity", "steps": 51}, mcpserver.IDLimit)
	wantFinding(t, f.cs, "run_study", map[string]any{"study_path": "s.yaml", "output_dir": "out", "steps": 51}, mcpserver.IDLimit)
	if _, isErr := call(t, f.cs, "compile_spec", map[string]any{"spec_path": "cavity/spec.yaml", "output_dir": "out/cavity"}); isErr {
		t.Fatal("compile_spec failed")
	}
	for tool, args := range map[string]map[string]any{
		"report_case":   {"case_dir": "out/cavity", "plane": "q=1"},
		"field_picture": {"case_dir": "out/cavity", "field": "U", "plane": "q=1"},
	} {
		r := wantFinding(t, f.cs, tool, args, mcpserver.IDArguments)
		if !strings.Contains(r.Findings[0].Summary, "plane q=1") {
			t.Errorf("%s: %s", tool, r.Findings[0].Summary)
		}
	}
}
