// Package grammar reads and writes OpenFOAM v1912 dictionaries faithfully: a hand-written
// lexer that follows ISstream, a participle grammar for entries, dictionaries and lists, an AST
// with byte/line/column ranges, fast paths for big numeric and binary lists, and a printer for
// round trips and canonical formatting. See docs/grammar.md.
package grammar

import (
	"fmt"
	"strings"

	"github.com/foamc/foamc/finding"
)

// Pos is a place in the source. Line and Column are 1-based; Column counts bytes.
// The zero Pos (Line 0) marks a node built in code rather than parsed. The fields are
// 32-bit (ParseFile reads at most 256 MiB, and Parse refuses larger input): every entry
// holds several positions, and with int a 2 M-key dictionary spent 200 MB on them.
type Pos struct {
	Offset int32
	Line   int32
	Column int32
}

// IsValid reports whether p came from a parse.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// Range is the half-open source span [Pos, End) of a node. Every entry and item embeds one.
type Range struct {
	Pos Pos
	End Pos
}

// Span returns the node's source range.
func (r Range) Span() Range { return r }

// Node is anything with a source range.
type Node interface{ Span() Range }

// File is one parsed (or built) dictionary file.
type File struct {
	// Name is the path or label errors are reported against.
	Name string
	// Src is the file content as read (after gunzip); nil for built files.
	Src []byte
	// Gzip is true when the file on disk was gzip-compressed.
	Gzip bool
	// Header is the FoamFile entry (nil for header-less files). It is kept out of Body,
	// as OpenFOAM removes it from the dictionary after reading.
	Header *DictEntry
	// Stray is a leading `{ … }` block before anything else. OpenFOAM then reads only that
	// block as the dictionary and silently ignores the rest (tutorials/IO/dictionary/missed-ending3);
	// foamc keeps both for round trips.
	Stray *Dict
	// Body holds every top-level entry after the header, in order. A top-level list file
	// (polyMesh/points, faces, boundary, cloud positions) has one *ListEntry here.
	Body *Dict
	// Comments holds every comment in source order. The printers place them back by offset.
	Comments []*Comment
	// StandardBanner makes the printers write OpenFOAM's v1912 banner before the header, the
	// `// * * *` rule after it and the closing `// ****` line (set by NewFile for built files).
	StandardBanner bool
	// Trailer is text after a top-level list that OpenFOAM's list readers never read (e.g. a
	// mangled `/ ****` end line in lagrangian/MPPICFoam/column/constant/kinematicCloudPositions);
	// printed back verbatim.
	Trailer string
	// Warnings are the problems v1912 only warns about (a word with a missing ')', a bad `$`
	// variable name); the file still parses.
	Warnings []finding.Finding
}

// Format returns the header's format entry ("ascii" when absent, as OpenFOAM assumes).
func (f *File) Format() string {
	if v := f.HeaderWord("format"); v != "" {
		return v
	}
	return "ascii"
}

// Binary reports whether the header declares `format binary`.
func (f *File) Binary() bool { return f.Format() == "binary" }

// HeaderWord returns the single word, string or number value of a FoamFile key, or "".
func (f *File) HeaderWord(key string) string {
	if f == nil || f.Header == nil {
		return ""
	}
	for _, e := range f.Header.Dict.Entries {
		p, ok := e.(*PrimitiveEntry)
		if !ok || p.Key.Name != key || len(p.Value) != 1 {
			continue
		}
		switch v := p.Value[0].(type) {
		case *Word:
			return v.Value
		case *String:
			return v.Value
		case *Number:
			return v.Raw
		}
	}
	return ""
}

// TopList returns the anonymous top-level list of a list file (polyMesh/boundary, points…), or nil.
func (f *File) TopList() *ListEntry {
	if f == nil || f.Body == nil {
		return nil
	}
	for _, e := range f.Body.Entries {
		if l, ok := e.(*ListEntry); ok {
			return l
		}
	}
	return nil
}

// IsList reports whether the file is a top-level list (no keyword before its data).
func (f *File) IsList() bool { return f.TopList() != nil }

// Comment is a `// …` or `/* … */` comment; Text is the raw text including the delimiters
// (a line comment excludes its newline).
type Comment struct {
	Range
	Text string
}

// Block reports whether the comment is a /* */ comment.
func (c *Comment) Block() bool { return len(c.Text) >= 2 && c.Text[1] == '*' }

// ---------------------------------------------------------------------------------------------
// Entries

// Entry is one of *PrimitiveEntry, *DictEntry, *DirectiveEntry, *SubstEntry, *ListEntry.
type Entry interface {
	Node
	entry()
}

// Key is an entry keyword.
type Key struct {
	Range
	// Name is the keyword: the word, the unescaped string of a quoted keyword, or the
	// variable text (with `$`) of a variable keyword.
	Name string
	// Raw is the keyword as written (quotes and escapes included).
	Raw string
	// Regex is true for a quoted keyword, which OpenFOAM treats as a regular expression (keyType).
	Regex bool
	// Var is true for a `$name {…}` / `${…} {…}` keyword substitution (dictionary entries only).
	Var bool
}

// PrimitiveEntry is `key item… ;`. A keyword-only entry `key;` has an empty Value.
type PrimitiveEntry struct {
	Range
	Key   Key
	Value []Item
}

// IsKeywordOnly reports a `key;` entry (no value tokens).
func (e *PrimitiveEntry) IsKeywordOnly() bool { return len(e.Value) == 0 }

// DictEntry is `key { entries }`.
type DictEntry struct {
	Range
	Key  Key
	Dict *Dict
	// Semi records a spurious `;` after the closing brace (`};`), which OpenFOAM discards.
	Semi bool
}

// DirectiveEntry is a dictionary-level function entry (`#include "x"`, `#includeEtc`, `#sinclude`,
// `#includeIfPresent`, `#sincludeEtc`, `#includeFunc name(args)`, `#remove (a b)`, `#inputMode merge`,
// `#default/#merge/#overwrite/#warn/#error`, `#calc "…"`, `#codeStream {…}`, `#if`, `#ifeq`, `#elif`,
// `#else`, `#endif`). Conditionals stay flat: `#if`…`#else`…`#endif` are consecutive entries.
type DirectiveEntry struct {
	Range
	// Name is the directive with its `#` and without inner spaces ("# include" → "#include").
	Name string
	// Args are the argument tokens as v1912 reads them: one word/string for the include family,
	// #includeFunc, #calc and #inputMode; a word, string or *List for #remove; a *Dict for
	// #codeStream; two items for #ifeq; none for #else/#endif and the inputMode prefixes.
	Args []Item
	// Line is the raw rest of the line for #if and #elif (OpenFOAM reads it with getLine),
	// without the newline and surrounding blanks.
	Line string
	// Semi records a spurious `;` after the directive, which OpenFOAM discards.
	Semi bool
}

// SubstEntry is a substitution entry `$name;` / `${…}` that merges the referenced dictionary.
// OpenFOAM consumes no terminator after it; Semicolon records whether one followed.
type SubstEntry struct {
	Range
	Var       *Variable
	Semicolon bool
}

// ListEntry is an anonymous top-level list where a keyword is expected (`N ( … )` or `( … )`):
// polyMesh/boundary (a list of `name {…}` pairs), points, faces, owner, cloud positions.
// OpenFOAM names these entry0, entry1, … Value is a *List, *NumList or *BinList.
type ListEntry struct {
	Range
	Value Item
	// Semi records a spurious `;` after the list.
	Semi bool
}

func (*PrimitiveEntry) entry() {}
func (*DictEntry) entry()      {}
func (*DirectiveEntry) entry() {}
func (*SubstEntry) entry()     {}
func (*ListEntry) entry()      {}

// Dict is an ordered list of entries: a file body, a `key { … }` body or a `{ … }` block
// inside a value or list (then it is also an Item). Duplicates are kept as written; merge
// semantics belong to expansion.
type Dict struct {
	Range
	Entries []Entry
}

// ---------------------------------------------------------------------------------------------
// Value items

// Item is one value token or structure: *Word, *String, *Number, *Punct, *Variable, *Verbatim,
// *List, *NumList, *BinList, *UniformList, *DimSet, *Dict, *DirectiveItem.
type Item interface {
	Node
	item()
}

// Word is a bare word: `Gauss`, `div(phi,U)`, `List<vector>`, `uniform`, `on`. Words are never
// coerced to booleans here.
type Word struct {
	Range
	Value string
}

// String is a double-quoted string.
type String struct {
	Range
	// Raw is the text as written, quotes included.
	Raw string
	// Value has the quotes removed and v1912's escapes applied (`\"` → `"`, backslash-newline → newline).
	Value string
}

// NumKind tells labels (all digits, fits int32) from scalars.
type NumKind uint8

const (
	LabelKind  NumKind = iota + 1 // all digits with an optional leading '-', fits the 32-bit label
	ScalarKind                    // anything else readScalar accepts (1., .5, 1e-05, 2147483648)
)

func (k NumKind) String() string {
	switch k {
	case LabelKind:
		return "label"
	case ScalarKind:
		return "scalar"
	}
	return "invalid"
}

// Number is a numeric token; Raw is kept for lossless printing.
type Number struct {
	Range
	Raw  string
	Kind NumKind
	// Int holds the value of a LabelKind number.
	Int int64
	// Float holds the value of either kind.
	Float float64
}

// Punct is a punctuation token that appears in a value: `:`, `,`, `=`, `+`, `-`, `*`, `/`
// (and `$` when a `$` is followed by an invalid variable character).
type Punct struct {
	Range
	Value string
}

// Variable is `$name`, `${…}`, `$:a.b`, `$..x`, `$/a/b` as written (with the `$`).
type Variable struct {
	Range
	Raw string
}

// Name returns the variable without `$` and, for `${…}`, without the braces.
func (v *Variable) Name() string {
	s := v.Raw
	if len(s) > 0 && s[0] == '$' {
		s = s[1:]
	}
	if len(s) >= 2 && s[0] == '{' && s[len(s)-1] == '}' {
		s = s[1 : len(s)-1]
	}
	return s
}

// Braced reports the `${…}` form.
func (v *Variable) Braced() bool { return len(v.Raw) > 1 && v.Raw[1] == '{' }

// Expr returns the expression of a v2506 `${{ expr }}` token (between the inner braces).
func (v *Variable) Expr() (string, bool) {
	if strings.HasPrefix(v.Raw, "${{") && strings.HasSuffix(v.Raw, "}}") && len(v.Raw) >= 5 {
		return v.Raw[3 : len(v.Raw)-2], true
	}
	return "", false
}

// Verbatim is a `#{ … #}` block; Text is the content between the delimiters, untouched.
type Verbatim struct {
	Range
	Text string
}

// List is a parenthesised list `( … )` of items. Counted is set when a count is known to belong
// to the list (after a `List<T>` compound word, or an anonymous top-level list); elsewhere a label
// before a list stays a separate *Number item, because `arc 0 3 (1 0 0)` is not a counted list.
type List struct {
	Range
	Counted bool
	Count   int64
	Items   []Item
}

// UniformList is `N{value}`, OpenFOAM's form for a list of N equal values.
type UniformList struct {
	Range
	Count int64
	Value Item
}

// DimSet is a dimension set `[0 1 -1 0 0 0 0]`, `[0 2 -1 0 0]` or symbolic `[m/s]`, `[kg m^-3]`.
// Items are the tokens between the brackets (inside brackets a word stops at `]`, as
// dimensionSet's reader splits it).
type DimSet struct {
	Range
	Items []Item
}

// DirectiveItem is a directive inside a value: `#include "f"` (and the include family),
// `#codeStream {…}`, `#calc "…"`, `#eval "…"` / `#eval #{…#}` / `#eval{ … }`.
type DirectiveItem struct {
	Range
	Name string
	// Args as for DirectiveEntry; `#eval{ … }` gives one *Verbatim-like raw text in Text.
	Args []Item
	// Text is the raw brace content of `#eval{ … }` (read by OpenFOAM up to the first `}`).
	Text string
	// Brace is true for the `#eval{ … }` form.
	Brace bool
}

func (*Word) item()          {}
func (*String) item()        {}
func (*Number) item()        {}
func (*Punct) item()         {}
func (*Variable) item()      {}
func (*Verbatim) item()      {}
func (*List) item()          {}
func (*NumList) item()       {}
func (*BinList) item()       {}
func (*UniformList) item()   {}
func (*DimSet) item()        {}
func (*Dict) item()          {}
func (*DirectiveItem) item() {}

// NumList is the fast path for a big counted list that holds only numbers and nested
// parentheses (`1000000((1 0 0) …)`, polyMesh faces `N(4(0 1 2 3) …)`): one token, no per-number
// node. Values are decoded on demand with O(1) allocations.
type NumList struct {
	Range
	// Raw is the exact source text from the count (if any) to the closing `)`.
	Raw string
	// Counted is true when Raw starts with the count `N`; uncounted big lists `( … )` of numbers
	// take this form too.
	Counted bool
	// Count is the number of top-level elements (written before `(` and checked, or counted).
	Count int64
	// Width is the number of components per element: 1 for a flat list of numbers, k for a
	// list of k-tuples `(x y z)`, 0 when elements are mixed or nested deeper (use Expand).
	Width int
	// AllLabels is true when every number is lexically a label.
	AllLabels bool
	// body is Raw from the '(' on and bodyPos its position, kept to decode without
	// re-scanning the count.
	body    string
	bodyPos Pos
}

// BinList is a `format binary` contiguous list: `N(` followed by N*size raw bytes and `)`.
type BinList struct {
	Range
	Count int64
	// Elem is the element type from the compound word or header class: scalar, vector,
	// tensor, symmTensor, sphericalTensor, label, face (labels)…
	Elem string
	// Components per element (vector 3, tensor 9, symmTensor 6, sphericalTensor 1, scalar/label 1).
	Components int
	// LabelBytes and ScalarBytes come from the header `arch` (defaults 4 and 8).
	LabelBytes  int
	ScalarBytes int
	// IsLabel is true when the components are labels rather than scalars.
	IsLabel bool
	// Data is the raw payload between `(` and `)`: Count*Components*size bytes, little endian
	// unless the arch says MSB. It aliases File.Src (no copy).
	Data []byte
	// BigEndian is true for arch "MSB…".
	BigEndian bool
}
