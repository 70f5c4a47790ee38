package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/llm"
	"github.com/foamc/foamc/output"
	"github.com/foamc/foamc/workflow"
	"github.com/foamc/foamc/workflow/session"
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
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	client, err := f.llm.client()
	if err != nil {
		return err
	}
	req := workflow.CompileRequest{Out: f.out, Force: f.force, Strict: f.strict, LLM: client}
	if len(args) > 0 {
		req.SpecPath = args[0]
	} else {
		req.Prompt = &workflow.Prompt{Text: f.prompt, Mesh: f.mesh}
		if f.promptFile != "" {
			b, err := os.ReadFile(f.promptFile)
			if err != nil {
				return err
			}
			req.Prompt.Text = string(b)
		}
	}
	c, err := workflow.New(session.Options{KBPath: f.kbFile}).Compile(cmd.Context(), req)
	if client != nil {
		reportTokens(stderr, c.Usage)
	}
	switch {
	case errors.Is(err, workflow.ErrNoLLM):
		return fmt.Errorf("--prompt needs an LLM: set %s and %s (or --llm-base-url and --llm-model)", llm.EnvBaseURL, llm.EnvModel)
	case errors.Is(err, workflow.ErrNoSpec):
		return exitWith(exitNoSpec, err)
	case err != nil:
		if c.SpecKept != "" {
			defer fmt.Fprintf(stderr, "foamc compile: the generated spec is in %s\n", c.SpecKept)
		}
		return f.failed(stdout, stderr, err)
	}
	res := c.Result
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
	if c.SpecYAML != nil {
		fmt.Fprintf(stderr, "spec written to %s\n", filepath.Join(f.out, "spec.yaml"))
	}
	return nil
}

// failed reports a compile that produced no case: findings (exit 3) or a tool error.
func (f *compileFlags) failed(stdout, stderr io.Writer, err error) error {
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
