package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/llm"
)

// Repair is one applied repair with its provenance (written to repair.json).
type Repair struct {
	Round    int      `json:"round"`
	Failure  Failure  `json:"failure"`
	Strategy string   `json:"strategy"`
	Edits    []Edit   `json:"edits"`
	Sources  []string `json:"sources"` // where each new value came from
	Level    string   `json:"level,omitempty"`
	// Retrieval is the audit of every retrieval the repair rests on: the
	// retriever, the query level and the tutorial files.
	Retrieval []Provenance `json:"retrieval,omitempty"`
	// Rejected lists earlier candidates for this round that re-linting refused.
	Rejected []string  `json:"rejected,omitempty"`
	Lint     LintCheck `json:"lint"`
	LLM      *llm.Call `json:"llm,omitempty"`
	// Reverted is set when the same failure came back after this repair (or
	// the deny it targeted stayed): it was undone.
	Reverted bool `json:"reverted,omitempty"`
	// Finding is the gate finding (rule ID) a gate repair cleared.
	Finding string `json:"finding,omitempty"`
}

// Provenance is the audit of one retrieval.
type Provenance struct {
	Retriever string   `json:"retriever"`
	Level     string   `json:"level,omitempty"`
	Files     []string `json:"files,omitempty"`
}

func provenance(got *Retrieved) []Provenance {
	if got == nil {
		return nil
	}
	return []Provenance{{Retriever: got.Retriever, Level: got.Level, Files: got.Files}}
}

// Edit is one change to a case file.
type Edit struct {
	File  string `json:"file"`
	Entry string `json:"entry,omitempty"` // foamDictionary path; empty for a text edit or a new file
	Old   string `json:"old,omitempty"`
	New   string `json:"new"`
	// content, when set, is written as the whole file; remove deletes Entry.
	content []byte
	remove  bool
}

// LintCheck records the re-lint of a repaired case.
type LintCheck struct {
	DenyBefore int `json:"denyBefore"`
	DenyAfter  int `json:"denyAfter"`
}

// Target names what a repair changed.
func (r Repair) Target() string {
	var t []string
	for _, e := range r.Edits {
		if e.Entry != "" {
			t = append(t, e.File+":"+e.Entry)
		} else {
			t = append(t, e.File)
		}
	}
	if len(t) == 0 {
		return "(no edit: the rerun continues)"
	}
	return strings.Join(t, ", ")
}

type candidate struct {
	strategy string
	edits    []Edit
	sources  []string
	level    string
	prov     []Provenance
	call     *llm.Call
	// keep: the repair makes progress rather than a guess (a continued run), so the
	// same failure coming back does not undo it.
	keep bool
}

type repairer struct {
	f      foam
	opt    Options
	dir    string
	solver string
	model  string
	// tries counts attempts per strategy and failure signature; retrieval
	// strategies move to the next distinct reference value on each try.
	tries map[string]int
	// log holds every applied repair; last is undone when the failure it
	// addressed comes back unchanged.
	log  []*Repair
	last *applied
	// noLLM holds the model back (gate repair asks it once per finding, not
	// once per reading of it).
	noLLM bool
}

type applied struct {
	sig  string
	undo func()
	rep  *Repair
	keep bool
}

// applied returns every repair made, in order.
func (r *repairer) applied() []Repair {
	var out []Repair
	for _, rp := range r.log {
		out = append(out, *rp)
	}
	return out
}

// signature identifies a failure so a repair that did not help is not repeated.
func signature(f *Failure) string {
	return strings.Join([]string{f.Class, f.Kind, f.File, strings.Join(f.DictPath, "/"), f.Keyword, f.Patch}, "|")
}

// repair proposes candidates for the failure, deterministic ones first and the
// LLM last, applies the first whose re-lint adds no deny finding, and returns it
// (nil when nothing applies). A previous repair after which the same failure
// recurs is undone first and marked reverted.
func (r *repairer) repair(ctx context.Context, fail *Failure, p *LogParser, round int) (*Repair, error) {
	if r.tries == nil {
		r.tries = map[string]int{}
		r.model = r.turbulenceModel(ctx)
	}
	sig := signature(fail)
	if r.last != nil && r.last.sig == sig && !r.last.keep {
		r.last.undo()
		r.last.rep.Reverted = true
	}
	r.last = nil
	before, err := r.opt.Lint.LintDir(ctx, r.dir)
	if err != nil {
		return nil, fmt.Errorf("runner: re-lint: %w", err)
	}
	baseline := denyKeys(before)
	var rejected []string
	strats := r.strategies(fail, p)
	if r.opt.LLM != nil && !r.noLLM {
		strats = append(strats, strategy{"llm", 3, r.llmRepair})
	}
	for _, st := range strats {
		key := st.name + "|" + sig
		for r.tries[key] < st.maxTries {
			skip := r.tries[key]
			r.tries[key]++
			c, err := st.gen(ctx, fail, skip)
			if err != nil {
				return nil, err
			}
			if c == nil || len(c.edits) == 0 && !c.keep {
				break
			}
			undo, err := r.apply(ctx, c.edits)
			if err != nil {
				rejected = append(rejected, c.strategy+": "+strings.SplitN(err.Error(), "\n", 2)[0])
				continue
			}
			after, err := r.opt.Lint.LintDir(ctx, r.dir)
			if err != nil {
				undo()
				return nil, fmt.Errorf("runner: re-lint: %w", err)
			}
			if added := newDenies(baseline, after); len(added) > 0 {
				undo()
				rejected = append(rejected, fmt.Sprintf("%s: re-lint adds %s", c.strategy, strings.Join(added, ", ")))
				continue
			}
			rep := &Repair{Round: round, Failure: *fail, Strategy: c.strategy, Edits: c.edits, Sources: c.sources,
				Level: c.level, Retrieval: c.prov, Rejected: rejected, LLM: c.call,
				Lint: LintCheck{DenyBefore: len(baseline), DenyAfter: len(denyKeys(after))}}
			r.log = append(r.log, rep)
			r.last = &applied{sig: sig, undo: undo, rep: rep, keep: c.keep}
			return rep, nil
		}
	}
	for _, rj := range rejected {
		fmt.Fprintf(r.opt.Log, "repair: candidate rejected: %s\n", rj)
	}
	return nil, nil
}

func denyKeys(fs []finding.Finding) map[string]bool {
	m := map[string]bool{}
	for _, f := range fs {
		if f.Severity == finding.Deny {
			m[f.ID+" "+f.Location.File+" "+f.Location.Path] = true
		}
	}
	return m
}

func newDenies(base map[string]bool, after []finding.Finding) []string {
	var out []string
	for k := range denyKeys(after) {
		if !base[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// apply performs edits and returns a function restoring every touched file.
func (r *repairer) apply(ctx context.Context, edits []Edit) (func(), error) {
	saved := map[string][]byte{}
	absent := map[string]bool{}
	undo := func() {
		for p, b := range saved {
			os.WriteFile(p, b, 0o644)
		}
		for p := range absent {
			os.Remove(p)
		}
	}
	for _, e := range edits {
		path := filepath.Join(r.dir, filepath.FromSlash(e.File))
		if _, ok := saved[path]; !ok && !absent[path] {
			if b, err := os.ReadFile(path); err == nil {
				saved[path] = b
			} else {
				absent[path] = true
			}
		}
		var err error
		switch {
		case e.content != nil:
			if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
				err = os.WriteFile(path, e.content, 0o644)
			}
		case e.remove:
			err = r.f.remove(e.File, e.Entry)
		default:
			err = r.f.set(ctx, e.File, e.Entry, e.New)
		}
		if err != nil {
			undo()
			return nil, fmt.Errorf("apply %s: %w", e.File, err)
		}
	}
	return undo, nil
}

// generator proposes edits; skip > 0 asks for the next distinct reference
// value after earlier proposals did not fix the failure.
type generator func(ctx context.Context, f *Failure, skip int) (*candidate, error)

type strategy struct {
	name     string
	maxTries int
	gen      generator
}

// retrievalTries bounds how many reference cases a retrieval strategy tries.
const retrievalTries = 3

// strategies orders the deterministic repairs that fit a failure.
func (r *repairer) strategies(f *Failure, p *LogParser) []strategy {
	switch f.Kind {
	case KindMissingEntry, KindMissingValue:
		return []strategy{{"keyword-retrieval", retrievalTries, r.retrieveEntry}, {"internal-field-value", 1, r.internalFieldValue}}
	case KindMissingFile:
		return []strategy{{"file-retrieval", retrievalTries, r.retrieveFile}}
	case KindMissingPatch:
		return []strategy{{"patch-entry", 1, r.patchEntry}}
	case KindUnknownName:
		if f.Class == ClassLinSolver {
			return []strategy{{"block-retrieval", retrievalTries, r.retrieveBlock}, {"nearest-name", 1, r.nearestName}}
		}
		return []strategy{{"nearest-name", 1, r.nearestName}}
	case KindDimensions:
		return []strategy{{"dimensions", retrievalTries, r.dimensions}}
	case KindExcessTokens:
		return []strategy{{"terminate-entry", 1, r.semicolon}}
	case KindWrongValue:
		return []strategy{{"reference-value", retrievalTries, r.referenceValue}}
	case KindBadBlock:
		return []strategy{{"block-retrieval", retrievalTries, r.retrieveBlock}}
	case KindFindingFix:
		return []strategy{{"finding-fix", 1, r.findingFix}}
	case KindUnconverged:
		return []strategy{{"continue-run", continueTries, r.continueRun}}
	case KindUnbounded:
		return []strategy{{"robust-profile", 1, r.robustProfile}, {"bounded-schemes", retrievalTries, r.boundedSchemes}}
	case KindSignal, KindNaN:
		return []strategy{{"robust-profile", 1, r.robustProfile}, {"relaxation-retrieval", retrievalTries, r.relaxation},
			{"halve-deltaT", 4, func(ctx context.Context, f *Failure, _ int) (*candidate, error) { return r.courant(ctx, p) }}}
	}
	return nil
}
