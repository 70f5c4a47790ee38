package grammar

import (
	"math"
	"strings"

	"github.com/foamc/foamc/finding"
)

// condFrame tracks one #if/#ifeq block: whether the current branch is read and
// whether any branch was taken. A branch that is not read goes to shadow, recorded as
// branch when it ends: foamc evaluates the condition in its own environment, the solver
// in another ($FOAM_EXECUTABLE, variables the gate adds), so every branch is judged.
type condFrame struct {
	active, taken, parentActive bool
	shadow                      *ExpDict
	branch                      DirectiveUse
}

// openShadow starts a shadow for the current branch of the top frame, opened by the
// directive e in d, unless the branch is read.
func (x *expander) openShadow(d *ExpDict, e *DirectiveEntry, at *srcFile) {
	top := &x.condStack[len(x.condStack)-1]
	top.shadow = nil
	if top.active {
		return
	}
	// Macros in the branch see the dictionary, or the enclosing skipped branch.
	parent := d
	if n := len(x.condStack); n > 1 && x.condStack[n-2].shadow != nil {
		parent = x.condStack[n-2].shadow
	}
	top.shadow = NewExpDict(parent)
	top.shadow.shadow = true
	top.branch = DirectiveUse{Name: e.Name, File: at.name, Line: int(e.Pos.Line), Column: int(e.Pos.Column), Path: d.Path(), Executed: true}
}

// closeShadow records the top frame's skipped branch when it read anything.
func (x *expander) closeShadow() {
	top := &x.condStack[len(x.condStack)-1]
	if top.shadow != nil && len(top.shadow.Entries) > 0 {
		top.branch.Branch = top.shadow
		x.out.Directives = append(x.out.Directives, top.branch)
	}
	top.shadow = nil
}

// conditional handles #if/#ifeq/#elif/#else/#endif; it returns true when e was one.
func (x *expander) conditional(d *ExpDict, e *DirectiveEntry, at *srcFile) bool {
	switch e.Name {
	case "#if", "#ifeq":
		parent := x.active()
		v := false
		if parent {
			v = x.condition(d, e, at)
			x.directive(e.Name, at, e.Pos, vpath{d: d}, true)
		}
		x.condStack = append(x.condStack, condFrame{active: parent && v, taken: v, parentActive: parent})
		x.openShadow(d, e, at)
		return true
	case "#elif", "#else", "#endif":
		if len(x.condStack) == 0 {
			x.finding(IDConditional, finding.Deny, at, e.Pos, e.Name+" without #if", "", "remove it or add the #if")
			return true
		}
		x.closeShadow()
		top := &x.condStack[len(x.condStack)-1]
		switch e.Name {
		case "#endif":
			x.condStack = x.condStack[:len(x.condStack)-1]
		case "#else":
			top.active = top.parentActive && !top.taken
			top.taken = true
			x.openShadow(d, e, at)
		case "#elif":
			v := false
			if top.parentActive && !top.taken {
				v = x.condition(d, e, at)
			}
			top.active = top.parentActive && !top.taken && v
			top.taken = top.taken || v
			x.openShadow(d, e, at)
		}
		return true
	}
	return false
}

// condition evaluates #if/#elif (the rest of the line read as a primitive entry,
// then a Switch or a scalar) or #ifeq (two tokens, `$var` expanded, compared).
func (x *expander) condition(d *ExpDict, e *DirectiveEntry, at *srcFile) bool {
	if e.Name == "#ifeq" {
		if len(e.Args) != 2 {
			x.finding(IDConditional, finding.Deny, at, e.Pos, "#ifeq needs two operands", "", "write `#ifeq a b`")
			return false
		}
		a, b := x.ifeqOperand(d, e.Args[0], at), x.ifeqOperand(d, e.Args[1], at)
		return a == b
	}
	line := strings.TrimSpace(e.Line)
	items := e.Args
	if len(items) == 0 && line != "" {
		f, err := Parse(at.name, []byte("v "+line+";"))
		if err == nil && f.Body != nil && len(f.Body.Entries) == 1 {
			if p, ok := f.Body.Entries[0].(*PrimitiveEntry); ok {
				// Positions in the re-parsed line are relative to it: report at the directive.
				for _, it := range p.Value {
					relocate(it, e.Range)
				}
				items = p.Value
			}
		}
	}
	val := x.expandItems(items, d, at, vpath{d: d})
	if len(val) != 1 {
		x.finding(IDConditional, finding.Deny, at, e.Pos, "cannot evaluate "+e.Name+" "+line,
			"the condition must be one switch word or number", "write e.g. `#if true` or `#if #eval \"1 > 0\"`")
		return false
	}
	// ifEntry::isTrue (ifEntry.C): a scalar is Switch(scalar) with its tolerance 0.5
	// (Switch.C), anything else is read by Switch's operator>>.
	if n, ok := val[0].(*Number); ok && n.Kind == ScalarKind {
		return math.Abs(n.Float) > 0.5
	}
	if on, ok := SwitchItem(val[0]); ok {
		return on
	}
	x.finding(IDConditional, finding.Deny, at, e.Pos, "cannot evaluate "+e.Name+" "+line,
		"not a switch word or number: "+itemText(val[0]), "write e.g. `#if true`")
	return false
}

// relocate moves a top-level item parsed from a synthetic source to r.
func relocate(it Item, r Range) {
	switch v := it.(type) {
	case *Word:
		v.Range = r
	case *String:
		v.Range = r
	case *Number:
		v.Range = r
	case *Variable:
		v.Range = r
	case *DirectiveItem:
		v.Range = r
	case *List:
		v.Range = r
	}
}

func (x *expander) ifeqOperand(d *ExpDict, it Item, at *srcFile) string {
	var raw string
	switch v := it.(type) {
	case *Variable:
		if ref := LookupScoped(d, v.Name(), true); ref != nil && !v.Braced() {
			return entryText(ref)
		}
		raw = v.Raw
	case *Word:
		raw = v.Value
		if !strings.HasPrefix(raw, "$") {
			return raw
		}
	case *String:
		return v.Value
	default:
		return itemText(it)
	}
	s, err := x.strings(d, true).expand(raw)
	if err != nil {
		x.undefined(at, it.Span().Pos, raw, err)
	}
	return s
}
