package grammar

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The printer serves both Print (layout-preserving) and Format (canonical). Tokens carry the
// positions they were parsed at; Print moves the output cursor to each token's original line
// and column, which reproduces the source layout (tabs become spaces, trailing blanks go).
// Nodes built in code have no position and fall back to canonical layout, as does everything
// under Format. Comments are interleaved by source offset in both modes, so parse -> print ->
// parse keeps every comment in order.

const (
	keywordWidth       = 16 // Ostream::entryIndentation_: values start 16 columns after the indent
	headerKeywordWidth = 12 // IOobject::writeHeader writes `    version     2.0;`
	indentWidth        = 4
	maxInlineItems     = 10 // UListIO writes up to 10 primitive items on one line
)

const (
	bannerTop = `/*--------------------------------*- C++ -*----------------------------------*\
| =========                 |                                                 |
| \\      /  F ield         | OpenFOAM: The Open Source CFD Toolbox           |
|  \\    /   O peration     | Version:  v1912                                 |
|   \\  /    A nd           | Website:  www.openfoam.com                      |
|    \\/     M anipulation  |                                                 |
\*---------------------------------------------------------------------------*/`
	bannerRule = `// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //`
	bannerEnd  = `// ************************************************************************* //`
)

// sep is the canonical separator wanted before a token.
type sep uint8

const (
	sepNone    sep = iota // adjacent: after '(' or a count
	sepSpace              // between items
	sepLine               // a new line at the current indent
	sepEntry              // a new line; one blank line kept if the source had one
	sepSection            // a new line after a blank line (top-level blocks in canonical mode)
)

type printer struct {
	buf bytes.Buffer
	// out, when set, receives buf whenever a line ends with more than flushAt bytes in it
	// (FormatTo); err is its first write error.
	out       io.Writer
	err       error
	canonical bool
	comments  []*Comment
	ci        int
	line, col int // output cursor, 1-based
	indent    int
	srcLine   int // source line where the last printed token ended (0: unknown)
	needNL    bool
	started   bool
	header    bool // printing FoamFile entries (canonical keyword width 12)
	noSep     bool // the cursor already sits at the value column
	openWord  bool // the last token was a word or variable with an unclosed '('
	prevEnd   int  // source offset where the last printed token ended (-1: built node)
}

// Print writes f preserving the source layout and comments where positions are known; nodes
// built or changed in code are laid out canonically. Parsing the output gives the same AST
// (positions aside).
func Print(w io.Writer, f *File) error {
	p := &printer{canonical: false, prevEnd: -1}
	p.file(f)
	if _, err := w.Write(p.buf.Bytes()); err != nil {
		return fmt.Errorf("grammar: writing %s: %w", f.Name, err)
	}
	return nil
}

// Format returns f in canonical OpenFOAM layout: 4-space indent, keywords padded to 16
// columns, braces on their own lines, one blank line at most between entries, comments and
// banner kept, the author's line breaks inside values kept.
func Format(f *File) []byte {
	p := &printer{canonical: true, prevEnd: -1}
	p.file(f)
	return p.buf.Bytes()
}

// FormatTo writes Format(f) to w as it is produced: the output of a big dictionary is
// never held whole (fmt to stdout, fmt --check).
func FormatTo(w io.Writer, f *File) error {
	p := &printer{canonical: true, prevEnd: -1, out: w}
	p.file(f)
	p.flush()
	if p.err != nil {
		return fmt.Errorf("grammar: writing %s: %w", f.Name, p.err)
	}
	return nil
}

func (p *printer) file(f *File) {
	p.line, p.col = 1, 1
	p.comments = f.Comments
	if f.StandardBanner {
		p.raw(bannerTop)
		p.needNL = true
	}
	if f.Stray != nil {
		p.block(f.Stray, sepEntry)
	}
	if f.Header != nil {
		p.header = true
		p.entry(f.Header, sepEntry)
		p.header = false
		if f.StandardBanner {
			p.needNL = true
			p.newline()
			p.raw(bannerRule)
			p.needNL = true
			p.newline()
		}
	}
	if f.Body != nil {
		var prev Entry
		for i, e := range f.Body.Entries {
			s := sepEntry
			switch {
			case i == 0 && f.StandardBanner && f.Header != nil:
				s = sepSection
			case p.canonical && prev != nil && (topSection(e) || topSection(prev)):
				s = sepSection
			}
			p.entry(e, s)
			prev = e
		}
	}
	p.flushComments(-1)
	if f.StandardBanner {
		if p.col > 1 {
			p.newline()
		}
		p.newline()
		p.raw(bannerEnd)
	}
	if f.Trailer != "" {
		var pos Pos
		if off := len(f.Src) - len(f.Trailer); off >= 0 && string(f.Src[off:]) == f.Trailer {
			pos = advance(Pos{Line: 1, Column: 1}, string(f.Src[:off]))
		}
		if p.canonical || !pos.IsValid() {
			p.needNL = true
		}
		p.place(pos, sepEntry)
		p.raw(f.Trailer)
		return // the trailer runs to the end of the file as it was
	}
	if p.col > 1 {
		p.buf.WriteByte('\n')
	}
}

// topSection reports the top-level entries that get a blank line before them in canonical
// mode (dictionaries and lists, as the tutorials lay them out).
func topSection(e Entry) bool {
	switch e := e.(type) {
	case *DictEntry, *ListEntry:
		return true
	case *PrimitiveEntry:
		return multiline(e.Value)
	}
	return false
}

// ---------------------------------------------------------------------------------------------
// Output cursor

func (p *printer) raw(s string) {
	p.buf.WriteString(s)
	if nl := strings.Count(s, "\n"); nl > 0 {
		p.line += nl
		p.col = len(s) - strings.LastIndexByte(s, '\n')
	} else {
		p.col += len(s)
	}
	p.started = true
}

func (p *printer) newline() {
	p.buf.WriteByte('\n')
	p.line++
	p.col = 1
	p.needNL = false
	if p.out != nil && p.buf.Len() >= flushAt {
		p.flush()
	}
}

// flushAt is how much output FormatTo buffers.
const flushAt = 64 << 10

func (p *printer) flush() {
	if p.err == nil {
		_, p.err = p.out.Write(p.buf.Bytes())
	}
	p.buf.Reset()
}

func (p *printer) spaces(n int) {
	for ; n > 0; n-- {
		p.buf.WriteByte(' ')
		p.col++
	}
}

func (p *printer) indentLine() { p.spaces(p.indent - (p.col - 1)) }

// place moves the cursor to where a token starting at pos should go. In Print mode a positioned
// token keeps its line distance to the previous positioned token and its column, which is
// robust against content inserted before it; it is glued to the previous token only where the
// two were adjacent in the source.
func (p *printer) place(pos Pos, s sep) {
	if !p.canonical && pos.IsValid() {
		nl := int(pos.Line) - p.line
		if p.srcLine > 0 {
			nl = int(pos.Line) - p.srcLine
		}
		switch {
		case nl > 0:
			if p.col > 1 || p.needNL {
				for ; nl > 0; nl-- {
					p.newline()
				}
			} else {
				for ; nl > 1; nl-- {
					p.newline()
				}
			}
			p.spaces(int(pos.Column) - 1)
			return
		case nl == 0 && !p.needNL && int(pos.Column) > p.col:
			p.spaces(int(pos.Column) - p.col)
			return
		case nl == 0 && !p.needNL && int(pos.Column) == p.col && (p.prevEnd == int(pos.Offset) || !p.started):
			return
		}
		// behind the cursor or next to inserted content: lay out canonically
	}
	if !p.started {
		return
	}
	switch {
	case s == sepNone && !p.needNL:
	case s == sepSpace && !p.needNL:
		if p.col > 1 {
			p.spaces(1)
		}
	case s == sepSpace || s == sepNone:
		p.newline()
		p.indentLine()
	default:
		blank := s == sepSection ||
			s == sepEntry && pos.IsValid() && p.srcLine > 0 && int(pos.Line) > p.srcLine+1
		if p.col > 1 || p.needNL {
			p.newline()
		}
		if blank && p.line > 1 {
			p.newline()
		}
		p.indentLine()
	}
}

// flushComments prints every pending comment that starts before offset (all of them for -1).
func (p *printer) flushComments(offset int) {
	for p.ci < len(p.comments) {
		c := p.comments[p.ci]
		if offset >= 0 && int(c.Pos.Offset) >= offset {
			return
		}
		p.ci++
		if !p.canonical {
			p.place(c.Pos, sepLine)
		} else if p.started && p.srcLine > 0 && int(c.Pos.Line) == p.srcLine && !p.needNL {
			p.spaces(1) // trailing comment stays on its line
		} else {
			p.place(c.Pos, sepEntry)
		}
		p.raw(c.Text)
		p.srcLine = int(c.End.Line)
		p.prevEnd = int(c.End.Offset)
		if !c.Block() {
			p.needNL = true
		}
	}
}

// tok prints one token of text that spans [pos, end) in the source.
func (p *printer) tok(text string, pos, end Pos, s sep) {
	p.openWord = false
	if pos.IsValid() {
		p.flushComments(int(pos.Offset))
	}
	p.place(pos, s)
	p.raw(text)
	p.prevEnd = -1
	if end.IsValid() {
		p.srcLine = int(end.Line)
		p.prevEnd = int(end.Offset)
	} else if pos.IsValid() {
		p.srcLine = int(pos.Line)
	}
}

// closer returns the position of the one-byte closing token that ends at end.
func closer(end Pos) Pos {
	if !end.IsValid() {
		return Pos{}
	}
	return Pos{Offset: end.Offset - 1, Line: end.Line, Column: end.Column - 1}
}

// ---------------------------------------------------------------------------------------------
// Entries

func (p *printer) entry(e Entry, s sep) {
	switch e := e.(type) {
	case *PrimitiveEntry:
		p.key(e.Key, s)
		if len(e.Value) > 0 {
			if p.canonical && multiline(e.Value) {
				p.items(e.Value, sepLine, true)
			} else {
				p.padKey(e.Key)
				p.items(e.Value, sepSpace, false)
			}
		}
		p.tok(";", closer(e.End), e.End, sepNone)
	case *DictEntry:
		p.key(e.Key, s)
		p.block(e.Dict, sepLine)
		if e.Semi {
			p.tok(";", Pos{}, Pos{}, sepNone)
		}
	case *DirectiveEntry:
		p.tok(e.Name, e.Pos, advance(e.Pos, e.Name), s)
		if e.Name == "#if" || e.Name == "#elif" {
			if e.Line != "" {
				p.raw(" " + e.Line)
			}
			p.needNL = true // the condition runs to the end of the line
		} else {
			p.items(e.Args, sepSpace, false)
		}
		if e.Semi {
			moved := p.needNL
			p.tok(";", Pos{}, Pos{}, sepNone)
			if moved && p.canonical {
				// the ';' now sits on a line of its own whose source line is unknown: keep no
				// blank line before the next entry, so formatting twice changes nothing
				p.srcLine = 0
			}
		}
	case *SubstEntry:
		p.item(e.Var, s)
		if e.Semicolon {
			p.tok(";", Pos{}, Pos{}, sepNone)
		}
	case *ListEntry:
		p.item(e.Value, s)
		if e.Semi {
			p.tok(";", Pos{}, Pos{}, sepNone)
		}
	}
}

func (p *printer) key(k Key, s sep) {
	raw := k.Raw
	if raw == "" {
		raw = k.Name
		if k.Regex {
			raw = quote(k.Name)
		}
	}
	p.tok(raw, k.Pos, k.End, s)
}

// padKey pads a keyword to the value column in canonical mode (Ostream::writeKeyword).
func (p *printer) padKey(k Key) {
	if !p.canonical {
		return
	}
	w := keywordWidth
	if p.header {
		w = headerKeywordWidth
	}
	n := p.indent + w - (p.col - 1)
	if n < 1 {
		n = 1
	}
	p.spaces(n)
	p.started = true
	// the first value item then follows without another separator
	p.noSep = true
}

func (p *printer) block(d *Dict, s sep) {
	p.tok("{", d.Pos, advance(d.Pos, "{"), s)
	p.indent += indentWidth
	for _, e := range d.Entries {
		p.entry(e, sepEntry)
	}
	p.indent -= indentWidth
	if cp := closer(d.End); cp.IsValid() {
		p.flushComments(int(cp.Offset))
	}
	p.tok("}", closer(d.End), d.End, sepLine)
}

// ---------------------------------------------------------------------------------------------
// Items

// multiline reports values that canonical layout spreads over lines: blocks, and lists that
// hold lists or blocks or more than maxInlineItems items (UListIO's rule).
func multiline(items []Item) bool {
	for _, it := range items {
		switch v := it.(type) {
		case *Dict:
			return true
		case *List:
			if listMultiline(v) {
				return true
			}
		}
	}
	return false
}

func listMultiline(l *List) bool {
	if len(l.Items) > maxInlineItems {
		return true
	}
	for _, it := range l.Items {
		switch it.(type) {
		case *List, *Dict, *NumList, *BinList:
			return true
		}
	}
	return false
}

// items prints a sequence of value items; first is the separator before the first one. Inside
// a multi-line value each item follows the author's line breaks (canonical mode) or its own
// line when built in code.
func (p *printer) items(items []Item, first sep, lines bool) {
	for i, it := range items {
		s := first
		if i > 0 {
			s = sepSpace
			if p.canonical && lineBreakBefore(items, i) {
				s = sepLine
			}
		}
		p.item(it, s)
	}
}

// lineBreakBefore keeps a source line break before item i in canonical mode.
func lineBreakBefore(items []Item, i int) bool {
	cur, prev := items[i].Span(), items[i-1].Span()
	if cur.Pos.IsValid() && prev.End.IsValid() {
		return cur.Pos.Line > prev.End.Line
	}
	if _, ok := items[i].(*Dict); ok {
		return true
	}
	return false
}

func (p *printer) item(it Item, s sep) {
	if p.noSep {
		p.noSep = false
		if p.canonical {
			s = sepNone
		}
	}
	switch v := it.(type) {
	case *Word:
		p.tok(v.Value, v.Pos, v.End, s)
		p.openWord = strings.Count(v.Value, "(") > strings.Count(v.Value, ")")
	case *String:
		raw := v.Raw
		if raw == "" {
			raw = quote(v.Value)
		}
		p.tok(raw, v.Pos, v.End, s)
	case *Number:
		raw := v.Raw
		if raw == "" {
			raw = strconv.FormatFloat(v.Float, 'g', -1, 64)
			if v.Kind == LabelKind {
				raw = strconv.FormatInt(v.Int, 10)
			}
		}
		p.tok(raw, v.Pos, v.End, s)
	case *Punct:
		p.tok(v.Value, v.Pos, v.End, s)
	case *Variable:
		p.tok(v.Raw, v.Pos, v.End, s)
		p.openWord = strings.Count(v.Raw, "(") > strings.Count(v.Raw, ")")
	case *Verbatim:
		p.tok("#{"+v.Text+"#}", v.Pos, v.End, s)
	case *NumList:
		p.tok(v.Raw, v.Pos, v.End, s)
	case *BinList:
		p.tok(v.text(), v.Pos, v.End, s)
	case *List:
		p.list(v, s)
	case *UniformList:
		p.tok(strconv.FormatInt(v.Count, 10), v.Pos, Pos{}, s)
		p.tok("{", Pos{}, Pos{}, sepNone)
		p.item(v.Value, sepNone)
		p.tok("}", closer(v.End), v.End, sepNone)
	case *DimSet:
		p.tok("[", v.Pos, advance(v.Pos, "["), s)
		p.items(v.Items, sepNone, false)
		p.tok("]", closer(v.End), v.End, sepNone)
	case *Dict:
		if p.canonical && s == sepSpace {
			s = sepLine
		}
		p.block(v, s)
	case *DirectiveItem:
		p.tok(v.Name, v.Pos, advance(v.Pos, v.Name), s)
		if v.Brace {
			p.raw("{" + v.Text + "}")
		} else {
			p.items(v.Args, sepSpace, false)
		}
	}
}

func (p *printer) list(l *List, s sep) {
	ml := p.canonical && (hasDict(l) || listMultiline(l) && !l.Pos.IsValid())
	if l.Counted {
		p.tok(strconv.FormatInt(l.Count, 10), l.Pos, Pos{}, s)
		s = sepNone
		if ml {
			s = sepLine
		}
	}
	open := l.Pos
	if l.Counted {
		open = Pos{}
	}
	p.tok("(", open, advance(open, "("), s)
	p.indent += indentWidth
	for i, it := range l.Items {
		is := sepSpace
		switch {
		case i == 0 && !ml:
			is = sepNone
			if sp := it.Span(); p.canonical && sp.Pos.IsValid() && l.Pos.IsValid() && int(sp.Pos.Line) > p.srcLine {
				is = sepLine
			}
		case ml:
			is = sepLine
		case p.canonical && i > 0 && lineBreakBefore(l.Items, i):
			is = sepLine
		}
		p.item(it, is)
	}
	p.indent -= indentWidth
	cs := sepNone
	cp := closer(l.End)
	if ml || p.canonical && cp.IsValid() && int(cp.Line) > p.srcLine && len(l.Items) > 0 {
		cs = sepLine
	}
	if cp.IsValid() {
		p.flushComments(int(cp.Offset))
	}
	if cs == sepNone && p.openWord {
		cs = sepSpace
	}
	p.tok(")", cp, l.End, cs)
}

// hasDict reports lists of dictionaries (blockMesh boundary, polyMesh/boundary), which canonical
// layout always spreads one item per line; other parsed lists keep the author's line breaks.
func hasDict(l *List) bool {
	for _, it := range l.Items {
		if _, ok := it.(*Dict); ok {
			return true
		}
	}
	return false
}

// text is the list as written: `N(` raw bytes `)`.
func (b *BinList) text() string {
	return strconv.FormatInt(b.Count, 10) + "(" + string(b.Data) + ")"
}
