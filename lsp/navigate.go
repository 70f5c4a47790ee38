package lsp

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/grammar"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// definition jumps from a `$macro` to the entry it expands to and from an #include
// directive to the file it reads.
func (s *Server) definition(_ *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil || d.file == nil {
		return nil, err
	}
	c := locate(d.file, d.text.offset(p.Position))
	if v, ok := c.item.(*grammar.Variable); ok {
		e := s.macroTarget(d, c, v)
		if e == nil || e.Source.File == "" {
			return nil, nil
		}
		return []protocol.Location{s.sourceLocation(d, e.Source.File, e.Source.Pos)}, nil
	}
	if de, ok := c.entry.(*grammar.DirectiveEntry); ok && strings.HasPrefix(de.Name, "#") {
		x := s.expanded(d)
		if x == nil {
			return nil, nil
		}
		for _, in := range x.Includes {
			if in.Line == int(de.Pos.Line) && in.Column == int(de.Pos.Column) && in.Found && in.File == x.Name {
				return []protocol.Location{s.sourceLocation(d, in.Resolved, grammar.Pos{Line: 1, Column: 1})}, nil
			}
		}
	}
	return nil, nil
}

// sourceLocation is the location of a position in a file named as the expander names
// it (case-relative inside the case).
func (s *Server) sourceLocation(d *document, file string, pos grammar.Pos) protocol.Location {
	path := file
	if !filepath.IsAbs(path) {
		base := filepath.Dir(d.path)
		if d.cs != nil {
			base = d.cs.root
		}
		path = filepath.Join(base, filepath.FromSlash(file))
	}
	t := d.text
	if path != d.path {
		if o := s.docs[path]; o != nil {
			t = o.text
		} else {
			t = newText(readFile(path))
		}
	}
	off := t.lineCol(int(pos.Line), int(pos.Column))
	return protocol.Location{URI: pathURI(path), Range: t.rng(off, t.tokenEnd(off))}
}

// documentSymbol is the dictionary tree: sub-dictionaries with their entries, primitive
// entries with their value, directives.
func (s *Server) documentSymbol(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	f := d.file
	if f == nil {
		f = d.good
	}
	if f == nil || f.Body == nil {
		return []protocol.DocumentSymbol{}, nil
	}
	t := newText(f.Src)
	var out []protocol.DocumentSymbol
	if f.Header != nil {
		out = append(out, symbolsOf(t, []grammar.Entry{f.Header})...)
	}
	out = append(out, symbolsOf(t, f.Body.Entries)...)
	if out == nil {
		out = []protocol.DocumentSymbol{}
	}
	return out, nil
}

func symbolsOf(t *text, entries []grammar.Entry) []protocol.DocumentSymbol {
	var out []protocol.DocumentSymbol
	for _, e := range entries {
		r := e.Span()
		full := t.rng(int(r.Pos.Offset), int(r.End.Offset))
		switch e := e.(type) {
		case *grammar.DictEntry:
			detail := "dictionary"
			out = append(out, protocol.DocumentSymbol{
				Name: e.Key.Raw, Detail: &detail, Kind: protocol.SymbolKindNamespace, Range: full,
				SelectionRange: t.rng(int(e.Key.Pos.Offset), int(e.Key.End.Offset)),
				Children:       symbolsOf(t, e.Dict.Entries),
			})
		case *grammar.PrimitiveEntry:
			detail := grammar.FormatItems(e.Value)
			if len(detail) > 80 {
				detail = detail[:77] + "..."
			}
			kind := protocol.SymbolKindProperty
			var children []protocol.DocumentSymbol
			for _, it := range e.Value {
				if b, ok := it.(*grammar.Dict); ok {
					kind = protocol.SymbolKindObject
					children = append(children, symbolsOf(t, b.Entries)...)
				}
			}
			out = append(out, protocol.DocumentSymbol{
				Name: e.Key.Raw, Detail: &detail, Kind: kind, Range: full,
				SelectionRange: t.rng(int(e.Key.Pos.Offset), int(e.Key.End.Offset)), Children: children,
			})
		case *grammar.DirectiveEntry:
			name := e.Name
			if len(e.Args) > 0 {
				name += " " + grammar.FormatItems(e.Args[:1])
			}
			out = append(out, protocol.DocumentSymbol{
				Name: name, Kind: protocol.SymbolKindEvent, Range: full, SelectionRange: full,
			})
		}
	}
	return out
}

// formatting replaces the buffer with `foamc fmt`'s output (nothing when it does not parse).
func (s *Server) formatting(_ *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if d.file == nil {
		return nil, d.err
	}
	out := grammar.Format(d.file)
	if bytes.Equal(out, d.text.src) {
		return []protocol.TextEdit{}, nil
	}
	return []protocol.TextEdit{minimalEdit(d.text, out)}, nil
}

// minimalEdit replaces only the differing middle of t with the same part of to.
func minimalEdit(t *text, to []byte) protocol.TextEdit {
	from := t.src
	pre := 0
	for pre < len(from) && pre < len(to) && from[pre] == to[pre] {
		pre++
	}
	suf := 0
	for suf < len(from)-pre && suf < len(to)-pre && from[len(from)-1-suf] == to[len(to)-1-suf] {
		suf++
	}
	// keep multi-byte characters whole
	for pre > 0 && pre < len(from) && from[pre]&0xC0 == 0x80 {
		pre--
	}
	for suf > 0 && len(from)-suf < len(from) && from[len(from)-suf]&0xC0 == 0x80 {
		suf--
	}
	return protocol.TextEdit{Range: t.rng(pre, len(from)-suf), NewText: string(to[pre : len(to)-suf])}
}
