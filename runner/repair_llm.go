package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/llm"
)

// llmRepairSchema constrains the model's answer to foamDictionary edits.
var llmRepairSchema = &llm.Schema{Name: "foamc_repair", Schema: json.RawMessage(`{
  "type": "object",
  "required": ["edits", "rationale"],
  "additionalProperties": false,
  "properties": {
    "rationale": {"type": "string"},
    "edits": {"type": "array", "minItems": 1, "maxItems": 5, "items": {
      "type": "object", "required": ["file", "entry", "value"], "additionalProperties": false,
      "properties": {
        "file": {"type": "string", "description": "case-relative path, e.g. system/fvSolution"},
        "entry": {"type": "string", "description": "slash-separated dictionary path, e.g. solvers/p/solver"},
        "value": {"type": "string", "description": "the OpenFOAM value text, e.g. PCG or { type zeroGradient; }"}
      }}}
  }
}`)}

// llmRepair asks the model for foamDictionary edits; invalid answers go back
// with the problem, twice at most.
func (r *repairer) llmRepair(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	var content string
	if f.File != "" {
		if b, err := os.ReadFile(filepath.Join(r.dir, filepath.FromSlash(f.File))); err == nil && len(b) < 20000 {
			content = fmt.Sprintf("\n\nContent of %s:\n%s", f.File, b)
		}
	}
	msgs := []llm.Message{
		{Role: "system", Content: "You repair OpenFOAM v1912 case files. Propose the smallest set of dictionary edits that fixes the error. " +
			"Never use #codeStream, #calc, coded boundary conditions or systemCall."},
		{Role: "user", Content: fmt.Sprintf("Solver: %s\nTurbulence model: %s\nFailure class: %s/%s\nOpenFOAM error:\n%s%s",
			r.solver, r.model, f.Class, f.Kind, f.Message, content)},
	}
	for attempt := 0; attempt < 2; attempt++ {
		out, call, err := r.opt.LLM.CompleteJSON(ctx, msgs, llmRepairSchema)
		if err != nil && !isMalformed(err) {
			fmt.Fprintf(r.opt.Log, "repair: llm: %v\n", err)
			return nil, nil
		}
		var ans struct {
			Rationale string `json:"rationale"`
			Edits     []struct{ File, Entry, Value string }
		}
		problem := ""
		if err != nil {
			problem = err.Error()
		} else if err := json.Unmarshal(out, &ans); err != nil || len(ans.Edits) == 0 {
			problem = "the answer must be an object with a non-empty edits array"
		}
		c := &candidate{strategy: "llm", call: &call, sources: []string{fmt.Sprintf("llm:%s %s", call.Model, call.PromptHash)}}
		for _, e := range ans.Edits {
			clean := filepath.ToSlash(filepath.Clean(e.File))
			if problem == "" && (filepath.IsAbs(e.File) || strings.HasPrefix(clean, "..") || e.Entry == "" ||
				strings.Contains(e.Value, "#codeStream") || strings.Contains(e.Value, "#calc") || strings.Contains(e.Value, "coded")) {
				problem = fmt.Sprintf("edit %q %q is not allowed: files must be case-relative, entries non-empty, no dynamic code", e.File, e.Entry)
			}
			c.edits = append(c.edits, Edit{File: clean, Entry: e.Entry, New: e.Value})
		}
		if problem == "" {
			return c, nil
		}
		msgs = append(msgs, llm.Message{Role: "assistant", Content: string(out)}, llm.Message{Role: "user", Content: "Rejected: " + problem + ". Answer again."})
	}
	return nil, nil
}

func isMalformed(err error) bool { return errors.Is(err, llm.ErrMalformed) }
