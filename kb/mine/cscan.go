package mine

import (
	"regexp"
	"sort"
	"strings"
	"sync"
)

// cfile is a C++ source file with comments blanked out (offsets and line
// numbers are preserved), enough to find macros, constructors and blocks.
type cfile struct {
	rel   string // path relative to the source root
	raw   string
	code  string // comments and string contents kept: only comments blanked
	lines []int  // offsets of line starts
}

func newCFile(rel, raw string) *cfile {
	f := &cfile{rel: rel, raw: raw, code: blankComments(raw)}
	f.lines = append(f.lines, 0)
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	return f
}

// line returns the 1-based line of an offset.
func (f *cfile) line(off int) int {
	return sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off })
}

// at formats "file:line" provenance.
func (f *cfile) at(off int) string {
	return f.rel + ":" + itoa(f.line(off))
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// blankComments replaces // and /* */ comments by spaces (newlines kept) and
// leaves string literals intact.
func blankComments(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '"':
			for i++; i < len(b) && b[i] != '"' && b[i] != '\n'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case b[i] == '\'':
			// character literal such as '"' or '\n'
			if i+2 < len(b) && b[i+1] == '\\' {
				i += 3
			} else {
				i += 2
			}
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			for ; i < len(b) && !(b[i] == '*' && i+1 < len(b) && b[i+1] == '/'); i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
			if i+1 < len(b) {
				b[i], b[i+1] = ' ', ' '
				i++
			}
		}
	}
	return string(b)
}

// matching returns the offset just after the bracket closing the one at open
// (open must index '(' '{' '[' or '<'), skipping string literals; -1 if unbalanced.
func matching(s string, open int) int {
	pairs := map[byte]byte{'(': ')', '{': '}', '[': ']', '<': '>'}
	o := s[open]
	c := pairs[o]
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case o:
			depth++
		case c:
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// skipSpace returns the first non-space offset at or after i.
func skipSpace(s string, i int) int {
	for i < len(s) && strings.ContainsRune(" \t\r\n", rune(s[i])) {
		i++
	}
	return i
}

// block is a conditional region of a function body.
type block struct {
	start, end int
	cond       string // the if condition, or "else" / "switch"
	foundKey   string // the key when cond is dict.found("key")
}

// conditionalBlocks lists the if/else/switch/ternary-free regions of body.
func conditionalBlocks(body string) []block {
	var out []block
	for i := 0; i < len(body); i++ {
		kw := ""
		switch {
		case hasWordAt(body, i, "if"):
			kw = "if"
		case hasWordAt(body, i, "else"):
			kw = "else"
		case hasWordAt(body, i, "switch"):
			kw = "switch"
		case hasWordAt(body, i, "for"):
			kw = "for"
		default:
			continue
		}
		j := skipSpace(body, i+len(kw))
		cond := kw
		if kw != "else" {
			if j >= len(body) || body[j] != '(' {
				continue
			}
			e := matching(body, j)
			if e < 0 {
				continue
			}
			cond = strings.Join(strings.Fields(body[j+1:e-1]), " ")
			j = skipSpace(body, e)
		} else if hasWordAt(body, j, "if") {
			continue // "else if": the if is scanned next
		}
		var end int
		if j < len(body) && body[j] == '{' {
			end = matching(body, j)
		} else {
			end = strings.IndexByte(body[j:], ';')
			if end >= 0 {
				end += j + 1
			}
		}
		if end < 0 {
			continue
		}
		b := block{start: j, end: end, cond: cond}
		if m := reFound().FindStringSubmatch(cond); m != nil && strings.TrimSpace(m[0]) == strings.TrimSpace(cond) {
			b.foundKey = m[1]
		}
		out = append(out, b)
	}
	return out
}

func hasWordAt(s string, i int, w string) bool {
	if !strings.HasPrefix(s[i:], w) {
		return false
	}
	if i > 0 && isIdent(s[i-1]) {
		return false
	}
	j := i + len(w)
	return j >= len(s) || !isIdent(s[j])
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// reClassDef matches a class definition: the name is followed by its base list
// or body, which leaves out template parameters (`template<class Type>`) and
// forward declarations.
var reClassDef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bclass\s+(\w+)\s*(?::[^;{]*)?\{`) })

// enclosingClass returns the class whose body holds offset pos at brace depth 1,
// with the offsets of its declaration and of its body's opening brace.
func enclosingClass(code string, pos int) (name string, declOff, bodyOff int) {
	for _, m := range reClassDef().FindAllStringSubmatchIndex(code[:pos], -1) {
		open := m[1] - 1
		if end := matching(code, open); end > pos {
			inner := code[open:pos]
			if strings.Count(inner, "{")-strings.Count(inner, "}") == 1 {
				name, declOff, bodyOff = code[m[2]:m[3]], m[0], open
			}
		}
	}
	return name, declOff, bodyOff
}
