package kb

import (
	"fmt"
	"sort"
	"strings"
)

// DefaultNMax is the cardinality limit of a retrieval when Query.NMax is 0.
const DefaultNMax = 5

// Query selects tutorial evidence by physics.
type Query struct {
	Solver string `json:"solver"`
	// Turbulence is the model name (kEpsilon, Smagorinsky), "laminar", or "" for any.
	Turbulence string `json:"turbulence"`
	// Compressible nil means: take it from the solver (curated table, else its tutorials).
	Compressible *bool `json:"compressible,omitempty"`
	// Target is a case-relative file ("system/fvSchemes", "0/U"); region
	// copies (system/<region>/fvSchemes) match too. "" selects cases only.
	Target string `json:"target,omitempty"`
	// Path is an RFC 6901 pointer inside Target ("/divSchemes"); "" is the whole file.
	Path string `json:"path,omitempty"`
	NMax int    `json:"nMax,omitempty"`
	// Energy is the energy variable (h | e) a template should name; "" takes the
	// one most of the solver's tutorials use. Only the template retriever reads it.
	Energy string `json:"energy,omitempty"`
}

// Sample is one piece of tutorial evidence.
type Sample struct {
	Case  string `json:"case"`
	File  string `json:"file,omitempty"` // case-relative file
	Path  string `json:"path,omitempty"` // pointer inside File
	Level int    `json:"level"`          // query level that admitted the case
	Value any    `json:"value,omitempty"`
}

// Step is one query level tried, with the number of cases it matched.
type Step struct {
	Level       int    `json:"level"`
	Description string `json:"description"`
	Matches     int    `json:"matches"`
}

// Branch is one side of a composite retrieval (all-model, template).
type Branch struct {
	Name  string   `json:"name"`
	Level int      `json:"level"`
	Cases []string `json:"cases"`
}

// Audit is the trail every retrieval returns.
type Audit struct {
	Retriever string `json:"retriever"`
	Query     Query  `json:"query"` // with Compressible resolved
	// Level is the first query level (1..6) that matched; 0 when nothing did.
	Level       int      `json:"level"`
	Levels      []Step   `json:"levels"`
	Branches    []Branch `json:"branches,omitempty"`
	Cases       []string `json:"cases"`
	Files       []string `json:"files"`                 // "<case>/<file>" tutorial files that supplied the result
	HeaderLines []string `json:"headerLines,omitempty"` // C++ file:line evidence
	Notes       []string `json:"notes,omitempty"`
}

// Result is what the cascading, all-model and keyword retrievers return.
type Result struct {
	Samples []Sample      `json:"samples"`
	Audit   Audit         `json:"audit"`
	Records []*CaseRecord `json:"-"`
}

// level is one relaxation step of the cascade.
type level struct {
	n     int
	desc  string
	match func(r *CaseRecord) bool
}

// resolved is a query with compressibility and model class filled in.
type resolved struct {
	Query
	comp   *bool
	class  string // RAS | LES | laminar | "" (any)
	steady *bool
	notes  []string
}

func (k *KB) resolve(q Query) resolved {
	rq := resolved{Query: q, comp: q.Compressible}
	if q.NMax <= 0 {
		rq.NMax = DefaultNMax
	}
	if q.Turbulence != "" {
		rq.class = k.ModelClass(q.Turbulence)
		if rq.class == "" {
			rq.notes = append(rq.notes, fmt.Sprintf("turbulence model %q is not in the vocabulary; model-class levels match nothing", q.Turbulence))
		}
	}
	if info, ok := describedSolver(q.Solver); ok {
		if rq.comp == nil {
			c := info.Compressible
			rq.comp = &c
			rq.notes = append(rq.notes, "compressibility from the curated solver table")
		}
		s := info.Steady
		rq.steady = &s
	}
	if q.Solver != "" && (rq.comp == nil || rq.steady == nil) {
		var n, comp, steady int
		for _, r := range k.Cases {
			if r.Solver == q.Solver {
				n++
				if r.Compressible {
					comp++
				}
				if r.Steady {
					steady++
				}
			}
		}
		if n > 0 && rq.comp == nil {
			c := comp*2 > n
			rq.comp = &c
			rq.notes = append(rq.notes, fmt.Sprintf("compressibility from %d tutorial(s) of %s", n, q.Solver))
		}
		if n > 0 && rq.steady == nil {
			s := steady*2 > n
			rq.steady = &s
		}
	}
	if rq.comp == nil && q.Solver != "" {
		rq.notes = append(rq.notes, fmt.Sprintf("solver %q is unknown: compressibility unconstrained", q.Solver))
	}
	rq.Compressible = rq.comp
	return rq
}

// levels is the cascade q1..q6: relax the turbulence model to its class, then
// drop it, then relax the solver to its compressibility class (keeping the
// model, then its class, then nothing). Compressibility is never relaxed, so a
// compressible query never returns incompressible context.
func (k *KB) levels(rq resolved) []level {
	compOK := func(r *CaseRecord) bool { return rq.comp == nil || r.Compressible == *rq.comp }
	solverOK := func(r *CaseRecord) bool { return rq.Solver == "" || r.Solver == rq.Solver }
	modelOK := func(r *CaseRecord) bool { return rq.Turbulence == "" || r.TurbulenceModel == rq.Turbulence }
	classOK := func(r *CaseRecord) bool {
		return rq.Turbulence == "" || (rq.class != "" && k.ModelClass(r.TurbulenceModel) == rq.class)
	}
	comp := "any"
	if rq.comp != nil {
		comp = map[bool]string{true: "compressible", false: "incompressible"}[*rq.comp]
	}
	model, solver := orAny(rq.Turbulence), orAny(rq.Solver)
	class := orAny(rq.class)
	if rq.Turbulence != "" && rq.class == "" {
		class = "unknown"
	}
	return []level{
		{1, fmt.Sprintf("solver=%s model=%s %s", solver, model, comp), func(r *CaseRecord) bool { return solverOK(r) && modelOK(r) && compOK(r) }},
		{2, fmt.Sprintf("solver=%s class=%s %s", solver, class, comp), func(r *CaseRecord) bool { return solverOK(r) && classOK(r) && compOK(r) }},
		{3, fmt.Sprintf("solver=%s %s", solver, comp), func(r *CaseRecord) bool { return solverOK(r) && compOK(r) }},
		{4, fmt.Sprintf("model=%s %s", model, comp), func(r *CaseRecord) bool { return modelOK(r) && compOK(r) }},
		{5, fmt.Sprintf("class=%s %s", class, comp), func(r *CaseRecord) bool { return classOK(r) && compOK(r) }},
		{6, comp, compOK},
	}
}

func orAny(s string) string {
	if s == "" {
		return "any"
	}
	return s
}

// matchTarget reports whether a record file is the target, directly or as a
// region copy (system/<region>/fvSchemes for system/fvSchemes).
func matchTarget(file, target string) bool {
	if target == "" || file == target {
		return true
	}
	fp, tp := strings.Split(file, "/"), strings.Split(target, "/")
	if len(fp) != len(tp)+1 || fp[0] != tp[0] {
		return false
	}
	return strings.Join(fp[2:], "/") == strings.Join(tp[1:], "/")
}

// extract returns the record's samples for the query target and path.
func extract(r *CaseRecord, q Query, lvl int) []Sample {
	if q.Target == "" {
		return []Sample{{Case: r.Path, Level: lvl}}
	}
	var out []Sample
	for _, f := range sortedKeys(r.CaseFiles()) {
		if !matchTarget(f, q.Target) {
			continue
		}
		v, ok := lookupPointer(r.CaseFiles()[f], q.Path)
		if !ok {
			continue
		}
		out = append(out, Sample{Case: r.Path, File: f, Path: q.Path, Level: lvl, Value: v})
	}
	return out
}

// rank orders the cases within a level: same solver, same model, same
// steadiness first, then by path.
func (rq resolved) rank(recs []*CaseRecord) {
	score := func(r *CaseRecord) int {
		s := 0
		if rq.Solver != "" && r.Solver == rq.Solver {
			s += 4
		}
		if rq.Turbulence != "" && r.TurbulenceModel == rq.Turbulence {
			s += 2
		}
		if rq.steady != nil && r.Steady == *rq.steady {
			s++
		}
		return s
	}
	sort.SliceStable(recs, func(i, j int) bool {
		si, sj := score(recs[i]), score(recs[j])
		if si != sj {
			return si > sj
		}
		return recs[i].Path < recs[j].Path
	})
}

// run evaluates levels in order and stops at the first that yields samples.
// Every level tried is recorded in steps.
func (k *KB) run(rq resolved, lv []level, extractFn func(*CaseRecord, int) []Sample) (int, []*CaseRecord, []Sample, []Step) {
	var steps []Step
	for _, l := range lv {
		var recs []*CaseRecord
		per := map[string][]Sample{}
		for _, r := range k.Cases {
			if !l.match(r) {
				continue
			}
			if s := extractFn(r, l.n); len(s) > 0 {
				recs = append(recs, r)
				per[r.Path] = s
			}
		}
		steps = append(steps, Step{Level: l.n, Description: l.desc, Matches: len(recs)})
		if len(recs) == 0 {
			continue
		}
		rq.rank(recs)
		if len(recs) > rq.NMax {
			recs = recs[:rq.NMax]
		}
		var samples []Sample
		for _, r := range recs {
			samples = append(samples, per[r.Path]...)
		}
		return l.n, recs, samples, steps
	}
	return 0, nil, nil, steps
}

func (k *KB) finish(name string, rq resolved, lvl int, recs []*CaseRecord, samples []Sample, steps []Step) Result {
	a := Audit{Retriever: name, Query: rq.Query, Level: lvl, Levels: steps, Notes: rq.notes}
	fill(&a, recs, samples)
	if samples == nil {
		samples = []Sample{}
	}
	return Result{Samples: samples, Audit: a, Records: recs}
}

func fill(a *Audit, recs []*CaseRecord, samples []Sample) {
	a.Cases, a.Files = []string{}, []string{}
	seen := map[string]bool{}
	for _, r := range recs {
		if !seen[r.Path] {
			seen[r.Path] = true
			a.Cases = append(a.Cases, r.Path)
		}
	}
	files := map[string]bool{}
	for _, s := range samples {
		if s.File != "" {
			files[s.Case+"/"+s.File] = true
		}
	}
	a.Files = sortedKeys(files)
	if a.Levels == nil {
		a.Levels = []Step{}
	}
}

// Cascade is the cascading-fallback retriever (physical properties, inferred
// boundary conditions): the first of q1..q6 that has the target yields at most
// NMax cases.
func (k *KB) Cascade(q Query) Result {
	rq := k.resolve(q)
	lvl, recs, samples, steps := k.run(rq, k.levels(rq), func(r *CaseRecord, n int) []Sample { return extract(r, rq.Query, n) })
	return k.finish("cascade", rq, lvl, recs, samples, steps)
}

// AllModel is the all-model retriever (fvSchemes): the strict match q1, else the
// union of a solver-dominant cascade (q2, q3: keep the solver) and a
// turbulence-dominant cascade (q4, q5: keep the model), else q6.
func (k *KB) AllModel(q Query) Result {
	rq := k.resolve(q)
	lv := k.levels(rq)
	ex := func(r *CaseRecord, n int) []Sample { return extract(r, rq.Query, n) }
	lvl, recs, samples, steps := k.run(rq, lv[:1], ex)
	if lvl != 0 {
		res := k.finish("all-model", rq, lvl, recs, samples, steps)
		res.Audit.Branches = []Branch{{Name: "strict", Level: lvl, Cases: res.Audit.Cases}}
		return res
	}
	sl, srecs, ssamples, ssteps := k.run(rq, lv[1:3], ex)
	tl, trecs, tsamples, tsteps := k.run(rq, lv[3:5], ex)
	steps = append(append(steps, ssteps...), tsteps...)
	var branches []Branch
	seen := map[string]bool{}
	recs, samples = nil, nil
	add := func(name string, l int, rs []*CaseRecord, ss []Sample) {
		b := Branch{Name: name, Level: l, Cases: []string{}}
		for _, r := range rs {
			b.Cases = append(b.Cases, r.Path)
			if !seen[r.Path] {
				seen[r.Path] = true
				recs = append(recs, r)
				for _, s := range ss {
					if s.Case == r.Path {
						samples = append(samples, s)
					}
				}
			}
		}
		branches = append(branches, b)
	}
	add("solver-dominant", sl, srecs, ssamples)
	add("turbulence-dominant", tl, trecs, tsamples)
	lvl = minLevel(sl, tl)
	if lvl == 0 {
		var fsteps []Step
		lvl, recs, samples, fsteps = k.run(rq, lv[5:], ex)
		steps = append(steps, fsteps...)
		branches = append(branches, Branch{Name: "compressibility", Level: lvl, Cases: paths(recs)})
	}
	res := k.finish("all-model", rq, lvl, recs, samples, steps)
	res.Audit.Branches = branches
	return res
}

func minLevel(a, b int) int {
	switch {
	case a == 0:
		return b
	case b == 0:
		return a
	case a < b:
		return a
	}
	return b
}

func paths(recs []*CaseRecord) []string {
	out := []string{}
	for _, r := range recs {
		out = append(out, r.Path)
	}
	return out
}
