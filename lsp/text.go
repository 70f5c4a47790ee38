package lsp

import (
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// text converts between the grammar's byte positions (1-based line and byte column)
// and LSP positions (0-based line, UTF-16 code units, the protocol's default encoding).
type text struct {
	src   []byte
	lines []int // byte offset of each line start
}

func newText(src []byte) *text {
	t := &text{src: src, lines: []int{0}}
	for i, c := range src {
		if c == '\n' {
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// lineEnd is the offset of the end of line i (0-based), before its newline.
func (t *text) lineEnd(i int) int {
	if i+1 < len(t.lines) {
		end := t.lines[i+1] - 1
		if end > t.lines[i] && t.src[end-1] == '\r' {
			end--
		}
		return end
	}
	return len(t.src)
}

// offset is the byte offset of an LSP position, clamped to its line.
func (t *text) offset(p protocol.Position) int {
	line := int(p.Line)
	if line >= len(t.lines) {
		return len(t.src)
	}
	off, end := t.lines[line], t.lineEnd(line)
	for units := 0; off < end && units < int(p.Character); {
		r, n := utf8.DecodeRune(t.src[off:end])
		units += utf16Len(r)
		off += n
	}
	return off
}

// position is the LSP position of a byte offset.
func (t *text) position(off int) protocol.Position {
	off = max(0, min(off, len(t.src)))
	line := 0
	for lo, hi := 0, len(t.lines)-1; lo <= hi; {
		mid := (lo + hi) / 2
		if t.lines[mid] <= off {
			line, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	units := 0
	for i := t.lines[line]; i < off; {
		r, n := utf8.DecodeRune(t.src[i:off])
		units += utf16Len(r)
		i += n
	}
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(units)}
}

// lineCol is the byte offset of a 1-based line and byte column (findings, grammar.Pos).
func (t *text) lineCol(line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(t.lines) {
		return len(t.src)
	}
	return min(t.lines[line-1]+max(col, 1)-1, t.lineEnd(line-1))
}

func (t *text) rng(from, to int) protocol.Range {
	return protocol.Range{Start: t.position(from), End: t.position(max(from, to))}
}

// tokenEnd is the end of the token starting at off: a quoted string, or a run of
// characters up to a blank, `;`, a brace or a comment, at least one character.
func (t *text) tokenEnd(off int) int {
	s := t.src
	if off >= len(s) {
		return off
	}
	if s[off] == '"' {
		for i := off + 1; i < len(s); i++ {
			if s[i] == '\\' {
				i++
				continue
			}
			if s[i] == '"' || s[i] == '\n' {
				return i + 1
			}
		}
		return len(s)
	}
	i := off
	for i < len(s) && !isBreak(s[i]) {
		i++
	}
	if i == off && s[i] != '\n' {
		i++
	}
	return i
}

func isBreak(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ';', '{', '}':
		return true
	}
	return false
}

func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}
