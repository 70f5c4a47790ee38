package lsp

import (
	"github.com/foamc/foamc/grammar"
)

// cursor is what a position points at in a parsed dictionary.
type cursor struct {
	// keys are the keywords of the dictionaries enclosing the position, outermost first,
	// ending with the entry's own keyword (["boundaryField", "inlet", "type"]).
	keys  []string
	entry grammar.Entry
	// onKey is set when the position is on the entry's keyword.
	onKey bool
	// item is the innermost value token at the position (nil on a keyword or blank).
	item grammar.Item
	// index is item's place among the entry's top-level value items (-1 when nested).
	index int
}

// within reports off in [r.Pos, r.End] (the end included: a cursor just after a word
// still points at it).
func within(r grammar.Range, off int) bool {
	return r.Pos.IsValid() && off >= int(r.Pos.Offset) && off <= int(r.End.Offset)
}

// locate finds the innermost entry and value token at byte offset off.
func locate(f *grammar.File, off int) cursor {
	c := cursor{index: -1}
	if f == nil || f.Body == nil {
		return c
	}
	c.walkDict(f.Body, off)
	return c
}

func (c *cursor) walkDict(d *grammar.Dict, off int) bool {
	for _, e := range d.Entries {
		if !within(e.Span(), off) {
			continue
		}
		c.entry, c.item, c.onKey, c.index = e, nil, false, -1
		switch e := e.(type) {
		case *grammar.PrimitiveEntry:
			c.keys = append(c.keys, e.Key.Name)
			if within(e.Key.Range, off) {
				c.onKey = true
				return true
			}
			for i, it := range e.Value {
				if within(it.Span(), off) {
					c.index = i
					c.walkItem(it, off)
					return true
				}
			}
		case *grammar.DictEntry:
			c.keys = append(c.keys, e.Key.Name)
			if within(e.Key.Range, off) {
				c.onKey = true
				return true
			}
			c.walkDict(e.Dict, off)
		case *grammar.DirectiveEntry:
			for _, it := range e.Args {
				if within(it.Span(), off) {
					c.walkItem(it, off)
				}
			}
		case *grammar.SubstEntry:
			c.item = e.Var
		}
		return true
	}
	return false
}

// walkItem descends into lists and `{…}` blocks inside values.
func (c *cursor) walkItem(it grammar.Item, off int) {
	c.item = it
	switch v := it.(type) {
	case *grammar.List:
		for _, x := range v.Items {
			if within(x.Span(), off) {
				c.index = -1
				c.walkItem(x, off)
				return
			}
		}
	case *grammar.Dict:
		if c.walkDict(v, off) {
			return
		}
	case *grammar.UniformList:
		if within(v.Value.Span(), off) {
			c.walkItem(v.Value, off)
		}
	case *grammar.DirectiveItem:
		for _, x := range v.Args {
			if within(x.Span(), off) {
				c.item = x
			}
		}
	}
}

// word returns the cursor's item as a plain word ("" otherwise).
func (c cursor) word() string {
	if w, ok := c.item.(*grammar.Word); ok {
		return w.Value
	}
	return ""
}
