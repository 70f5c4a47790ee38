package faults

import (
	"fmt"
	"strings"
)

// This file locates entries in OpenFOAM dictionary text by byte range so that
// edits change only the targeted bytes (a faulted case then differs from its
// tutorial by exactly the fault, and lint locations stay meaningful). It is a
// boundary scanner, not a parser: values are kept as raw text. Lexical rules
// follow ISstream v1912 (knowledge/openfoam-dictionary-syntax.md §2-3) as far
// as entry boundaries depend on them: comments, quoted strings, #{ #}
// verbatims, ${..} variables, words with balanced parentheses (div(phi,U)),
// and primitive entries that end at the first ';' outside ( ) and { }.

type tokKind byte

const (
	tWord tokKind = iota
	tString
	tVerbatim
	tPunct
)

type token struct {
	kind       tokKind
	start, end int
	text       string // word text, string content, or the punctuation byte
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// position renders a byte offset as line:column for error messages.
func position(src []byte, off int) string {
	line, col := 1, 1
	for i := 0; i < off && i < len(src); i++ {
		if src[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("%d:%d", line, col)
}

func lex(src []byte) ([]token, error) {
	var toks []token
	n := len(src)
	for i := 0; i < n; {
		c := src[i]
		switch {
		case isSpace(c):
			i++
		case c == '/' && i+1 < n && src[i+1] == '/':
			for i < n && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < n && src[i+1] == '*':
			j := strings.Index(string(src[i+2:]), "*/")
			if j < 0 {
				return nil, fmt.Errorf("%s: unterminated /* comment", position(src, i))
			}
			i += 2 + j + 2
		case c == '"':
			j := i + 1
			for j < n && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= n {
				return nil, fmt.Errorf("%s: unterminated string", position(src, i))
			}
			toks = append(toks, token{tString, i, j + 1, string(src[i+1 : j])})
			i = j + 1
		case c == '#' && i+1 < n && src[i+1] == '{':
			j := strings.Index(string(src[i+2:]), "#}")
			if j < 0 {
				return nil, fmt.Errorf("%s: unterminated #{ verbatim", position(src, i))
			}
			end := i + 2 + j + 2
			toks = append(toks, token{tVerbatim, i, end, string(src[i:end])})
			i = end
		case c == '$' && i+1 < n && src[i+1] == '{':
			depth, j := 0, i+1
			for ; j < n; j++ {
				if src[j] == '{' {
					depth++
				} else if src[j] == '}' {
					depth--
					if depth == 0 {
						j++
						break
					}
				}
			}
			if depth != 0 {
				return nil, fmt.Errorf("%s: unterminated ${", position(src, i))
			}
			toks = append(toks, token{tWord, i, j, string(src[i:j])})
			i = j
		case c == '#' && strings.HasPrefix(string(src[i:]), "#eval") && evalBrace(src, i+5) > 0:
			// #eval{ ... }: raw text up to the next '}' (evalEntry.C:87-93).
			open := evalBrace(src, i+5)
			j := strings.IndexByte(string(src[open:]), '}')
			if j < 0 {
				return nil, fmt.Errorf("%s: unterminated #eval{", position(src, i))
			}
			toks = append(toks, token{tVerbatim, i, open + j + 1, string(src[i : open+j+1])})
			i = open + j + 1
		case c >= '0' && c <= '9' || c == '-' || c == '.':
			// Numbers take [0-9+-.eE] only, so "1(wall)" is 1 then a list (ISstream.C:295-383).
			j := i + 1
			for j < n && strings.IndexByte("0123456789+-.eE", src[j]) >= 0 {
				j++
			}
			toks = append(toks, token{tWord, i, j, string(src[i:j])})
			i = j
		case strings.IndexByte(";(){}[]:,=+*/", c) >= 0:
			toks = append(toks, token{tPunct, i, i + 1, string(c)})
			i++
		default:
			depth, j := 0, i
		word:
			for ; j < n; j++ {
				switch b := src[j]; {
				case isSpace(b) || strings.IndexByte("\"';{}/", b) >= 0:
					break word
				case b == '(':
					depth++
				case b == ')':
					if depth == 0 {
						break word
					}
					depth--
				}
			}
			toks = append(toks, token{tWord, i, j, string(src[i:j])})
			i = j
		}
	}
	return toks, nil
}

// dict is a dictionary body; close is the offset of its closing brace (-1 at top level).
type dict struct {
	entries []*entry
	level   int
	close   int
}

// entry spans keyStart..end (end is after ';' or '}'); valStart..valEnd is
// the value text without the terminator.
type entry struct {
	key              string
	keyStart, keyEnd int
	valStart, valEnd int
	end              int
	dict             *dict
}

func parseDict(src []byte) (*dict, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{src: src, toks: toks}
	d, err := p.body(0)
	if err != nil {
		return nil, err
	}
	return d, nil
}

type parser struct {
	src  []byte
	toks []token
	i    int
}

func (p *parser) isPunct(i int, s string) bool {
	return i < len(p.toks) && p.toks[i].kind == tPunct && p.toks[i].text == s
}

func (p *parser) errAt(i int, msg string) error {
	off := len(p.src)
	if i < len(p.toks) {
		off = p.toks[i].start
	}
	return fmt.Errorf("%s: %s", position(p.src, off), msg)
}

// skipBalanced consumes one token, or a whole ( ) / { } group if it opens one.
func (p *parser) skipBalanced() error {
	start := p.i
	depth := 0
	for p.i < len(p.toks) {
		depth += bracketDelta(p.toks[p.i])
		p.i++
		if depth <= 0 {
			return nil
		}
	}
	return p.errAt(start, "unbalanced brackets")
}

func (p *parser) body(level int) (*dict, error) {
	d := &dict{level: level, close: -1}
	for {
		if p.i >= len(p.toks) {
			if level > 0 {
				return nil, p.errAt(p.i, "missing '}' at end of file")
			}
			return d, nil
		}
		t := p.toks[p.i]
		switch {
		case p.isPunct(p.i, "}"):
			if level == 0 {
				return nil, p.errAt(p.i, "unexpected '}'")
			}
			d.close = t.start
			p.i++
			return d, nil
		case p.isPunct(p.i, ";"):
			p.i++ // spurious ';' before a keyword is discarded (entryIO.C)
		case p.isPunct(p.i, "("), t.kind == tWord && p.isPunct(p.i+1, "(") && isLabel(t.text):
			// Anonymous list entry (polyMesh/boundary style): kept opaque.
			if t.kind == tWord {
				p.i++
			}
			if err := p.skipBalanced(); err != nil {
				return nil, err
			}
		case t.kind == tWord && strings.HasPrefix(t.text, "#"):
			// Directive: #include "f", #includeEtc "f", #remove (a b), #inputMode m ...
			p.i++
			e := &entry{key: t.text, keyStart: t.start, keyEnd: t.end, valStart: t.end, valEnd: t.end, end: t.end}
			if takesArg(t.text) && p.i < len(p.toks) && !p.isPunct(p.i, "}") {
				s := p.toks[p.i].start
				if err := p.skipBalanced(); err != nil {
					return nil, err
				}
				e.valStart, e.valEnd, e.end = s, p.toks[p.i-1].end, p.toks[p.i-1].end
			}
			d.entries = append(d.entries, e)
		case t.kind == tWord && strings.HasPrefix(t.text, "$") && !p.isPunct(p.i+1, "{"):
			// Substitution entry: merges the referenced dictionary, no terminator.
			p.i++
			d.entries = append(d.entries, &entry{key: t.text, keyStart: t.start, keyEnd: t.end, valStart: t.end, valEnd: t.end, end: t.end})
		case t.kind == tWord || t.kind == tString || t.kind == tVerbatim:
			e := &entry{key: t.text, keyStart: t.start, keyEnd: t.end}
			p.i++
			if p.isPunct(p.i, "{") {
				e.valStart = p.toks[p.i].start
				p.i++
				sub, err := p.body(level + 1)
				if err != nil {
					return nil, err
				}
				e.dict = sub
				e.valEnd, e.end = sub.close+1, sub.close+1
			} else {
				if err := p.primitive(e); err != nil {
					return nil, err
				}
			}
			d.entries = append(d.entries, e)
		default:
			return nil, p.errAt(p.i, fmt.Sprintf("unexpected %q where a keyword is expected", t.text))
		}
	}
}

// primitive reads tokens up to the ';' at bracket depth 0 (primitiveEntryIO.C).
func (p *parser) primitive(e *entry) error {
	start := p.i
	depth := 0
	for p.i < len(p.toks) {
		t := p.toks[p.i]
		depth += bracketDelta(t)
		if depth < 0 {
			return p.errAt(p.i, fmt.Sprintf("entry %q: missing ';' before %q", e.key, t.text))
		}
		if t.kind == tPunct && t.text == ";" && depth == 0 {
			if p.i == start {
				e.valStart, e.valEnd = t.start, t.start
			} else {
				e.valStart, e.valEnd = p.toks[start].start, p.toks[p.i-1].end
			}
			e.end = t.end
			p.i++
			return nil
		}
		p.i++
	}
	return p.errAt(start, fmt.Sprintf("entry %q: missing ';' at end of file", e.key))
}

// bracketDelta is +1 for an opening ( or {, -1 for a closing one.
func bracketDelta(t token) int {
	if t.kind == tPunct {
		switch t.text {
		case "(", "{":
			return 1
		case ")", "}":
			return -1
		}
	}
	return 0
}

// evalBrace returns the offset of the '{' opening a brace-form #eval whose
// word ends at i, or 0.
func evalBrace(src []byte, i int) int {
	for ; i < len(src); i++ {
		if src[i] == '{' {
			return i
		}
		if !isSpace(src[i]) {
			return 0
		}
	}
	return 0
}

func isLabel(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func takesArg(directive string) bool {
	switch directive {
	case "#include", "#sinclude", "#includeIfPresent", "#includeEtc", "#sincludeEtc",
		"#includeFunc", "#remove", "#inputMode":
		return true
	}
	return false
}

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
