package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"

	"github.com/foamc/foamc/llm"
	"github.com/foamc/foamc/llm/llmtest"
)

const promptSpecGood = `{"version": 1, "name": "cavity", "mesh": {"blockMeshDict": "ignored"},
 "physics": {"solver": "icoFoam", "turbulence": "laminar"}, "fluid": {"nu": 0.01},
 "boundaries": {"lid": {"role": "wall", "velocity": [1, 0, 0]}, "walls": {"role": "wall"}, "frontAndBack": {"role": "empty"}},
 "control": {"endTime": 0.5, "deltaT": 0.005, "writeInterval": 0.1}}`

// The model forgets the lid patch first: the compile finding goes back.
const promptSpecMissingPatch = `{"version": 1, "name": "cavity", "mesh": {"blockMeshDict": "ignored"},
 "physics": {"solver": "icoFoam", "turbulence": "laminar"}, "fluid": {"nu": 0.01},
 "boundaries": {"walls": {"role": "wall"}, "frontAndBack": {"role": "empty"}},
 "control": {"endTime": 0.5, "deltaT": 0.005}}`

func clearLLMEnv(t *testing.T) {
	t.Setenv(llm.EnvBaseURL, "")
	t.Setenv(llm.EnvModel, "")
	t.Setenv(llm.EnvAPIKey, "")
}

func TestCompilePromptRetriesWithFindings(t *testing.T) {
	clearLLMEnv(t)
	srv := llmtest.New(t, llmtest.Reply{Content: promptSpecMissingPatch, PromptTokens: 900, CompletionTokens: 120},
		llmtest.Reply{Content: promptSpecGood, PromptTokens: 1100, CompletionTokens: 130})
	out := filepath.Join(t.TempDir(), "cavity")
	var stdout, stderr bytes.Buffer
	code := run([]string{"compile", "--prompt", "lid-driven cavity, Re 10, laminar", "--mesh", "../../examples/cavity/blockMeshDict",
		"-o", out, "--llm-base-url", srv.BaseURL(), "--llm-model", "fake"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "llm: 2 call(s), 2000 prompt + 250 completion = 2250 tokens") {
		t.Fatalf("token report missing:\n%s", stderr.String())
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || reqs[0].ResponseFormat() != "json_schema" {
		t.Fatalf("%d requests, format %q", len(reqs), reqs[0].ResponseFormat())
	}
	first := reqs[0].Messages()[1][1]
	if !strings.Contains(first, "mesh.blockMeshDict") || !strings.Contains(first, "movingWall") && !strings.Contains(first, "lid") {
		t.Fatalf("the mesh boundary is not in the request:\n%s", first)
	}
	m := reqs[1].Messages()
	if last := m[len(m)-1][1]; !strings.Contains(last, "foamc rejected this spec") || !strings.Contains(last, "lid") {
		t.Fatalf("the compile findings did not go back:\n%s", last)
	}
	b, err := os.ReadFile(filepath.Join(out, "spec.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]any
	if err := yaml.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	mesh := spec["mesh"].(map[string]any)["blockMeshDict"].(string)
	if !filepath.IsAbs(mesh) || !strings.HasSuffix(mesh, "examples/cavity/blockMeshDict") {
		t.Fatalf("mesh %q: the user's mesh must win", mesh)
	}
	if !strings.HasPrefix(string(b), "version: 1\nname: cavity\n") {
		t.Fatalf("key order lost:\n%s", b)
	}
	for _, f := range []string{"system/controlDict", "0/U", "provenance.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(out + ".spec.yaml"); !os.IsNotExist(err) {
		t.Error("the spec was left beside the case")
	}
	// The written spec compiles again deterministically with no model at all.
	code = run([]string{"compile", filepath.Join(out, "spec.yaml"), "-o", out + "-again"}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("recompile exit %d\n%s", code, stderr.String())
	}
}

func TestCompilePromptNeedsLLM(t *testing.T) {
	clearLLMEnv(t)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"compile", "--prompt", "x", "-o", t.TempDir() + "/c"}, &stdout, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "needs an LLM") {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
}

func TestCompilePromptGivesUp(t *testing.T) {
	clearLLMEnv(t)
	srv := llmtest.New(t)
	srv.Default = func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: `{"version": 1}`} }
	out := filepath.Join(t.TempDir(), "c")
	var stdout, stderr bytes.Buffer
	code := run([]string{"compile", "--prompt", "x", "-o", out, "--llm-base-url", srv.BaseURL(), "--llm-model", "m"}, &stdout, &stderr)
	if code != exitNoSpec || len(srv.Requests()) != 3 || !strings.Contains(stderr.String(), "no acceptable spec") {
		t.Fatalf("exit %d after %d requests: %s", code, len(srv.Requests()), stderr.String())
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatal("a case directory was written")
	}
}

// A complete spec with a model configured: the model is never called.
func TestCompileCompleteSpecUsesNoTokens(t *testing.T) {
	clearLLMEnv(t)
	srv := llmtest.New(t)
	out := filepath.Join(t.TempDir(), "cavity")
	var stdout, stderr bytes.Buffer
	code := run([]string{"compile", "../../examples/cavity/spec.yaml", "-o", out, "--llm-base-url", srv.BaseURL(), "--llm-model", "m"}, &stdout, &stderr)
	if code != 0 || !strings.Contains(stderr.String(), "llm: 0 call(s), 0 prompt + 0 completion = 0 tokens") || len(srv.Requests()) != 0 {
		t.Fatalf("exit %d, %d requests\n%s", code, len(srv.Requests()), stderr.String())
	}
}
