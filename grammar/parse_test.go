package grammar

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

func mustParse(t *testing.T, src string) *File {
	t.Helper()
	f, err := Parse("test", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	return f
}

func parseErr(t *testing.T, src string) finding.Finding {
	t.Helper()
	_, err := Parse("test", []byte(src))
	if err == nil {
		t.Fatalf("want an error for %q", src)
	}
	var fd finding.Finding
	if !errors.As(err, &fd) {
		t.Fatalf("error is not a finding: %T %v", err, err)
	}
	return fd
}

// TestEntryRules covers the entry/dictionary rules of §3 (entryIO.C, primitiveEntryIO.C).
func TestEntryRules(t *testing.T) {
	t.Run("stray leading {} block", func(t *testing.T) {
		f := mustParse(t, "{ a 1; }\nFoamFile { version 2.0; }\nb 2;")
		if f.Stray == nil || len(f.Stray.Entries) != 1 || f.Header == nil || len(f.Body.Entries) != 1 {
			t.Fatalf("stray=%v header=%v body=%d", f.Stray, f.Header, len(f.Body.Entries))
		}
	})
	t.Run("leading } is fatal", func(t *testing.T) {
		if fd := parseErr(t, "}\na 1;"); fd.ID != "FOAM-PARSE-006" || fd.Location.Line != 1 {
			t.Fatalf("got %v", fd)
		}
	})
	t.Run("spurious ; after } is kept as a flag", func(t *testing.T) {
		f := mustParse(t, "a { b 1; };\n;; c 2;")
		if !f.Body.Entries[0].(*DictEntry).Semi || len(f.Body.Entries) != 2 {
			t.Fatalf("entries %#v", f.Body.Entries)
		}
	})
	t.Run("quoted keyword is a regex key", func(t *testing.T) {
		e := mustParse(t, `"(U|k)" { solver PBiCG; }`).Body.Entries[0].(*DictEntry)
		if !e.Key.Regex || e.Key.Name != "(U|k)" || e.Key.Raw != `"(U|k)"` {
			t.Fatalf("key %+v", e.Key)
		}
	})
	t.Run("label or ( in keyword position is an anonymous list entry", func(t *testing.T) {
		f := mustParse(t, "FoamFile { class polyBoundaryMesh; }\n2\n(\n inlet { type patch; nFaces 1; }\n outlet { type patch; }\n)\n")
		le := f.TopList()
		l, ok := le.Value.(*List)
		if !ok || !l.Counted || l.Count != 2 || len(l.Items) != 4 {
			t.Fatalf("top list %#v", le.Value)
		}
		if _, ok := l.Items[1].(*Dict); !ok {
			t.Fatalf("item 1 is %T", l.Items[1])
		}
	})
	t.Run("variable keyword is a substitution entry, no ; needed before }", func(t *testing.T) {
		f := mustParse(t, "a { $b; ${c} }")
		d := f.Body.Entries[0].(*DictEntry).Dict
		s0, s1 := d.Entries[0].(*SubstEntry), d.Entries[1].(*SubstEntry)
		if s0.Var.Raw != "$b" || !s0.Semicolon || s1.Var.Raw != "${c}" || s1.Semicolon || s1.Var.Name() != "c" {
			t.Fatalf("%+v %+v", s0, s1)
		}
	})
	t.Run("$name { is a keyword substitution dictionary", func(t *testing.T) {
		e := mustParse(t, "$patch { type wall; }").Body.Entries[0].(*DictEntry)
		if !e.Key.Var || e.Key.Name != "$patch" {
			t.Fatalf("key %+v", e.Key)
		}
	})
	t.Run("keyword then ) is fatal", func(t *testing.T) {
		if fd := parseErr(t, "a );"); fd.ID != "FOAM-PARSE-006" {
			t.Fatalf("got %v", fd)
		}
	})
	t.Run("keyword-only entry", func(t *testing.T) {
		e := mustParse(t, "grad(U);\npcorr ;").Body.Entries[1].(*PrimitiveEntry)
		if !e.IsKeywordOnly() || e.Key.Name != "pcorr" {
			t.Fatalf("%+v", e)
		}
	})
	t.Run("block inside a primitive value", func(t *testing.T) {
		e := mustParse(t, "div(phi,U) Gauss limitedLinear { a 1; };").Body.Entries[0].(*PrimitiveEntry)
		if len(e.Value) != 3 {
			t.Fatalf("value %#v", e.Value)
		}
		if d, ok := e.Value[2].(*Dict); !ok || len(d.Entries) != 1 {
			t.Fatalf("item 2 is %T", e.Value[2])
		}
	})
	t.Run("EOF inside a primitive entry is fatal", func(t *testing.T) {
		fd := parseErr(t, "a 1")
		if fd.ID != "FOAM-PARSE-007" || fd.Location.Line != 1 || fd.Location.Column != 4 {
			t.Fatalf("got %v", fd)
		}
	})
	t.Run("EOF inside { is fatal and names the opener", func(t *testing.T) {
		fd := parseErr(t, "a\n{\n b 1;\n")
		if fd.ID != "FOAM-PARSE-006" || fd.Location.Line != 2 || !strings.Contains(fd.Summary, "never closed") {
			t.Fatalf("got %v", fd)
		}
	})
	t.Run("directives with their v1912 arguments", func(t *testing.T) {
		f := mustParse(t, `#include "a"
#includeEtc "caseDicts/setConstraintTypes"
#sinclude "b"
#includeIfPresent "c"
#sincludeEtc "d"
#includeFunc components(U)
#remove (a b)
#remove "__.*"
#inputMode merge
#ifeq $X plus
#if #calc "$v<1812";
#elif 1
#else
#endif
#default
#codeStream { code #{ os << 1; #}; };
`)
		names := []string{}
		for _, e := range f.Body.Entries {
			d := e.(*DirectiveEntry)
			names = append(names, d.Name+"/"+string(rune('0'+len(d.Args))))
		}
		want := "#include/1 #includeEtc/1 #sinclude/1 #includeIfPresent/1 #sincludeEtc/1 #includeFunc/1 #remove/1 #remove/1 #inputMode/1 #ifeq/2 #if/0 #elif/0 #else/0 #endif/0 #default/0 #codeStream/1"
		if got := strings.Join(names, " "); got != want {
			t.Fatalf("got  %s\nwant %s", got, want)
		}
		if l := f.Body.Entries[10].(*DirectiveEntry).Line; l != `#calc "$v<1812";` {
			t.Fatalf("#if line %q", l)
		}
		if !f.Body.Entries[15].(*DirectiveEntry).Semi {
			t.Fatal("#codeStream {…}; spurious ; not recorded")
		}
	})
	t.Run("directives inside values", func(t *testing.T) {
		f := mustParse(t, "a #include \"x\";\nb #eval{ $r*cos(1) };\nc #eval #{ 1 + 2 #};\nd #calc \"1+1\";\ne #codeStream { code #{ #}; };")
		d := f.Body.Entries[1].(*PrimitiveEntry).Value[0].(*DirectiveItem)
		if !d.Brace || d.Text != " $r*cos(1) " || d.Name != "#eval" {
			t.Fatalf("eval brace %+v", d)
		}
		if v := f.Body.Entries[2].(*PrimitiveEntry).Value[0].(*DirectiveItem).Args[0].(*Verbatim); v.Text != " 1 + 2 " {
			t.Fatalf("eval verbatim %+v", v)
		}
		if _, ok := f.Body.Entries[4].(*PrimitiveEntry).Value[0].(*DirectiveItem).Args[0].(*Dict); !ok {
			t.Fatal("codeStream arg is not a dict")
		}
	})
	t.Run("#eval at dictionary level is fatal", func(t *testing.T) {
		if fd := parseErr(t, "#eval \"1\""); fd.ID != "FOAM-PARSE-001" {
			t.Fatalf("got %v", fd)
		}
	})
	t.Run("values: dims, uniform list, compound, strings, numbers", func(t *testing.T) {
		f := mustParse(t, `d [0 1 -1 0 0 0 0];
s [m/s];
u 3{0.5};
v nonuniform List<vector> 2((1 2 3) (4 5 6));
w nonuniform List<word> 2(a b);
x "a\"b";
n 1 1.0 -2 1e-05;`)
		get := func(i int) []Item { return f.Body.Entries[i].(*PrimitiveEntry).Value }
		if ds := get(0)[0].(*DimSet); len(ds.Items) != 7 {
			t.Fatalf("dims %#v", ds)
		}
		if ds := get(1)[0].(*DimSet); len(ds.Items) != 3 || ds.Items[2].(*Word).Value != "s" {
			t.Fatalf("symbolic dims %#v", ds.Items)
		}
		if ul := get(2)[0].(*UniformList); ul.Count != 3 || ul.Value.(*Number).Float != 0.5 {
			t.Fatalf("uniform list %#v", ul)
		}
		nl := get(3)[2].(*NumList)
		if !nl.Counted || nl.Count != 2 || nl.Width != 3 {
			t.Fatalf("numlist %+v", nl)
		}
		if vals, err := nl.Floats(); err != nil || len(vals) != 6 || vals[5] != 6 {
			t.Fatalf("floats %v %v", vals, err)
		}
		if l := get(4)[2].(*List); !l.Counted || l.Count != 2 || len(l.Items) != 2 {
			t.Fatalf("List<word> %#v", get(4))
		}
		if s := get(5)[0].(*String); s.Value != `a"b` || s.Raw != `"a\"b"` {
			t.Fatalf("string %+v", s)
		}
		nums := get(6)
		kinds := []NumKind{LabelKind, ScalarKind, LabelKind, ScalarKind}
		for i, k := range kinds {
			if nums[i].(*Number).Kind != k {
				t.Errorf("number %d kind %v want %v", i, nums[i].(*Number).Kind, k)
			}
		}
	})
	t.Run("a label before a small list stays a separate item", func(t *testing.T) {
		v := mustParse(t, "edges ( arc 0 3 (1 0 0) );").Body.Entries[0].(*PrimitiveEntry).Value[0].(*List)
		if len(v.Items) != 4 || v.Items[2].(*Number).Int != 3 {
			t.Fatalf("items %#v", v.Items)
		}
		if l := v.Items[3].(*List); l.Counted || len(l.Items) != 3 {
			t.Fatalf("list %#v", l)
		}
	})
	t.Run("positions of entries and items", func(t *testing.T) {
		e := mustParse(t, "a\n{\n    b   (1 2);\n}\n").Body.Entries[0].(*DictEntry)
		b := e.Dict.Entries[0].(*PrimitiveEntry)
		if b.Pos != (Pos{Offset: 8, Line: 3, Column: 5}) || b.End.Column != 15 {
			t.Fatalf("b at %v-%v", b.Pos, b.End)
		}
		l := b.Value[0].(*List)
		if l.Pos.Column != 9 || l.End.Column != 14 || l.Items[1].Span().Pos.Column != 12 {
			t.Fatalf("list at %v-%v", l.Pos, l.End)
		}
		if e.End != (Pos{Offset: 20, Line: 4, Column: 2}) {
			t.Fatalf("dict end %v", e.End)
		}
	})
}

// TestParseErrors: bad input gives a located finding with an excerpt, never a panic or hang.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src, id string
		line, col     int
	}{
		{"unbalanced closing brace", "a { b 1; }\n}\n", "FOAM-PARSE-006", 2, 1},
		{"mismatched bracket", "a (1 2};", "FOAM-PARSE-006", 1, 7},
		{"unclosed brace", "a {\n b 1;\n", "FOAM-PARSE-006", 1, 3},
		{"missing ; before }", "a {\n b 1\n}\n", "FOAM-PARSE-007", 2, 5},
		{"missing ; at EOF", "a 1 2", "FOAM-PARSE-007", 1, 6},
		{"unterminated string", "a \"xyz;\n", "FOAM-PARSE-002", 1, 8},
		{"unterminated comment", "a 1; /* x\n", "FOAM-PARSE-002", 1, 6},
		{"unterminated verbatim", "code #{ x", "FOAM-PARSE-002", 1, 6},
		{"NUL byte", "a 1;\nb \x00;", "FOAM-PARSE-003", 2, 3},
		{"binary junk", "\x7fELF\x02\x01\x01\x00\x00", "FOAM-PARSE-003", 1, 1},
		{"bad number", "a 1e-XXX;", "FOAM-PARSE-004", 1, 3},
		{"unknown directive", "#negate 1", "FOAM-PARSE-009", 1, 1},
		{"stray { in a dict", "d { { k v; } }", "FOAM-PARSE-001", 1, 5},
		{"number cannot start an entry", "a 1;\n5 b;", "FOAM-PARSE-001", 2, 1},
		{"dictionaries nested too deep", strings.Repeat("a {\n", 65) + strings.Repeat("}\n", 65), "FOAM-PARSE-012", 65, 3},
		{"numeric lists nested too deep", "k " + strings.Repeat("(", 65) + "1" + strings.Repeat(")", 65) + ";", "FOAM-PARSE-012", 1, 67},
		{"mixed brackets nested too deep", "k " + strings.Repeat("( { x [ ", 22), "FOAM-PARSE-012", 1, 3 + 8*21 + 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fd := parseErr(t, tc.src)
			if fd.ID != tc.id || fd.Location.Line != tc.line || fd.Location.Column != tc.col {
				t.Fatalf("got %s at %d:%d (%s), want %s at %d:%d", fd.ID, fd.Location.Line, fd.Location.Column, fd.Summary, tc.id, tc.line, tc.col)
			}
			if fd.Severity != finding.Deny || fd.Location.File != "test" || fd.Summary == "" || fd.Fix == "" {
				t.Fatalf("incomplete finding %+v", fd)
			}
			if !strings.Contains(fd.Excerpt, "^") {
				t.Fatalf("no caret excerpt: %q", fd.Excerpt)
			}
			if len(fd.Provenance) == 0 {
				t.Fatalf("no provenance for %s", fd.ID)
			}
		})
	}
}

// TestIODictionaryFixtures runs OpenFOAM's own parser fixtures (tutorials/IO/dictionary, run by
// its TestParsing script with foamDictionary -keywords): good-* parse, fatal-* fail located.
func TestIODictionaryFixtures(t *testing.T) {
	dir := filepath.Join(foamtest.Tutorials(t), "IO", "dictionary")
	files, err := filepath.Glob(filepath.Join(dir, "*.dict"))
	if err != nil || len(files) < 15 {
		t.Fatalf("fixtures: %v (%d files)", err, len(files))
	}
	for _, p := range files {
		base := filepath.Base(p)
		f, err := ParseFile(p)
		switch {
		case strings.HasPrefix(base, "fatal-"):
			var fd finding.Finding
			if !errors.As(err, &fd) {
				t.Errorf("%s: want a located parse error, got %v", base, err)
			} else if fd.Location.Line == 0 || fd.Excerpt == "" {
				t.Errorf("%s: error not located: %+v", base, fd)
			}
		default: // good-*, missed-ending3 (OpenFOAM reads only the stray block)
			if err != nil {
				t.Errorf("%s: %v", base, err)
			} else if len(f.Warnings) > 0 && strings.HasPrefix(base, "good-") {
				t.Errorf("%s: unexpected warnings %v", base, f.Warnings)
			}
		}
	}
}

// TestTemplatesAreRejected: the excluded *.template placeholder file really is bad input.
func TestTemplatesAreRejected(t *testing.T) {
	p := filepath.Join(foamtest.Tutorials(t), "incompressible/boundaryFoam/boundaryWallFunctionsProfile/constant/transportProperties.template")
	_, err := ParseFile(p)
	var fd finding.Finding
	if !errors.As(err, &fd) || fd.ID != "FOAM-PARSE-004" || fd.Location.Line != 22 {
		t.Fatalf("got %v", err)
	}
}

func TestParseFileLimitsAndGzip(t *testing.T) {
	dir := t.TempDir()
	src := "FoamFile { version 2.0; format ascii; class dictionary; object x; }\na 1;\n"
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write([]byte(src))
	zw.Close()
	gz := filepath.Join(dir, "x.gz")
	if err := os.WriteFile(gz, zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := ParseFile(gz)
	if err != nil || !f.Gzip || string(f.Src) != src || len(f.Body.Entries) != 1 {
		t.Fatalf("gzip parse: %v %+v", err, f)
	}
	_, err = ParseFileWith(gz, Options{MaxSize: 10})
	var fd finding.Finding
	if !errors.As(err, &fd) || fd.ID != "FOAM-PARSE-008" || !strings.Contains(fd.Summary, "limit") {
		t.Fatalf("size limit: %v", err)
	}
	bad := filepath.Join(dir, "bad.gz")
	os.WriteFile(bad, []byte{0x1f, 0x8b, 8, 0, 0, 0}, 0o644)
	if _, err := ParseFile(bad); !errors.As(err, &fd) || fd.ID != "FOAM-PARSE-008" {
		t.Fatalf("corrupt gzip: %v", err)
	}
	if _, err := ParseFile(filepath.Join(dir, "missing")); !errors.As(err, &fd) || fd.ID != "FOAM-PARSE-008" {
		t.Fatalf("missing file: %v", err)
	}
}

// binaryFieldSrc writes a binary List<T> field with the given arch.
func binaryFieldSrc(arch string, write func(*bytes.Buffer), n int, elem string) []byte {
	var b bytes.Buffer
	b.WriteString("FoamFile\n{\n    format binary;\n    arch \"" + arch + "\";\n    class volScalarField;\n}\n")
	b.WriteString("internalField nonuniform List<" + elem + "> ")
	b.WriteString(strconv.Itoa(n) + "(")
	write(&b)
	b.WriteString(");\nboundaryField { }\n")
	return b.Bytes()
}

func TestBinaryLists(t *testing.T) {
	vals := []float64{1.5, -2.25, 3e10, 0, math.Pi, 40}
	t.Run("scalar=64 LSB", func(t *testing.T) {
		src := binaryFieldSrc("LSB;label=32;scalar=64", func(b *bytes.Buffer) {
			for _, v := range vals {
				binary.Write(b, binary.LittleEndian, v)
			}
		}, len(vals), "scalar")
		f := mustParse(t, string(src))
		bl := f.Body.Entries[0].(*PrimitiveEntry).Value[2].(*BinList)
		got, err := bl.Floats()
		if err != nil || len(got) != len(vals) {
			t.Fatalf("%v %v", got, err)
		}
		for i := range vals {
			if got[i] != vals[i] {
				t.Fatalf("value %d: %v want %v", i, got[i], vals[i])
			}
		}
		// the payload contains ')' and '\n' bytes as data; the entry still ends at ';'
		var buf bytes.Buffer
		Print(&buf, f)
		if !bytes.Equal(buf.Bytes(), src) {
			t.Fatalf("binary round trip differs")
		}
	})
	t.Run("scalar=32 vectors", func(t *testing.T) {
		src := binaryFieldSrc("LSB;label=32;scalar=32", func(b *bytes.Buffer) {
			for _, v := range vals {
				binary.Write(b, binary.LittleEndian, float32(v))
			}
		}, 2, "vector")
		bl := mustParse(t, string(src)).Body.Entries[0].(*PrimitiveEntry).Value[2].(*BinList)
		got, err := bl.Floats()
		if err != nil || len(got) != 6 || got[1] != -2.25 || bl.Components != 3 {
			t.Fatalf("%v %v %+v", got, err, bl)
		}
	})
	t.Run("label=64 labels", func(t *testing.T) {
		src := binaryFieldSrc("LSB;label=64;scalar=64", func(b *bytes.Buffer) {
			for _, v := range []int64{7, -1, 1 << 40} {
				binary.Write(b, binary.LittleEndian, v)
			}
		}, 3, "label")
		bl := mustParse(t, string(src)).Body.Entries[0].(*PrimitiveEntry).Value[2].(*BinList)
		got, err := bl.Labels()
		if err != nil || len(got) != 3 || got[2] != 1<<40 || got[1] != -1 {
			t.Fatalf("%v %v", got, err)
		}
	})
	t.Run("truncated payload", func(t *testing.T) {
		src := binaryFieldSrc("LSB;label=32;scalar=64", func(b *bytes.Buffer) { b.Write(make([]byte, 20)) }, 3, "scalar")
		if fd := parseErr(t, string(src)); fd.ID != "FOAM-PARSE-010" {
			t.Fatalf("got %v", fd)
		}
	})
	t.Run("top-level binary list from the header class", func(t *testing.T) {
		var b bytes.Buffer
		b.WriteString("FoamFile { format binary; class labelList; }\n3(")
		for _, v := range []int32{4, 5, 6} {
			binary.Write(&b, binary.LittleEndian, v)
		}
		b.WriteString(")\n")
		f := mustParse(t, b.String())
		got, err := f.TopList().Value.(*BinList).Labels()
		if err != nil || len(got) != 3 || got[2] != 6 {
			t.Fatalf("%v %v", got, err)
		}
	})
}

func TestTrailerAfterTopLevelList(t *testing.T) {
	src := "FoamFile { class vectorField; }\n(\n(1 2 3)\n)\n\n/ ****** //\n"
	f := mustParse(t, src)
	if f.Trailer != "/ ****** //\n" || len(f.Warnings) != 1 {
		t.Fatalf("trailer %q warnings %v", f.Trailer, f.Warnings)
	}
	var buf bytes.Buffer
	Print(&buf, f)
	if buf.String() != src {
		t.Fatalf("print\n%q\nwant\n%q", buf.String(), src)
	}
}

// TestNestingAtTheLimit: 64 levels of every bracket kind still parse, and numeric lists as
// deep as the limit allows stay one fast-path token.
func TestNestingAtTheLimit(t *testing.T) {
	for name, src := range map[string]string{
		"dicts":   strings.Repeat("a {\n", 64) + "b 1;\n" + strings.Repeat("}\n", 64),
		"lists":   "k " + strings.Repeat("( w ", 64) + strings.Repeat(") ", 64) + ";",
		"numbers": "k " + strings.Repeat("(", 64) + "1" + strings.Repeat(")", 64) + ";",
		"inside":  strings.Repeat("a {\n", 32) + "k " + strings.Repeat("(", 32) + "1" + strings.Repeat(")", 32) + ";\n" + strings.Repeat("}\n", 32),
	} {
		if _, err := Parse(name, []byte(src)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	fd := parseErr(t, strings.Repeat("a {\n", 33)+"k "+strings.Repeat("(", 32)+"1"+strings.Repeat(")", 32)+";\n"+strings.Repeat("}\n", 33))
	if fd.ID != "FOAM-PARSE-012" || fd.Location.Line != 34 || fd.Location.Column != 34 {
		t.Errorf("a numeric list past the limit inside dictionaries: got %s at %d:%d", fd.ID, fd.Location.Line, fd.Location.Column)
	}
}

// TestChunkedParse: parsing in chunks (also ending inside dictionary entries), and plain
// and dictionary entries straight from their tokens, give exactly the AST of one grammar parse,
// with spurious ';', dictionaries, directives, lists and a stray leading block across the
// cuts, and an error in a late chunk gives the unchunked finding, a lexical error winning
// over an earlier grammar error as in one piece.
func TestChunkedParse(t *testing.T) {
	entry := "a 1;;\nb { c (1 2 3); d \"x\"; }\n#include \"f\"\ne $a;\nf ( w ( 1 2 ) ) ;\ng [0 1 -1 0 0 0 0] 2.5;\n$b\nh #eval{ 1 + 2 };\n\"p.*\" -1.5e3 \"s\" $v #{ x #} : , w;\nk;\n" +
		"n { m { p 1; q (1 2); } ; r 2; };\nv a { x 1; };\n#include \"x\"\nw { y 1; }\n\"q\" { z { } }\n"
	for _, head := range []string{"{ s 1; }\n", "FoamFile { format ascii; }\n"} {
		chunkedSame(t, []byte(head+strings.Repeat(entry, 200)))
	}
	for _, bad := range []string{
		strings.Repeat(entry, 200) + "z { y 1 }\n",
		"z { y 1 }\n" + strings.Repeat(entry, 200) + "q \x00;\n",
	} {
		_, werr := parseChunked("t", []byte(bad), 0)
		_, cerr := parseChunked("t", []byte(bad), 50)
		if werr == nil || cerr == nil || werr.Error() != cerr.Error() {
			t.Fatalf("chunked error %v, whole %v", cerr, werr)
		}
	}
	if _, err := Parse("t", []byte("z { y 1 }\n"+strings.Repeat(entry, 200)+"q \x00;\n")); err == nil || !strings.Contains(err.Error(), "FOAM-PARSE-003") {
		t.Fatalf("the lexical error should win: %v", err)
	}
}

// chunkedSame checks src gives the same File (positions included) in one piece, in chunks
// of 1, 3, 7 and 50 tokens, and from the grammar alone.
func chunkedSame(t *testing.T, src []byte) {
	t.Helper()
	whole, err := parseChunked("t", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pure, err := parseWhole("t", src, bounds{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(pure, whole) {
		t.Fatalf("entries converted from tokens differ from the grammar's:%s", firstDiff(dumpAST(pure), dumpAST(whole)))
	}
	for _, chunk := range []int{1, 3, 7, 50} {
		chunked, err := parseChunked("t", src, chunk)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(whole, chunked) {
			t.Fatalf("chunks of %d: the File differs:%s", chunk, firstDiff(dumpAST(whole), dumpAST(chunked)))
		}
	}
}

// TestMaxEntries: Options.MaxEntries counts every ';' and '{' at any depth, numeric
// lists not at all, and one past the bound is FOAM-PARSE-013 located at it, also when a
// grammar error comes earlier (the scan's finding wins, as in one piece).
func TestMaxEntries(t *testing.T) {
	dir := t.TempDir()
	write := func(src string) string {
		p := filepath.Join(dir, "d")
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var sb strings.Builder
	sb.WriteString("FoamFile { format ascii; }\n") // 2
	for i := range 7 {
		sb.WriteString("a" + strconv.Itoa(i) + " 1;\n") // 7 more: 9
	}
	sb.WriteString("d { x 1; y 2; }\n")                             // 3 more: 12
	sb.WriteString("l 1000(" + strings.Repeat("1 ", 1000) + ");\n") // 1 more: 13
	if _, err := ParseFileWith(write(sb.String()), Options{MaxEntries: 13}); err != nil {
		t.Fatalf("13 entries within a bound of 13: %v", err)
	}
	_, err := ParseFileWith(write(sb.String()+"z 1;\n"), Options{MaxEntries: 13})
	var fd finding.Finding
	if !errors.As(err, &fd) || fd.ID != "FOAM-PARSE-013" || fd.Location.Line != 11 || fd.Location.Column != 4 {
		t.Fatalf("one past the bound: %v", err)
	}
	_, err = ParseFileWith(write("bad { x 1 }\n"+sb.String()+"z 1;\n"), Options{MaxEntries: 13})
	if !errors.As(err, &fd) || fd.ID != "FOAM-PARSE-013" {
		t.Fatalf("past the bound after a grammar error: %v", err)
	}
	if _, err := ParseFile(write(sb.String() + "z 1;\n")); err != nil {
		t.Fatalf("no bound by default: %v", err)
	}
}

// TestMaxListItems: Options.MaxListItems counts every item of a `( … )` list at any depth
// (a dictionary or dimension set inside a list is one item; lists in it count their own),
// each number and group of a numeric group that becomes ordinary nodes, and a NumList that
// stays one token as one; one past the bound is FOAM-PARSE-014 located at it, also in
// a list that no ';' ends (MaxEntries does not see it).
func TestMaxListItems(t *testing.T) {
	dir := t.TempDir()
	write := func(src string) string {
		p := filepath.Join(dir, "d")
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	src := "FoamFile { format ascii; }\n" + // 0
		"w (a b c);\n" + // 3
		"n ((0 0 0) (1 1 1));\n" + // a group expanded into 2 lists of 3 numbers: 8
		"m (x (1 2) { k (1 2 3); } [0 1 0 0 0 0 0] \"s\");\n" + // x, (1 2) and its 2 numbers, {, k's 3 numbers, [, "s": 10
		"big 1000(" + strings.Repeat("1 ", 1000) + ");\n" + // one NumList, no list around it: 0
		"k2 (y 100(" + strings.Repeat("1 ", 100) + "));\n" // y and a NumList: 2
	const items = 23
	if _, err := ParseFileWith(write(src), Options{MaxListItems: items}); err != nil {
		t.Fatalf("%d list items within a bound of %d: %v", items, items, err)
	}
	_, err := ParseFileWith(write(src), Options{MaxListItems: items - 1})
	var fd finding.Finding
	if !errors.As(err, &fd) || fd.ID != "FOAM-PARSE-014" || fd.Location.Line != 6 || fd.Location.Column != 7 {
		t.Fatalf("one past the bound: %v", err)
	}
	// A list of words has one ';': only the item bound stops it, at its 11th word.
	words := "l (" + strings.Repeat("a ", 1000) + ");\n"
	_, err = ParseFileWith(write(words), Options{MaxEntries: 10, MaxListItems: 10})
	if !errors.As(err, &fd) || fd.ID != "FOAM-PARSE-014" || fd.Location.Line != 1 || fd.Location.Column != 24 {
		t.Fatalf("a long list: %v", err)
	}
	if _, err := ParseFile(write(words)); err != nil {
		t.Fatalf("no bound by default: %v", err)
	}
}

// TestTopCloseEnds: in Foundation's reading a '}' closing nothing at the top level ends
// the file (OpenFOAM-12's foamDictionary prints `a 1;` of "a 1; } b 2;" and cannot find
// b; v1912's fails with "Unexpected '}'"): with TopCloseEnds the file parses up to the
// brace, without it the brace is FOAM-PARSE-006.
func TestTopCloseEnds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d")
	src := "FoamFile { version 2.0; format ascii; class dictionary; object d; }\na 1;\n}\nb 2;\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseFileWith(path, Options{}); err == nil || !strings.Contains(err.Error(), "FOAM-PARSE-006") && !strings.Contains(err.Error(), "nothing open") {
		t.Fatalf("ESI reading: %v, want FOAM-PARSE-006", err)
	}
	f, err := ParseFileWith(path, Options{TopCloseEnds: true})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range f.Body.Entries {
		if p, ok := e.(*PrimitiveEntry); ok {
			keys = append(keys, p.Key.Name)
		}
	}
	if strings.Join(keys, " ") != "a" {
		t.Fatalf("entries %v, want a alone", keys)
	}
}
