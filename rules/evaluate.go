package rules

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/suggest"
)

// raw is what a rule returns for one violation, built by lib.finding / lib.finding_with.
type raw struct {
	Path     string              `json:"path"`
	Msg      string              `json:"msg"`
	Detail   string              `json:"detail"`
	Fix      string              `json:"fix"`
	Severity string              `json:"severity"`
	Related  []related           `json:"related"`
	Location *finding.Location   `json:"location"`
	Suggest  *finding.Suggestion `json:"suggest"`
	Edits    []finding.Edit      `json:"edits"`
}

// Evaluate runs every rule against one case document and returns located findings, sorted.
// An error means the case could not be evaluated (the gate fails closed on it).
func (e *Engine) Evaluate(ctx context.Context, doc map[string]any, loc Locator) ([]finding.Finding, error) {
	j := e.judge(doc)
	shards, err := e.shardsFor(j.profile, j.load)
	if err != nil {
		return nil, err
	}
	rs, failed, err := e.eval(ctx, doc, shards)
	if err != nil {
		return nil, err
	}
	features, _ := doc["features"].(map[string]any)
	applies := func(r *Rule) bool { return applies(r, features) && j.applies(r) }
	out := e.releaseFindings(j)
	for _, fe := range failed {
		rule := e.byPkg[fe.pkg]
		if rule == nil {
			return nil, fmt.Errorf("rules: package foamc.rules.%s: %w", fe.pkg, fe.err)
		}
		if e.disabled[rule.ID] || !applies(rule) {
			continue
		}
		out = append(out, evalFailure(rule, fe.err))
	}
	seen := map[string]bool{}
	for _, r := range rs {
		cat, _ := r.Bindings["cat"].(string)
		name, _ := r.Bindings["name"].(string)
		rule := e.byPkg[cat+"."+name]
		if rule == nil {
			return nil, fmt.Errorf("rules: package foamc.rules.%s.%s returns findings but has no METADATA", cat, name)
		}
		if e.disabled[rule.ID] || !applies(rule) {
			continue
		}
		var v raw
		if err := convert(r.Bindings["f"], &v); err != nil {
			return nil, fmt.Errorf("rules: %s: finding shape: %w", rule.ID, err)
		}
		f := finding.Finding{
			ID:         rule.ID,
			Severity:   rule.Severity,
			Summary:    v.Msg,
			Detail:     v.Detail,
			Fix:        rule.Fix,
			Provenance: rule.Provenance,
		}
		if v.Severity != "" {
			f.Severity = finding.Severity(v.Severity)
		}
		if v.Fix != "" {
			f.Fix = v.Fix
		}
		if v.Suggest != nil {
			if s := suggest.DidYouMean(v.Suggest.Word, v.Suggest.Candidates); len(s) > 0 {
				// the near matches, not the rule's whole vocabulary: what an editor offers.
				f.Repair = &finding.Repair{Suggest: &finding.Suggestion{Word: v.Suggest.Word, Candidates: s}}
				f.Fix = fmt.Sprintf("did you mean %s? %s", quoteList(s), f.Fix)
			}
		}
		if len(v.Edits) > 0 {
			if err := checkEdits(v.Edits); err != nil {
				return nil, fmt.Errorf("rules: %s: %w", rule.ID, err)
			}
			if f.Repair == nil {
				f.Repair = &finding.Repair{}
			}
			f.Repair.Edits = v.Edits
		}
		f.Location = locate(loc, v.Path)
		if v.Location != nil && v.Location.File != "" {
			// directives and includes carry their own position (they are not values).
			f.Location.File, f.Location.Line, f.Location.Column = v.Location.File, v.Location.Line, v.Location.Column
			f.Location.EndLine, f.Location.EndColumn = v.Location.EndLine, v.Location.EndColumn
		}
		var relPaths []string
		for _, r := range v.Related {
			f.Related = append(f.Related, finding.Related{Location: locate(loc, r.Path), Message: r.Message})
			relPaths = append(relPaths, r.Path)
		}
		// Identity is the rule and the places (the pointer and the related pointers, which
		// tell apart two missing files reported at /files), never the wording: two bodies
		// of one rule that flag the same entry report it once.
		key := f.ID + "\x00" + v.Path + "\x00" + strings.Join(relPaths, "\x00")
		if v.Location != nil {
			key += "\x00" + f.Location.String()
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, f)
	}
	finding.Sort(out)
	return out, nil
}

// eval runs the query of every shard concurrently on the document, converted once;
// failed lists the rules that could not be evaluated (see shard.eval).
func (e *Engine) eval(ctx context.Context, doc map[string]any, shards []*shard) (all rego.ResultSet, failed []ruleError, err error) {
	input, err := ast.InterfaceToValue(doc)
	if err != nil {
		return nil, nil, fmt.Errorf("rules: convert case document: %w", err)
	}
	results := make([]rego.ResultSet, len(shards))
	fails := make([][]ruleError, len(shards))
	errs := make([]error, len(shards))
	concurrently(len(shards), func(i int) {
		results[i], fails[i], errs[i] = shards[i].eval(ctx, input)
	})
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	for i := range shards {
		all = append(all, results[i]...)
		failed = append(failed, fails[i]...)
	}
	return all, failed, nil
}

// checkEdits rejects an edit a rule built by hand wrongly (lib.fix_* build them right).
func checkEdits(es []finding.Edit) error {
	for _, e := range es {
		switch {
		case e.File == "":
			return fmt.Errorf("edit %+v: no file", e)
		case e.Op == finding.EditCreateFile:
			if e.Pointer != "" {
				return fmt.Errorf("edit %+v: create-file takes no pointer", e)
			}
		case e.Op == finding.EditAdd || e.Op == finding.EditSet || e.Op == finding.EditRemove:
			if !strings.HasPrefix(e.Pointer, "/") {
				return fmt.Errorf("edit %+v: pointer must start with /", e)
			}
		default:
			return fmt.Errorf("edit %+v: unknown op", e)
		}
	}
	return nil
}

func convert(v any, out *raw) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}

func locate(loc Locator, p string) finding.Location {
	var l finding.Location
	if loc != nil {
		l = loc.Locate(p)
	}
	l.Path = p
	return l
}

// applies filters by custom.applies_to: solvers (the case's solver must be listed) and
// features (each named boolean feature must be true).
func applies(r *Rule, features map[string]any) bool {
	if ss := r.AppliesTo["solvers"]; len(ss) > 0 {
		solver, _ := features["solver"].(string)
		ok := false
		for _, s := range ss {
			ok = ok || s == solver
		}
		if !ok {
			return false
		}
	}
	for _, f := range r.AppliesTo["features"] {
		if b, _ := features[f].(bool); !b {
			return false
		}
	}
	return true
}

func quoteList(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, " or ")
}
