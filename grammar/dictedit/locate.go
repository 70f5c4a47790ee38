package dictedit

import (
	"bytes"
	"fmt"

	"github.com/foamc/foamc/grammar"
)

// This file locates entries in OpenFOAM dictionary text by byte range, so
// that edits change only the targeted bytes: a faulted case then differs from
// its tutorial by exactly the fault, and lint locations stay meaningful. The
// text is read with the grammar package (ISstream-faithful, with source
// offsets); values are kept as raw text.

// dict is a dictionary body; close is the offset of its closing brace (-1 at top level).
type dict struct {
	entries []*entry
	level   int
	close   int
}

// entry spans keyStart..end (end is after ';' or '}'); valStart..valEnd is
// the value text without the terminator (for a sub-dictionary: its braces).
type entry struct {
	key              string
	keyStart, keyEnd int
	valStart, valEnd int
	end              int
	dict             *dict
}

func parseDict(src []byte) (*dict, error) {
	f, err := grammar.Parse("", src)
	if err != nil {
		return nil, err
	}
	// The FoamFile header is addressable too ("FoamFile/class"), ahead of the body.
	top := &grammar.Dict{}
	if f.Header != nil {
		top.Entries = append(top.Entries, f.Header)
	}
	if f.Body != nil {
		top.Entries = append(top.Entries, f.Body.Entries...)
	}
	return fromAST(src, top, 0, -1)
}

func fromAST(src []byte, d *grammar.Dict, level, close int) (*dict, error) {
	out := &dict{level: level, close: close}
	for _, e := range d.Entries {
		r := e.Span()
		var en *entry
		switch x := e.(type) {
		case *grammar.PrimitiveEntry:
			en = &entry{key: x.Key.Name, keyStart: off(x.Key.Pos), keyEnd: off(x.Key.End), end: off(r.End)}
			en.valStart, en.valEnd = en.keyEnd, en.keyEnd
			if n := len(x.Value); n > 0 {
				en.valStart, en.valEnd = off(x.Value[0].Span().Pos), off(x.Value[n-1].Span().End)
			}
		case *grammar.DictEntry:
			en = &entry{key: x.Key.Name, keyStart: off(x.Key.Pos), keyEnd: off(x.Key.End), end: off(r.End)}
			closeAt := off(x.Dict.End) - 1
			open := bytes.IndexByte(src[en.keyEnd:], '{')
			if closeAt < en.keyEnd || src[closeAt] != '}' || open < 0 {
				return nil, fmt.Errorf("%s: dictionary %q: braces not where the parser says", x.Key.Pos, x.Key.Name)
			}
			en.valStart, en.valEnd = en.keyEnd+open, closeAt+1
			sub, err := fromAST(src, x.Dict, level+1, closeAt)
			if err != nil {
				return nil, err
			}
			en.dict = sub
		case *grammar.DirectiveEntry:
			// #include "f", #remove (a b)...: removable by their directive name.
			en = &entry{key: x.Name, keyStart: off(r.Pos), keyEnd: off(r.Pos) + len(x.Name), end: off(r.End)}
			en.valStart, en.valEnd = en.keyEnd, off(r.End)
		case *grammar.SubstEntry:
			en = &entry{key: string(src[off(r.Pos):off(r.End)]), keyStart: off(r.Pos), keyEnd: off(r.End), end: off(r.End)}
			en.valStart, en.valEnd = en.keyEnd, en.keyEnd
		default:
			continue // anonymous lists (polyMesh/boundary) are not addressable by key
		}
		out.entries = append(out.entries, en)
	}
	return out, nil
}

// off is a position's byte offset as an index into the source.
func off(p grammar.Pos) int { return int(p.Offset) }

// find returns every entry at the key path, in file order. A key matches an
// entry whose keyword is exactly the element (quoted keywords without quotes).
func (d *dict) find(path []string) []*entry {
	var out []*entry
	for _, e := range d.entries {
		if e.key != path[0] {
			continue
		}
		if len(path) == 1 {
			out = append(out, e)
		} else if e.dict != nil {
			out = append(out, e.dict.find(path[1:])...)
		}
	}
	return out
}
