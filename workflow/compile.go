package workflow

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/llm"
	"github.com/foamc/foamc/llm/slotfill"
	"github.com/foamc/foamc/schema"
)

// CompileRequest is one compile: a spec file, a spec already read, or a request the
// model turns into a spec.
type CompileRequest struct {
	SpecPath string
	Spec     *schema.Spec
	Prompt   *Prompt
	// Out is the case directory to write; Force replaces an existing one.
	Out   string
	Force bool
	// Strict refuses values settled by kb retrieval or engineering defaults.
	Strict bool
	// LLM writes the spec of a Prompt; for a spec, it fills the slots the spec leaves
	// open (nil: an open slot is a finding).
	LLM *llm.Client
}

// Prompt is a natural-language request for a case.
type Prompt struct {
	Text string
	// Mesh is a blockMeshDict, a polyMesh directory or a .msh file for the request.
	Mesh string
	// BaseDir is where the written spec's relative paths resolve ("": the working
	// directory).
	BaseDir string
}

// Compiled is what a compile produced, also when it failed.
type Compiled struct {
	// Result is the compiled case (nil when the compile failed).
	Result *compiler.Result
	// SpecYAML is the spec the model wrote for a Prompt, written into the case as
	// spec.yaml; when the compile failed it is kept beside Out, at SpecKept.
	SpecYAML []byte
	SpecKept string
	// Usage is what the model cost (prompt loop or slot filling).
	Usage llm.Usage
}

var (
	// ErrNoLLM: a Prompt needs a model.
	ErrNoLLM = errors.New("a prompt needs an LLM")
	// ErrNoSpec: the model wrote no spec that compiles (llm.ErrNoAcceptableSpec,
	// llm.ErrMalformed are wrapped with it).
	ErrNoSpec = errors.New("no acceptable spec")
)

// Compile compiles the request into req.Out. The kb loads while the spec is read (or
// written by the model) and validated, and the rule engine compiles while the case is
// compiled. Problems with the spec or the case come back as findings (finding.List or
// finding.Finding in the error); c is never nil.
func (s *Session) Compile(ctx context.Context, req CompileRequest) (c *Compiled, err error) {
	c = &Compiled{}
	go s.KB()
	defer func() {
		if err != nil && c.SpecYAML != nil {
			// The model's spec is the user's to read and fix: keep it beside the case.
			beside := filepath.Clean(req.Out) + ".spec.yaml"
			if os.WriteFile(beside, c.SpecYAML, 0o644) == nil {
				c.SpecKept = beside
			}
		}
	}()
	spec := req.Spec
	var filler compiler.SlotFiller
	switch {
	case req.Prompt != nil:
		if c.SpecYAML, err = s.specFromPrompt(ctx, req.LLM, *req.Prompt, &c.Usage); err != nil {
			return c, err
		}
		if spec, err = schema.ParseSpec("spec.yaml", c.SpecYAML, baseDir(req.Prompt.BaseDir)); err != nil {
			return c, err
		}
	case spec == nil:
		if spec, err = schema.LoadSpec(req.SpecPath); err != nil {
			return c, err
		}
		fallthrough
	default:
		if req.LLM != nil {
			// A configured model fills the slots the spec leaves open; Usage says what
			// that cost (0 tokens for a complete spec).
			sf := slotfill.New(req.LLM)
			filler = sf
			defer func() { c.Usage = sf.Usage() }()
		}
	}
	k, err := s.KB()
	if err != nil {
		return c, fmt.Errorf("knowledge base: %w", err)
	}
	go s.Engine(ctx)
	res, err := compiler.Compile(ctx, spec, compiler.Options{Linter: s.Linter(nil), KB: k, Filler: filler, Strict: req.Strict})
	if err != nil {
		return c, err
	}
	if c.SpecYAML != nil {
		// Written with the case, atomically, so the case always holds the spec it came from.
		res.Files["spec.yaml"] = c.SpecYAML
	}
	if err := res.Write(req.Out, req.Force); err != nil {
		return c, err
	}
	c.Result = res
	return c, nil
}

// specFromPrompt has the model write a spec for the request, accepted only when it
// compiles deterministically with no slot left for a filler (its findings go back to
// the model otherwise), and returns it as YAML.
func (s *Session) specFromPrompt(ctx context.Context, client *llm.Client, p Prompt, usage *llm.Usage) ([]byte, error) {
	if client == nil {
		return nil, ErrNoLLM
	}
	ps := llm.PromptSpec{Prompt: p.Text, Schema: schema.SpecSchema()}
	if p.Mesh != "" {
		if err := ps.SetMesh(p.Mesh); err != nil {
			return nil, err
		}
	}
	base := baseDir(p.BaseDir)
	check := func(spec []byte) error {
		_, err := compiler.CompileBytes(ctx, "spec.json", spec, base, compiler.Options{})
		return err
	}
	res, err := client.SpecFromPrompt(ctx, ps, check)
	if res != nil {
		*usage = res.Usage
	}
	if errors.Is(err, llm.ErrNoAcceptableSpec) || errors.Is(err, llm.ErrMalformed) {
		return nil, fmt.Errorf("%w: %w", ErrNoSpec, err)
	}
	if err != nil {
		return nil, err
	}
	return schema.JSONToYAML(res.JSON)
}

func baseDir(dir string) string {
	if dir == "" {
		dir, _ = os.Getwd()
	}
	return dir
}
