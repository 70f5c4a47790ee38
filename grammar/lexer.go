package grammar

import (
	"io"
	"strconv"
	"strings"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types of the ISstream-faithful scanner (token/token.H kinds, plus foamc's fast-path
// tokens). Token.Value is always the source text (normalised only for `# include` and `$ x`).
const (
	tSym       lexer.TokenType = iota + 1 // ; ( ) [ ] { }
	tPunct                                // : , = + - * / and a lone '-'
	tNumber                               // label or scalar
	tWord                                 // word, compound word List<T>
	tString                               // "…" with quotes
	tVariable                             // $name ${…} and a lone $
	tVerbatim                             // #{ … #}
	tDirective                            // #name
	tLine                                 // raw rest of line after #if / #elif
	tEvalBrace                            // { … } raw after #eval
	tNumList                              // N( numbers and nested parens ) as one token
	tBinList                              // N( raw bytes ) of a binary contiguous list
	tCount                                // a label followed by '{': the count of N{value}
)

var tokenNames = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "Sym": tSym, "Punct": tPunct, "Number": tNumber, "Word": tWord,
	"String": tString, "Variable": tVariable, "Verbatim": tVerbatim, "Directive": tDirective,
	"Line": tLine, "EvalBrace": tEvalBrace, "NumList": tNumList, "BinList": tBinList, "Count": tCount,
}

// numListMin is the smallest count that turns `N (` + numbers into a NumList token outside a
// compound or top-level list: small labels before lists are often not counts (`arc 0 3 (1 0 0)`).
const numListMin = 64

// maxNesting bounds how deeply ( { [ may nest. OpenFOAM's own dictionaries nest a few levels;
// the bound keeps the recursive parser, the AST walkers and the indented outputs (fmt, JSON)
// proportional to the input instead of to its square.
const maxNesting = 64

// maxLen are ISstream's limits: words, strings and variables 1024 chars, numbers 128.
const (
	maxWordLen   = 1024
	maxNumberLen = 128
)

// dictDirectives and valueDirectives are the function entry registrations of every release
// foamc reads (the union: v1912's functionEntries/README, v2506's #message and #word,
// Foundation 12's #neg, #calcInclude, #includeModel and #includeConstraint); anything else
// is a fatal "Unknown functionEntry". Which release has which is Dialect.HasDirective,
// checked when expanding, so a directive a release lacks stays visible in the document.
var dictDirectives = map[string]bool{
	"#include": true, "#sinclude": true, "#includeIfPresent": true, "#includeEtc": true,
	"#sincludeEtc": true, "#includeFunc": true, "#calc": true, "#codeStream": true,
	"#if": true, "#ifeq": true, "#elif": true, "#else": true, "#endif": true,
	"#inputMode": true, "#default": true, "#merge": true, "#overwrite": true, "#warn": true,
	"#error": true, "#remove": true,
	"#message": true,
	"#neg":     true, "#calcInclude": true, "#includeModel": true, "#includeConstraint": true,
}

var valueDirectives = map[string]bool{
	"#include": true, "#sinclude": true, "#includeIfPresent": true, "#includeEtc": true,
	"#sincludeEtc": true, "#calc": true, "#codeStream": true, "#eval": true,
	"#message": true, "#word": true,
	"#neg": true,
}

// elemInfo describes a contiguous element type for binary lists.
type elemInfo struct {
	name       string
	components int
	label      bool
	bytes1     bool // bool: one byte per element
}

// compoundTypes are the List<T> compound tokens of v1912 and their binary layout.
var compoundTypes = map[string]elemInfo{
	"List<scalar>":          {"scalar", 1, false, false},
	"List<vector>":          {"vector", 3, false, false},
	"List<tensor>":          {"tensor", 9, false, false},
	"List<symmTensor>":      {"symmTensor", 6, false, false},
	"List<sphericalTensor>": {"sphericalTensor", 1, false, false},
	"List<label>":           {"label", 1, true, false},
	"List<bool>":            {"bool", 1, false, true},
	"List<word>":            {"word", 0, false, false},
	"List<string>":          {"string", 0, false, false},
	"List<edge>":            {"edge", 2, true, false},
	"List<complex>":         {"complex", 2, false, false},
	"List<complexVector>":   {"complexVector", 6, false, false},
}

// listClasses maps the header class of top-level list files to their element layout in binary.
var listClasses = map[string]elemInfo{
	"labelList":              {"label", 1, true, false},
	"labelField":             {"label", 1, true, false},
	"scalarField":            {"scalar", 1, false, false},
	"scalarList":             {"scalar", 1, false, false},
	"vectorField":            {"vector", 3, false, false},
	"vectorList":             {"vector", 3, false, false},
	"pointField":             {"vector", 3, false, false},
	"tensorField":            {"tensor", 9, false, false},
	"symmTensorField":        {"symmTensor", 6, false, false},
	"sphericalTensorField":   {"sphericalTensor", 1, false, false},
	"faceCompactList":        {"label", 1, true, false},
	"cellCompactList":        {"label", 1, true, false},
	"faceCompactIOList":      {"label", 1, true, false},
	"labelListCompactList":   {"label", 1, true, false},
	"cellSet":                {"label", 1, true, false}, // topoSets write their labels as a labelList
	"faceSet":                {"label", 1, true, false},
	"pointSet":               {"label", 1, true, false},
	"edgeList":               {"edge", 2, true, false},
	"symmTensorList":         {"symmTensor", 6, false, false},
	"tensorList":             {"tensor", 9, false, false},
	"sphericalTensorList":    {"sphericalTensor", 1, false, false},
	"vector2DField":          {"vector2D", 2, false, false},
	"diagTensorField":        {"diagTensor", 3, false, false},
	"symmTensor2DField":      {"symmTensor2D", 3, false, false},
	"tensor2DField":          {"tensor2D", 4, false, false},
	"sphericalTensor2DField": {"sphericalTensor2D", 1, false, false},
}

// header is what the scanner needs from the FoamFile header before lexing the body.
type header struct {
	binary      bool
	class       string
	labelBytes  int
	scalarBytes int
	bigEndian   bool
}

// lexError is a located lexical problem, turned into a finding by Parse.
type lexError struct {
	id, summary, expected, fix string
	pos                        Pos
}

func (e *lexError) Error() string { return e.summary }

// warning is a located v1912 warning.
type warning struct {
	summary string
	pos     Pos
}

// scanner turns the source into tokens following ISstream v1912 (ISstream.C; the rules
// are listed in docs/grammar.md, "Lexical layer"). It never panics and always advances.
type scanner struct {
	src       string
	i         int
	line      int
	lineStart int
	toks      []lexer.Token
	comments  []*Comment
	warnings  []warning
	err       *lexError
	hdr       header
	// bracket counts open '[' punctuation: inside, a word stops at ']' as dimensionSet reads it.
	bracket int
	// depth counts open '(' and '{' for the top-level list rule.
	depth int
	// compound is the element layout of a just-emitted List<T> word.
	compound *elemInfo
	// entryStart is true where a top-level entry can start (BOF, after ';' or '}' at depth 0,
	// after a top-level list); countAtEntry after a number emitted there (a list count).
	entryStart, countAtEntry bool
	// topOpen is set while a top-level anonymous list `( … )` is open; afterList right after
	// such a list closed.
	topOpen, afterList bool
	// trailer is the offset of text after a top-level list that OpenFOAM's list readers never
	// read (e.g. a mangled `/ ****` end line); -1 when none.
	trailer int
	// ends records the end of tokens whose Value is not their exact source text.
	ends map[int]Pos
	// open is the stack of unclosed ( { [ with their positions.
	open []opener
	// binElem records the element layout of each BinList token by offset.
	binElem map[int]elemInfo
	// numInfo holds, per NumList token in order, what the pre-scan learnt.
	numInfo []numInfo
	// After a numeric-list pre-scan failed at numFailEnd, numUnclosed holds the offsets of the
	// '(' inside it still open there, ascending: a pre-scan from one of them would fail at the
	// same place, so it is not repeated (a run of '(' would otherwise cost quadratic time).
	numFailEnd  int
	numUnclosed []int
	// headerOnly stops after the FoamFile header closes (used to sniff format and arch).
	headerOnly bool
	// entryAt: the next token starts an entry where only dictionary-entry braces are open;
	// keyed: the last token was a word or string keyword there. plainOpen counts the open
	// brackets that are not such braces, closed is the opener the last closer closed.
	entryAt, keyed bool
	plainOpen      int
	closed         opener
	// pauseAfter > 0 makes run return after a top-level ';' once that many tokens are
	// buffered (paused set); the next run continues where it stopped.
	pauseAfter int
	paused     bool
	// bounds > 0 limit the ';' and '{' read (Options.MaxEntries) and the list items
	// (Options.MaxListItems); entries and listItems count them.
	bounds             bounds
	entries, listItems int
}

func newScanner(src []byte) *scanner {
	return &scanner{
		src:        unsafe.String(unsafe.SliceData(src), len(src)),
		line:       1,
		entryStart: true,
		entryAt:    true,
		trailer:    -1,
		hdr:        header{labelBytes: 4, scalarBytes: 8},
	}
}

func (s *scanner) pos() Pos { return s.posAt(s.i) }

func (s *scanner) posAt(off int) Pos {
	// Only called for offsets on the current line or before the scanner moved past a newline.
	return Pos{Offset: int32(off), Line: int32(s.line), Column: int32(off - s.lineStart + 1)}
}

func lpos(p Pos) lexer.Position {
	return lexer.Position{Offset: int(p.Offset), Line: int(p.Line), Column: int(p.Column)}
}

func (s *scanner) fail(p Pos, id, summary, expected, fix string) {
	if s.err == nil {
		s.err = &lexError{id: id, summary: summary, expected: expected, fix: fix, pos: p}
	}
	s.i = len(s.src)
}

func (s *scanner) emit(t lexer.TokenType, p Pos, v string) {
	s.keyed, s.entryAt = s.entryAt && (t == tWord || t == tString), false
	wasEntry := s.entryStart || s.countAtEntry
	s.toks = append(s.toks, lexer.Token{Type: t, Value: v, Pos: lpos(p)})
	s.compound = nil
	s.entryStart, s.afterList = false, false
	if t == tSym {
		switch {
		case (v == ";" || v == "}") && s.depth == 0:
			s.entryStart = true
		case v == "(" && s.depth == 1 && wasEntry:
			s.topOpen = true
		case v == ")" && s.depth == 0 && s.topOpen:
			s.topOpen = false
			s.entryStart, s.afterList = true, true
		}
	}
	s.countAtEntry = t == tNumber && wasEntry && s.depth == 0
	if s.bounds.listItems > 0 {
		s.chargeItems(t, p, v)
	}
}

// chargeItems counts the list items of the token just emitted against
// Options.MaxListItems: one when it is an item of a `( … )` list (its innermost enclosing
// bracket is '('; an opener's is the one below it, a closer is no item), plus every
// number and group of a numeric group the parser expands into ordinary nodes.
func (s *scanner) chargeItems(t lexer.TokenType, p Pos, v string) {
	n, inner := 0, len(s.open)-1
	if t == tSym {
		switch v {
		case ")", "}", "]":
			inner = -1
		case "(", "{", "[":
			inner--
		}
	}
	if inner >= 0 && s.open[inner].c == '(' {
		n++
	}
	if t == tNumList && !s.numInfo[len(s.numInfo)-1].keep {
		n += groupNodes(v)
	}
	if s.listItems += n; s.listItems > s.bounds.listItems {
		s.fail(p, "FOAM-PARSE-014", "more than "+strconv.Itoa(s.bounds.listItems)+" list items", "",
			"split the list, or check the file is what it should be: this bound keeps the reader's memory in proportion")
	}
}

// groupNodes is the number of nodes a numeric group `( … )` expands into: its numbers
// and nested groups (a count before a '(' is over-counted as a number).
func groupNodes(v string) int {
	n, inNum := 0, false
	for i := 1; i < len(v); i++ {
		switch c := v[i]; {
		case c == '(':
			n++
			inNum = false
		case c == ')' || isSpace(c):
			inNum = false
		case !inNum:
			n++
			inNum = true
		}
	}
	return n
}

// advanceLines counts the newlines of src[from:to] (SIMD via strings.Count).
func (s *scanner) advanceLines(from, to int) {
	seg := s.src[from:to]
	if n := strings.Count(seg, "\n"); n > 0 {
		s.line += n
		s.lineStart = from + strings.LastIndexByte(seg, '\n') + 1
	}
}

// newline advances the line counter for a '\n' at offset k.
func (s *scanner) newline(k int) {
	s.line++
	s.lineStart = k + 1
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// isCtl reports bytes that never occur in a text dictionary (NUL and other C0 controls except
// whitespace, DEL): the signature of binary junk. OpenFOAM would read them into words.
func isCtl(c byte) bool { return c < 0x20 && !isSpace(c) || c == 0x7f }

// wordValid is word::valid: not whitespace and not " ' / ; { }.
func wordValid(c byte) bool {
	return !isSpace(c) && c != '"' && c != '\'' && c != '/' && c != ';' && c != '{' && c != '}'
}

func varValid(c byte) bool { return wordValid(c) || c == '/' }

// skip passes whitespace and comments (nextValid), recording comments. It returns false at EOF.
func (s *scanner) skip() bool {
	for s.i < len(s.src) {
		c := s.src[s.i]
		switch {
		case c == '\n':
			s.newline(s.i)
			s.i++
		case isSpace(c):
			s.i++
		case c == '/' && s.i+1 < len(s.src) && s.src[s.i+1] == '/':
			p := s.pos()
			j := strings.IndexByte(s.src[s.i:], '\n')
			end := len(s.src)
			if j >= 0 {
				end = s.i + j
			}
			s.comment(p, end)
		case c == '/' && s.i+1 < len(s.src) && s.src[s.i+1] == '*':
			p := s.pos()
			j := strings.Index(s.src[s.i+2:], "*/")
			if j < 0 {
				s.fail(p, "FOAM-PARSE-002", "unterminated /* comment", "a closing */",
					"close the comment with */ (comments do not nest)")
				return false
			}
			s.comment(p, s.i+2+j+2)
		default:
			return true
		}
	}
	return false
}

func (s *scanner) comment(p Pos, end int) {
	text := s.src[s.i:end]
	for k := s.i; k < end; k++ {
		if s.src[k] == '\n' {
			s.newline(k)
		}
	}
	s.i = end
	s.comments = append(s.comments, &Comment{Range: Range{Pos: p, End: s.pos()}, Text: text})
}

type opener struct {
	c   byte
	pos Pos
	// entry marks the '{' of a dictionary entry `key {` at an entry start, inside nothing
	// but such braces: a chunk may end inside it (pauseAfter).
	entry bool
}

var closerOf = map[byte]byte{'(': ')', '{': '}', '[': ']'}

// balance keeps the bracket stack so unbalanced input gets a precise finding (which opener is
// unclosed, which closer is stray) before the grammar runs.
func (s *scanner) balance(c byte, p Pos) bool {
	switch c {
	case '(', '{', '[':
		if len(s.open) == maxNesting {
			s.fail(p, "FOAM-PARSE-012", "brackets nested deeper than "+strconv.Itoa(maxNesting)+" levels",
				"at most "+strconv.Itoa(maxNesting)+" nested ( { [",
				"flatten the structure (OpenFOAM dictionaries nest a few levels; this looks generated or corrupt)")
			return false
		}
		o := opener{c: c, pos: p, entry: c == '{' && s.keyed}
		if !o.entry {
			s.plainOpen++
		}
		s.open = append(s.open, o)
	case ')', '}', ']':
		if len(s.open) == 0 {
			if s.headerOnly {
				return true
			}
			if c == '}' && s.bounds.topCloseEnds {
				s.i = int(p.Offset) // the reading ends before the brace (Options.TopCloseEnds)
				return false
			}
			s.fail(p, "FOAM-PARSE-006", "unexpected '"+string(c)+"' with nothing open",
				"an entry keyword or the end of the file",
				"remove the stray '"+string(c)+"' or add the missing opening bracket")
			return false
		}
		top := s.open[len(s.open)-1]
		if closerOf[top.c] != c {
			s.fail(p, "FOAM-PARSE-006", "'"+string(c)+"' does not match '"+string(top.c)+"' opened at "+top.pos.String(),
				"'"+string(closerOf[top.c])+"'",
				"close '"+string(top.c)+"' with '"+string(closerOf[top.c])+"' first")
			return false
		}
		s.open = s.open[:len(s.open)-1]
		if s.closed = top; !top.entry {
			s.plainOpen--
		}
	}
	return true
}

// run scans the whole input; s.err is set on the first fatal problem.
func (s *scanner) run() {
	defer func() {
		if s.err == nil && !s.headerOnly && !s.paused && len(s.open) > 0 {
			top := s.open[len(s.open)-1]
			s.fail(top.pos, "FOAM-PARSE-006", "'"+string(top.c)+"' is never closed (the file ends at "+s.pos().String()+")",
				"'"+string(closerOf[top.c])+"'",
				"add the missing '"+string(closerOf[top.c])+"'")
		}
	}()
	for s.err == nil && s.skip() {
		p := s.pos()
		c := s.src[s.i]
		switch c {
		case ';', '(', ')', '{', '}', '[', ']':
			if c == '(' && s.numGroup(p) {
				break
			}
			s.i++
			if !s.balance(c, p) {
				return
			}
			switch c {
			case '(', '{':
				s.depth++
			case ')', '}':
				if s.depth > 0 {
					s.depth--
				}
			case '[':
				s.bracket++
			case ']':
				if s.bracket > 0 {
					s.bracket--
				}
			}
			s.emit(tSym, p, s.src[p.Offset:s.i])
			if s.headerOnly && c == '}' && s.depth == 0 {
				return
			}
			if (c == ';' || c == '{') && s.bounds.entries > 0 {
				if s.entries++; s.entries > s.bounds.entries {
					s.fail(p, "FOAM-PARSE-013", "more than "+strconv.Itoa(s.bounds.entries)+" entries",
						"", "split the dictionary, or check the file is what it should be: this bound keeps the reader's memory in proportion")
					return
				}
			}
			switch c {
			case ';':
				s.entryAt = s.plainOpen == 0
			case '{':
				s.entryAt = s.open[len(s.open)-1].entry
			case '}':
				s.entryAt = s.closed.entry
			}
			// inside dictionary entries too: a big dictionary nested in one is chunked
			if c == ';' && s.pauseAfter > 0 && len(s.toks) >= s.pauseAfter && s.plainOpen == 0 {
				s.paused = true
				return
			}
		case ':', ',', '=', '+', '*', '/':
			if s.afterList && !s.headerOnly {
				// no entry starts with these: a list reader stops after the list and never sees it
				s.trailer = int(p.Offset)
				s.warnings = append(s.warnings, warning{pos: p,
					summary: "text after the top-level list is ignored (OpenFOAM's list readers stop at the list's end)"})
				s.i = len(s.src)
				return
			}
			s.i++
			s.emit(tPunct, p, s.src[p.Offset:s.i])
		case '"':
			s.str(p)
		case '#':
			s.hash(p)
		case '$':
			s.variable(p)
		case '\'':
			s.fail(p, "FOAM-PARSE-003", "a single quote cannot start a token",
				"a word, number, string in double quotes, or punctuation",
				"use double quotes for strings")
		case '-', '.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			s.number(p)
		default:
			if isCtl(c) {
				s.fail(p, "FOAM-PARSE-003", "control character 0x"+strconv.FormatUint(uint64(c), 16)+" in a text dictionary",
					"text (binary data only inside a `format binary` list)",
					"the file looks binary or corrupt; check the header format and the file itself")
				break
			}
			s.word(p, tWord)
		}
	}
}

// str reads a double-quoted string (ISstream.C:486-586).
func (s *scanner) str(p Pos) {
	escaped := false
	n := 0
	for k := s.i + 1; k < len(s.src); k++ {
		c := s.src[k]
		switch {
		case c == '"' && !escaped:
			s.i = k + 1
			s.emit(tString, p, s.src[p.Offset:s.i])
			return
		case c == '\n':
			if !escaped {
				s.fail(s.posAt(k), "FOAM-PARSE-002", "newline inside a string", "a closing \" on the same line",
					"close the string, or end the line with a backslash to continue it")
				return
			}
			s.newline(k)
			escaped = false
		case c == '\\':
			escaped = !escaped
		case c == 0:
			s.fail(s.posAt(k), "FOAM-PARSE-003", "NUL byte inside a string", "text", "remove the NUL byte")
			return
		default:
			escaped = false
		}
		n++
		if n >= maxWordLen {
			s.fail(p, "FOAM-PARSE-005", "string longer than 1024 characters", "at most 1024 characters (ISstream limit)",
				"shorten the string or move the content into a #{ #} verbatim block")
			return
		}
	}
	s.fail(p, "FOAM-PARSE-002", "unterminated string", "a closing \"", "close the string with \"")
}

// unquote applies v1912's string escapes to a raw "…" token: \" → ", backslash-newline → newline,
// any other backslash is kept.
func unquote(raw string) string {
	if len(raw) < 2 {
		return ""
	}
	body := raw[1 : len(raw)-1]
	if strings.IndexByte(body, '\\') < 0 {
		return body
	}
	var b strings.Builder
	b.Grow(len(body))
	escaped := false
	for k := 0; k < len(body); k++ {
		c := body[k]
		if escaped && (c == '"' || c == '\n') {
			// overwrite the backslash written before
			bs := b.String()
			b.Reset()
			b.WriteString(bs[:len(bs)-1])
			b.WriteByte(c)
			escaped = false
			continue
		}
		if c == '\\' {
			escaped = !escaped
		} else {
			escaped = false
		}
		b.WriteByte(c)
	}
	return b.String()
}

// hash handles '#': verbatim #{ … #}, or a directive word (whitespace and comments between '#'
// and the name are skipped, as read(char&) does).
func (s *scanner) hash(p Pos) {
	s.i++
	if !s.skip() {
		if s.err == nil {
			s.emit(tWord, p, "#")
		}
		return
	}
	if s.src[s.i] == '{' {
		brace := s.i
		j := strings.Index(s.src[brace+1:], "#}")
		if j < 0 {
			s.fail(p, "FOAM-PARSE-002", "unterminated #{ verbatim block", "a closing #}", "close the block with #}")
			return
		}
		end := brace + 1 + j + 2
		for k := brace; k < end; k++ {
			if s.src[k] == '\n' {
				s.newline(k)
			}
		}
		s.i = end
		if brace == int(p.Offset)+1 {
			s.emit(tVerbatim, p, s.src[p.Offset:end])
			return
		}
		// '#' and '{' were separated by blanks or comments: normalise, keep the true end
		s.setEnd(p, s.pos())
		s.emit(tVerbatim, p, "#{"+s.src[brace+1:brace+1+j]+"#}")
		return
	}
	start := s.i
	wp := s.pos()
	s.wordEnd()
	if s.err != nil {
		return
	}
	if s.i == start {
		s.fail(wp, "FOAM-PARSE-003", "'#' is not followed by a directive name", "#include, #includeEtc, #remove, …",
			"remove the stray '#' or complete the directive")
		return
	}
	name := "#" + s.src[start:s.i]
	if !dictDirectives[name] && !valueDirectives[name] {
		s.fail(p, "FOAM-PARSE-009", "unknown directive "+name+" (no OpenFOAM release has such a function entry)",
			"#include #sinclude #includeIfPresent #includeEtc #sincludeEtc #includeFunc #calc #codeStream #eval #if #ifeq #elif #else #endif #inputMode #default #merge #overwrite #warn #error #remove, "+
				"v2506's #message #word, Foundation's #neg #calcInclude #includeModel #includeConstraint",
			"use a directive of your OpenFOAM release")
		return
	}
	if start != int(p.Offset)+1 {
		s.setEnd(p, s.pos())
	}
	s.emit(tDirective, p, name)
	switch name {
	case "#if", "#elif":
		// getLine: the raw rest of the line
		lp := s.pos()
		j := strings.IndexByte(s.src[s.i:], '\n')
		end := len(s.src)
		if j >= 0 {
			end = s.i + j
		}
		s.i = end
		s.emit(tLine, lp, s.src[lp.Offset:end])
	case "#includeFunc", "#includeModel", "#includeConstraint":
		s.funcNameArgs()
	case "#eval", "#message", "#word":
		if s.skip() && s.src[s.i] == '{' {
			// v2506 reads to the balancing '}' (continueReadUntilRightBrace), v1912 to the
			// first: the union reads v2506's; ExpandOptions.Dialect judges the difference.
			bp := s.pos()
			j, d := -1, 0
			for k := s.i; k < len(s.src) && j < 0; k++ {
				switch s.src[k] {
				case '{':
					d++
				case '}':
					if d--; d == 0 {
						j = k - s.i
					}
				}
			}
			if j < 0 {
				s.fail(bp, "FOAM-PARSE-002", "unterminated #eval{ expression", "a closing }", "close the expression with }")
				return
			}
			end := s.i + j + 1
			for k := s.i; k < end; k++ {
				if s.src[k] == '\n' {
					s.newline(k)
				}
			}
			s.i = end
			s.emit(tEvalBrace, bp, s.src[bp.Offset:end])
		}
	}
}

// funcNameArgs reads the argument of #includeFunc, #includeModel and #includeConstraint as
// Foundation's functionEntry::readFuncNameArgs does (functionEntry.C, OpenFOAM-12): a word
// holding '(', or a word followed by a '(' token, is read on as raw characters up to the ')'
// that closes the first '(' (ISstream::readDelimited: no comments, strings or escapes), so
// `name(a=(0 0 1), b)` may hold blanks and span lines. The token is that source text; blanks
// before the '(' of the second form are dropped by the argument split (dictArgList). A word
// with balanced parentheses and no blanks, all v1912 reads, gives the same token as before.
func (s *scanner) funcNameArgs() {
	if !s.skip() {
		return
	}
	start := s.i
	c := s.src[start]
	if !wordValid(c) || strings.IndexByte(";(){}[]:,=+*/\"#$'-.0123456789", c) >= 0 {
		return // not a word: the ordinary token follows (a string, or an error)
	}
	p := s.pos()
	end := start
	for end < len(s.src) && wordValid(s.src[end]) {
		end++
	}
	open := start + strings.IndexByte(s.src[start:end], '(')
	if open < start {
		// the word, then possibly the '(' of its arguments after blanks and comments (kept
		// as comments; the token is the word and the parenthesised text, as OpenFOAM joins them)
		save, saveLine := s.i, s.line
		saveStart, saveComments := s.lineStart, len(s.comments)
		s.i = end
		found := s.skip() && s.src[s.i] == '('
		if s.err != nil {
			return
		}
		if !found {
			s.i, s.line, s.lineStart, s.comments = save, saveLine, saveStart, s.comments[:saveComments]
			return
		}
		open = s.i
	}
	depth := 0
	for k := open; k < len(s.src); k++ {
		switch s.src[k] {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth == 0 {
			for j := max(s.i, start); j <= k; j++ {
				if s.src[j] == '\n' {
					s.newline(j)
				}
			}
			s.i = k + 1
			if open > end {
				s.setEnd(p, s.pos())
				s.emit(tWord, p, s.src[start:end]+s.src[open:s.i])
				return
			}
			s.emit(tWord, p, s.src[start:s.i])
			return
		}
	}
	s.fail(s.posAt(min(open, s.i)), "FOAM-PARSE-006", "'(' of the function arguments is never closed",
		"')' (Foundation reads the arguments as a delimited string)", "close the argument list with ')'")
}

func (s *scanner) setEnd(p, end Pos) {
	if s.ends == nil {
		s.ends = map[int]Pos{}
	}
	s.ends[int(p.Offset)] = end
}

// wordEnd advances over word characters (ISstream read(word&)): stops at a non-word byte, at an
// unmatched ')', and inside [ ] at ']'. It records v1912's "Missing ')'" warning.
func (s *scanner) wordEnd() {
	start := s.i
	depth := 0
	for s.i < len(s.src) {
		c := s.src[s.i]
		if !wordValid(c) {
			break
		}
		if isCtl(c) {
			s.fail(s.pos(), "FOAM-PARSE-003", "control character 0x"+strconv.FormatUint(uint64(c), 16)+" inside a word",
				"text", "the file looks binary or corrupt")
			return
		}
		if c == '(' {
			depth++
		} else if c == ')' {
			if depth == 0 {
				break
			}
			depth--
		} else if c == ']' && s.bracket > 0 && depth == 0 {
			break
		}
		s.i++
		if s.i-start > maxWordLen {
			s.fail(s.posAt(start), "FOAM-PARSE-005", "word longer than 1024 characters", "at most 1024 characters (ISstream limit)",
				"shorten the word")
			return
		}
	}
	if depth > 0 {
		s.warnings = append(s.warnings, warning{pos: s.posAt(start),
			summary: "word " + strconv.Quote(s.src[start:s.i]) + " is missing " + strconv.Itoa(depth) + " closing ')'"})
	}
}

func (s *scanner) word(p Pos, t lexer.TokenType) {
	s.wordEnd()
	if s.err != nil {
		return
	}
	if s.i == int(p.Offset) {
		// a lone ')' or ']' never reaches here; any other non-word byte is a punctuation case
		s.fail(p, "FOAM-PARSE-003", "unexpected character "+strconv.Quote(s.src[p.Offset:p.Offset+1]), "a token", "remove it")
		return
	}
	w := s.src[p.Offset:s.i]
	s.emit(t, p, w)
	if ci, ok := compoundTypes[w]; ok {
		c := ci // declared here, not above: escaping, it is allocated only for compound words
		s.compound = &c
	}
}

// varRun advances over variable characters (validVariableChar, plus the braces in ${…} mode)
// tracking open/close depth from depth; an unmatched close ends the run. It returns the depth
// left open.
func (s *scanner) varRun(open, close byte, depth int) int {
	for s.i < len(s.src) {
		c := s.src[s.i]
		if isCtl(c) || !varValid(c) && !(open == '{' && (c == '{' || c == '}')) {
			break
		}
		if c == open {
			depth++
		} else if c == close {
			if depth == 0 {
				break
			}
			depth--
		}
		s.i++
	}
	return depth
}

// variable reads $name, ${…} or a lone $ (ISstream.C:589-735).
func (s *scanner) variable(p Pos) {
	s.i++
	if !s.skip() {
		if s.err == nil {
			s.emit(tVariable, p, "$")
		}
		return
	}
	start := s.i
	c := s.src[s.i]
	depth := 0
	var b strings.Builder
	b.WriteByte('$')
	switch {
	case c == '{' && s.i+1 < len(s.src) && s.src[s.i+1] == '{':
		// v2506's `${{ expr }}` (ISstream.C readVariable, EXPRESSION): any characters up
		// to the '}' closing the first '{'. v1912 has no such token.
		d := 0
		for k := s.i; k < len(s.src); k++ {
			switch s.src[k] {
			case '{':
				d++
			case '}':
				d--
			case '\n':
				s.newline(k)
			}
			if d == 0 {
				s.i = k + 1
				if start != int(p.Offset)+1 {
					s.setEnd(p, s.pos())
					s.emit(tVariable, p, "$"+s.src[start:s.i])
					return
				}
				s.emit(tVariable, p, s.src[p.Offset:s.i])
				return
			}
		}
		s.fail(p, "FOAM-PARSE-002", "unterminated ${{ expression", "a closing }}", "close the expression with }}")
		return
	case c == '{':
		s.i++
		depth = s.varRun('{', '}', 1)
	case varValid(c) && !isCtl(c):
		depth = s.varRun('(', ')', 0)
	default:
		s.warnings = append(s.warnings, warning{pos: p, summary: "bad variable name: '$' followed by " + strconv.Quote(string(c))})
		s.emit(tVariable, p, "$")
		return
	}
	if s.i-start >= maxWordLen {
		s.fail(p, "FOAM-PARSE-005", "variable longer than 1024 characters", "at most 1024 characters", "shorten the name")
		return
	}
	if depth > 0 {
		s.warnings = append(s.warnings, warning{pos: p, summary: "variable " + strconv.Quote(s.src[p.Offset:s.i]) + " is missing a closing bracket"})
	}
	if start == int(p.Offset)+1 {
		s.emit(tVariable, p, s.src[p.Offset:s.i])
		return
	}
	b.WriteString(s.src[start:s.i])
	s.setEnd(p, s.pos())
	s.emit(tVariable, p, b.String())
}

// number reads the greedy [0-9+-.eE] lexeme and classifies it; a label count followed by '('
// may start a NumList or BinList token.
func (s *scanner) number(p Pos) {
	k := s.i + 1
	for k < len(s.src) && isNumByte(s.src[k]) {
		k++
	}
	raw := s.src[s.i:k]
	if len(raw) >= maxNumberLen {
		s.fail(p, "FOAM-PARSE-005", "number longer than 128 characters", "at most 128 characters (ISstream limit)", "shorten the number")
		return
	}
	if raw == "-" {
		s.i = k
		s.emit(tPunct, p, raw)
		return
	}
	kind, n, _, ok := classifyNumber(raw)
	if !ok {
		s.fail(p, "FOAM-PARSE-004", "invalid number "+strconv.Quote(raw),
			"a label (digits) or a scalar such as 1, 1., .5, -2.5e-05",
			"write a complete number; v1912 also rejects |x| > 1e300")
		return
	}
	s.i = k
	if kind == LabelKind && n >= 0 && (s.compound != nil || s.entryStart || n >= numListMin) {
		if s.fastList(p, n) {
			return
		}
	}
	if kind == LabelKind && n >= 0 {
		j := s.i
		for j < len(s.src) && isSpace(s.src[j]) {
			j++
		}
		if j < len(s.src) && s.src[j] == '{' {
			s.emit(tCount, p, raw)
			return
		}
	}
	s.emit(tNumber, p, raw)
}

// fastList tries to read `N (` … `)` at s.i (just after the count) as one NumList or BinList
// token. It returns false, leaving the scanner untouched, when the list is not eligible.
func (s *scanner) fastList(p Pos, n int64) bool {
	j := s.i
	for j < len(s.src) && isSpace(s.src[j]) {
		j++
	}
	if j >= len(s.src) || s.src[j] != '(' {
		return false
	}
	if s.hdr.binary {
		var ei *elemInfo
		if s.compound != nil {
			ei = s.compound
		} else if s.entryStart {
			if e, ok := listClasses[s.hdr.class]; ok {
				ei = &e
			}
		}
		if ei != nil && ei.components > 0 {
			return s.binList(p, n, j, ei)
		}
	}
	line, lineStart := s.line, s.lineStart
	for k := s.i; k < j; k++ {
		if s.src[k] == '\n' {
			line, lineStart = line+1, k+1
		}
	}
	end, _, width, labels, ok := s.scanNum(j, n, &line, &lineStart)
	if !ok {
		return false
	}
	s.i = end
	s.line, s.lineStart = line, lineStart
	s.numInfo = append(s.numInfo, numInfo{width: width, labels: labels, counted: true, count: n, keep: true})
	s.emitList(tNumList, p, s.src[p.Offset:end])
	return true
}

// numGroup tries to read a '(' at s.i whose body is purely numeric as one NumList token, so
// the grammar sees one token instead of one per number. Small uncounted groups are expanded
// back into ordinary *List nodes by the converter; the AST shape does not depend on this.
func (s *scanner) numGroup(p Pos) bool {
	line, lineStart := s.line, s.lineStart
	end, elems, width, labels, ok := s.scanNum(s.i, -1, &line, &lineStart)
	if !ok {
		return false
	}
	s.i = end
	s.line, s.lineStart = line, lineStart
	s.numInfo = append(s.numInfo, numInfo{width: width, labels: labels, count: elems,
		keep: elems >= numListMin || (s.entryStart || s.countAtEntry) && s.depth == 0})
	s.emitList(tNumList, p, s.src[p.Offset:end])
	return true
}

// scanNum is scanNumBody for the '(' at open, below the brackets already open, skipping
// pre-scans known to fail (numUnclosed) and remembering where a failed one stopped.
func (s *scanner) scanNum(open int, n int64, line, lineStart *int) (end int, elems int64, width int, labels, ok bool) {
	if open < s.numFailEnd {
		for len(s.numUnclosed) > 0 && s.numUnclosed[0] < open {
			s.numUnclosed = s.numUnclosed[1:]
		}
		if len(s.numUnclosed) > 0 && s.numUnclosed[0] == open {
			return 0, 0, 0, false, false
		}
	}
	end, elems, width, labels, ok = scanNumBody(s.src, open, n, maxNesting-len(s.open), line, lineStart)
	if !ok && end > s.numFailEnd {
		// Every byte up to end is numeric-list material, so a pre-scan from a '(' inside that
		// is still open at end stops at end too; one whose group closes before end succeeds.
		s.numFailEnd, s.numUnclosed = end, s.numUnclosed[:0]
		depth := 0
		for k := open + 1; k < end; k++ {
			switch s.src[k] {
			case '(':
				s.numUnclosed = append(s.numUnclosed, k)
				depth++
			case ')':
				if depth > 0 {
					s.numUnclosed = s.numUnclosed[:len(s.numUnclosed)-1]
					depth--
				}
			}
		}
	}
	return end, elems, width, labels, ok
}

// emitList emits a NumList/BinList token and keeps the top-level list state.
func (s *scanner) emitList(t lexer.TokenType, p Pos, v string) {
	top := (s.entryStart || s.countAtEntry) && s.depth == 0
	s.emit(t, p, v)
	if top {
		s.entryStart, s.afterList = true, true
	}
}

// binList reads N*size raw bytes after the '(' at j.
func (s *scanner) binList(p Pos, n int64, j int, ei *elemInfo) bool {
	size := int64(s.hdr.scalarBytes)
	if ei.label {
		size = int64(s.hdr.labelBytes)
	}
	if ei.bytes1 {
		size = 1
	}
	total := n * int64(ei.components) * size
	start := j + 1
	if n < 0 || total < 0 || total > int64(len(s.src)-start-1) || s.src[start+int(total)] != ')' {
		s.fail(p, "FOAM-PARSE-010", "binary list of "+strconv.FormatInt(n, 10)+" "+ei.name+" does not fit the file",
			strconv.FormatInt(total, 10)+" bytes of data followed by ')'",
			"check the header format and arch (label/scalar sizes) against the data, or convert with foamFormatConvert")
		return true
	}
	end := start + int(total) + 1
	s.advanceLines(s.i, end)
	s.i = end
	if s.binElem == nil {
		s.binElem = map[int]elemInfo{}
	}
	s.binElem[int(p.Offset)] = *ei
	s.emitList(tBinList, p, s.src[p.Offset:end])
	return true
}

type numInfo struct {
	width   int
	labels  bool
	counted bool  // the token starts with its count
	count   int64 // the count, or the number of elements of an uncounted group
	keep    bool  // stays a *NumList in the AST (else expanded to *List)
}

// sliceLexer feeds pre-scanned tokens to participle.
type sliceLexer struct {
	toks []lexer.Token
	i    int
	eof  lexer.Position
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return lexer.EOFToken(l.eof), nil
	}
	t := l.toks[l.i]
	l.i++
	return t, nil
}

// definition makes the scanner a participle lexer.Definition (used to build the grammar and
// by LexString/LexBytes callers); Parse runs the scanner itself to keep comments and header
// context, then hands participle the tokens.
type definition struct{}

func (definition) Symbols() map[string]lexer.TokenType { return tokenNames }

func (d definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexBytes(filename, b)
}

func (definition) LexString(filename string, input string) (lexer.Lexer, error) {
	return definition{}.LexBytes(filename, []byte(input))
}

func (definition) LexBytes(filename string, input []byte) (lexer.Lexer, error) {
	s := scanFile(input)
	if s.err != nil {
		return nil, s.err
	}
	return &sliceLexer{toks: s.toks, eof: lpos(s.pos())}, nil
}

// scanFile sniffs the header (format, class, arch) and scans the whole input.
func scanFile(src []byte) *scanner {
	s := newScanner(src)
	s.hdr = sniffHeader(src)
	s.run()
	return s
}

// sniffHeader scans the text up to the end of a leading FoamFile block and reads format, class
// and arch from it, so binary lists in the body can be sized before they are met.
func sniffHeader(src []byte) header {
	h := header{labelBytes: 4, scalarBytes: 8}
	limit := len(src)
	if limit > 64<<10 {
		limit = 64 << 10
	}
	s := newScanner(src[:limit])
	s.headerOnly = true
	s.run()
	toks := s.toks
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].Type == tWord && toks[k].Value == "FoamFile" && toks[k+1].Value == "{" {
			for m := k + 2; m+2 < len(toks) && toks[m].Value != "}"; m++ {
				if toks[m].Type != tWord || toks[m+2].Value != ";" {
					continue
				}
				v := toks[m+1].Value
				if toks[m+1].Type == tString {
					v = unquote(v)
				}
				switch toks[m].Value {
				case "format":
					h.binary = v == "binary"
				case "class":
					h.class = v
				case "arch":
					parseArch(v, &h)
				}
			}
			break
		}
	}
	return h
}

// parseArch reads "LSB;label=32;scalar=64".
func parseArch(v string, h *header) {
	for _, part := range strings.Split(v, ";") {
		part = strings.TrimSpace(part)
		switch {
		case part == "MSB":
			h.bigEndian = true
		case part == "LSB":
			h.bigEndian = false
		case strings.HasPrefix(part, "label="):
			if n, err := strconv.Atoi(part[6:]); err == nil && (n == 32 || n == 64) {
				h.labelBytes = n / 8
			}
		case strings.HasPrefix(part, "scalar="):
			if n, err := strconv.Atoi(part[7:]); err == nil && (n == 32 || n == 64) {
				h.scalarBytes = n / 8
			}
		}
	}
}
