package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/llm"
	"github.com/foamc/foamc/suggest"
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
	return strings.Join(t, ", ")
}

type candidate struct {
	strategy string
	edits    []Edit
	sources  []string
	level    string
	prov     []Provenance
	call     *llm.Call
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
	if r.last != nil && r.last.sig == sig {
		r.last.undo()
		r.last.rep.Reverted = true
	}
	r.last = nil
	before, err := r.opt.Lint(r.dir)
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
			if c == nil || len(c.edits) == 0 {
				break
			}
			undo, err := r.apply(ctx, c.edits)
			if err != nil {
				rejected = append(rejected, c.strategy+": "+strings.SplitN(err.Error(), "\n", 2)[0])
				continue
			}
			after, err := r.opt.Lint(r.dir)
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
			r.last = &applied{sig: sig, undo: undo, rep: rep}
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
	case KindSignal, KindNaN:
		return []strategy{{"relaxation-retrieval", retrievalTries, r.relaxation},
			{"halve-deltaT", 4, func(ctx context.Context, f *Failure, _ int) (*candidate, error) { return r.courant(ctx, p) }}}
	}
	return nil
}

func (r *repairer) turbulenceModel(ctx context.Context) string {
	st, err := r.f.get(ctx, "constant/turbulenceProperties", "simulationType")
	if err != nil || st == "laminar" || st == "" {
		return "laminar"
	}
	for _, k := range []string{st + "/" + st + "Model", st + "/model"} {
		if m, err := r.f.get(ctx, "constant/turbulenceProperties", k); err == nil && m != "" {
			return m
		}
	}
	return "laminar"
}

func (r *repairer) retrieve(ctx context.Context, q Query) (*Retrieved, error) {
	if r.opt.Retriever == nil {
		return nil, nil
	}
	q.Solver, q.Model = r.solver, r.model
	if q.BCType == "" && len(q.DictPath) == 2 && q.DictPath[0] == "boundaryField" {
		q.BCType, _ = r.f.get(ctx, q.File, "boundaryField/"+q.DictPath[1]+"/type")
	}
	return r.opt.Retriever.Retrieve(ctx, q)
}

// retrieveEntry: the heuristic keyword retriever's block for a missing entry.
func (r *repairer) retrieveEntry(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if f.File == "" || f.Keyword == "" {
		return nil, nil
	}
	dp := f.DictPath
	if f.Kind == KindMissingValue && len(dp) == 0 && f.Patch != "" {
		dp = []string{"boundaryField", f.Patch}
	}
	q := Query{File: f.File, DictPath: dp, Keyword: f.Keyword, Skip: skip}
	got, err := r.retrieve(ctx, q)
	if err != nil || got == nil {
		return nil, err
	}
	return &candidate{strategy: "keyword-retrieval", level: got.Level, prov: provenance(got), sources: []string{got.Source},
		edits: []Edit{{File: f.File, Entry: q.Entry(), New: got.Text}}}, nil
}

// referenceValue replaces the value of the entry at f.DictPath by the
// reference case's value for the same entry, when they differ.
func (r *repairer) referenceValue(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	n := len(f.DictPath)
	if f.File == "" || n == 0 {
		return nil, nil
	}
	if strings.HasPrefix(f.DictPath[n-1], "$") {
		return nil, nil // a regex-entry pointer names no keyword
	}
	q := Query{File: f.File, DictPath: f.DictPath[:n-1], Keyword: f.DictPath[n-1]}
	old, _ := r.f.get(ctx, f.File, q.Entry())
	var got *Retrieved
	// The case's own (wrong) value may be a reference value too: skip it.
	for q.Skip = skip; q.Skip < skip+retrievalTries; q.Skip++ {
		g, err := r.retrieve(ctx, q)
		if err != nil || g == nil {
			return nil, err
		}
		if normSpace(old) != normSpace(g.Text) {
			got = g
			break
		}
	}
	if got == nil {
		return nil, nil
	}
	return &candidate{strategy: "reference-value", level: got.Level, prov: provenance(got), sources: []string{got.Source},
		edits: []Edit{{File: f.File, Entry: q.Entry(), Old: old, New: got.Text}}}, nil
}

// internalFieldValue fills a missing patch value (value, inletValue, ...) with
// the field's internalField, the value OpenFOAM itself would start from.
func (r *repairer) internalFieldValue(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if !strings.HasPrefix(f.File, "0") || !strings.HasSuffix(strings.ToLower(f.Keyword), "value") {
		return nil, nil
	}
	dp := f.DictPath
	if len(dp) == 0 && f.Patch != "" {
		dp = []string{"boundaryField", f.Patch}
	}
	v, err := r.f.get(ctx, f.File, "internalField")
	if err != nil || v == "" {
		return nil, nil
	}
	entry := strings.Join(append(append([]string(nil), dp...), f.Keyword), "/")
	return &candidate{strategy: "internal-field-value", sources: []string{"case:" + f.File + ":internalField"},
		edits: []Edit{{File: f.File, Entry: entry, New: v}}}, nil
}

// retrieveBlock replaces a linear-solver dictionary whole (compound blocks are
// chosen whole, never merged key by key).
func (r *repairer) retrieveBlock(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if f.File == "" || len(f.DictPath) == 0 {
		return nil, nil
	}
	q := Query{File: f.File, DictPath: f.DictPath[:len(f.DictPath)-1], Keyword: f.DictPath[len(f.DictPath)-1], Skip: skip}
	got, err := r.retrieve(ctx, q)
	if err != nil || got == nil || f.Keyword != "" && strings.Contains(got.Text, f.Keyword+";") {
		return nil, err
	}
	old, _ := r.f.get(ctx, f.File, q.Entry())
	return &candidate{strategy: "block-retrieval", level: got.Level, prov: provenance(got), sources: []string{got.Source},
		edits: []Edit{{File: f.File, Entry: q.Entry(), Old: old, New: got.Text}}}, nil
}

// retrieveFile restores a missing file from the best-matching tutorial; field
// files get one boundaryField entry per mesh patch of this case.
func (r *repairer) retrieveFile(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if f.File == "" || f.File == "system/controlDict" {
		// controlDict names the solver: a reference case cannot stand in for it.
		return nil, nil
	}
	var got *Retrieved
	// A field with nonuniform values belongs to its own mesh: take the next
	// reference whose internalField is uniform.
	for s := skip; s < skip+5; s++ {
		g, err := r.retrieve(ctx, Query{File: f.File, Skip: s})
		if err != nil || g == nil {
			return nil, err
		}
		if !strings.HasPrefix(f.File, "0/") || !strings.Contains(g.Text, "nonuniform") {
			got = g
			break
		}
	}
	if got == nil {
		return nil, nil
	}
	c := &candidate{strategy: "file-retrieval", level: got.Level, prov: provenance(got), sources: []string{got.Source}}
	if !strings.HasPrefix(f.File, "0/") {
		c.edits = []Edit{{File: f.File, New: "(file from " + got.Source + ")", content: []byte(got.Text)}}
		return c, nil
	}
	// Keep the tutorial's header, dimensions and internalField; rebuild the
	// boundaryField for this mesh in a temporary file, then write it whole.
	tmp, err := os.CreateTemp(r.dir, ".foamc-field-*")
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	rel := filepath.Base(tmp.Name())
	if err := os.WriteFile(tmp.Name(), []byte(got.Text), 0o644); err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	if err := r.f.set(ctx, rel, "boundaryField", "{}"); err != nil {
		return nil, nil
	}
	field := filepath.Base(f.File)
	for _, pt := range r.patches() {
		text, src, prov := r.patchText(ctx, f.File, rel, field, pt.name, pt.typ)
		c.prov = append(c.prov, prov...)
		if err := r.f.set(ctx, rel, "boundaryField/"+pt.name, text); err != nil {
			return nil, nil
		}
		c.sources = append(c.sources, "boundaryField/"+pt.name+" <- "+src)
	}
	b, err := os.ReadFile(tmp.Name())
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	c.edits = []Edit{{File: f.File, New: "(field from " + got.Source + ", boundaryField for this mesh)", content: b}}
	return c, nil
}

type patch struct{ name, typ string }

// patches reads constant/polyMesh/boundary (names and types, in file order)
// with the grammar, as OpenFOAM reads it.
func (r *repairer) patches() []patch {
	_, ps, err := foamcase.ReadBoundary(filepath.Join(r.dir, "constant", "polyMesh", "boundary"))
	if err != nil {
		// No mesh yet (the case meshes later) or an unreadable one: no patch repairs.
		fmt.Fprintf(r.opt.Log, "repair: mesh patches: %v\n", err)
		return nil
	}
	out := make([]patch, len(ps))
	for i, p := range ps {
		out[i] = patch{p.Name, p.Type}
	}
	return out
}

var constraintPatch = map[string]bool{"empty": true, "symmetryPlane": true, "symmetry": true, "wedge": true,
	"cyclic": true, "cyclicAMI": true, "cyclicACMI": true, "processor": true}

// patchEntry adds the boundaryField entry a field lacks for a mesh patch.
func (r *repairer) patchEntry(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if f.File == "" || f.Patch == "" {
		return nil, nil
	}
	typ := ""
	for _, p := range r.patches() {
		if p.name == f.Patch {
			typ = p.typ
		}
	}
	text, src, prov := r.patchText(ctx, f.File, f.File, filepath.Base(f.File), f.Patch, typ)
	return &candidate{strategy: "patch-entry", sources: []string{src}, prov: prov,
		edits: []Edit{{File: f.File, Entry: "boundaryField/" + f.Patch, New: text}}}, nil
}

// patchText chooses an entry for field on a patch of the given mesh type:
// the constraint type itself; a sibling patch of the same type in this field;
// the same patch in a tutorial of this solver; a wall/non-wall template.
// file is the case-relative field file (the reference query), current the
// file to read this case's values from (a draft while a file is rebuilt).
func (r *repairer) patchText(ctx context.Context, file, current, field, name, typ string) (string, string, []Provenance) {
	if constraintPatch[typ] {
		return "{ type " + typ + "; }", "constraint: patch type " + typ + " in constant/polyMesh/boundary", nil
	}
	// Templates start from the field's internalField, as the tutorials'
	// `value $internalField;` does (foamDictionary -set cannot expand it).
	template := func() (string, string, []Provenance) {
		t := bcTemplate(field, typ, r.model)
		if strings.Contains(t, "$internalField") {
			v, err := r.f.get(ctx, current, "internalField")
			if err != nil || v == "" || strings.HasPrefix(v, "nonuniform") {
				v = "uniform 0"
				if field == "U" {
					v = "uniform (0 0 0)"
				}
			}
			t = strings.ReplaceAll(t, "$internalField", v)
		}
		return t, "template:" + typ + "/" + field, nil
	}
	// Walls take the conventional wall BC: copying a sibling wall could copy a
	// moving lid's velocity onto a fixed wall.
	if typ == "wall" {
		return template()
	}
	if got, err := r.retrieve(ctx, Query{File: file, DictPath: []string{"boundaryField"}, Keyword: name}); err == nil && got != nil && strings.HasPrefix(got.Text, "{") && !strings.Contains(got.Text, "nonuniform") {
		return got.Text, got.Source + " (" + got.Level + ")", provenance(got)
	}
	for _, p := range r.patches() {
		if p.name == name || p.typ != typ {
			continue
		}
		if v, err := r.f.get(ctx, current, "boundaryField/"+p.name); err == nil && strings.HasPrefix(v, "{") {
			return v, "case:" + file + ":boundaryField/" + p.name + " (same patch type " + typ + ")", nil
		}
	}
	return template()
}

// bcTemplate is the conventional BC of a field on a wall or an open patch, as
// the v1912 tutorials write it: on a wall, the compiler's first choice for the
// turbulence model (kb.WallBCs: wall functions, or resolved walls for low-Re and LES).
func bcTemplate(field, typ, model string) string {
	if typ == "wall" {
		if field == "U" {
			return "{ type noSlip; }"
		}
		if ts := kb.WallBCs(field, model); len(ts) > 0 {
			switch t := ts[0]; {
			case t == "zeroGradient":
				return "{ type zeroGradient; }"
			case t == "fixedValue" || strings.HasPrefix(t, "nut"):
				// k and nuTilda vanish at a resolved wall; nut's wall functions compute it.
				return "{ type " + t + "; value uniform 0; }"
			default:
				return "{ type " + t + "; value $internalField; }"
			}
		}
		return "{ type zeroGradient; }"
	}
	if field == "nut" || field == "alphat" {
		return "{ type calculated; value $internalField; }"
	}
	return "{ type zeroGradient; }"
}

// nearestName replaces an unknown name by the closest valid one OpenFOAM listed.
func (r *repairer) nearestName(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	near := suggest.DidYouMean(f.Keyword, f.Valid)
	if len(near) == 0 || f.File == "" {
		return nil, nil
	}
	best := near[0]
	src := fmt.Sprintf("OpenFOAM's list of valid %s types (nearest to %q)", f.What, f.Keyword)
	if f.Rule != "" {
		src = fmt.Sprintf("rule %s: did you mean %q", f.Rule, best)
	}
	c := &candidate{strategy: "nearest-name", sources: []string{src}}
	if len(f.DictPath) > 0 {
		dict := strings.Join(f.DictPath, "/")
		keys, _ := r.f.keywords(ctx, f.File, dict)
		for _, k := range keys {
			if v, err := r.f.get(ctx, f.File, dict+"/"+k); err == nil && v == f.Keyword {
				c.edits = append(c.edits, Edit{File: f.File, Entry: dict + "/" + k, Old: v, New: best})
			}
		}
		// The path may name the primitive entry itself (a scheme): replace the word in its value.
		if v, err := r.f.get(ctx, f.File, dict); len(keys) == 0 && err == nil {
			if nv := replaceWord(v, f.Keyword, best); nv != v {
				c.edits = append(c.edits, Edit{File: f.File, Entry: dict, Old: v, New: nv})
			}
		}
		if len(c.edits) > 0 {
			return c, nil
		}
	}
	// No location (scheme errors name only the token): replace the word in the file.
	path := filepath.Join(r.dir, filepath.FromSlash(f.File))
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil
	}
	out := replaceWord(string(b), f.Keyword, best)
	if out == string(b) {
		return nil, nil
	}
	c.edits = []Edit{{File: f.File, Old: f.Keyword, New: best, content: []byte(out)}}
	return c, nil
}

// replaceWord replaces whole-word occurrences of old (delimited by space,
// parentheses or ';') by nw.
func replaceWord(s, old, nw string) string {
	re := regexp.MustCompile(`(^|[\s(;])` + regexp.QuoteMeta(old) + `([\s);]|$)`)
	// Two passes: adjacent matches share a delimiter.
	for i := 0; i < 2; i++ {
		s = re.ReplaceAllString(s, "${1}"+nw+"${2}")
	}
	return s
}

// dimensions resets field dimensions that differ from a tutorial of the same solver.
func (r *repairer) dimensions(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	c := &candidate{strategy: "dimensions"}
	fields := append([]string(nil), f.Fields...)
	sort.Strings(fields)
	for _, fld := range fields {
		file := "0/" + fld
		if _, err := os.Stat(filepath.Join(r.dir, file)); err != nil {
			continue
		}
		cur, err := r.f.get(ctx, file, "dimensions")
		if err != nil {
			continue
		}
		got, err := r.retrieve(ctx, Query{File: file, Keyword: "dimensions", Skip: skip})
		if err != nil {
			return nil, err
		}
		if got == nil || normSpace(got.Text) == normSpace(cur) {
			continue
		}
		c.edits = append(c.edits, Edit{File: file, Entry: "dimensions", Old: cur, New: got.Text})
		c.sources = append(c.sources, got.Source)
		c.prov = append(c.prov, provenance(got)...)
		c.level = got.Level
	}
	return c, nil
}

func normSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// semicolon terminates the entry whose value swallowed the next keyword.
func (r *repairer) semicolon(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if f.File == "" || f.Keyword == "" {
		return nil, nil
	}
	path := filepath.Join(r.dir, filepath.FromSlash(f.File))
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil
	}
	lines := strings.Split(string(b), "\n")
	re := regexp.MustCompile(`^\s*` + regexp.QuoteMeta(f.Keyword) + `\s+[^;{}]*[^\s;{}]\s*$`)
	last := len(lines)
	if f.Line > 0 && f.Line <= len(lines) {
		last = f.Line
	}
	for i := last - 1; i >= 0; i-- {
		if re.MatchString(lines[i]) {
			old := lines[i]
			lines[i] = strings.TrimRight(old, " \t") + ";"
			return &candidate{strategy: "terminate-entry", sources: []string{fmt.Sprintf("%s:%d: entry '%s' has excess tokens (missing ';')", f.File, i+1, f.Keyword)},
				edits: []Edit{{File: f.File, Old: strings.TrimSpace(old), New: strings.TrimSpace(lines[i]), content: []byte(strings.Join(lines, "\n"))}}}, nil
		}
	}
	return nil, nil
}

// relaxation restores relaxationFactors on a SIMPLE-family case lacking them
// (without them the first iteration divides by zero: rules SOL-006).
func (r *repairer) relaxation(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if _, err := r.f.get(ctx, "system/fvSolution", "SIMPLE"); err != nil && !strings.Contains(strings.ToLower(r.solver), "simple") {
		return nil, nil
	}
	if _, err := r.f.get(ctx, "system/fvSolution", "relaxationFactors"); err == nil {
		return nil, nil
	}
	got, err := r.retrieve(ctx, Query{File: "system/fvSolution", Keyword: "relaxationFactors", Skip: skip})
	if err != nil || got == nil {
		return nil, err
	}
	return &candidate{strategy: "relaxation-retrieval", level: got.Level, prov: provenance(got), sources: []string{got.Source, "rule SOL-006"},
		edits: []Edit{{File: "system/fvSolution", Entry: "relaxationFactors", New: got.Text}}}, nil
}

// courant halves deltaT when the log shows a Courant number above 1.
func (r *repairer) courant(ctx context.Context, p *LogParser) (*candidate, error) {
	co := 0.0
	for _, s := range p.Steps {
		co = max(co, s.CourantMax)
	}
	if co <= 1 {
		return nil, nil
	}
	cur, err := r.f.get(ctx, "system/controlDict", "deltaT")
	if err != nil {
		return nil, nil
	}
	dt, err := strconv.ParseFloat(cur, 64)
	if err != nil || dt <= 0 {
		return nil, nil
	}
	nw := strconv.FormatFloat(dt/2, 'g', 12, 64)
	return &candidate{strategy: "halve-deltaT", sources: []string{fmt.Sprintf("log: max Courant number %.3g > 1 (rule TIME-001)", co)},
		edits: []Edit{{File: "system/controlDict", Entry: "deltaT", Old: cur, New: nw}}}, nil
}

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
