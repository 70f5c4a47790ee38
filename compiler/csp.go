package compiler

import (
	"sort"
	"strings"
)

// A small finite-domain constraint solver: variables are slots with ordered candidate
// domains (most preferred first), constraints are the v1912 rules that can be decided on
// the slot values alone. Search is chronological backtracking; the first solution in
// preference order wins, so the same spec and kb always give the same case.

type candidate struct {
	Value  string
	Source Source
}

type variable struct {
	ID        string
	Domain    []candidate
	SpecField string
	// banned values were denied by the full rule check on an earlier round.
	banned map[string]string
}

type assignment map[string]string

type constraint struct {
	Rule  string
	Text  string
	Scope []string
	// Holds is called once every variable of Scope is assigned.
	Holds func(a assignment) bool
}

type conflict struct {
	Var   string
	Rules []string // rule: text of each constraint that rejected a value
}

type problem struct {
	vars  []*variable
	byID  map[string]*variable
	cons  []constraint
	order map[string]int
}

func newProblem() *problem { return &problem{byID: map[string]*variable{}, order: map[string]int{}} }

func (p *problem) add(v *variable) *variable {
	if old, ok := p.byID[v.ID]; ok {
		return old
	}
	p.order[v.ID] = len(p.vars)
	p.vars = append(p.vars, v)
	p.byID[v.ID] = v
	return v
}

func (p *problem) require(c constraint) {
	for _, s := range c.Scope {
		if _, ok := p.byID[s]; !ok {
			return // a constraint on a slot this case does not have
		}
	}
	p.cons = append(p.cons, c)
}

// solve returns the first assignment in preference order, or the deepest conflict.
func (p *problem) solve() (assignment, *conflict) {
	// Constraints are checked when their last variable (in search order) is assigned.
	last := make([][]int, len(p.vars))
	for ci, c := range p.cons {
		m := -1
		for _, s := range c.Scope {
			if o := p.order[s]; o > m {
				m = o
			}
		}
		last[m] = append(last[m], ci)
	}
	a := assignment{}
	var deepest *conflict
	deepestLevel := -1
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == len(p.vars) {
			return true
		}
		v := p.vars[i]
		var reasons []string
		for _, c := range v.Domain {
			if r, ok := v.banned[c.Value]; ok {
				reasons = append(reasons, r)
				continue
			}
			a[v.ID] = c.Value
			ok := true
			for _, ci := range last[i] {
				if !p.cons[ci].Holds(a) {
					ok = false
					reasons = append(reasons, p.cons[ci].Rule+": "+p.cons[ci].Text)
					break
				}
			}
			if ok && rec(i+1) {
				return true
			}
		}
		delete(a, v.ID)
		if i >= deepestLevel {
			deepestLevel = i
			deepest = &conflict{Var: v.ID, Rules: uniqueSorted(reasons)}
		}
		return false
	}
	if rec(0) {
		return a, nil
	}
	return nil, deepest
}

// pruned lists, for each variable, the candidates preferred over the chosen value that a
// rule rejects given the rest of the solution ("value: rule").
func (p *problem) pruned(a assignment) map[string][]string {
	out := map[string][]string{}
	for _, v := range p.vars {
		chosen := a[v.ID]
		for _, c := range v.Domain {
			if c.Value == chosen {
				break
			}
			if r, ok := v.banned[c.Value]; ok {
				out[v.ID] = append(out[v.ID], c.Value+": "+strings.SplitN(r, ":", 2)[0])
				continue
			}
			trial := assignment{}
			for k, x := range a {
				trial[k] = x
			}
			trial[v.ID] = c.Value
			for _, con := range p.cons {
				if contains(con.Scope, v.ID) && !con.Holds(trial) {
					out[v.ID] = append(out[v.ID], c.Value+": "+con.Rule)
					break
				}
			}
		}
	}
	return out
}

func (p *problem) source(id, value string) Source {
	for _, c := range p.byID[id].Domain {
		if c.Value == value {
			return c.Source
		}
	}
	return Source{}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func uniqueSorted(l []string) []string {
	m := map[string]bool{}
	var out []string
	for _, s := range l {
		if !m[s] {
			m[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}
