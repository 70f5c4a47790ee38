package llm

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/llm/llmtest"
	"github.com/foamc/foamc/schema"
)

func TestSpecFromPromptMalformedThenGood(t *testing.T) {
	srv := llmtest.New(t,
		llmtest.Reply{Content: `{"version": 1, "name": `},
		llmtest.Reply{Content: `{"version": 1, "name": "c", "mesh": {"gmsh": "x.msh", "patchTypes": {"a": "wall"}}}`})
	c, _ := newTestClient(t, srv, nil)
	checks := 0
	res, err := c.SpecFromPrompt(context.Background(), PromptSpec{Prompt: "a cavity", MeshField: "blockMeshDict", MeshRef: "/m/blockMeshDict",
		MeshText: "boundary ( lid { type wall; } );", Schema: json.RawMessage(`{"type":"object"}`)},
		func(spec []byte) error { checks++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	// The user's mesh replaces the model's, patchTypes kept, key order kept.
	if string(res.JSON) != `{"version":1,"name":"c","mesh":{"blockMeshDict":"/m/blockMeshDict","patchTypes":{"a":"wall"}}}` {
		t.Fatalf("%s", res.JSON)
	}
	if checks != 1 || res.Attempts != 2 || res.Usage.Calls != 2 {
		t.Fatalf("checks %d attempts %d usage %+v", checks, res.Attempts, res.Usage)
	}
	m := srv.Requests()[1].Messages()
	if !strings.Contains(m[len(m)-1][1], "not valid JSON") || !strings.Contains(srv.Requests()[0].Messages()[1][1], "lid { type wall; }") {
		t.Fatalf("%v", m)
	}
}

func TestSpecFromPromptCheckErrors(t *testing.T) {
	srv := llmtest.New(t, llmtest.Reply{Content: `{"version": 1}`})
	c, _ := newTestClient(t, srv, nil)
	// A check failure that is not a finding list (a tool error) ends at once.
	boom := errors.New("compiler crashed")
	_, err := c.SpecFromPrompt(context.Background(), PromptSpec{Prompt: "x", Schema: json.RawMessage(`{}`)}, func([]byte) error { return boom })
	if !errors.Is(err, boom) || len(srv.Requests()) != 1 {
		t.Fatalf("err %v, %d requests", err, len(srv.Requests()))
	}
	// Findings go back with their path and fix.
	srv2 := llmtest.New(t, llmtest.Reply{Content: `{"version": 1}`}, llmtest.Reply{Content: `{"version": 1, "name": "ok"}`})
	c2, _ := newTestClient(t, srv2, nil)
	fl := finding.List{{ID: "FOAM-SPEC-002", Summary: "name is required", Fix: "add name", Location: finding.Location{Path: "/name"}}}
	_, err = c2.SpecFromPrompt(context.Background(), PromptSpec{Prompt: "x", Schema: json.RawMessage(`{}`)}, func(b []byte) error {
		if strings.Contains(string(b), `"name"`) {
			return nil
		}
		return fl
	})
	if err != nil {
		t.Fatal(err)
	}
	m := srv2.Requests()[1].Messages()
	if !strings.Contains(m[len(m)-1][1], "[FOAM-SPEC-002] name is required (at /name); fix: add name") {
		t.Fatalf("%q", m[len(m)-1][1])
	}
}

// TestSpecFromPromptGivesUp: every candidate rejected ends with ErrNoAcceptableSpec after
// MaxAttempts calls, the last problems in the message.
func TestSpecFromPromptGivesUp(t *testing.T) {
	srv := llmtest.New(t)
	srv.Default = func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: `{"version": 1}`} }
	c, _ := newTestClient(t, srv, nil)
	fl := finding.List{{ID: "FOAM-SPEC-002", Summary: "name is required", Location: finding.Location{Path: "/name"}}}
	_, err := c.SpecFromPrompt(context.Background(), PromptSpec{Prompt: "x", Schema: json.RawMessage(`{}`), MaxAttempts: 2},
		func([]byte) error { return fl })
	if !errors.Is(err, ErrNoAcceptableSpec) || !strings.Contains(err.Error(), "name is required") || len(srv.Requests()) != 2 {
		t.Fatalf("err %v after %d requests", err, len(srv.Requests()))
	}
}

// TestSpecSystemMatchesSchema: the prompt offers every boundary role of the spec schema and
// names only fields the schema has, so it describes what docs/spec.md allows.
func TestSpecSystemMatchesSchema(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "schema", "spec.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	prompt := specSystem()
	if roles := strings.Join(schema.BoundaryRoles(), ", "); !strings.Contains(prompt, "with its role ("+roles+") and values") {
		t.Errorf("the prompt does not offer the schema's roles %s", roles)
	}
	for _, r := range []string{"inlet", "outlet", "wall", "freestream", "atmosphere"} {
		if !strings.Contains(prompt, r) {
			t.Errorf("the prompt lacks role %s", r)
		}
	}
	for _, f := range []string{"phases", "sigma", "gravity", "alpha", "regions", "h0", "hU", "scalars", "diffusivity", "reaction",
		"mechanism", "inertSpecie", "combustion", "chemistry", "species", "kind", "material", "heatSource", "heatFlux", "maxCo"} {
		if !strings.Contains(prompt, f) {
			t.Errorf("the prompt does not mention %s", f)
		}
		if !strings.Contains(strings.ReplaceAll(string(text), " ", ""), `"`+f+`":`) {
			t.Errorf("the prompt names %s, which the spec schema lacks", f)
		}
	}
}
