package compiler

import (
	"strings"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/kb"
)

// Boundary-condition contracts from the kb (header Usage tables united with the keys the
// .C constructor reads): a candidate type must be registered for the field's rank
// (FOAM-BC-001), and the entry foamc writes must hold every required key (FOAM-BC-002),
// `value` when the constructor needs it (FOAM-BC-003) and conditional keys (FOAM-BC-004).

func fieldRank(field string) string {
	if isVectorField(field) {
		return "vector"
	}
	return "scalar"
}

func (c *given) contractConstraint(p *problem, id, field string) {
	k := c.opts.KB
	if k == nil {
		return
	}
	rank := fieldRank(field)
	p.require(constraint{Rule: "FOAM-BC-001", Text: "a registered " + rank + " boundary condition type", Scope: []string{id},
		Holds: func(a assignment) bool {
			ct, ok := k.Contract(a[id])
			if !ok || ct.Abstract {
				return false
			}
			return len(ct.Ranks) == 0 || contains(ct.Ranks, rank) || contains(ct.Ranks, "any")
		}})
}

// checkContracts looks at every boundaryField entry just emitted; a missing required key bans
// that type for the slot (the CSP re-solves). It also records the contract's header evidence
// in the provenance of the `type` entry.
func (c *checking) checkContracts() bool {
	k := c.opts.KB
	if k == nil {
		return false
	}
	banned := false
	for _, field := range c.feat.Fields {
		f := c.files["0/"+field]
		if f == nil {
			continue
		}
		bf, ok := f.Body.Find("boundaryField").(*grammar.DictEntry)
		if !ok {
			continue
		}
		for _, pt := range c.mesh.Patches {
			pe, ok := bf.Dict.Find(pt.Name).(*grammar.DictEntry)
			if !ok {
				continue
			}
			id := bcID(field, pt.Name)
			typ := c.sol[id]
			bc := c.multiSource(field, typ)
			ct := bc.Contract
			if ct == nil {
				continue
			}
			ptr := pointerOfSlot(id) + "/type"
			if src, ok := c.prov[ptr]; ok {
				src.Contract = append([]string(nil), bc.Audit.HeaderLines...)
				for i, s := range bc.Examples {
					if i == 5 {
						break
					}
					src.Examples = append(src.Examples, s.Case+"/"+s.File)
				}
				c.prov[ptr] = src
			}
			var missing []string
			rule := "FOAM-BC-002"
			for _, key := range ct.Required {
				if pe.Dict.Find(key) == nil {
					missing = append(missing, key)
				}
			}
			if ct.ValueRequired && pe.Dict.Find("value") == nil {
				missing, rule = append(missing, "value"), "FOAM-BC-003"
			}
			for _, cond := range ct.Conditional {
				e, ok := pe.Dict.Find(cond.When).(*grammar.PrimitiveEntry)
				if ok && !contains(cond.Unless, itemsText(e.Value)) && pe.Dict.Find(cond.Key) == nil {
					missing, rule = append(missing, cond.Key), "FOAM-BC-004"
				}
			}
			if len(missing) > 0 {
				v := c.prob.byID[id]
				if v.banned == nil {
					v.banned = map[string]string{}
				}
				v.banned[typ] = rule + ": " + typ + " needs " + strings.Join(missing, ", ")
				banned = true
			}
		}
	}
	return banned
}

func itemsText(items []grammar.Item) string {
	var parts []string
	for _, it := range items {
		switch t := it.(type) {
		case *grammar.Word:
			parts = append(parts, t.Value)
		case *grammar.Number:
			parts = append(parts, t.Raw)
		case *grammar.String:
			parts = append(parts, t.Value)
		}
	}
	return strings.Join(parts, " ")
}

// multiSource runs the multi-source retriever (tutorial examples of the type for this field,
// united with its header contract), once per field and type.
func (c *checking) multiSource(field, typ string) kb.BCResult {
	key := field + "\x00" + typ
	if r, ok := c.bcCache[key]; ok {
		return r
	}
	model := c.feat.Model
	if model == "" {
		model = "laminar"
	}
	r := c.opts.KB.BC(kb.Query{Solver: c.feat.Solver, Turbulence: model, Target: "0/" + field}, typ)
	if c.bcCache == nil {
		c.bcCache = map[string]kb.BCResult{}
	}
	c.bcCache[key] = r
	return r
}
