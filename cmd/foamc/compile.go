package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/compiler"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/llm"
	"github.com/foamc/foamc/llm/slotfill"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/schema"
)

// compileFlags are the flags of `foamc compile`.
type compileFlags struct {
	out, kbFile              string
	explain, force, strict   bool
	prompt, promptFile, mesh string
	format                   *formatValue
	llm                      *llmFlags
}

func newCompileCmd() *cobra.Command {
	var f compileFlags
	cmd := &cobra.Command{
		Use:   "compile SPEC -o DIR | compile --prompt TEXT | --prompt-file F [--mesh PATH] -o DIR",
		Short: "compile a case spec (or a request, through an LLM) into an OpenFOAM case directory",
		Long: "compile turns a case spec (docs/spec.md) into a case directory with provenance.json.\n" +
			"With --prompt or --prompt-file an LLM writes the spec (schema-constrained, accepted only\n" +
			"when it compiles); the spec is written into the case as spec.yaml. With a model\n" +
			"configured, a spec's open slots are filled by it.",
		Args: func(cmd *cobra.Command, args []string) error {
			if f.prompt != "" || f.promptFile != "" {
				return argsBetween(0, 0, "no SPEC with --prompt")(cmd, args)
			}
			return argsBetween(1, 1, "one SPEC")(cmd, args)
		},
	}
	fs := cmd.Flags()
	fs.StringVarP(&f.out, "output", "o", "", "output case directory (required)")
	fs.BoolVar(&f.explain, "explain", false, "print the slot table (slot, value, source)")
	fs.StringVar(&f.kbFile, "kb", "", "knowledge base snapshot to use instead of the embedded one")
	fs.BoolVar(&f.force, "force", false, "replace an existing output directory")
	fs.BoolVar(&f.strict, "strict", false, "refuse values settled by kb retrieval or engineering defaults (state every value)")
	fs.StringVar(&f.prompt, "prompt", "", "natural-language request to turn into a spec")
	fs.StringVar(&f.promptFile, "prompt-file", "", "file holding the request")
	fs.StringVar(&f.mesh, "mesh", "", "mesh for the request: a blockMeshDict, a polyMesh directory or a .msh file")
	f.format = addFormatFlag(fs, "format of the findings (json: the findings and the slot table)")
	f.llm = addLLMFlags(fs)
	cmd.RunE = func(cmd *cobra.Command, args []string) error { return f.run(cmd, args) }
	return cmd
}

func (f *compileFlags) run(cmd *cobra.Command, args []string) error {
	switch {
	case f.out == "":
		return usageErrorf(cmd, "-o DIR is required")
	case f.prompt != "" && f.promptFile != "":
		return usageErrorf(cmd, "give --prompt or --prompt-file, not both")
	case f.mesh != "" && f.prompt == "" && f.promptFile == "":
		return usageErrorf(cmd, "--mesh goes with --prompt or --prompt-file")
	}
	ctx := cmd.Context()
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	client, err := f.llm.client()
	if err != nil {
		return err
	}
	// The kb loads while the spec is read (or written by the model) and validated; the
	// rule engine compiles while the case is compiled.
	type loaded struct {
		k   *kb.KB
		err error
	}
	kbc := make(chan loaded, 1)
	go func() {
		k, err := openKB(f.kbFile)
		kbc <- loaded{k, err}
	}()
	var (
		spec     *schema.Spec
		specYAML []byte // the spec the model wrote, kept in the case
		filler   compiler.SlotFiller
	)
	if f.prompt != "" || f.promptFile != "" {
		specYAML, err = f.specFromPrompt(cmd, client)
		if err != nil {
			return err
		}
		wd, _ := os.Getwd()
		spec, err = schema.ParseSpec("spec.yaml", specYAML, wd)
	} else {
		if client != nil {
			// A configured model fills the slots the spec leaves open; the compile
			// reports what that cost (0 tokens for a complete spec).
			sf := slotfill.New(client)
			filler = sf
			defer func() { reportTokens(stderr, sf.Usage()) }()
		}
		spec, err = schema.LoadSpec(args[0])
	}
	kl := <-kbc
	if err != nil {
		return f.failed(stdout, stderr, err, specYAML)
	}
	if kl.err != nil {
		return fmt.Errorf("knowledge base: %w", kl.err)
	}
	linter := compiler.StartRulesLinter(ctx, kl.k)
	res, err := compiler.Compile(ctx, spec, compiler.Options{Linter: linter, KB: kl.k, Filler: filler, Strict: f.strict})
	if err != nil {
		return f.failed(stdout, stderr, err, specYAML)
	}
	if specYAML != nil {
		// Written with the case, atomically, so the case always holds the spec it came from.
		res.Files["spec.yaml"] = specYAML
	}
	if err := res.Write(f.out, f.force); err != nil {
		return f.failed(stdout, stderr, err, specYAML)
	}
	switch f.format.name {
	case "json":
		if err := writeJSON(stdout, map[string]any{"case": f.out, "findings": nonNil(res.Findings), "slots": res.Slots}); err != nil {
			return err
		}
	case "text":
		if len(res.Findings) > 0 {
			if err := output.Write(stderr, "text", findingsReport("", res.Findings)); err != nil {
				return err
			}
		}
	default:
		if err := output.Write(stdout, f.format.name, findingsReport("", res.Findings)); err != nil {
			return err
		}
	}
	if f.explain {
		if err := res.Slots.WriteText(stdout); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "compiled %s (%s) into %s: %d files, %d slots\n", res.Name, res.Features, f.out, len(res.Files), len(res.Slots))
	if specYAML != nil {
		fmt.Fprintf(stderr, "spec written to %s\n", filepath.Join(f.out, "spec.yaml"))
	}
	return nil
}

// specFromPrompt has the model write a spec for the request, accepted only when it
// compiles deterministically with no slot left for a filler (its findings go back to the
// model otherwise), and returns it as YAML.
func (f *compileFlags) specFromPrompt(cmd *cobra.Command, client *llm.Client) ([]byte, error) {
	if client == nil {
		return nil, fmt.Errorf("--prompt needs an LLM: set %s and %s (or --llm-base-url and --llm-model)", llm.EnvBaseURL, llm.EnvModel)
	}
	request := f.prompt
	if f.promptFile != "" {
		b, err := os.ReadFile(f.promptFile)
		if err != nil {
			return nil, err
		}
		request = string(b)
	}
	ps := llm.PromptSpec{Prompt: request, Schema: schema.SpecSchema()}
	if f.mesh != "" {
		if err := ps.SetMesh(f.mesh); err != nil {
			return nil, err
		}
	}
	ctx := cmd.Context()
	wd, _ := os.Getwd()
	check := func(spec []byte) error {
		_, err := compiler.CompileBytes(ctx, "spec.json", spec, wd, compiler.Options{})
		return err
	}
	res, err := client.SpecFromPrompt(ctx, ps, check)
	if res != nil {
		reportTokens(cmd.ErrOrStderr(), res.Usage)
	}
	if errors.Is(err, llm.ErrNoAcceptableSpec) || errors.Is(err, llm.ErrMalformed) {
		return nil, exitWith(exitNoSpec, err)
	}
	if err != nil {
		return nil, err
	}
	return schema.JSONToYAML(res.JSON)
}

// failed reports a compile that produced no case: findings (exit 3) or a tool error. A
// spec the model wrote is kept beside the case directory for the user.
func (f *compileFlags) failed(stdout, stderr io.Writer, err error, specYAML []byte) error {
	if specYAML != nil {
		beside := filepath.Clean(f.out) + ".spec.yaml"
		if werr := os.WriteFile(beside, specYAML, 0o644); werr == nil {
			defer fmt.Fprintf(stderr, "foamc compile: the generated spec is in %s\n", beside)
		}
	}
	var fl finding.List
	if !errors.As(err, &fl) {
		var fd finding.Finding
		if !errors.As(err, &fd) {
			return err
		}
		fl = finding.List{fd}
	}
	var werr error
	switch f.format.name {
	case "json":
		werr = writeJSON(stdout, map[string]any{"findings": []finding.Finding(fl)})
	case "text":
		werr = output.Write(stderr, "text", findingsReport("", fl))
	default:
		werr = output.Write(stdout, f.format.name, findingsReport("", fl))
	}
	if werr != nil {
		return werr
	}
	return exitWith(exitDeny, nil)
}

// findingsReport is the report of a command that checks one input (a spec, files, a
// case): no totals line in text, a command prints its own status.
func findingsReport(dir string, fs []finding.Finding) output.Report {
	return output.Report{Tool: "foamc", Cases: []output.Case{{Dir: dir, Findings: fs}}, OmitTotals: true}
}

func nonNil(f []finding.Finding) []finding.Finding {
	if f == nil {
		return []finding.Finding{}
	}
	return f
}

// writeJSON writes a command's JSON document: indented, HTML characters as they are.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// reportTokens prints the token use of a command.
func reportTokens(w io.Writer, u llm.Usage) {
	fmt.Fprintf(w, "llm: %d call(s), %d prompt + %d completion = %d tokens\n", u.Calls, u.PromptTokens, u.CompletionTokens, u.TotalTokens)
}
