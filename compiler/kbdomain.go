package compiler

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/kb"
)

// Scheme slots: every fvSchemes entry that is a choice (convection schemes, the defaults of
// grad/laplacian/interpolation/snGrad) is a CSP slot whose domain is what the all-model
// retriever finds in the tutorials for this solver x model (most frequent first), followed
// by foamc's curated value. Rules prune candidates: NUM-003 (a known scheme name), NUM-006
// (steady convection bounded), NUM-008 (no unbounded Gauss linear convection when compressible).

type schemeReq struct {
	id, section, key, curated string
	src                       Source
}

// solverBlock writes one fvSolution solvers entry from block text
// ("solver GAMG; smoother GaussSeidel; tolerance 1e-06; relTol 0.1"): the solved slot's
// block, or the curated one while slots are being collected.
func (c *emission) solverBlock(sol node, name, cur string, src Source) {
	id := "system/fvSolution/solvers/" + name
	text, s := cur, src
	if c.collecting != nil {
		*c.collecting = append(*c.collecting, schemeReq{id, "solvers", name, cur, src})
	} else if v, ok := c.sol[id]; ok {
		text, s = v, c.prob.source(id, v)
	}
	n := sol.sub(name)
	for _, kv := range strings.Split(text, "; ") {
		k, v, _ := strings.Cut(kv, " ")
		n.words(k, s, v)
	}
}

// dryRun is an emission without a solution that collects the slots it meets (reqs)
// instead of reading their values: resolve's view of what emit will write.
func (c *resolution) dryRun(reqs *[]schemeReq) *emission {
	return &emission{settlement: &settlement{resolution: c}, files: map[string]*grammar.File{}, prov: map[string]Source{}, collecting: reqs}
}

// solverVariables collects the linear-solver slots (a dry run of emitSolution) and adds
// them with the data-driven template's blocks first. SOL-003 prunes symmetric-only solvers
// (PCG, DIC) for the asymmetric transport equations.
func (c *resolution) solverVariables(p *problem) {
	var reqs []schemeReq
	c.dryRun(&reqs).emitSolution()
	var tmpl kb.TemplateResult
	if c.opts.KB != nil {
		model := c.feat.Model
		if model == "" {
			model = "laminar"
		}
		tmpl = c.opts.KB.Template(kb.Query{Solver: c.feat.Solver, Turbulence: model, Target: "system/fvSolution"}, kb.DefaultTau)
	}
	solvers, _ := tmpl.Dict["solvers"].(map[string]any)
	accurate := c.accurateSolvers()
	for _, r := range reqs {
		var dom []candidate
		// The accurate profile's block (numerics.go accurateSolver) leads; the template's
		// tutorial block follows it, or leads under robust.
		cur := candidate{r.curated, r.src}
		if accurate {
			cur.Source.Profile = profileAccurate
			cur.Source.Ref = strings.TrimPrefix(cur.Source.Ref+"; "+refLinearSolvers, "; ")
			dom = append(dom, cur)
		}
		if b, ok := templateBlock(solvers, r.key); ok && b != r.curated {
			dom = append(dom, candidate{b, Source{Kind: KindKB, Retriever: "data-driven template", Level: fmt.Sprintf("q%d", tmpl.Audit.Level),
				Files: tmpl.Audit.Files}})
		}
		if !accurate {
			dom = append(dom, cur)
		}
		id, field := r.id, strings.TrimSuffix(r.key, "Final")
		p.add(&variable{ID: id, Domain: dom, SpecField: "/numerics/fvSolution/solvers/" + escape(r.key)})
		// pcorr (interFoam's initial flux correction) is a pressure equation too.
		if field != "p" && field != "p_rgh" && field != "pcorr" && field != c.feat.Pressure {
			p.require(constraint{Rule: "FOAM-SOL-003", Text: "PCG and DIC need a symmetric matrix; " + field + " has convection", Scope: []string{id},
				Holds: func(a assignment) bool {
					return !strings.Contains(a[id], "solver PCG") && !strings.Contains(a[id], " DIC")
				}})
		}
		p.require(constraint{Rule: IDDisabled, Text: "maxIter 0 skips the linear solve of the equation", Scope: []string{id},
			Holds: func(a assignment) bool {
				return !strings.Contains(a[id], "maxIter 0;") && !strings.HasSuffix(a[id], "maxIter 0")
			}})
		p.require(constraint{Rule: "FOAM-SOL-003", Text: "a registered linear solver", Scope: []string{id},
			Holds: func(a assignment) bool { return !strings.Contains(a[id], "solver diagonal") }})
	}
}

// templateBlock finds the block OpenFOAM would use for field name in a template's solvers
// dict: the exact key, else the last regex that matches the whole name. Only blocks of plain
// words and numbers are taken.
func templateBlock(solvers map[string]any, name string) (string, bool) {
	v, ok := solvers[name]
	if !ok {
		rx, _ := solvers["$regex"].([]any)
		for i := len(rx) - 1; i >= 0; i-- {
			e, _ := rx[i].(map[string]any)
			pat, _ := e["pattern"].(string)
			if re, err := regexp.Compile("^(?:" + pat + ")$"); err == nil && re.MatchString(name) {
				v, ok = e["value"], true
				break
			}
		}
	}
	m, _ := v.(map[string]any)
	if !ok || m["solver"] == nil {
		return "", false
	}
	keys := slices.Sorted(maps.Keys(m))
	// solver first, then the rest sorted, as tutorials write them.
	parts := []string{}
	if t, ok := schemeText(m["solver"]); ok {
		parts = append(parts, "solver "+t)
	}
	for _, k := range keys {
		if k == "solver" {
			continue
		}
		t, ok := schemeText(m[k])
		if !ok {
			return "", false
		}
		parts = append(parts, k+" "+t)
	}
	return strings.Join(parts, "; "), true
}

// scheme writes one fvSchemes entry: the solved slot's value, or the curated value while
// the slot list is being collected.
func (c *emission) scheme(n node, section, key, cur string, src Source) {
	id := "system/fvSchemes/" + section + "/" + key
	if field := convField(key); section == "divSchemes" && field != "" {
		if v, s := c.convection(field); v == cur {
			src = s // the profile's choice, with its reference and robust fallback
		}
	}
	if c.collecting != nil {
		*c.collecting = append(*c.collecting, schemeReq{id, section, key, cur, src})
		n.words(key, src, cur)
		return
	}
	if v, ok := c.sol[id]; ok {
		n.words(key, c.prob.source(id, v), v)
		return
	}
	n.words(key, src, cur)
}

// schemeVariables collects the scheme slots (a dry run of emitSchemes) and adds them.
func (c *resolution) schemeVariables(p *problem) {
	var reqs []schemeReq
	c.dryRun(&reqs).emitSchemes()
	samples := c.schemeEvidence()
	for _, r := range reqs {
		var dom []candidate
		seen := map[string]bool{}
		// The accurate profile's choice comes first, the tutorials' after it (the robust
		// fallback it records is their most frequent scheme); otherwise the tutorials lead.
		if r.src.Profile == profileAccurate {
			cur := candidate{r.curated, r.src}
			if kc := samples[r.section+"/"+r.key]; len(kc) > 0 {
				cur.Source.Robust = kc[0].Value
			}
			if cur.Source.Robust == r.curated {
				cur.Source.Robust = ""
			}
			seen[r.curated] = true
			dom = append(dom, cur)
		}
		for _, kc := range samples[r.section+"/"+r.key] {
			if !seen[kc.Value] {
				seen[kc.Value] = true
				dom = append(dom, kc)
			}
		}
		if !seen[r.curated] {
			dom = append(dom, candidate{r.curated, r.src})
		}
		id := r.id
		p.add(&variable{ID: id, Domain: dom, SpecField: "/numerics/fvSchemes/" + escape(r.section) + "/" + escape(r.key)})
		if v := c.schemeVocab(); len(v) > 0 {
			p.require(constraint{Rule: "FOAM-NUM-003", Text: "scheme names must be registered in v1912", Scope: []string{id},
				Holds: func(a assignment) bool { return knownScheme(a[id], v) }})
		}
		// Found by the solver matrix: a tutorial's localBlended needs the <field>BlendingFactor
		// surface field its function objects create, which a compiled case does not have.
		p.require(constraint{Rule: IDAuxField, Text: "localBlended needs a <field>BlendingFactor field the case does not create", Scope: []string{id},
			Holds: func(a assignment) bool { return !strings.Contains(a[id], "localBlended") }})
		if r.section == "divSchemes" && strings.HasPrefix(r.key, "div(phi,") {
			if c.feat.Steady {
				p.require(constraint{Rule: "FOAM-NUM-006", Text: "steady convection schemes are bounded", Scope: []string{id},
					Holds: func(a assignment) bool { return strings.HasPrefix(a[id], "bounded ") }})
			} else {
				p.require(constraint{Rule: "FOAM-NUM-005", Text: "transient convection schemes are not bounded (steady-state form)", Scope: []string{id},
					Holds: func(a assignment) bool { return !strings.HasPrefix(a[id], "bounded ") }})
			}
			if c.feat.Compressible && (r.key == "div(phi,U)" || r.key == "div(phi,h)" || r.key == "div(phi,e)") {
				p.require(constraint{Rule: "FOAM-NUM-008", Text: "compressible convection is not unbounded Gauss linear", Scope: []string{id},
					Holds: func(a assignment) bool { return strings.TrimPrefix(a[id], "bounded ") != "Gauss linear" }})
			}
		}
	}
}

// schemeEvidence runs the all-model retriever once and returns, per "section/key", the
// tutorial values ordered by frequency (ties: first seen), each with its audit trail.
func (c *resolution) schemeEvidence() map[string][]candidate {
	k := c.opts.KB
	if k == nil {
		return nil
	}
	model := c.feat.Model
	if model == "" {
		model = "laminar"
	}
	res := k.AllModel(kb.Query{Solver: c.feat.Solver, Turbulence: model, Target: "system/fvSchemes"})
	type tally struct {
		value string
		first int
		files []string
	}
	counts := map[string]map[string]*tally{}
	order := 0
	for _, s := range res.Samples {
		file, _ := s.Value.(map[string]any)
		for _, section := range slices.Sorted(maps.Keys(file)) {
			sec, _ := file[section].(map[string]any)
			for _, key := range slices.Sorted(maps.Keys(sec)) {
				v, ok := schemeText(sec[key])
				if !ok {
					continue
				}
				sk := section + "/" + key
				if counts[sk] == nil {
					counts[sk] = map[string]*tally{}
				}
				t := counts[sk][v]
				if t == nil {
					order++
					t = &tally{value: v, first: order}
					counts[sk][v] = t
				}
				t.files = append(t.files, s.Case+"/"+s.File)
			}
		}
	}
	out := map[string][]candidate{}
	for sk, m := range counts {
		var ts []*tally
		for _, t := range m {
			ts = append(ts, t)
		}
		sort.Slice(ts, func(i, j int) bool {
			if len(ts[i].files) != len(ts[j].files) {
				return len(ts[i].files) > len(ts[j].files)
			}
			return ts[i].first < ts[j].first
		})
		for _, t := range ts {
			files := uniqueSorted(t.files)
			out[sk] = append(out[sk], candidate{t.value, Source{Kind: KindKB, Retriever: "all-model",
				Level: fmt.Sprintf("q%d", res.Audit.Level), Files: files}})
		}
	}
	return out
}

// schemeText renders an expanded fvSchemes value as the words the compiler writes.
func schemeText(v any) (string, bool) {
	switch t := v.(type) {
	case string:
		return t, true
	case float64:
		return fmt.Sprint(t), true
	case json.Number:
		return t.String(), true
	case []any:
		parts := make([]string, len(t))
		for i, x := range t {
			switch y := x.(type) {
			case string:
				parts[i] = y
			case float64, int, int64:
				parts[i] = fmt.Sprint(y)
			case json.Number:
				parts[i] = y.String()
			default:
				return "", false
			}
		}
		return strings.Join(parts, " "), true
	}
	return "", false
}

func (c *given) schemeVocab() map[string]bool {
	if c.opts.KB == nil {
		return nil
	}
	v := c.opts.KB.Vocab
	out := map[string]bool{}
	for _, l := range [][]string{v.DivSchemes, v.InterpolationSchemes, v.GradSchemes, v.LaplacianSchemes, v.SnGradSchemes, v.DdtSchemes} {
		for _, s := range l {
			out[s] = true
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// knownScheme: every word of the value that names a scheme (not a number, a field
// gradient like grad(U), or a limiter coefficient) is registered.
func knownScheme(value string, vocab map[string]bool) bool {
	for _, w := range strings.Fields(value) {
		if strings.ContainsAny(w, "()") || (w[0] >= '0' && w[0] <= '9') || w[0] == '.' || w[0] == '-' {
			continue
		}
		if !vocab[w] {
			return false
		}
	}
	return true
}

// cascadeNumber is the cascading retriever for a physical property the spec leaves out: the
// most common number the tutorials of this solver x model give at pointer in target.
func (c *emission) cascadeNumber(target, pointer string) (val, bool) {
	if c.opts.KB == nil {
		return val{}, false
	}
	model := c.feat.Model
	if model == "" {
		model = "laminar"
	}
	res := c.opts.KB.Cascade(kb.Query{Solver: c.feat.Solver, Turbulence: model, Target: target, Path: pointer})
	count := map[string]int{}
	var best string
	var files []string
	for _, s := range res.Samples {
		t, ok := schemeText(s.Value)
		if !ok {
			continue
		}
		count[t]++
		if best == "" || count[t] > count[best] {
			best = t
		}
	}
	x, err := strconv.ParseFloat(best, 64)
	if err != nil {
		return val{}, false
	}
	for _, s := range res.Samples {
		if t, _ := schemeText(s.Value); t == best {
			files = append(files, s.Case+"/"+s.File)
		}
	}
	return sv(x, Source{Kind: KindKB, Retriever: "cascade", Level: fmt.Sprintf("q%d", res.Audit.Level), Files: uniqueSorted(files)}), true
}
