package grammar

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/saferead"
)

// The participle grammar over the scanner's tokens. Entries, dictionaries, lists and values
// are grammar rules; big numeric and binary lists arrive as single NumList/BinList tokens.
// Alternatives are ordered so that each is decided by its first token (or two, for
// `key {` versus `key value;`), keeping the parse linear.

type gFile struct {
	Stray   *gBlock   `parser:"@@?"`
	Entries []*gEntry `parser:"@@*"`
}

// gEntry is one dictionary entry. Alternatives are inlined and ordered by frequency because
// every failed alternative costs participle a branch. After a word or string keyword, '{'
// starts a dictionary (entryIO.C: `{` after a keyword always does; that alternative is tried
// first, so a value never starts with a block), otherwise the value runs to ';'. A variable keyword is a substitution entry
// unless '{' follows (`$name {` keyword substitution).
type gEntry struct {
	Key    lexer.Token `parser:"( @(Word | String)"`
	Open   lexer.Token `parser:"  ( @'{'"`
	Body   []*gEntry   `parser:"    @@*"`
	Close  lexer.Token `parser:"    @'}'"`
	Items  []*gItem    `parser:"  | @@*"`
	Semi   lexer.Token `parser:"    @';' )"`
	Var    lexer.Token `parser:"| @Variable"`
	VOpen  lexer.Token `parser:"  ( @'{'"`
	VBody  []*gEntry   `parser:"    @@*"`
	VClose lexer.Token `parser:"    @'}' )?"`
	Dir    *gDirEntry  `parser:"| @@"`
	List   *gListEntry `parser:"| @@"`
	Spur   lexer.Token `parser:"| @';' )"`
}

type gListEntry struct {
	Fast  *gFast      `parser:"  @@"`
	Count lexer.Token `parser:"| @Number?"`
	List  *gList      `parser:"  @@"`
}

// gFast is the fast-path hook into participle (its Parseable interface): a NumList or BinList
// token — a whole counted/numeric or binary list — taken as one grammar element.
type gFast struct {
	Tok lexer.Token
}

func (g *gFast) Parse(lex *lexer.PeekingLexer) error {
	if t := lex.Peek(); t.Type != tNumList && t.Type != tBinList {
		return participle.NextMatch
	}
	g.Tok = *lex.Next()
	return nil
}

type gDirEntry struct {
	One  lexer.Token `parser:"(  @('#include' | '#sinclude' | '#includeIfPresent' | '#includeEtc' | '#sincludeEtc' | '#includeFunc' | '#calc' | '#inputMode' | '#remove' | '#codeStream' | '#message' | '#neg' | '#calcInclude' | '#includeModel' | '#includeConstraint')"`
	Arg  *gItem      `parser:"   @@"`
	Cond lexer.Token `parser:" | @('#if' | '#elif')"`
	Line lexer.Token `parser:"   @Line"`
	Two  lexer.Token `parser:" | @'#ifeq'"`
	A    *gItem      `parser:"   @@"`
	B    *gItem      `parser:"   @@"`
	Zero lexer.Token `parser:" | @('#else' | '#endif' | '#default' | '#merge' | '#overwrite' | '#warn' | '#error') )"`
}

// gItem is one value item; atoms (one token) come first, then the bracketed forms.
type gItem struct {
	Tok   lexer.Token `parser:"  @(Word | Number | String | Variable | Punct | Verbatim | EvalBrace)"`
	Fast  *gFast      `parser:"| @@"`
	List  *gList      `parser:"| @@"`
	Block *gBlock     `parser:"| @@"`
	Dims  *gDims      `parser:"| @@"`
	Dir   *gDirItem   `parser:"| @@"`
	Uni   *gUniform   `parser:"| @@"`
}

type gList struct {
	Open  lexer.Token `parser:"@'('"`
	Items []*gItem    `parser:"@@*"`
	Close lexer.Token `parser:"@')'"`
}

type gUniform struct {
	Count lexer.Token `parser:"@Count '{'"`
	Item  *gItem      `parser:"@@"`
	Close lexer.Token `parser:"@'}'"`
}

type gBlock struct {
	Open    lexer.Token `parser:"@'{'"`
	Entries []*gEntry   `parser:"@@*"`
	Close   lexer.Token `parser:"@'}'"`
}

type gDims struct {
	Open  lexer.Token `parser:"@'['"`
	Items []*gItem    `parser:"@@*"`
	Close lexer.Token `parser:"@']'"`
}

type gDirItem struct {
	Name lexer.Token `parser:"@Directive"`
	Arg  *gItem      `parser:"@@"`
}

// gEntries is the grammar of the top-level entries after the first chunk (Parse).
type gEntries struct {
	Entries []*gEntry `parser:"@@*"`
}

// parser is built on first use rather than at init: building it is the largest init cost
// of the foamc binary, and lint builds it on the goroutine that loads the case, beside
// the policy compilation.
var parser = sync.OnceValue(func() *participle.Parser[gFile] {
	return participle.MustBuild[gFile](
		participle.Lexer(definition{}),
		participle.UseLookahead(2),
	)
})

var entriesParser = sync.OnceValue(func() *participle.Parser[gEntries] {
	return participle.MustBuild[gEntries](
		participle.Lexer(definition{}),
		participle.UseLookahead(2),
	)
})

// chunkTokens is how many tokens Parse scans and parses at a time. Participle keeps every
// capture of a parse until it ends (about 1 kB per entry) and each token takes 64 bytes: a
// 34 MB dictionary of 2 M keys held GBs. Scanning and parsing the top level in chunks, each
// converted before the next is scanned, bounds both to one chunk's worth.
const chunkTokens = 1 << 15

func init() {
	// A generic (non-fast-path) list may legitimately exceed participle's default of 1M items.
	participle.MaxIterations = 1 << 30
}

// DefaultMaxSize is the largest content ParseFile reads unless told otherwise (after gunzip).
const DefaultMaxSize = 256 << 20

// Options tune ParseFileWith.
type Options struct {
	// MaxSize is the largest content accepted, after gunzip (0 means DefaultMaxSize).
	MaxSize int64
	// MaxEntries, when > 0, bounds the entries read: every ';' and '{' counts (a primitive
	// entry ends with one, a dictionary opens with one), at any depth. One more is a
	// FOAM-PARSE-013 finding located there, raised before the rest is parsed, so memory
	// stays proportional to the bound. Numeric and binary lists count nothing.
	MaxEntries int
	// MaxListItems, when > 0, bounds the list items read, as MaxEntries bounds entries
	// (a list of words has no ';'): every token that is an item of a `( … )` list counts
	// one, at any depth; a numeric group small enough to become ordinary nodes (numListMin)
	// counts each number and group in it; a NumList or BinList that stays one node counts
	// one. One more is a FOAM-PARSE-014 finding located there, raised before the rest is
	// parsed.
	MaxListItems int
	// TopCloseEnds: a '}' closing nothing at the top level ends the file, and what follows
	// is not read (Foundation's dictionary reading: OpenFOAM-12's foamDictionary accepts
	// such a file and never reads past the brace; ESI's fails, "Unexpected '}'"). Off: it
	// is FOAM-PARSE-006.
	TopCloseEnds bool
}

// bounds are Options.MaxEntries, Options.MaxListItems and Options.TopCloseEnds as the
// scanner applies them: where it stops reading.
type bounds struct {
	entries, listItems int
	topCloseEnds       bool
}

// ParseFile reads path (gzip-compressed content is detected by its magic bytes) up to
// DefaultMaxSize bytes and parses it.
func ParseFile(path string) (*File, error) { return ParseFileWith(path, Options{}) }

// ParseFileWith is ParseFile with options.
func ParseFileWith(path string, opt Options) (*File, error) {
	max := opt.MaxSize
	if max <= 0 {
		max = DefaultMaxSize
	}
	src, gz, ff := readLimited(path, max)
	if ff != nil {
		return nil, *ff
	}
	f, err := parseWith(path, src, parseConfig{chunk: chunkTokens, bounds: bounds{opt.MaxEntries, opt.MaxListItems, opt.TopCloseEnds}})
	if f != nil {
		f.Gzip = gz
	}
	return f, err
}

func readLimited(path string, max int64) ([]byte, bool, *finding.Finding) {
	fail := func(summary, fix string) ([]byte, bool, *finding.Finding) {
		return nil, false, &finding.Finding{ID: "FOAM-PARSE-008", Severity: finding.Deny, Summary: summary, Fix: fix,
			Location: finding.Location{File: path}}
	}
	// saferead refuses FIFOs, devices and files over max before reading a byte.
	fh, st, err := saferead.Open(path, max)
	if err != nil {
		var se *saferead.Error
		if errors.As(err, &se) {
			return fail("cannot read file: "+se.Reason, "check the path and permissions; only regular files are read")
		}
		return fail("cannot read file: "+err.Error(), "check the path and permissions")
	}
	defer fh.Close()
	// The gzip magic is read by hand: a bufio.Reader's buffer would be a large share of
	// what loading a case of small dictionaries allocates.
	var magic [2]byte
	m, _ := io.ReadFull(fh, magic[:])
	var r io.Reader = io.MultiReader(bytes.NewReader(magic[:m]), fh)
	gz := false
	if m == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return fail("corrupt gzip data: "+err.Error(), "re-create the file or gunzip it")
		}
		defer zr.Close()
		r, gz = zr, true
	}
	var buf bytes.Buffer
	if !gz {
		buf.Grow(int(st.Size()) + 1)
	}
	n, err := buf.ReadFrom(io.LimitReader(r, max+1))
	if err != nil {
		return fail("cannot read file: "+err.Error(), "check the file (a truncated .gz reads as unexpected EOF)")
	}
	if n > max {
		return fail(fmt.Sprintf("file is larger than the %d-byte limit", max),
			"raise the limit (grammar.Options.MaxSize) if the file is really this big")
	}
	return buf.Bytes(), gz, nil
}

// Parse reads one dictionary from src. name is used in findings. Errors are a finding.Finding
// (IDs FOAM-PARSE-001…) located at file:line:col with an excerpt and what was expected.
//
// The scanner stops after a top-level ';' every chunkTokens tokens; each stretch is parsed
// and converted before the next is scanned (a top-level ';' ends an entry or is a spurious
// ';' entry itself, which the converter attaches to the entry before it). A grammar error
// is that of the top-level segment (from one such ';' to the next) that failed, the whole
// input scanned first, so errors, and which of a lexical and a grammar error is reported,
// are exactly those of an unchunked parse (FuzzParse compares them with parseWhole's).
func Parse(name string, src []byte) (*File, error) { return parseChunked(name, src, chunkTokens) }

// parseChunked is Parse with chunks of chunk tokens (0: one piece); tests and fuzzing
// compare chunk sizes.
func parseChunked(name string, src []byte, chunk int) (*File, error) {
	return parseWith(name, src, parseConfig{chunk: chunk})
}

// parseConfig is how parseWith reads.
type parseConfig struct {
	// chunk is the number of tokens scanned and parsed at a time (0: one piece).
	chunk int
	// bounds are Options.MaxEntries and Options.MaxListItems.
	bounds bounds
	// sink, when set, gets the top-level entries of each chunk as they are converted
	// (the header taken out, as in File.Body) and the File keeps none: Body stays nil.
	// The slice and the plain entries in it are reused for the next chunk (newPlain).
	// Its range is the span of the entries sunk. When a chunk fails to parse after some
	// were sunk, the parse returns errSunk: parse again without a sink for the finding
	// (or, in theory, for a whole that parses where its chunk did not).
	sink func(f *File, entries []Entry)
}

var errSunk = errors.New("grammar: a chunk failed after entries were sunk")

func parseWith(name string, src []byte, cfg parseConfig) (*File, error) {
	if len(src) > math.MaxInt32 {
		return nil, finding.Finding{ID: "FOAM-PARSE-008", Severity: finding.Deny, Location: finding.Location{File: name},
			Summary: fmt.Sprintf("file is larger than the %d-byte limit of positions", math.MaxInt32),
			Fix:     "split the file; OpenFOAM dictionaries are far smaller"}
	}
	s := newScanner(src)
	s.hdr = sniffHeader(src)
	s.pauseAfter = cfg.chunk
	s.bounds = cfg.bounds
	f := &File{Name: name, Src: src}
	c := converter{s: s, src: src, reuse: cfg.sink != nil}
	body := []Entry{} // non-nil, as the grammar's conversion gives
	var span Range
	for first := true; ; first = false {
		s.toks, s.paused = s.toks[:0], false
		s.run()
		if s.err != nil {
			return nil, lexFinding(name, src, s.err)
		}
		var ok bool
		if body, ok = c.stretch(f, body, s.toks, s.pos(), first, true); !ok {
			// The whole file is in s.toks, every entry before the last parsed: the grammar
			// fails at the end of the file, where the last entry's ';' is missing, and
			// grammarFinding would report that (nothing was sunk yet).
			if c.unterminated {
				return nil, missingSemicolon(name, src, s.toks, len(s.toks), s.pos(), "the end of the file")
			}
			if cfg.sink != nil {
				return nil, errSunk
			}
			// The segment that failed ran from a top-level entry boundary to the next,
			// every entry before it parsed: its error is the grammar's on the whole file
			// (the grammar ends entries there too), so only it goes through participle,
			// not the whole file again. When the stretch was the whole file, its tokens
			// and error are those; otherwise the file is scanned whole, for a lexical
			// error after the stretch (it wins) and the tokens the finding looks back on.
			if c.seg.err != nil && first && !s.paused {
				return nil, grammarFinding(name, src, s.toks, s.pos(), c.seg.err)
			}
			if c.seg.err != nil {
				return segmentFinding(name, src, cfg.bounds, c.seg)
			}
			return parseWhole(name, src, cfg.bounds)
		}
		if cfg.sink != nil && len(body) > 0 {
			if !span.Pos.IsValid() {
				span.Pos = body[0].Span().Pos
			}
			span.End = body[len(body)-1].Span().End
			c.prev = body[len(body)-1]
			if f.Header == nil {
				body = takeHeader(f, body)
			}
			cfg.sink(f, body)
			clear(body)
			body, c.used = body[:0], 0
			if len(c.open) > 0 {
				c.slab = nil // entries of the open dictionaries are still to come out
			}
		}
		if !s.paused {
			break
		}
	}
	if cfg.sink != nil {
		finish(f, s, nil)
		f.Body.Range = span
		return f, nil
	}
	return finish(f, s, body), nil
}

// takeHeader moves the first FoamFile dictionary entry of body to f.Header (OpenFOAM
// removes it from the dictionary after reading).
func takeHeader(f *File, body []Entry) []Entry {
	for i, e := range body {
		if de, ok := e.(*DictEntry); ok && !de.Key.Regex && !de.Key.Var && de.Key.Name == "FoamFile" {
			f.Header = de
			return append(body[:i:i], body[i+1:]...)
		}
	}
	return body
}

// stretch converts one stretch of top-level tokens (top) or a dictionary's body and appends
// its entries to body. Plain entries `key atom… ;` (all of a big dictionary of scalars, most
// of any other) are converted straight from their tokens, and so are dictionary entries
// `key { … }` whose body is converted the same way: participle's captures and backtracking
// cost ~9 kB of garbage per entry, which made the collector the main cost of a 2 M-key
// file, and ~4 kB per entry stayed live while a big dictionary was parsed. Everything else
// goes through the grammar, a run at a time from one entry boundary (a ';' at the level of
// the entries, or the stretch's start) to the next. Such a ';' always ends an entry (see
// Parse), so both ways see the same entries. false: the grammar failed.
func (c *converter) stretch(f *File, body []Entry, toks []lexer.Token, end Pos, first, top bool) ([]Entry, bool) {
	// out is where entries go: body, or the innermost dictionary a chunk ended inside.
	out := func() *[]Entry {
		if n := len(c.open); top && n > 0 {
			return &c.open[n-1].entries
		}
		return &body
	}
	for i := 0; i < len(toks); {
		t := toks[i]
		if t.Type == tSym && t.Value == ";" {
			switch o := out(); {
			case len(*o) > 0:
				c.spurious((*o)[len(*o)-1])
			case top && len(c.open) == 0:
				c.spurious(c.prev) // the entry before it was sunk with the last chunk
			}
			i++
			continue
		}
		if t.Type == tSym && t.Value == "}" && top && len(c.open) > 0 {
			d := c.open[len(c.open)-1]
			c.open = c.open[:len(c.open)-1]
			o := out()
			*o = append(*o, c.dictOf(d.key, d.brace, t, d.entries))
			i++
			continue
		}
		if n := plainEntry(toks[i:]); n > 0 {
			o := out()
			*o = append(*o, c.plain(toks[i:i+n]))
			i += n
			continue
		}
		if n, complete := dictEntry(toks[i:]); n > 0 && complete {
			key, open, closing := toks[i], toks[i+1], toks[i+n-1]
			inner, ok := c.stretch(f, []Entry{}, toks[i+2:i+n-1], tpos(closing), false, false)
			if !ok {
				return body, false
			}
			o := out()
			*o = append(*o, c.dictOf(key, open, closing, inner))
			i += n
			continue
		} else if n > 0 && top {
			// the chunk ends inside this dictionary (the scanner paused in it)
			c.open = append(c.open, openDict{key: toks[i], brace: toks[i+1], entries: []Entry{}})
			i += 2
			continue
		}
		// through the grammar up to the next ';' at this level (or the '}' closing it)
		j, depth := i, 0
		for ; j < len(toks); j++ {
			depth += nesting(toks[j])
			if depth == 0 && toks[j].Type == tSym && toks[j].Value == ";" || depth < 0 {
				break
			}
		}
		if j < len(toks) && depth == 0 {
			j++
		}
		// A keyword and one-token items up to the end of the whole file, without the
		// ';' (an ASCII STL or OBJ surface is one such run): the grammar would take every
		// token, ~5 µs and ~1 kB of garbage each, only to fail at the end. Its finding
		// is known without it (parseWith).
		if first && top && !c.s.paused && len(c.open) == 0 && j == len(toks) && j-i >= 2 && plainRun(toks[i:]) == j-i {
			c.unterminated = true
			return body, false
		}
		segEnd := end
		if j < len(toks) {
			segEnd = tpos(toks[j])
		}
		stray, gs, err := parseTokens(toks[i:j], segEnd, first && i == 0)
		if err != nil && top && len(c.open) == 0 {
			c.seg = failedSegment{from: toks[i].Pos.Offset, to: segEnd, err: err}
		}
		if err != nil || j == i {
			return body, false
		}
		if stray != nil {
			f.Stray = c.block(stray)
		}
		o := out()
		*o = c.entries(*o, gs)
		i = j
	}
	return body, true
}

// openDict is a dictionary entry a chunk ended inside: its keyword, its '{' and the
// entries converted so far.
type openDict struct {
	key, brace lexer.Token
	entries    []Entry
}

// dictEntry returns the token count of the dictionary entry `key { … }` at the start of
// toks (key a word or string: '{' after it always opens a dictionary), or 0; complete is
// false when toks end before its '}' (then n is the count of what is there).
func dictEntry(toks []lexer.Token) (n int, complete bool) {
	if len(toks) < 2 || toks[0].Type != tWord && toks[0].Type != tString || toks[1].Type != tSym || toks[1].Value != "{" {
		return 0, false
	}
	depth := 0
	for j := 1; j < len(toks); j++ {
		if depth += nesting(toks[j]); depth == 0 {
			if toks[j].Value != "}" {
				return 0, false
			}
			return j + 1, true
		}
	}
	return len(toks), false
}

// nesting is +1 for an opening ( [ { token, -1 for a closing one, else 0.
func nesting(t lexer.Token) int {
	if t.Type == tSym {
		switch t.Value {
		case "(", "[", "{":
			return 1
		case ")", "]", "}":
			return -1
		}
	}
	return 0
}

// plainEntry returns the token count of the plain entry `key atom… ;` at the start of
// toks (key a word or string, atoms the one-token items), or 0.
func plainEntry(toks []lexer.Token) int {
	n := plainRun(toks)
	if n == 0 || n == len(toks) || toks[n].Type != tSym || toks[n].Value != ";" {
		return 0
	}
	return n + 1
}

// plainRun returns the token count of a keyword (a word or string) and the one-token
// items after it at the start of toks, or 0 when toks do not start with a keyword.
func plainRun(toks []lexer.Token) int {
	if len(toks) == 0 || toks[0].Type != tWord && toks[0].Type != tString {
		return 0
	}
	for j := 1; j < len(toks); j++ {
		switch toks[j].Type {
		case tWord, tNumber, tString, tVariable, tPunct, tVerbatim, tEvalBrace:
		default:
			return j
		}
	}
	return len(toks)
}

// plain converts the tokens of a plain entry, as entries does the grammar's.
func (c *converter) plain(toks []lexer.Token) *PrimitiveEntry {
	key, semi := toks[0], toks[len(toks)-1]
	e := c.newPlain()
	*e = PrimitiveEntry{Range: c.rng(key, semi), Key: c.key(key)}
	if n := len(toks) - 2; n > 0 {
		e.Value = make([]Item, n)
		for k, t := range toks[1 : n+1] {
			e.Value[k] = c.token(t)
		}
	}
	return e
}

// newPlain returns an entry for plain: with a sink, from a slab reused chunk after chunk
// (the sink keeps no entry, only their item slices, so a streamed expansion leaves no
// garbage entry per key); otherwise a new one.
func (c *converter) newPlain() *PrimitiveEntry {
	if !c.reuse {
		return new(PrimitiveEntry)
	}
	if c.used == len(c.slab) {
		c.slab, c.used = make([]PrimitiveEntry, max(256, 2*len(c.slab))), 0
	}
	c.used++
	return &c.slab[c.used-1]
}

// parseTokens parses one stretch of tokens: the start of the file (a gFile: a stray block
// may lead) or top-level entries after a pause.
func parseTokens(toks []lexer.Token, end Pos, first bool) (*gBlock, []*gEntry, error) {
	pl, err := lexer.Upgrade(&sliceLexer{toks: toks, eof: lpos(end)})
	if err != nil {
		return nil, nil, fmt.Errorf("grammar: preparing tokens: %w", err)
	}
	if first {
		g, err := parser().ParseFromLexer(pl)
		if err != nil {
			return nil, nil, err
		}
		return g.Stray, g.Entries, nil
	}
	g, err := entriesParser().ParseFromLexer(pl)
	if err != nil {
		return nil, nil, err
	}
	return nil, g.Entries, nil
}

// parseWhole scans and parses src in one piece, after a chunk failed other than in a
// top-level segment (in the body of a dictionary entry, say).
func parseWhole(name string, src []byte, b bounds) (*File, error) {
	s, err := scanWhole(name, src, b)
	if err != nil {
		return nil, err
	}
	eof := s.pos()
	stray, gs, err := parseTokens(s.toks, eof, true)
	if err != nil {
		return nil, grammarFinding(name, src, s.toks, eof, err)
	}
	// The whole parses where a chunk did not: the whole is right.
	f := &File{Name: name, Src: src}
	c := converter{s: s, src: src}
	if stray != nil {
		f.Stray = c.block(stray)
	}
	return finish(f, s, c.entries(nil, gs)), nil
}

// scanWhole scans src in one piece; a lexical error anywhere is the file's finding.
func scanWhole(name string, src []byte, b bounds) (*scanner, error) {
	s := newScanner(src)
	s.hdr = sniffHeader(src)
	s.bounds = b
	s.run()
	if s.err != nil {
		return nil, lexFinding(name, src, s.err)
	}
	return s, nil
}

// failedSegment is a top-level segment of a stretch the grammar failed on: the offset of
// its first token, where it ends (the next token, or the end of the file) and the error.
type failedSegment struct {
	from int
	to   Pos
	err  error
}

// segmentFinding is the finding of a file whose segment seg failed in a later stretch:
// the file scanned whole (a lexical error anywhere wins, as in parseWhole) and only the
// segment parsed again, as the grammar parses it within the whole file.
func segmentFinding(name string, src []byte, b bounds, seg failedSegment) (*File, error) {
	s, err := scanWhole(name, src, b)
	if err != nil {
		return nil, err
	}
	toks := s.toks
	i := sort.Search(len(toks), func(k int) bool { return toks[k].Pos.Offset >= seg.from })
	j := sort.Search(len(toks), func(k int) bool { return toks[k].Pos.Offset >= int(seg.to.Offset) })
	if _, _, err := parseTokens(toks[i:j], seg.to, i == 0); err != nil {
		return nil, grammarFinding(name, src, toks, s.pos(), err)
	}
	return parseWhole(name, src, b) // not reached: the segment failed with the same tokens
}

// finish completes a parsed file: comments, trailer, body range, header, warnings.
func finish(f *File, s *scanner, body []Entry) *File {
	f.Comments = s.comments
	if s.trailer >= 0 {
		f.Trailer = s.src[s.trailer:]
	}
	f.Body = &Dict{Entries: body}
	if n := len(f.Body.Entries); n > 0 {
		f.Body.Range = Range{Pos: f.Body.Entries[0].Span().Pos, End: f.Body.Entries[n-1].Span().End}
	}
	f.Body.Entries = takeHeader(f, f.Body.Entries)
	for _, w := range s.warnings {
		f.Warnings = append(f.Warnings, finding.Finding{
			ID: "FOAM-PARSE-011", Severity: finding.Warn, Summary: w.summary,
			Location: finding.Location{File: f.Name, Line: int(w.pos.Line), Column: int(w.pos.Column)},
			Excerpt:  excerptLine(f.Src, w.pos), Provenance: provenance["FOAM-PARSE-011"],
		})
	}
	return f
}

// converter turns grammar structs into the AST.
type converter struct {
	// prev is the last top-level entry handed to a sink (parseConfig).
	prev Entry
	// open holds the dictionary entries the last chunk ended inside, outermost first.
	open []openDict
	// With a sink, reuse makes plain entries come from slab, of which used are taken in
	// this chunk (newPlain).
	reuse   bool
	slab    []PrimitiveEntry
	used    int
	s       *scanner
	src     []byte
	nextNum int // index into s.numInfo, NumList tokens arrive in source order
	// seg is the top-level segment the grammar failed on (parseWith).
	seg failedSegment
	// unterminated: the whole file was scanned in one stretch and its last entry is a
	// keyword and one-token items without the ';' (stretch).
	unterminated bool
}

// posOf converts a participle position (Parse keeps offsets below 2 GiB).
func posOf(p lexer.Position) Pos {
	return Pos{Offset: int32(p.Offset), Line: int32(p.Line), Column: int32(p.Column)}
}

func tpos(t lexer.Token) Pos {
	return posOf(t.Pos)
}

// tend is the position just after token t.
func (c *converter) tend(t lexer.Token) Pos {
	if e, ok := c.s.ends[t.Pos.Offset]; ok {
		return e
	}
	return advance(tpos(t), t.Value)
}

func advance(p Pos, v string) Pos {
	nl := strings.Count(v, "\n")
	if nl == 0 {
		return Pos{Offset: p.Offset + int32(len(v)), Line: p.Line, Column: p.Column + int32(len(v))}
	}
	last := strings.LastIndexByte(v, '\n')
	return Pos{Offset: p.Offset + int32(len(v)), Line: p.Line + int32(nl), Column: int32(len(v) - last)}
}

func (c *converter) rng(a, b lexer.Token) Range { return Range{Pos: tpos(a), End: c.tend(b)} }

// entries converts gs and appends them to out (a spurious ';' marks the entry before it).
func (c *converter) entries(out []Entry, gs []*gEntry) []Entry {
	if out == nil {
		out = make([]Entry, 0, len(gs))
	}
	for _, g := range gs {
		switch {
		case g.Spur.Type != 0:
			if len(out) > 0 {
				c.spurious(out[len(out)-1])
			}
		case g.List != nil:
			out = append(out, c.listEntry(g.List))
		case g.Dir != nil:
			out = append(out, c.dirEntry(g.Dir))
		case g.Open.Type != 0:
			out = append(out, c.dictEntry(g.Key, g.Open, g.Close, g.Body))
		case g.VOpen.Type != 0:
			out = append(out, c.dictEntry(g.Var, g.VOpen, g.VClose, g.VBody))
		case g.Var.Type != 0:
			out = append(out, &SubstEntry{Range: c.rng(g.Var, g.Var), Var: &Variable{Range: c.rng(g.Var, g.Var), Raw: g.Var.Value}})
		default:
			out = append(out, &PrimitiveEntry{Range: c.rng(g.Key, g.Semi), Key: c.key(g.Key), Value: c.items(g.Items)})
		}
	}
	return out
}

// spurious records a spurious ';' (getKeyword discards it) on the entry e it follows.
func (c *converter) spurious(e Entry) {
	switch e := e.(type) {
	case *DictEntry:
		e.Semi = true
	case *DirectiveEntry:
		e.Semi = true
	case *ListEntry:
		e.Semi = true
	case *SubstEntry:
		e.Semicolon = true
	}
}

func (c *converter) dictEntry(key, open, end lexer.Token, body []*gEntry) *DictEntry {
	return c.dictOf(key, open, end, c.entries(nil, body))
}

// dictOf is the dictionary entry from keyword key, '{' open and '}' end.
func (c *converter) dictOf(key, open, end lexer.Token, entries []Entry) *DictEntry {
	return &DictEntry{Range: c.rng(key, end), Key: c.key(key), Dict: &Dict{Range: c.rng(open, end), Entries: entries}}
}

func (c *converter) key(t lexer.Token) Key {
	k := Key{Range: c.rng(t, t), Name: t.Value, Raw: t.Value}
	switch t.Type {
	case tString:
		k.Name, k.Regex = unquote(t.Value), true
	case tVariable:
		k.Var = true
	}
	return k
}

func (c *converter) listEntry(g *gListEntry) *ListEntry {
	if g.Fast != nil {
		it := c.token(g.Fast.Tok)
		return &ListEntry{Range: it.Span(), Value: it}
	}
	l := c.list(g.List)
	if g.Count.Type != 0 {
		n := c.token(g.Count).(*Number)
		l.Pos = n.Pos
		if n.Kind == LabelKind {
			l.Counted, l.Count = true, n.Int
		}
	}
	return &ListEntry{Range: l.Range, Value: l}
}

func (c *converter) dirEntry(g *gDirEntry) *DirectiveEntry {
	switch {
	case g.One.Type != 0:
		a := c.item(g.Arg)
		return &DirectiveEntry{Range: Range{Pos: tpos(g.One), End: a.Span().End}, Name: g.One.Value, Args: []Item{a}}
	case g.Cond.Type != 0:
		return &DirectiveEntry{Range: c.rng(g.Cond, g.Line), Name: g.Cond.Value, Line: strings.TrimSpace(g.Line.Value)}
	case g.Two.Type != 0:
		a, b := c.item(g.A), c.item(g.B)
		return &DirectiveEntry{Range: Range{Pos: tpos(g.Two), End: b.Span().End}, Name: g.Two.Value, Args: []Item{a, b}}
	default:
		return &DirectiveEntry{Range: c.rng(g.Zero, g.Zero), Name: g.Zero.Value}
	}
}

func (c *converter) items(gs []*gItem) []Item {
	if len(gs) == 0 {
		return nil
	}
	out := make([]Item, len(gs))
	for i, g := range gs {
		out[i] = c.item(g)
	}
	// A count after a List<T> compound word belongs to the list that follows it.
	for i := 0; i+2 < len(out); i++ {
		w, ok := out[i].(*Word)
		if !ok {
			continue
		}
		if _, ok := compoundTypes[w.Value]; !ok {
			continue
		}
		n, ok := out[i+1].(*Number)
		l, ok2 := out[i+2].(*List)
		if ok && ok2 && n.Kind == LabelKind && !l.Counted {
			l.Counted, l.Count, l.Pos = true, n.Int, n.Pos
			out = append(out[:i+1], out[i+2:]...)
		}
	}
	return out
}

func (c *converter) item(g *gItem) Item {
	switch {
	case g.Tok.Type != 0:
		return c.token(g.Tok)
	case g.Fast != nil:
		return c.token(g.Fast.Tok)
	case g.List != nil:
		return c.list(g.List)
	case g.Uni != nil:
		n := c.token(g.Uni.Count).(*Number)
		return &UniformList{Range: c.rng(g.Uni.Count, g.Uni.Close), Count: n.Int, Value: c.item(g.Uni.Item)}
	case g.Block != nil:
		return c.block(g.Block)
	case g.Dims != nil:
		return &DimSet{Range: c.rng(g.Dims.Open, g.Dims.Close), Items: c.items(g.Dims.Items)}
	default:
		a := c.item(g.Dir.Arg)
		d := &DirectiveItem{Range: Range{Pos: tpos(g.Dir.Name), End: a.Span().End}, Name: g.Dir.Name.Value, Args: []Item{a}}
		if v, ok := a.(*Word); ok && g.Dir.Arg.Tok.Type == tEvalBrace {
			d.Args, d.Brace, d.Text = nil, true, v.Value[1:len(v.Value)-1]
		}
		return d
	}
}

func (c *converter) list(g *gList) *List {
	return &List{Range: c.rng(g.Open, g.Close), Items: c.items(g.Items)}
}

func (c *converter) block(g *gBlock) *Dict {
	return &Dict{Range: c.rng(g.Open, g.Close), Entries: c.entries(nil, g.Entries)}
}

// token converts one atom token.
func (c *converter) token(t lexer.Token) Item {
	r := c.rng(t, t)
	switch t.Type {
	case tNumber, tCount:
		n := &Number{Range: r, Raw: t.Value}
		n.Kind, n.Int, n.Float, _ = classifyNumber(t.Value)
		return n
	case tString:
		return &String{Range: r, Raw: t.Value, Value: unquote(t.Value)}
	case tVariable:
		return &Variable{Range: r, Raw: t.Value}
	case tVerbatim:
		return &Verbatim{Range: r, Text: t.Value[2 : len(t.Value)-2]}
	case tPunct:
		return &Punct{Range: r, Value: t.Value}
	case tNumList:
		nl, keep := c.numList(t, r)
		if !keep {
			return nl.Expand()
		}
		return nl
	case tBinList:
		return c.binList(t, r)
	default: // tWord, tEvalBrace (unwrapped by the directive item)
		return &Word{Range: r, Value: t.Value}
	}
}

func (c *converter) numList(t lexer.Token, r Range) (*NumList, bool) {
	info := numInfo{}
	if c.nextNum < len(c.s.numInfo) {
		info = c.s.numInfo[c.nextNum]
	}
	c.nextNum++
	open := strings.IndexByte(t.Value, '(')
	nl := &NumList{Range: r, Raw: t.Value, Counted: info.counted, Count: info.count,
		Width: info.width, AllLabels: info.labels, body: t.Value[open:], bodyPos: advance(r.Pos, t.Value[:open])}
	return nl, info.keep
}

func (c *converter) binList(t lexer.Token, r Range) *BinList {
	open := strings.IndexByte(t.Value, '(')
	_, count, _, _ := classifyNumber(strings.TrimSpace(t.Value[:open]))
	h := c.s.hdr
	ei, ok := c.s.binElem[t.Pos.Offset]
	if !ok {
		ei = elemInfo{name: "scalar", components: 1}
	}
	b := &BinList{Range: r, Count: count, Elem: ei.name, Components: ei.components,
		LabelBytes: h.labelBytes, ScalarBytes: h.scalarBytes, IsLabel: ei.label, BigEndian: h.bigEndian,
		Data: c.src[t.Pos.Offset+open+1 : t.Pos.Offset+len(t.Value)-1 : t.Pos.Offset+len(t.Value)-1]}
	if ei.bytes1 {
		b.ScalarBytes = 1
	}
	return b
}

// ---------------------------------------------------------------------------------------------
// Findings

var provenance = map[string][]string{
	"FOAM-PARSE-001": {"src/OpenFOAM/db/dictionary/entry/entryIO.C:103-216", "src/OpenFOAM/db/dictionary/primitiveEntry/primitiveEntryIO.C:105-239"},
	"FOAM-PARSE-002": {"src/OpenFOAM/db/IOstreams/Sstreams/ISstream.C:93-121", "src/OpenFOAM/db/IOstreams/Sstreams/ISstream.C:486-586", "src/OpenFOAM/db/IOstreams/Sstreams/ISstream.C:738-781"},
	"FOAM-PARSE-003": {"src/OpenFOAM/db/IOstreams/Sstreams/ISstream.C:405-483"},
	"FOAM-PARSE-004": {"src/OpenFOAM/db/IOstreams/Sstreams/ISstream.C:295-383"},
	"FOAM-PARSE-005": {"src/OpenFOAM/db/IOstreams/Sstreams/ISstream.C:295-383", "src/OpenFOAM/db/IOstreams/Sstreams/ISstream.C:405-483"},
	"FOAM-PARSE-006": {"src/OpenFOAM/db/dictionary/dictionaryIO.C:100-114", "src/OpenFOAM/db/dictionary/entry/entryIO.C:145-174"},
	"FOAM-PARSE-007": {"src/OpenFOAM/db/dictionary/primitiveEntry/primitiveEntryIO.C:105-239"},
	"FOAM-PARSE-009": {"src/OpenFOAM/db/functionEntries/functionEntry/functionEntry.C:82-116"},
	"FOAM-PARSE-010": {"src/OpenFOAM/containers/Lists/List/ListIO.C", "src/OpenFOAM/db/IOstreams/Sstreams/ISstream.C:140-155"},
	"FOAM-PARSE-012": {"src/OpenFOAM/db/dictionary/dictionaryIO.C:100-114", "src/OpenFOAM/containers/Lists/List/ListIO.C"},
	"FOAM-PARSE-011": {"src/OpenFOAM/db/IOstreams/Sstreams/ISstream.C:405-483", "src/OpenFOAM/db/IOstreams/Sstreams/ISstream.C:589-735"},
}

// Provenance is the OpenFOAM source a FOAM-PARSE-* finding's behaviour follows
// (the rule catalogue shows it).
func Provenance(id string) []string { return provenance[id] }

// excerptLine returns the source line at p with a caret under its column; long lines are cut
// around the caret and control bytes shown as ? (binary junk).
func excerptLine(src []byte, p Pos) string {
	if p.Offset < 0 || int(p.Offset) > len(src) {
		return ""
	}
	start := bytes.LastIndexByte(src[:p.Offset], '\n') + 1
	end := bytes.IndexByte(src[p.Offset:], '\n')
	if end < 0 {
		end = len(src)
	} else {
		end += int(p.Offset)
	}
	line := src[start:end]
	if len(line) > 200 {
		// keep the caret visible on long lines
		from := int(p.Offset) - start - 100
		if from < 0 {
			from = 0
		}
		to := from + 200
		if to > len(line) {
			to = len(line)
		}
		start += from
		line = line[from:to]
	}
	var b strings.Builder
	for _, ch := range line {
		if ch == '\t' || ch >= 0x20 && ch != 0x7f {
			b.WriteByte(ch)
		} else {
			b.WriteByte('?')
		}
	}
	b.WriteByte('\n')
	for k := start; k < int(p.Offset) && k-start < len(line); k++ {
		if src[k] == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteByte('^')
	return b.String()
}

func newFinding(name string, src []byte, id string, p Pos, summary, expected, fix string) finding.Finding {
	f := finding.Finding{
		ID: id, Severity: finding.Deny, Summary: summary, Fix: fix,
		Location:   finding.Location{File: name, Line: int(p.Line), Column: int(p.Column)},
		Excerpt:    excerptLine(src, p),
		Provenance: provenance[id],
	}
	if expected != "" {
		f.Detail = "expected " + expected
	}
	return f
}

func lexFinding(name string, src []byte, e *lexError) error {
	return newFinding(name, src, e.id, e.pos, e.summary, e.expected, e.fix)
}

// grammarFinding explains a participle error in dictionary terms: which token was unexpected
// where, and what the entry rules (entryIO.C, primitiveEntryIO.C) wanted instead.
func grammarFinding(name string, src []byte, toks []lexer.Token, eof Pos, err error) error {
	var perr participle.Error
	if !errors.As(err, &perr) {
		return fmt.Errorf("grammar: parsing %s: %w", name, err)
	}
	lp := perr.Position()
	p := posOf(lp)
	k := sort.Search(len(toks), func(i int) bool { return toks[i].Pos.Offset >= lp.Offset })
	at := "the end of the file"
	var tok *lexer.Token
	if k < len(toks) && toks[k].Pos.Offset == lp.Offset {
		tok = &toks[k]
		at = describe(*tok)
	} else {
		p = eof
	}
	msg := perr.Message()
	// `5 b;`: a label in keyword position starts an anonymous list (entryIO.C:135-148)
	if k > 0 && toks[k-1].Type == tNumber && (k == 1 || toks[k-2].Type == tSym && strings.Contains(";{}", toks[k-2].Value)) {
		n := toks[k-1]
		return newFinding(name, src, "FOAM-PARSE-001", posOf(n.Pos),
			"a number cannot start an entry unless a list follows (found "+at+" after it)",
			"a keyword, or a list `N ( … )`", "put a keyword before the value, or write a list `N ( … )`")
	}
	// Inside a primitive entry the only way out is ';': report it after the last value token.
	if (strings.Contains(msg, `";"`) || strings.Contains(msg, `';'`)) && k > 0 {
		return missingSemicolon(name, src, toks, k, p, at)
	}
	// `a { x 1; y 2 }`: participle stops at the entry that the dictionary's '}' ends before
	// any ';' (OpenFOAM: "ill defined primitiveEntry starting at keyword 'y'").
	if tok != nil && (tok.Type == tWord || tok.Type == tString) {
		if j := unendedEntry(toks, k); j > k {
			return missingSemicolon(name, src, toks, j, posOf(toks[j].Pos), describe(toks[j]))
		}
	}
	expected := "an entry: keyword value; | keyword { … } | #directive | $variable"
	fix := "check the syntax at this point"
	summary := "unexpected " + at
	if tok != nil {
		switch {
		case tok.Value == "{":
			summary = "unexpected '{' where an entry keyword is expected"
			fix = "give the block a keyword (`name { … }`) or remove the stray braces"
		case tok.Type == tNumber:
			summary = "a number cannot start an entry unless a list follows (" + at + ")"
			fix = "put a keyword before the value, or write a list `N ( … )`"
		case tok.Type == tDirective:
			summary = "directive " + tok.Value + " is not allowed here or lacks its argument"
			expected = "the directive's argument (e.g. #include \"file\", #remove (a b), #inputMode merge)"
			fix = "#eval works only inside a value; check the directive's argument"
		case tok.Type == tLine || tok.Type == tEvalBrace:
			summary = "malformed directive argument " + at
		default:
			if strings.Contains(msg, "expected") {
				expected = msg[strings.Index(msg, "expected")+len("expected "):]
				expected = strings.TrimSuffix(expected, ")")
			}
		}
	}
	return newFinding(name, src, "FOAM-PARSE-001", p, summary, expected, fix)
}

// unendedEntry is the index of the '}' that ends the entry starting at token k before a ';'
// or a '{' of its own, -1 when none does.
func unendedEntry(toks []lexer.Token, k int) int {
	depth := 0
	for j := k + 1; j < len(toks); j++ {
		if toks[j].Type != tSym {
			continue
		}
		switch toks[j].Value {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case ";", "{":
			if depth == 0 {
				return -1
			}
		case "}":
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// missingSemicolon is FOAM-PARSE-007: the value before token k (at p, described as at)
// misses its ';'. It is located after the last value token.
func missingSemicolon(name string, src []byte, toks []lexer.Token, k int, p Pos, at string) finding.Finding {
	prev := toks[k-1]
	key := entryKeyBefore(toks, k)
	where := advance(posOf(prev.Pos), prev.Value)
	f := newFinding(name, src, "FOAM-PARSE-007", where,
		fmt.Sprintf("missing ';' after the value of %q (found %s)", key, at),
		"';' to end the entry (OpenFOAM: \"ill defined primitiveEntry\" or \"Too many closing '}'\")",
		"end the entry with ';'")
	f.Related = []finding.Related{{Location: finding.Location{File: name, Line: int(p.Line), Column: int(p.Column)}, Message: "the next token, which the value runs into"}}
	return f
}

// entryKeyBefore finds the keyword of the primitive entry containing token k: the last word or
// string after the previous ';', '{' or '}' at the same nesting.
func entryKeyBefore(toks []lexer.Token, k int) string {
	depth := 0
	for i := k - 1; i >= 0; i-- {
		v := toks[i].Value
		if toks[i].Type == tSym {
			switch v {
			case "}":
				// A dictionary entry at this level ends at its '}' as another at its ';'.
				if depth == 0 {
					if i+1 < k {
						return toks[i+1].Value
					}
					return ""
				}
				depth++
				continue
			case ")", "]":
				depth++
				continue
			case "(", "[":
				depth--
				continue
			case "{":
				if depth == 0 {
					if i+1 < k {
						return toks[i+1].Value
					}
					return ""
				}
				depth--
				continue
			case ";":
				if depth == 0 {
					if i+1 < k {
						return toks[i+1].Value
					}
					return ""
				}
			}
		}
	}
	if k > 0 && len(toks) > 0 {
		return toks[0].Value
	}
	return ""
}

func describe(t lexer.Token) string {
	v := t.Value
	if len(v) > 40 {
		v = v[:40] + "…"
	}
	switch t.Type {
	case tSym, tPunct:
		return "'" + v + "'"
	case tNumber, tCount:
		return "number " + v
	case tString:
		return "string " + v
	case tVariable:
		return "variable " + v
	case tDirective:
		return "directive " + v
	case tNumList, tBinList:
		return "a list"
	case tVerbatim:
		return "a #{ #} block"
	}
	return "word " + strings.ToValidUTF8(v, "?")
}
