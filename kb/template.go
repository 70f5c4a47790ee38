package kb

import (
	"fmt"
	"maps"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// DefaultTau is the frequency threshold of the template retriever when none is
// given: a key must appear in more than half of a feature's cases (both of two,
// two of three), so a single odd tutorial does not leak into the template.
const DefaultTau = 0.6

// TemplateResult is a dictionary assembled from tutorial key frequencies.
type TemplateResult struct {
	// Dict is in case-document form (regex keys under "$regex").
	Dict    map[string]any  `json:"dict"`
	Entries []TemplateEntry `json:"entries"`
	Audit   Audit           `json:"audit"`
}

// TemplateEntry explains one kept key path.
type TemplateEntry struct {
	Path      string   `json:"path"` // pointer; regex keys appear quoted: /solvers/"(U|k)"
	Frequency float64  `json:"frequency"`
	Feature   string   `json:"feature"`  // exact | solver | model: the feature whose frequency won
	Compound  bool     `json:"compound"` // a block taken whole (a linear-solver dict)
	Cases     []string `json:"cases"`    // cases whose value was chosen
}

type feature struct {
	name   string
	level  int
	recs   []*CaseRecord
	filter func(segs []string) bool
}

// pathStat accumulates one key path within one feature.
type pathStat struct {
	segs     []string
	cases    map[string]bool
	variants map[string]*variant
	order    int // smallest position among regex siblings (definition order)
}

type variant struct {
	value any
	cases map[string]bool
}

// Template is the data-driven template retriever (fvSolution): key-path
// frequencies are computed per feature (the exact key, the solver, the
// turbulence model restricted to the model's fields), merged by taking the
// maximum, and kept when >= tau. Compound blocks — entries of `solvers` and any
// dictionary with a `solver` or `type` key — are chosen whole: the most frequent
// variant of the winning feature.
func (k *KB) Template(q Query, tau float64) TemplateResult {
	if tau <= 0 {
		tau = DefaultTau
	}
	rq := k.resolve(q)
	lv := k.levels(rq)
	has := func(r *CaseRecord) bool { return len(extract(r, rq.Query, 0)) > 0 }
	collect := func(l level) []*CaseRecord {
		var out []*CaseRecord
		for _, r := range k.Cases {
			if l.match(r) && has(r) {
				out = append(out, r)
			}
		}
		return out
	}
	var steps []Step
	var feats []feature
	tryLevels := func(name string, filter func([]string) bool, ls ...level) {
		for _, l := range ls {
			recs := collect(l)
			steps = append(steps, Step{Level: l.n, Description: name + ": " + l.desc, Matches: len(recs)})
			if len(recs) > 0 {
				feats = append(feats, feature{name: name, level: l.n, recs: recs, filter: filter})
				return
			}
		}
	}
	// Turbulence fields of other models (omega in a kEpsilon query: tutorials
	// often list spare fields in one regex) are left out of every feature.
	foreign := foreignModelFields(rq.Turbulence)
	all := func(segs []string) bool { return !mentionsField(segs, foreign) }
	if rq.Solver != "" && rq.Turbulence != "" {
		tryLevels("exact", all, lv[0])
	}
	sameSteady := level{6, lv[5].desc + " same steadiness", func(r *CaseRecord) bool {
		return lv[5].match(r) && (rq.steady == nil || r.Steady == *rq.steady)
	}}
	tryLevels("solver", all, lv[2], sameSteady)
	if rq.Turbulence != "" && rq.Turbulence != "laminar" {
		if fields := modelFields(rq.Turbulence); len(fields) > 0 {
			tryLevels("model", func(segs []string) bool { return mentionsField(segs, fields) && all(segs) }, lv[3], lv[4])
		} else {
			rq.notes = append(rq.notes, fmt.Sprintf("no curated fields for model %q: model feature skipped", rq.Turbulence))
		}
	}

	type merged struct {
		freq    float64
		feature string
		stat    *pathStat
	}
	energy := rq.Energy
	if energy == "" {
		energy = k.energyOf(rq.Solver)
	}
	if energy != "" {
		rq.notes = append(rq.notes, "energy variable "+energy+": h and e entries of the tutorials are counted as "+energy)
	}
	// The solver reads one algorithm dictionary; the others (SIMPLE in a
	// PIMPLE solver's tutorial) are dead entries.
	alg := k.algorithmOf(rq.Solver)
	wrongAlgorithm := func(segs []string) bool {
		switch segs[0] {
		case "SIMPLE", "PISO", "PIMPLE":
			return alg != "" && segs[0] != alg
		}
		// <field>Final entries serve the last PISO/PIMPLE corrector only
		return alg == "SIMPLE" && len(segs) > 1 && fieldKeyed(segs[:len(segs)-1]) && strings.HasSuffix(segs[len(segs)-1], "Final")
	}
	if alg != "" {
		rq.notes = append(rq.notes, fmt.Sprintf("%s reads the %s dictionary: other algorithm dictionaries are left out", rq.Solver, alg))
	}
	best := map[string]*merged{}
	var allStats []map[string]*pathStat
	for _, f := range feats {
		stats := featureStats(f, rq.Query, energy)
		allStats = append(allStats, stats)
		for key, st := range stats {
			if !f.filter(st.segs) || wrongAlgorithm(st.segs) {
				continue
			}
			fr := float64(len(st.cases)) / float64(len(f.recs))
			if m, ok := best[key]; !ok || fr > m.freq {
				best[key] = &merged{freq: fr, feature: f.name, stat: st}
			}
		}
	}
	keys := sortedKeys(best)
	sort.SliceStable(keys, func(i, j int) bool { return best[keys[i]].freq > best[keys[j]].freq })

	root := &tnode{children: map[string]*tnode{}}
	res := TemplateResult{Entries: []TemplateEntry{}}
	used := map[string]bool{}
	for _, key := range keys {
		m := best[key]
		if m.freq < tau {
			continue
		}
		v := m.stat.choose(allStats, key)
		if !root.insert(m.stat.segs, v.value, m.stat.order) {
			rq.notes = append(rq.notes, fmt.Sprintf("%s dropped: conflicts with a more frequent entry", join(m.stat.segs...)))
			continue
		}
		cases := sortedKeys(v.cases)
		for _, c := range cases {
			used[c] = true
		}
		res.Entries = append(res.Entries, TemplateEntry{Path: join(m.stat.segs...), Frequency: m.freq,
			Feature: m.feature, Compound: isCompoundValue(m.stat.segs, v.value), Cases: cases})
	}
	sort.Slice(res.Entries, func(i, j int) bool { return res.Entries[i].Path < res.Entries[j].Path })
	res.Dict, _ = root.value().(map[string]any)
	if res.Dict == nil {
		res.Dict = map[string]any{}
	}

	a := Audit{Retriever: "template", Query: rq.Query, Levels: steps, Notes: rq.notes}
	var recs []*CaseRecord
	var samples []Sample
	for _, f := range feats {
		a.Branches = append(a.Branches, Branch{Name: f.name, Level: f.level, Cases: paths(f.recs)})
		if a.Level == 0 || f.level < a.Level {
			a.Level = f.level
		}
		for _, r := range f.recs {
			if used[r.Path] {
				recs = append(recs, r)
				samples = append(samples, extract(r, rq.Query, f.level)...)
				used[r.Path] = false
			}
		}
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Path < recs[j].Path })
	fill(&a, recs, samples)
	res.Audit = a
	return res
}

// modelFields lists the fields a model transports or needs (curated models table).
func modelFields(model string) []string {
	m, err := Curated("models")
	if err != nil {
		return nil
	}
	info, _ := m[model].(map[string]any)
	var out []string
	for _, key := range []string{"fields", "transported"} {
		l, _ := info[key].([]any)
		for _, f := range l {
			if s, ok := f.(string); ok {
				out = append(out, s)
			}
		}
	}
	return SortedUnique(out)
}

// mentionsField reports whether a key path names one of fields (or its Final
// variant) directly or through a regex key.
func mentionsField(segs []string, fields []string) bool {
	for _, s := range segs {
		for _, f := range fields {
			if pat, ok := regexSeg(s); ok {
				if patternMatches(pat, f) || patternMatches(pat, f+"Final") {
					return true
				}
			} else if s == f || s == f+"Final" || strings.Contains(s, ","+f+")") {
				return true
			}
		}
	}
	return false
}

// regexSeg tells whether a flattened path segment is a regex key (written quoted).
func regexSeg(s string) (string, bool) {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1], true
	}
	return "", false
}

// isCompound: entries of a top-level `solvers` dictionary and any dictionary
// selecting a model with `solver` or `type` are taken whole.
func isCompoundValue(segs []string, v any) bool {
	d, ok := v.(map[string]any)
	if !ok {
		return false
	}
	if len(segs) == 2 && segs[0] == "solvers" {
		return true
	}
	_, s := d["solver"]
	_, t := d["type"]
	return s || t
}

// featureStats flattens the target of every case of a feature into key paths.
func featureStats(f feature, q Query, energy string) map[string]*pathStat {
	stats := map[string]*pathStat{}
	for _, r := range f.recs {
		// h and e entries are interchangeable: name them as the template's energy
		alias := map[string]string{}
		if energy != "" && r.Energy != "" && r.Energy != energy {
			alias[r.Energy], alias[r.Energy+"Final"] = energy, energy+"Final"
		}
		for _, s := range extract(r, q, f.level) {
			flatten(s.Value, nil, 0, solvedFields(r, s.Value), func(segs []string, v any, order int) {
				if len(alias) > 0 && fieldKeyed(segs[:len(segs)-1]) {
					if a, ok := alias[segs[len(segs)-1]]; ok {
						segs = append(append([]string(nil), segs[:len(segs)-1]...), a)
					}
				}
				key := strings.Join(segs, "\x00")
				st, ok := stats[key]
				if !ok {
					st = &pathStat{segs: append([]string(nil), segs...), cases: map[string]bool{}, variants: map[string]*variant{}, order: order}
					stats[key] = st
				}
				st.cases[r.Path] = true
				if order < st.order {
					st.order = order
				}
				c := canonical(v)
				vr, ok := st.variants[c]
				if !ok {
					vr = &variant{value: v, cases: map[string]bool{}}
					st.variants[c] = vr
				}
				vr.cases[r.Path] = true
			})
		}
	}
	return stats
}

// flatten calls emit for every leaf or compound block; regex keys become quoted
// segments and carry their definition position as order. Dictionaries keyed by
// field names are emitted per solved field (see fieldKeyed), so `"(U|k|epsilon)"`
// in one tutorial and `U`, `k`, `epsilon` in another count as the same entries.
func flatten(v any, segs []string, order int, fields []string, emit func(segs []string, v any, order int)) {
	d, ok := v.(map[string]any)
	if !ok || len(d) == 0 || (len(segs) > 0 && isCompoundValue(segs, v)) {
		if len(segs) > 0 {
			emit(segs, v, order)
		}
		return
	}
	if fieldKeyed(segs) {
		for _, f := range fields {
			if fv, _, ok := Lookup(d, f); ok {
				emit(append(segs, f), fv, 0)
			}
		}
		return
	}
	for _, key := range sortedKeys(d) {
		if key == regexKey {
			continue
		}
		flatten(d[key], append(segs, key), 0, fields, emit)
	}
	patterns, values := regexEntries(d)
	for i, p := range patterns {
		flatten(values[i], append(segs, `"`+p+`"`), i, fields, emit)
	}
}

// fieldKeyed: dictionaries whose keys name fields, often through regex keys
// standing for several: solvers, relaxationFactors/{equations,fields} and the
// algorithm's residualControl.
func fieldKeyed(segs []string) bool {
	switch len(segs) {
	case 1:
		return segs[0] == "solvers"
	case 2:
		switch segs[0] {
		case "relaxationFactors":
			return segs[1] == "equations" || segs[1] == "fields"
		case "SIMPLE", "PIMPLE", "PISO":
			return segs[1] == "residualControl"
		}
	}
	return false
}

var reIdentToken = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[A-Za-z_][\w.]*`) })

// solvedFields lists the fields a case's fvSolution solves: candidate names (its
// field files, the energy variable, rho, the keys and the identifiers inside the
// regex keys of solvers, each also with Final) that solvers defines through a
// literal key or a pattern that is not a catch-all.
func solvedFields(r *CaseRecord, solution any) []string {
	d, _ := solution.(map[string]any)
	solvers, _ := d["solvers"].(map[string]any)
	if solvers == nil {
		return nil
	}
	cand := map[string]bool{"rho": true}
	if r.Energy != "" {
		cand[r.Energy] = true
	}
	for f := range r.CaseFiles() {
		if strings.HasPrefix(f, "0/") {
			cand[path.Base(f)] = true
		}
	}
	for key := range solvers {
		if key != regexKey {
			cand[key] = true
		}
	}
	patterns, _ := regexEntries(solvers)
	for _, p := range patterns {
		for _, tok := range reIdentToken().FindAllString(p, -1) {
			cand[strings.TrimSuffix(tok, ".")] = true
		}
	}
	var out []string
	for _, c := range sortedKeys(cand) {
		for _, n := range []string{c, c + "Final"} {
			if _, by, ok := Lookup(solvers, n); ok && (by == n || !patternMatches(by, catchAllProbe)) {
				out = append(out, n)
			}
		}
	}
	return SortedUnique(out)
}

// choose picks the most frequent variant. A tie goes to the variant more cases of all
// the features use (the solver's and the model's tutorials as well as the exact match),
// then to the first canonical text: one unusual tutorial of two (pisoFoam's
// cavityCoupledU with its coupled U solver) must not win on spelling.
func (st *pathStat) choose(features []map[string]*pathStat, key string) *variant {
	support := func(c string) int {
		cases := map[string]bool{}
		for _, stats := range features {
			if o := stats[key]; o != nil && o.variants[c] != nil {
				maps.Copy(cases, o.variants[c].cases)
			}
		}
		return len(cases)
	}
	var best *variant
	bestSupport := 0
	for _, c := range sortedKeys(st.variants) {
		v := st.variants[c]
		switch {
		case best == nil || len(v.cases) > len(best.cases):
			best, bestSupport = v, -1
		case len(v.cases) == len(best.cases):
			if bestSupport < 0 {
				bestSupport = support(canonical(best.value))
			}
			if n := support(c); n > bestSupport {
				best, bestSupport = v, n
			}
		}
	}
	return best
}

// tnode rebuilds a case-document dictionary from kept paths.
type tnode struct {
	children map[string]*tnode
	leaf     bool
	val      any
	order    int
}

// insert adds a path; it refuses paths that run through an existing leaf or
// would put children under an existing leaf.
func (n *tnode) insert(segs []string, v any, order int) bool {
	cur := n
	for i, s := range segs {
		if cur.leaf {
			return false
		}
		child, ok := cur.children[s]
		if !ok {
			child = &tnode{children: map[string]*tnode{}, order: order}
			cur.children[s] = child
		}
		if i == len(segs)-1 {
			if len(child.children) > 0 || child.leaf {
				return false
			}
			child.leaf, child.val, child.order = true, v, order
		}
		cur = child
	}
	return true
}

func (n *tnode) value() any {
	if n.leaf {
		return n.val
	}
	out := map[string]any{}
	var regex []string
	for s, c := range n.children {
		if _, ok := regexSeg(s); ok {
			regex = append(regex, s)
			continue
		}
		out[s] = c.value()
	}
	sort.Slice(regex, func(i, j int) bool {
		a, b := n.children[regex[i]], n.children[regex[j]]
		if a.order != b.order {
			return a.order < b.order
		}
		return regex[i] < regex[j]
	})
	if len(regex) > 0 {
		l := make([]any, 0, len(regex))
		for _, s := range regex {
			p, _ := regexSeg(s)
			l = append(l, map[string]any{"pattern": p, "value": n.children[s].value()})
		}
		out[regexKey] = l
	}
	return out
}

// algorithmOf is the algorithm dictionary a solver reads: the curated table,
// else the one most of its tutorials carry; "" when unknown or none.
func (k *KB) algorithmOf(solver string) string {
	if info, ok := describedSolver(solver); ok {
		return info.Algorithm
	}
	return k.mostCommon(solver, func(r *CaseRecord) string { return r.Algorithm })
}

// energyOf is the energy variable most tutorials of a solver use, "" if none.
func (k *KB) energyOf(solver string) string {
	return k.mostCommon(solver, func(r *CaseRecord) string { return r.Energy })
}

// mostCommon is the most frequent non-empty value of attr among the solver's
// tutorials (ties: the first in name order).
func (k *KB) mostCommon(solver string, attr func(*CaseRecord) string) string {
	counts := map[string]int{}
	for _, r := range k.Cases {
		if v := attr(r); r.Solver == solver && v != "" {
			counts[v]++
		}
	}
	best := ""
	for _, v := range sortedKeys(counts) {
		if counts[v] > counts[best] {
			best = v
		}
	}
	return best
}

// foreignModelFields lists the fields of the curated turbulence models that the
// query's model does not use (all of them for laminar; none when no model is asked).
func foreignModelFields(model string) []string {
	if model == "" {
		return nil
	}
	m, err := Curated("models")
	if err != nil {
		return nil
	}
	own := map[string]bool{}
	for _, f := range modelFields(model) {
		own[f] = true
	}
	var out []string
	for _, name := range sortedKeys(m) {
		for _, f := range modelFields(name) {
			if !own[f] {
				out = append(out, f)
			}
		}
	}
	return SortedUnique(out)
}
