package grammar

import (
	"strings"
	"testing"
)

// typeName is the token type's grammar symbol.
func typeName(t int) string {
	for n, v := range tokenNames {
		if int(v) == t {
			return n
		}
	}
	return "?"
}

// lexAll scans src and renders tokens as "Type:Value" (comments as "Comment:…").
func lexAll(src string) (toks []string, comments []string, warnings int, err *lexError) {
	s := newScanner([]byte(src))
	s.run()
	for _, t := range s.toks {
		toks = append(toks, typeName(int(t.Type))+":"+t.Value)
	}
	for _, c := range s.comments {
		comments = append(comments, c.Text)
	}
	return toks, comments, len(s.warnings), s.err
}

// TestLexicalRules has one case per rule of the ISstream v1912 tokenizer listed in
// docs/grammar.md, "Lexical layer" (and the consequences listed under it).
func TestLexicalRules(t *testing.T) {
	tests := []struct {
		rule     string
		src      string
		want     string // tokens joined by " | "; "" when an error is expected
		comments string // comments joined by " | "
		warnings int
		errID    string
	}{
		{rule: "whitespace: space \\t \\n \\v \\f \\r separate tokens", src: "a\tb\nc\vd\fe\rf g",
			want: "Word:a | Word:b | Word:c | Word:d | Word:e | Word:f | Word:g"},
		{rule: "// comment runs to the end of the line", src: "a // b c\nd",
			want: "Word:a | Word:d", comments: "// b c"},
		{rule: "/* */ comment does not nest", src: "a /* b /* c */ d */",
			want: "Word:a | Word:d | Punct:* | Punct:/", comments: "/* b /* c */"},
		{rule: "unterminated /* comment is an error", src: "a /* b", errID: "FOAM-PARSE-002"},
		{rule: "/ not followed by / or * is DIVIDE", src: "a / b",
			want: "Word:a | Punct:/ | Word:b"},
		{rule: "punctuation ; ( ) [ ] { } : , = + * / are single tokens", src: "; ( ) [ ] { } : , = + * /",
			want: "Sym:; | Sym:( | Sym:) | Sym:[ | Sym:] | Sym:{ | Sym:} | Punct:: | Punct:, | Punct:= | Punct:+ | Punct:* | Punct:/"},
		{rule: "a lone - is SUBTRACT, not a number", src: "a - b",
			want: "Word:a | Punct:- | Word:b"},
		{rule: "string with \\\" escape", src: `k "a\"b";`,
			want: `Word:k | String:"a\"b" | Sym:;`},
		{rule: "string with backslash-newline continues", src: "k \"a\\\nb\";",
			want: "Word:k | String:\"a\\\nb\" | Sym:;"},
		{rule: "raw newline in a string is fatal", src: "k \"a\nb\";", errID: "FOAM-PARSE-002"},
		{rule: "unterminated string is fatal", src: `k "abc`, errID: "FOAM-PARSE-002"},
		{rule: "string longer than 1024 chars is fatal", src: `k "` + strings.Repeat("x", 1100) + `";`, errID: "FOAM-PARSE-005"},
		{rule: "# then blanks then a name is one directive (# include)", src: `# include "f"`,
			want: `Directive:#include | String:"f"`},
		{rule: "# skips comments before the name", src: `#/*c*/include "f"`,
			want: `Directive:#include | String:"f"`, comments: "/*c*/"},
		{rule: "#{ … #} is one verbatim token", src: "code #{ int a; /* x */ #};",
			want: "Word:code | Verbatim:#{ int a; /* x */ #} | Sym:;"},
		{rule: "unterminated verbatim is fatal", src: "code #{ int a;", errID: "FOAM-PARSE-002"},
		{rule: "unknown #directive is fatal", src: "#includeModels x", errID: "FOAM-PARSE-009"},
		{rule: "a directive of any release reads (Foundation #includeModel)", src: "#includeModel x", want: "Directive:#includeModel | Word:x"},
		{rule: "Foundation #includeFunc arguments are raw to the closing ')' (readFuncNameArgs)",
			src:  "#includeFunc streamlines(name=s, start=(0 0.5 0), U)\nx 1;",
			want: "Directive:#includeFunc | Word:streamlines(name=s, start=(0 0.5 0), U) | Word:x | Number:1 | Sym:;"},
		{rule: "Foundation #includeFunc arguments may start on the next line", src: "#includeFunc cut // c\n(\n  point=(0 0 0)\n)",
			want: "Directive:#includeFunc | Word:cut(\n  point=(0 0 0)\n)", comments: "// c"},
		{rule: "#includeFunc name, then '(' on the next line: its arguments", src: "#includeFunc Q\n(1 2)",
			want: "Directive:#includeFunc | Word:Q(1 2)"},
		{rule: "v2506 ${{ expr }} is one variable token", src: "a ${{ $b * sqrt(0.5) }};",
			want: "Word:a | Variable:${{ $b * sqrt(0.5) }} | Sym:;"},
		{rule: "v2506 #message { … } reads like #eval{", src: "#message { hi }", want: "Directive:#message | EvalBrace:{ hi }"},
		{rule: "#eval{ reads to the balancing } (v2506)", src: "t #eval{ 0.1 * ${/endTime} };",
			want: "Word:t | Directive:#eval | EvalBrace:{ 0.1 * ${/endTime} } | Sym:;"},
		{rule: "#if reads the rest of the line raw", src: "#if #calc \"$a<1\";\nb 1;",
			want: "Directive:#if | Line: #calc \"$a<1\"; | Word:b | Number:1 | Sym:;"},
		{rule: "#eval{ … } is read raw up to the first }", src: "x #eval{ $a*cos(1) };",
			want: "Word:x | Directive:#eval | EvalBrace:{ $a*cos(1) } | Sym:;"},
		{rule: "$name variable", src: "a $b;", want: "Word:a | Variable:$b | Sym:;"},
		{rule: "${…} variable with nested braces", src: "a ${${x}.y};", want: "Word:a | Variable:${${x}.y} | Sym:;"},
		{rule: "$:a.b top-level scoped variable", src: "v $:sleeve.N2;", want: "Word:v | Variable:$:sleeve.N2 | Sym:;"},
		{rule: "$..x parent-scoped variable", src: "r $....rhoInf;", want: "Word:r | Variable:$....rhoInf | Sym:;"},
		{rule: "$/a/b slash-scoped variable", src: "t $/timeStart;", want: "Word:t | Variable:$/timeStart | Sym:;"},
		{rule: "$name(…) keeps balanced parentheses, stops at an unmatched )", src: "(a $b(c) $d)",
			want: "Sym:( | Word:a | Variable:$b(c) | Variable:$d | Sym:)"},
		{rule: "$ followed by an invalid char is a lone $ with a warning", src: "a $;", want: "Word:a | Variable:$ | Sym:;", warnings: 1},
		{rule: "numbers: 1. .5 1e-05 -5 1.68e+00", src: "1. .5 1e-05 -5 1.68e+00",
			want: "Number:1. | Number:.5 | Number:1e-05 | Number:-5 | Number:1.68e+00"},
		{rule: "label overflowing int32 becomes a scalar", src: "2147483648", want: "Number:2147483648"},
		{rule: "1e-XXX is a bad number", src: "nu 1e-XXX;", errID: "FOAM-PARSE-004"},
		{rule: "1-2 is a bad number", src: "a 1-2;", errID: "FOAM-PARSE-004"},
		{rule: "a lone . is a bad number", src: "a .;", errID: "FOAM-PARSE-004"},
		{rule: "+1 lexes as + and 1", src: "+1", want: "Punct:+ | Number:1"},
		{rule: "0.orig lexes as scalar 0. and word orig", src: "0.orig", want: "Number:0. | Word:orig"},
		{rule: "number longer than 128 chars is fatal", src: strings.Repeat("1", 130), errID: "FOAM-PARSE-005"},
		{rule: "word with balanced parentheses", src: "div((nuEff*dev2(T(grad(U))))) Gauss linear;",
			want: "Word:div((nuEff*dev2(T(grad(U))))) | Word:Gauss | Word:linear | Sym:;"},
		{rule: "laplacian((1|A(U)),p) is one word", src: "laplacian((1|A(U)),p)", want: "Word:laplacian((1|A(U)),p)"},
		{rule: "(a b): ) at depth 0 ends the word", src: "(a b)", want: "Sym:( | Word:a | Word:b | Sym:)"},
		{rule: "foo(bar; is word foo(bar with a missing-) warning", src: "k foo(bar;", want: "Word:k | Word:foo(bar | Sym:;", warnings: 1},
		{rule: "[m/s] splits into [ m / s ] (dimensionSet reading)", src: "[m/s]",
			want: "Sym:[ | Word:m | Punct:/ | Word:s | Sym:]"},
		{rule: "rhoCoeffs<8> a:b c,d e=f g*h are single words", src: "rhoCoeffs<8> a:b c,d e=f g*h",
			want: "Word:rhoCoeffs<8> | Word:a:b | Word:c,d | Word:e=f | Word:g*h"},
		{rule: "a single quote cannot start a token", src: "k 'a';", errID: "FOAM-PARSE-003"},
		{rule: "List<scalar> compound reads the following counted list as one token", src: "List<scalar> 3(1 2 3)",
			want: "Word:List<scalar> | NumList:3(1 2 3)"},
		{rule: "a label before a small list is not a count (arc 0 3 (1 0 0))", src: "arc 0 3 (1 0 0)",
			want: "Word:arc | Number:0 | Number:3 | NumList:(1 0 0)"},
		{rule: "N{value} uniform list count", src: "3{0}", want: "Count:3 | Sym:{ | Number:0 | Sym:}"},
		{rule: "NUL byte is binary junk", src: "a \x00b;", errID: "FOAM-PARSE-003"},
		{rule: "control bytes inside a word", src: "ab\x01c;", errID: "FOAM-PARSE-003"},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			toks, comments, warnings, err := lexAll(tc.src)
			if tc.errID != "" {
				if err == nil {
					t.Fatalf("want error %s, got tokens %q", tc.errID, toks)
				}
				if err.id != tc.errID {
					t.Fatalf("want %s, got %s (%s)", tc.errID, err.id, err.summary)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %s: %s", err.id, err.summary)
			}
			if got := strings.Join(toks, " | "); got != tc.want {
				t.Errorf("tokens\n got %s\nwant %s", got, tc.want)
			}
			if got := strings.Join(comments, " | "); got != tc.comments {
				t.Errorf("comments\n got %s\nwant %s", got, tc.comments)
			}
			if warnings != tc.warnings {
				t.Errorf("warnings: got %d, want %d", warnings, tc.warnings)
			}
		})
	}
}

// TestTokenPositions checks line/column tracking across comments, strings and fast-path lists.
func TestTokenPositions(t *testing.T) {
	src := "a 1;\n/* x\ny */ b \"s\\\nt\";\nc 100\n(\n" + strings.Repeat("1\n", 100) + ");\nd 2;"
	s := newScanner([]byte(src))
	s.run()
	if s.err != nil {
		t.Fatal(s.err)
	}
	want := map[string][2]int{"a": {1, 1}, "b": {3, 6}, "c": {5, 1}, "d": {108, 1}}
	for _, tok := range s.toks {
		if w, ok := want[tok.Value]; ok {
			if tok.Pos.Line != w[0] || tok.Pos.Column != w[1] {
				t.Errorf("%s at %d:%d, want %d:%d", tok.Value, tok.Pos.Line, tok.Pos.Column, w[0], w[1])
			}
			if src[tok.Pos.Offset:tok.Pos.Offset+len(tok.Value)] != tok.Value {
				t.Errorf("%s: offset %d does not point at the token", tok.Value, tok.Pos.Offset)
			}
		}
	}
}

// TestParticipleDefinition: the scanner is a complete participle lexer.Definition, so the
// grammar also runs through participle's own entry points.
func TestParticipleDefinition(t *testing.T) {
	g, err := parser().ParseString("t", "a (1 2);\nb { c d; }\n#include \"x\"\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Entries) != 3 || g.Entries[1].Open.Value != "{" || g.Entries[2].Dir == nil {
		t.Fatalf("entries %+v", g.Entries)
	}
	if _, err := parser().ParseBytes("t", []byte("a \"x")); err == nil || !strings.Contains(err.Error(), "unterminated string") {
		t.Fatalf("lex error through participle: %v", err)
	}
	if syms := (definition{}).Symbols(); syms["NumList"] != tNumList || syms["EOF"] >= 0 {
		t.Fatalf("symbols %v", syms)
	}
}
