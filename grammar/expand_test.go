package grammar

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

var testEnv = map[string]string{"HOME_X": "/home/x", "NUM": "42", "EMPTY": ""}

func expandSrc(t *testing.T, src string) *Expanded {
	t.Helper()
	f, err := Parse("test", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return Expand(f, "", ExpandOptions{Env: mapEnv(testEnv), CaseDir: t.TempDir()})
}

// valueJSON is the expanded value as canonical JSON text (int64 and float64 print alike).
func valueJSON(t *testing.T, x *Expanded) string {
	t.Helper()
	b, err := json.Marshal(x.Value(ValueOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func findingIDs(x *Expanded) []string {
	var ids []string
	for _, f := range x.Findings {
		ids = append(ids, f.ID)
	}
	return ids
}

func TestExpandValues(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"duplicates merge at first position",
			`a 1; b { x 1; y 2; } a 2; b { y 3; z 4; }`,
			`{"a":2,"b":{"x":1,"y":3,"z":4}}`},
		{"dict replaced by primitive in place",
			`b { x 1; } c 1; b 5;`, `{"b":5,"c":1}`},
		{"inputMode overwrite clears the dict",
			`b { x 1; } #inputMode overwrite b { y 2; }`, `{"b":{"y":2}}`},
		{"inputMode protect keeps the first",
			`a 1; #inputMode protect a 2; c 3;`, `{"a":1,"c":3}`},
		{"inputMode warn keeps the first",
			`a 1; #inputMode warn a 2; #inputMode default a 3;`, `{"a":3}`},
		{"#default only sets a missing keyword",
			`a 1; #default a 2; #default b 3;`, `{"a":1,"b":3}`},
		{"#overwrite prefix",
			`b { x 1; } #overwrite b { y 2; }`, `{"b":{"y":2}}`},
		{"macro up the parent chain",
			`a 1; d { b $a; c { e $b; } }`, `{"a":1,"d":{"b":1,"c":{"e":1}}}`},
		{"macro lookup is literal, not regex",
			`internalField 5; boundaryField { ".*" { v 1; } w { value $internalField; } }`,
			`{"boundaryField":{"$regex":[{"pattern":".*","value":{"v":1}}],"w":{"value":5}},"internalField":5}`},
		{"macro splices all tokens",
			`v (1 2 3); w uniform $v; x (0 $a 1); a 7;`, ``},
		{"environment fallback is tokenised like OpenFOAM's ITstream::parse",
			`h $HOME_X; n $NUM;`, `{"h":["/","home","/","x"],"n":42}`},
		{"nested braces",
			`n a; a 3; x ${${n}};`, `{"a":3,"n":"a","x":3}`},
		{"top-level scope $: and $^",
			`d { b 1; } e { f { g $:d.b; h $^d.b; } }`, `{"d":{"b":1},"e":{"f":{"g":1,"h":1}}}`},
		{"dot scoping and parents",
			`a 0; d { b 2; c { e $..b; } } g $d.c.e; h $:d.c.e;`, `{"a":0,"d":{"b":2,"c":{"e":2}},"g":2,"h":2}`},
		{"dotted keyword found literally",
			`"x.y" 9; z $x.y;`, `{"$regex":[{"pattern":"x.y","value":9}],"z":9}`},
		{"slash scoping",
			`a 1; d { b 2; c { e $/a; g $../b; } } f $/d/b; h $d/c/e;`, `{"a":1,"d":{"b":2,"c":{"e":1,"g":2}},"f":2,"h":1}`},
		{"slash-scoped keywords (verified with foamDictionary)",
			`a { b 1; } "a/b" 2; "x/y/z" 3; d { "../e/f" 4; }`, `{"a":{"b":2},"d":{},"e":{"f":4},"x":{"y":{"z":3}}}`},
		{"substitution entry merges a dict",
			`base { p 1; q 2; } child { $base; q 3; }`, `{"base":{"p":1,"q":2},"child":{"p":1,"q":3}}`},
		{"substitution entry without semicolon",
			`base { p 1; } child { $base }`, `{"base":{"p":1},"child":{"p":1}}`},
		{"keyword substitution",
			`name inlet; $name { type patch; }`, `{"inlet":{"type":"patch"},"name":"inlet"}`},
		{"#remove word, regex and list",
			`a 1; b 2; c1 3; c2 4; d 5; #remove (a "c.*") #remove d`, `{"b":2}`},
		{"#eval arithmetic with macros",
			`r 2; t 90; a #eval{ 2*$r + 1 }; s #eval "sin(degToRad($t))"; p #eval{ pow(2, 3) };`,
			`{"a":5,"p":8,"r":2,"s":1,"t":90}`},
		{"#ifeq and #else",
			`a 1; #ifeq $a 1 x yes; #else x no; #endif #ifeq $a 2 y yes; #else y no; #endif`,
			`{"a":1,"x":"yes","y":"no"}`},
		{"#if with #eval and #elif",
			"#if #eval \"1 > 2\"\nx 1;\n#elif true\nx 2;\n#else\nx 3;\n#endif\n",
			`{"x":2}`},
		{"keyword-only entry and words stay words",
			`k; s on; t none; u y;`, `{"k":null,"s":"on","t":"none","u":"y"}`},
		{"labels and scalars",
			`a 1; b 1.0; c 1e-05; d -3;`, `{"a":1,"b":1,"c":0.00001,"d":-3}`},
		{"quoted strings lose their quotes",
			`f "$FOAM_CASE/x"; g "a b";`, `{"f":"$FOAM_CASE/x","g":"a b"}`},
		{"dimensions",
			`a [0 1 -1 0 0 0 0]; b [0 2 -1 0 0]; c [m^2/s^2]; d [J/kg/K]; e [ m^-1 ];`,
			`{"a":{"$dims":[0,1,-1,0,0,0,0]},"b":{"$dims":[0,2,-1,0,0,0,0]},"c":{"$dims":[0,2,-2,0,0,0,0]},"d":{"$dims":[0,2,-2,-1,0,0,0]},"e":{"$dims":[0,-1,0,0,0,0,0]}}`},
		{"uniform and nonuniform",
			`a uniform 1; b uniform (1 0 0); c nonuniform List<scalar> 3(1 2 3); d 3{1.5};`,
			`{"a":{"$uniform":1},"b":{"$uniform":[1,0,0]},"c":{"$nonuniform":{"size":3,"type":"scalar"}},"d":[1.5,1.5,1.5]}`},
		{"counted word list",
			`inGroups 1(wall); arc 0 3 (1 0 0);`, `{"arc":[0,3,[1,0,0]],"inGroups":["wall"]}`},
		{"block inside a value",
			`a 2; boundary ( inlet { type patch; n $a; } );`, `{"a":2,"boundary":["inlet",{"n":2,"type":"patch"}]}`},
		{"substitution inside a value block",
			`c { t wall; } boundary ( w { $c; n 1; } );`, `{"boundary":["w",{"n":1,"t":"wall"}],"c":{"t":"wall"}}`},
		{"verbatim and codeStream are recorded",
			`v #codeStream { code #{ os << 1; #}; };`, `{"v":{"$codeStream":{"code":{"$verbatim":" os \u003c\u003c 1; "}}}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x := expandSrc(t, tc.src)
			if tc.want == "" {
				return
			}
			if got := valueJSON(t, x); got != tc.want {
				t.Errorf("got  %s\nwant %s\nfindings %v", got, tc.want, x.Findings)
			}
		})
	}
}

func TestExpandSplicesTokens(t *testing.T) {
	x := expandSrc(t, `v (1 2 3); w uniform $v; a 7; x (0 $a 1); "a.b" 9; y $a.b; n a; q ${${n}}; r #eval "${UNSET:-3} + ${a:+1}";`)
	v := x.Dict.Value(ValueOptions{})
	if !reflect.DeepEqual(v["w"], map[string]any{"$uniform": []any{int64(1), int64(2), int64(3)}}) {
		t.Errorf("w = %#v", v["w"])
	}
	if !reflect.DeepEqual(v["x"], []any{int64(0), int64(7), int64(1)}) {
		t.Errorf("x = %#v", v["x"])
	}
	// dictionarySearch.C: `a` is found first and is not a dict, so $a.b is a's value.
	if v["y"] != int64(7) {
		t.Errorf("y = %#v", v["y"])
	}
	// ${…} expands its content as a string first (${${n}} -> $a); :- and :+ work in
	// string expansion (#eval, include names), as in stringOps.C getVariable.
	if v["q"] != int64(7) || v["r"] != int64(4) {
		t.Errorf("q = %#v, r = %#v, findings %v", v["q"], v["r"], x.Findings)
	}
}

func TestExpandFindings(t *testing.T) {
	cases := []struct {
		name, src, id string
		line          int
	}{
		{"undefined variable", "a 1;\nb $nothing;\n", IDUndefinedVar, 2},
		{"macro before its definition", "a $b;\nb 1;\n", IDUndefinedVar, 1},
		{"bad #eval", "x #eval{ 1 + };\n", IDEval, 1},
		{"#eval with unknown name", "x #eval{ foo + 1 };\n", IDEval, 1},
		{"inputMode error", "a 1;\n#inputMode error\na 2;\n", IDDuplicate, 3},
		{"#calc recorded", "x #calc \"1+1\";\n#calc \"2\"\n", IDNotExecuted, 2},
		// v1912 fails on these too (verified with foamDictionary): a value-position
		// ${VAR:-def} looks up the name "VAR:-def", a dotted name is not searched in
		// parents, and a dictionary is not visible by path while it is being read.
		{"value ${VAR:-def} is a plain name", "x ${UNSET:-7};\n", IDUndefinedVar, 1},
		{"dotted names are not recursive", "d { b 2;\n c { f $d.b; } }\n", IDUndefinedVar, 2},
		{"a dict is not visible by path while read", "d { b 2;\n c { f $/d/b; } }\n", IDUndefinedVar, 2},
		{"#endif without #if", "#endif\n", IDConditional, 1},
		{"#if not closed in its dictionary", "d {\n#if true\na 1;\n}\n#endif\n", IDConditional, 4},
		{"substitution of a primitive", "a 1;\nb { $a; }\n", IDSubstitution, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			x := expandSrc(t, tc.src)
			for _, f := range x.Findings {
				if f.ID == tc.id {
					if f.Location.Line != tc.line || f.Location.Column == 0 || f.Excerpt == "" {
						t.Errorf("finding %s at %+v (excerpt %q), want line %d", f.ID, f.Location, f.Excerpt, tc.line)
					}
					return
				}
			}
			t.Errorf("no %s finding, got %v", tc.id, x.Findings)
		})
	}
	// Junk is an error; valid OpenFOAM beyond the scalar evaluator is only recorded.
	for src, sev := range map[string]string{"x #eval{ 1 + };": "deny", "x #eval{ foo + 1 };": "info", "x #eval \"mag(vector(1,0,0))\";": "info", "x #eval{ $[(vector)a] };": "info", "x #eval \"1; 2\";": "deny"} {
		x := expandSrc(t, src)
		if len(x.Findings) != 1 || x.Findings[0].ID != IDEval || string(x.Findings[0].Severity) != sev {
			t.Errorf("%s: findings %v, want one %s %s", src, x.Findings, sev, IDEval)
		}
	}
	// An unevaluated #eval stays visible in the JSON with its input.
	x := expandSrc(t, "x #eval{ foo + 1 };")
	if got := valueJSON(t, x); got != `{"x":{"$eval":" foo + 1 "}}` {
		t.Errorf("unevaluated #eval = %s", got)
	}
}

// TestExpandDeepAndWide checks that nesting is bounded with a finding and that long
// macro chains stay linear (a hang would time the test out).
func TestExpandDeepAndWide(t *testing.T) {
	n := 60 // below the parser's nesting limit, above the expander's here
	src := "a 1;\n" + strings.Repeat("d { ", n) + "x $a; " + strings.Repeat("} ", n)
	f, err := Parse("test", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	x := Expand(f, "", ExpandOptions{Env: mapEnv(testEnv), CaseDir: t.TempDir(), MaxNesting: 40})
	if ids := findingIDs(x); !reflect.DeepEqual(ids, []string{IDDepth}) {
		t.Fatalf("findings = %v", x.Findings)
	}
	if _, err := json.Marshal(x.Value(ValueOptions{})); err != nil {
		t.Fatalf("bounded nesting must encode: %v", err)
	}
	var b strings.Builder
	b.WriteString("k0 1;\n")
	for i := 1; i < 20000; i++ {
		fmt.Fprintf(&b, "k%d $k%d;\n", i, i-1)
	}
	w := expandSrc(t, b.String())
	if v := w.Dict.Value(ValueOptions{}); v["k19999"] != int64(1) || len(w.Findings) != 0 {
		t.Errorf("k19999 = %v, findings %v", v["k19999"], w.Findings)
	}
}

func TestLookupOrder(t *testing.T) {
	x := expandSrc(t, `".*" 1; "a.*" 2; abc 3; "b" 4;`)
	d := x.Dict
	for key, want := range map[string]string{"abc": "3", "ab": "2", "xyz": "1", "b": "4", "bb": "1"} {
		e := Lookup(d, key)
		if e == nil || itemsText(e.Value) != want {
			t.Errorf("Lookup(%q) = %v, want %s", key, e, want)
		}
	}
	if e := LookupScoped(d, "ab", false); e != nil {
		t.Errorf("macro lookup must be literal, found %v", e.Key)
	}
	obj := d.Value(ValueOptions{})
	for key, want := range map[string]any{"abc": int64(3), "ab": int64(2), "xyz": int64(1), "b": int64(4), "bb": int64(1)} {
		if got, ok := LookupValue(obj, key); !ok || got != want {
			t.Errorf("LookupValue(%q) = %v, %v; want %v", key, got, ok, want)
		}
	}
	if _, ok := LookupValue(map[string]any{"a": 1}, "b"); ok {
		t.Error("LookupValue must miss")
	}
}

func TestStringExpansion(t *testing.T) {
	x := expandSrc(t, `a 1.5; w word; d { k 2; }`)
	se := &stringExpander{dict: x.Dict, env: mapEnv(testEnv), allowEmpty: true}
	for in, want := range map[string]string{
		"$w/x":              "word/x",
		"${w}_${HOME_X}":    "word_/home/x",
		"${UNSET:-def}":     "def",
		"${w:+alt}":         "alt",
		"$a":                "1.500000", // entryToString writes scalars std::fixed
		"$d.k":              "2",
		"\\$w":              "\\$w",
		"$[(vector)a.b] $w": "$[(vector)a.b] word",
	} {
		got, err := se.expand(in)
		if err != nil || got != want {
			t.Errorf("expand(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestEvalScalar(t *testing.T) {
	for in, want := range map[string]float64{
		"1 + 2*3": 7, "-2^2": -4, "2^3^2": 512, "(1+2)*3": 9, "pi()": math.Pi,
		"max(1, 4) - min(2, 3)": 2, "1 < 2 ? 10 : 20": 10, "sqrt(16) + mag(-1)": 5,
		"1e-3 * 1e3": 1, "5 % 3": 2, "!0 && 1": 1, "bool(2 * pi())": 1,
	} {
		got, err := evalScalar(in)
		if err != nil || math.Abs(got-want) > 1e-12 {
			t.Errorf("evalScalar(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "1 +", "foo", "1 2", "sin(1, 2)", "(1", "1/0"} {
		if _, err := evalScalar(bad); err == nil {
			t.Errorf("evalScalar(%q) should fail", bad)
		}
	}
}

func testdataCase(t *testing.T) string {
	t.Helper()
	d, err := filepath.Abs(filepath.Join("testdata", "expand", "case"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func expandTestdata(t *testing.T, rel string, opts ExpandOptions) *Expanded {
	t.Helper()
	root := testdataCase(t)
	opts.CaseDir = root
	if opts.Env == nil {
		opts.Env = mapEnv(testEnv)
	}
	x, err := ExpandFile(filepath.Join(root, rel), opts)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestIncludes(t *testing.T) {
	x := expandTestdata(t, "system/controlDict", ExpandOptions{})
	if got := valueJSON(t, x); got != `{"application":"simpleFoam","base":50,"endTime":100,"solver":"simpleFoam"}` {
		t.Errorf("controlDict = %s (findings %v)", got, x.Findings)
	}
	if len(x.Includes) != 1 || x.Includes[0].Resolved != "system/inc/settings" || !x.Includes[0].Found || x.Includes[0].Line != 2 {
		t.Errorf("includes = %+v", x.Includes)
	}
	if e := x.Dict.Get("solver"); e == nil || e.Source.File != "system/inc/settings" || e.Source.Pos.Line != 1 {
		t.Errorf("solver source = %+v", e)
	}

	loop := expandTestdata(t, "system/loopA", ExpandOptions{})
	if ids := findingIDs(loop); !reflect.DeepEqual(ids, []string{IDIncludeLoop}) {
		t.Fatalf("loop findings = %v", loop.Findings)
	}
	if s := loop.Findings[0].Summary; !strings.Contains(s, "system/loopA <- system/loopB <- system/loopA") {
		t.Errorf("loop chain missing: %q", s)
	}

	miss := expandTestdata(t, "system/missing", ExpandOptions{})
	if ids := findingIDs(miss); !reflect.DeepEqual(ids, []string{IDIncludeMissing}) {
		t.Fatalf("missing findings = %v", miss.Findings)
	}
	if f := miss.Findings[0]; f.Location.Line != 2 || !strings.Contains(f.Summary, filepath.Join("system", "inc", "doesNotExist")) {
		t.Errorf("missing include finding = %+v", f)
	}
	if got := valueJSON(t, miss); got != `{"a":1,"b":2}` {
		t.Errorf("reading continues after a missing include: %s", got)
	}

	out := expandTestdata(t, "system/outside", ExpandOptions{})
	if ids := findingIDs(out); !reflect.DeepEqual(ids, []string{IDIncludeOutside}) {
		t.Fatalf("outside findings = %v", out.Findings)
	}
	if got := valueJSON(t, out); got != `{"base":50,"solver":"simpleFoam"}` {
		t.Errorf("outside include must not be read; <case> and $FOAM_CASE resolve: %s", got)
	}
	blk := expandTestdata(t, "system/blockInclude", ExpandOptions{})
	if got := valueJSON(t, blk); got != `{"boundary":["inlet",{"faces":[],"type":"patch"}]}` || len(blk.Findings) != 0 {
		t.Errorf("include inside a value block = %s, %v", got, blk.Findings)
	}

	// Inside a list OpenFOAM reads an included file as tokens of the enclosing entry: block
	// lines without ';' (helmholtzResonance's blockMeshDict.caseBlocks) and `name {…}` pairs.
	lst := expandTestdata(t, "system/listInclude", ExpandOptions{})
	if got := valueJSON(t, lst); got != `{"blocks":["hex",[0,1,2,3,4,5,6,7],[4,2,1],"simpleGrading",[1,1,1],"hex",[4,5,6,7,8,9,10,11],[1,1,1],"simpleGrading",[1,1,1]],`+
		`"boundary":["inlet",{"faces":[[0,4,7,3]],"type":"patch"},"outlet",{"faces":[[1,2,3,4]],"type":"patch"}],"n":4}` || len(lst.Findings) != 0 {
		t.Errorf("include inside a list = %s, %v", got, lst.Findings)
	}

	deep := expandTestdata(t, "system/deep", ExpandOptions{MaxIncludeDepth: 2})
	if ids := findingIDs(deep); !reflect.DeepEqual(ids, []string{IDDepth}) {
		t.Fatalf("depth findings = %v", deep.Findings)
	}
	if v := deep.Dict.Value(ValueOptions{}); v["level"] != int64(2) {
		t.Errorf("reading stops at the depth limit: %v", v)
	}
	if full := expandTestdata(t, "system/deep", ExpandOptions{}); full.Dict.Value(ValueOptions{})["level"] != int64(3) || len(full.Findings) != 0 {
		t.Errorf("default depth reads the whole chain: %v", full.Findings)
	}

	allowed := expandTestdata(t, "system/outside", ExpandOptions{AllowOutside: true})
	if v := allowed.Dict.Value(ValueOptions{}); v["secret"] != int64(1) {
		t.Errorf("AllowOutside must read the file: %v", v)
	}
}

// TestOptionalIncludeOutside: an optional include leaving the case is not read either, but
// only warns: OpenFOAM runs without it when it is absent.
func TestOptionalIncludeOutside(t *testing.T) {
	root := t.TempDir()
	caseDir := filepath.Join(root, "case")
	if err := os.MkdirAll(filepath.Join(caseDir, "system"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "local"), []byte("secret 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for directive, want := range map[string]finding.Severity{"#includeIfPresent": finding.Warn, "#sinclude": finding.Warn, "#include": finding.Deny} {
		dict := filepath.Join(caseDir, "system", "d")
		if err := os.WriteFile(dict, []byte(directive+" \"../../local\"\na 1;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		x, err := ExpandFile(dict, ExpandOptions{CaseDir: caseDir})
		if err != nil {
			t.Fatal(err)
		}
		if len(x.Findings) != 1 || x.Findings[0].ID != IDIncludeOutside || x.Findings[0].Severity != want {
			t.Errorf("%s: findings %v, want one %s %s", directive, x.Findings, IDIncludeOutside, want)
		}
		if v := x.Dict.Value(ValueOptions{}); v["secret"] != nil || v["a"] != int64(1) {
			t.Errorf("%s: the outside file must not be read: %v", directive, v)
		}
	}
}

func TestIncludeThroughSymlinkStaysOutside(t *testing.T) {
	root := t.TempDir()
	caseDir := filepath.Join(root, "case")
	if err := os.MkdirAll(filepath.Join(caseDir, "system"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "secret"), []byte("secret 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "secret"), filepath.Join(caseDir, "system", "link")); err != nil {
		t.Fatalf("symlink: %v", err)
	}
	dict := filepath.Join(caseDir, "system", "d")
	if err := os.WriteFile(dict, []byte("#include \"link\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := ExpandFile(dict, ExpandOptions{CaseDir: caseDir})
	if err != nil {
		t.Fatal(err)
	}
	if ids := findingIDs(x); !reflect.DeepEqual(ids, []string{IDIncludeOutside}) || len(x.Dict.Entries) != 0 {
		t.Errorf("a symlink out of the case must not be read: %v %v", x.Findings, x.Dict.Keys())
	}
}

func TestIncludeEtcAndRegex(t *testing.T) {
	foamtest.RequireBinary(t, "foamDictionary") // the installation that provides etc/caseDicts
	x := expandTestdata(t, "0/U", ExpandOptions{EtcDir: "/usr/share/openfoam/etc"})
	v := x.Dict.Value(ValueOptions{})
	bf := v["boundaryField"].(map[string]any)
	if !reflect.DeepEqual(bf["inlet"], map[string]any{"type": "fixedValue", "value": map[string]any{"$uniform": []any{int64(1), int64(0), int64(0)}}}) {
		t.Errorf("inlet = %#v", bf["inlet"])
	}
	d := x.Dict.Get("boundaryField").Dict
	if e := Lookup(d, "leftWall"); e == nil || e.Key != ".*Wall" {
		t.Errorf("leftWall must match the regex \".*Wall\": %+v", e)
	}
	if e := Lookup(d, "side"); e != nil {
		t.Errorf("side must not match: %+v", e.Key)
	}
	if e := Lookup(d, "processor"); e == nil || !strings.Contains(e.Source.File, "setConstraintTypes") {
		t.Errorf("processor comes from setConstraintTypes: %+v", e)
	}
}

func TestIncludeFunc(t *testing.T) {
	foamtest.RequireBinary(t, "foamDictionary") // the installation that provides etc/caseDicts
	path := filepath.Join(foamtest.Tutorials(t), "electromagnetics/mhdFoam/hartmann/system/controlDict")
	x, err := ExpandFile(path, ExpandOptions{EtcDir: "/usr/share/openfoam/etc"})
	if err != nil {
		t.Fatal(err)
	}
	fn := x.Dict.Value(ValueOptions{})["functions"].(map[string]any)["components(U)"]
	want := map[string]any{
		"type": "components", "libs": []any{"libfieldFunctionObjects.so"}, "field": "U", "fields": []any{"U"},
		"executeControl": "writeTime", "writeControl": "writeTime",
	}
	if !reflect.DeepEqual(fn, want) {
		t.Errorf("components(U) = %#v", fn)
	}
	if len(x.Includes) != 1 || x.Includes[0].Directive != "#includeFunc" || !strings.HasSuffix(x.Includes[0].Resolved, "postProcessing/fields/components") {
		t.Errorf("includes = %+v", x.Includes)
	}
	name, args, named := splitFuncArgs("patchAverage(name=inlet,p,U)")
	if name != "patchAverage" || !reflect.DeepEqual(args, []string{"p", "U"}) || !reflect.DeepEqual(named, [][2]string{{"name", "inlet"}}) {
		t.Errorf("splitFuncArgs = %q %q %q", name, args, named)
	}
}

// doublingMacros returns n lines that each double the previous value (`b2 ($b1 $b1);`)
// and n that each double the previous dictionary (`d2 { p { $d1; } q { $d1; } }`).
func doublingMacros(n int) (values, dicts string) {
	values, dicts = "a (1 2);\nb0 $a;\n", "d0 { x 1; }\n"
	for i := 1; i <= n; i++ {
		values += fmt.Sprintf("b%d ($b%d $b%d);\n", i, i-1, i-1)
		dicts += fmt.Sprintf("d%d { p { $d%d; } q { $d%d; } }\n", i, i-1, i-1)
	}
	return values, dicts
}

// TestExpansionBudget: doubling substitutions (`b ($a $a); c ($b $b); …`) stop at the
// expansion limit with one located finding instead of growing exponentially, for values
// and for dictionary substitutions; an ordinary case stays far below the limit.
func TestExpansionBudget(t *testing.T) {
	values, dicts := doublingMacros(40)
	for name, tc := range map[string]struct {
		src  string
		line int
	}{"values": {values, 9}, "dicts": {dicts, 9}} {
		f, err := Parse(name, []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		x := Expand(f, "", ExpandOptions{CaseDir: t.TempDir(), MaxExpansion: 1000, Env: mapEnv(nil)})
		var got []finding.Finding
		for _, fd := range x.Findings {
			if fd.ID == IDExpansion {
				got = append(got, fd)
			}
		}
		if len(got) != 1 || got[0].Location.Line != tc.line || got[0].Severity != finding.Deny {
			t.Fatalf("%s: want one deny %s on line %d, got %+v", name, IDExpansion, tc.line, got)
		}
	}
	x := expandSrc(t, "a (1 2 3);\nb { c $a; d ($a $a); }\ne { $b; }\n")
	for _, fd := range x.Findings {
		t.Errorf("ordinary substitutions: unexpected %s %s", fd.ID, fd.Summary)
	}
}

// TestExpandNoSyntax: ExpandFile with NoSyntax gives Expand's result without the syntax
// tree, and a file that fails to parse in a late chunk gives ParseFile's finding.
func TestExpandNoSyntax(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "d")
	src := "FoamFile { format ascii; }\n" + strings.Repeat("a 1; b { c $a; } \"r.*\" 2; d $r1;\n", 5000)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := ExpandOptions{CaseDir: dir}
	want, err := ExpandFile(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	want.File = nil
	opts.NoSyntax = true
	got, err := ExpandFile(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(want, got) {
		t.Fatal("NoSyntax expands differently")
	}
	bad := []byte(src + "z { y 1 }\n")
	_, werr := Parse(path, bad)
	_, serr := expandStream(path, bad, 5, opts)
	if werr == nil || serr == nil || werr.Error() != serr.Error() {
		t.Fatalf("late parse error: streamed %v, Parse %v", serr, werr)
	}
}

// TestDuplicateInPlace: a redefined keyword keeps its first position, also after a
// #remove shifted the entries (the replacement's index hint is stale there).
func TestDuplicateInPlace(t *testing.T) {
	x := expandSrc(t, "a 1; b 2; c 3; #remove b\na 4; c 5; d 6; c 7; a 8;")
	var got []string
	for _, e := range x.Dict.Entries {
		got = append(got, e.Key+"="+itemText(e.Value[0]))
	}
	if want := "a=8 c=7 d=6"; strings.Join(got, " ") != want {
		t.Fatalf("entries %v, want %s", got, want)
	}
}

// TestIncludeGzip: `#include "x"` reads x.gz when x is missing, as IFstream does (the
// Foundation 12 tutorials include resources/thermoData/wallBoiling-vapour that way).
func TestIncludeGzip(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write([]byte("b 2;\n"))
	w.Close()
	os.WriteFile(filepath.Join(dir, "inc.gz"), gz.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "d"), []byte("#include \"inc\"\nc $b;\n"), 0o644)
	x, err := ExpandFile(filepath.Join(dir, "d"), ExpandOptions{CaseDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if e := x.Dict.Get("c"); e == nil || itemsText(e.Value) != "2" || len(x.Findings) != 0 {
		t.Fatalf("c = %+v, findings %v", e, x.Findings)
	}
}
