package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/llm"
	"github.com/foamc/foamc/llm/slotfill"
	"github.com/foamc/foamc/schema"
)

// `foamc compile --prompt "..." | --prompt-file F [--mesh PATH] -o DIR` turns a
// request into a spec with the LLM (schema-constrained, checked by compiling
// it), writes it, then compiles it deterministically with the ordinary
// compile command. This file wraps the compile command registered by
// compile.go (init order follows file names: compile.go runs first).
func init() {
	c, ok := commands["compile"]
	if !ok {
		panic("compile_prompt.go: the compile command is not registered yet")
	}
	plain := c.run
	c.run = func(args []string, stdout, stderr io.Writer) int { return compilePrompt(args, stdout, stderr, plain) }
	commands["compile"] = c
}

// activeFiller is the slot filler of the compile in progress, set when an LLM
// is configured (flags or environment).
var activeFiller *slotfill.SlotFiller

// fillerOption is compiler.Options.Filler for `foamc compile`: the LLM slot
// filler when a model is configured, else nil (an open slot is an error).
func fillerOption() compiler.SlotFiller {
	if activeFiller == nil {
		return nil
	}
	return activeFiller
}

// llmFlags are the LLM endpoint flags; unset flags fall back to
// FOAMC_LLM_BASE_URL, FOAMC_LLM_MODEL and OPENAI_API_KEY.
type llmFlags struct {
	baseURL, model, apiKey *string
	timeout                *time.Duration
}

func addLLMFlags(fs *flag.FlagSet) *llmFlags {
	return &llmFlags{
		baseURL: fs.String("llm-base-url", "", "OpenAI-compatible endpoint, e.g. http://localhost:8000/v1 (default $"+llm.EnvBaseURL+")"),
		model:   fs.String("llm-model", "", "model name (default $"+llm.EnvModel+")"),
		apiKey:  fs.String("llm-api-key", "", "API key (default $"+llm.EnvAPIKey+"; prefer the environment)"),
		timeout: fs.Duration("llm-timeout", 0, "overall deadline of one LLM request, retries included (default 5m)"),
	}
}

// client returns nil, nil when no model is configured.
func (l *llmFlags) client() (*llm.Client, error) {
	cfg := llm.ConfigFromEnv().Override(*l.baseURL, *l.model, *l.apiKey)
	if !cfg.Enabled() {
		return nil, nil
	}
	cfg.Deadline = *l.timeout
	return llm.New(cfg)
}

// reportTokens prints the token use of a command.
func reportTokens(w io.Writer, u llm.Usage) {
	fmt.Fprintf(w, "llm: %d call(s), %d prompt + %d completion = %d tokens\n", u.Calls, u.PromptTokens, u.CompletionTokens, u.TotalTokens)
}

// promptFlagNames are consumed here; every other argument goes to compile.
var promptFlagNames = map[string]bool{"prompt": true, "prompt-file": true, "mesh": true,
	"llm-base-url": true, "llm-model": true, "llm-api-key": true, "llm-timeout": true}

func compilePrompt(args []string, stdout, stderr io.Writer, plain func([]string, io.Writer, io.Writer) int) int {
	mine, rest := splitFlags(args, promptFlagNames)
	fs := flag.NewFlagSet("compile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	prompt := fs.String("prompt", "", "natural-language request to turn into a spec")
	promptFile := fs.String("prompt-file", "", "file holding the request")
	mesh := fs.String("mesh", "", "mesh for the request: a blockMeshDict, a polyMesh directory or a .msh file")
	lf := addLLMFlags(fs)
	if err := fs.Parse(mine); err != nil {
		return 1
	}
	for _, a := range rest {
		if a == "-h" || a == "-help" || a == "--help" {
			code := plain(rest, stdout, stderr)
			fmt.Fprintln(stderr, "\nnatural-language and LLM flags:\n  foamc compile --prompt TEXT | --prompt-file F [--mesh PATH] -o DIR")
			fs.PrintDefaults()
			return code
		}
	}
	client, err := lf.client()
	if err != nil {
		fmt.Fprintln(stderr, "foamc compile:", err)
		return 1
	}
	if *prompt == "" && *promptFile == "" {
		if *mesh != "" {
			fmt.Fprintln(stderr, "foamc compile: --mesh goes with --prompt or --prompt-file")
			return 1
		}
		if client == nil {
			return plain(rest, stdout, stderr)
		}
		// A configured model fills the slots the spec leaves open; the
		// compile reports what that cost (0 tokens for a complete spec).
		activeFiller = slotfill.New(client)
		defer func() { activeFiller = nil }()
		code := plain(rest, stdout, stderr)
		reportTokens(stderr, activeFiller.Usage())
		return code
	}
	if *prompt != "" && *promptFile != "" {
		fmt.Fprintln(stderr, "foamc compile: give --prompt or --prompt-file, not both")
		return 1
	}
	request := *prompt
	if *promptFile != "" {
		b, err := os.ReadFile(*promptFile)
		if err != nil {
			fmt.Fprintln(stderr, "foamc compile:", err)
			return 1
		}
		request = string(b)
	}
	out := outputDir(rest)
	if out == "" {
		fmt.Fprintln(stderr, "usage: foamc compile --prompt TEXT | --prompt-file F [--mesh PATH] -o DIR [compile flags]")
		return 1
	}
	if client == nil {
		fmt.Fprintf(stderr, "foamc compile: --prompt needs an LLM: set %s and %s (or --llm-base-url and --llm-model)\n", llm.EnvBaseURL, llm.EnvModel)
		return 1
	}
	ps := llm.PromptSpec{Prompt: request, Schema: schema.SpecSchema()}
	if *mesh != "" {
		if ps.MeshField, ps.MeshRef, ps.MeshText, err = describeMesh(*mesh); err != nil {
			fmt.Fprintln(stderr, "foamc compile:", err)
			return 1
		}
	}
	ctx := context.Background()
	wd, _ := os.Getwd()
	// A candidate is accepted only when it compiles deterministically, with no
	// slot left for a filler: its findings go back to the model otherwise.
	check := func(spec []byte) error {
		_, err := compiler.CompileBytes(ctx, "spec.json", spec, wd, compiler.Options{})
		return err
	}
	res, err := client.SpecFromPrompt(ctx, ps, check)
	if res != nil {
		reportTokens(stderr, res.Usage)
	}
	if err != nil {
		fmt.Fprintln(stderr, "foamc compile:", err)
		if errors.Is(err, llm.ErrMalformed) || strings.Contains(err.Error(), "no acceptable spec") {
			return 3
		}
		return 1
	}
	y, err := jsonToYAML(res.JSON)
	if err != nil {
		fmt.Fprintln(stderr, "foamc compile:", err)
		return 1
	}
	// The spec is written beside the case first (the case directory is created
	// atomically by compile), then moved into it once it compiled.
	beside := filepath.Clean(out) + ".spec.yaml"
	if err := os.WriteFile(beside, y, 0o644); err != nil {
		fmt.Fprintln(stderr, "foamc compile:", err)
		return 1
	}
	code := plain(append([]string{beside}, rest...), stdout, stderr)
	if code != 0 {
		fmt.Fprintf(stderr, "foamc compile: the generated spec is in %s\n", beside)
		return code
	}
	final := filepath.Join(out, "spec.yaml")
	if err := os.Rename(beside, final); err != nil {
		fmt.Fprintln(stderr, "foamc compile:", err)
		return 1
	}
	fmt.Fprintf(stderr, "spec written to %s\n", final)
	return 0
}

// splitFlags separates the named flags (with their values) from the rest.
func splitFlags(args []string, names map[string]bool) (mine, rest []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		if !strings.HasPrefix(a, "-") || a == "-" || a == "--" {
			rest = append(rest, a)
			continue
		}
		if j := strings.IndexByte(name, '='); j >= 0 {
			if names[name[:j]] {
				mine = append(mine, a)
			} else {
				rest = append(rest, a)
			}
			continue
		}
		if names[name] {
			mine = append(mine, a)
			if i+1 < len(args) {
				mine = append(mine, args[i+1])
				i++
			}
			continue
		}
		rest = append(rest, a)
	}
	return mine, rest
}

// outputDir finds compile's -o value.
func outputDir(args []string) string {
	for i, a := range args {
		switch {
		case a == "-o" || a == "--o":
			if i+1 < len(args) {
				return args[i+1]
			}
		case strings.HasPrefix(a, "-o="), strings.HasPrefix(a, "--o="):
			return a[strings.IndexByte(a, '=')+1:]
		}
	}
	return ""
}

// describeMesh picks the spec's mesh field for a path and the text that shows
// the model its patches: the blockMeshDict itself, polyMesh/boundary, or the
// $PhysicalNames section of a .msh file.
func describeMesh(path string) (field, ref, text string, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", "", err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", "", "", fmt.Errorf("--mesh: %w", err)
	}
	var show string
	switch {
	case st.IsDir():
		if sub := filepath.Join(abs, "constant", "polyMesh"); isDir(sub) {
			abs = sub
		} else if sub := filepath.Join(abs, "polyMesh"); isDir(sub) {
			abs = sub
		}
		field, show = "polyMesh", filepath.Join(abs, "boundary")
	case strings.HasSuffix(abs, ".msh"):
		field, show = "gmsh", abs
	default:
		field, show = "blockMeshDict", abs
	}
	b, err := os.ReadFile(show)
	if err != nil {
		return "", "", "", fmt.Errorf("--mesh: %w", err)
	}
	text = string(b)
	if field == "gmsh" {
		if i := strings.Index(text, "$PhysicalNames"); i >= 0 {
			if j := strings.Index(text[i:], "$EndPhysicalNames"); j >= 0 {
				text = text[i : i+j+len("$EndPhysicalNames")]
			}
		}
	}
	const limit = 12000
	if len(text) > limit {
		text = text[:limit] + "\n…(truncated)"
	}
	return field, abs, text, nil
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// jsonToYAML converts a JSON object to YAML keeping the key order the model wrote.
func jsonToYAML(data []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	node, err := yamlNode(dec)
	if err != nil {
		return nil, fmt.Errorf("spec to YAML: %w", err)
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(node); err != nil {
		return nil, fmt.Errorf("spec to YAML: %w", err)
	}
	return buf.Bytes(), nil
}

func yamlNode(dec *json.Decoder) (*yaml.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := yamlNode(dec)
				if err != nil {
					return nil, err
				}
				n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k.(string)}, v)
			}
			_, err := dec.Token()
			return n, err
		}
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
		for dec.More() {
			v, err := yamlNode(dec)
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, v)
		}
		_, err := dec.Token()
		return n, err
	case string:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: t}, nil
	case json.Number:
		tag := "!!float"
		if !strings.ContainsAny(t.String(), ".eE") {
			tag = "!!int"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: t.String()}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(t)}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}
