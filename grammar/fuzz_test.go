package grammar

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/foamtest"
)

// FuzzParse: no input panics or hangs; every error is a located finding; parsing in chunks
// of a few tokens gives the same AST or error as one piece, and as the grammar alone (without
// the plain-entry shortcut); a parse within small entry and list-item bounds gives the same
// AST or a FOAM-PARSE-013/014 finding; fast-path lists decode or fail cleanly. Seeds: testdata/fuzz/FuzzParse (OpenFOAM's IO/dictionary fixtures
// and tutorial snippets, regenerated with FOAMC_WRITE_FUZZ_SEEDS=1 go test ./grammar -run
// TestWriteFuzzSeeds); FuzzFormat and FuzzExpand start from the same seeds.
func FuzzParse(f *testing.F) {
	f.Add([]byte("a 1;\nb { c (1 2 3); }\n"))
	f.Add([]byte("FoamFile { format binary; class labelList; }\n2(\x01\x00\x00\x00\x02\x00\x00\x00)"))
	f.Fuzz(func(t *testing.T, src []byte) {
		file := fuzzParse(t, src)
		if len(src) > 1<<16 {
			return
		}
		whole, werr := parseChunked("fuzz", src, 0)
		small, serr := parseChunked("fuzz", src, 3)
		if fmt.Sprint(werr) != fmt.Sprint(serr) || (file == nil) != (werr != nil) {
			t.Fatalf("errors differ: chunks of 3 tokens %v, one piece %v, Parse failed %v", serr, werr, file == nil)
		}
		// The bounds only stop the scan: within them the File is the same, past them the
		// finding is FOAM-PARSE-013 or -014.
		bounded, berr := parseWith("fuzz", src, parseConfig{chunk: 3, bounds: bounds{entries: 16, listItems: 16}})
		var fd finding.Finding
		switch {
		case berr == nil && (werr != nil || !reflect.DeepEqual(bounded, whole)):
			t.Fatalf("a bounded parse succeeded with another File (unbounded error %v)", werr)
		case berr != nil && werr == nil && (!errors.As(berr, &fd) || fd.ID != "FOAM-PARSE-013" && fd.ID != "FOAM-PARSE-014"):
			t.Fatalf("a bounded parse failed where the unbounded one did not, with %v", berr)
		}
		if file == nil {
			// The finding is the grammar's own (stretch's shortcuts included).
			if _, perr := parseWhole("fuzz", src, bounds{}); fmt.Sprint(perr) != fmt.Sprint(werr) {
				t.Fatalf("Parse failed with %v, the grammar alone with %v", werr, perr)
			}
			return
		}
		if !reflect.DeepEqual(whole, small) {
			t.Fatalf("chunks of 3 tokens changed the File:%s\ninput %q", firstDiff(dumpAST(whole), dumpAST(small)), src)
		}
		if pure, err := parseWhole("fuzz", src, bounds{}); err != nil {
			t.Fatalf("the grammar alone fails where Parse succeeded: %v", err)
		} else if !reflect.DeepEqual(pure, whole) {
			t.Fatalf("plain entries from tokens differ from the grammar's:%s\ninput %q", firstDiff(dumpAST(pure), dumpAST(whole)), src)
		}
		walkItems(file, func(it Item) {
			switch v := it.(type) {
			case *NumList:
				v.Floats()
				v.Labels()
				v.Expand()
			case *BinList:
				v.Floats()
				v.Labels()
			}
		})
	})
}

// fuzzParse parses src, failing the test unless an error is a located finding; nil when
// src does not parse or is too big to be worth fuzzing.
func fuzzParse(t *testing.T, src []byte) *File {
	if len(src) > 1<<16 {
		return nil
	}
	file, err := Parse("fuzz", src)
	if err != nil {
		var fd finding.Finding
		if !errors.As(err, &fd) {
			t.Fatalf("error is not a finding: %v", err)
		}
		if fd.Location.Line < 1 || fd.Location.Column < 1 || fd.ID == "" || fd.Summary == "" {
			t.Fatalf("unlocated finding: %+v", fd)
		}
		return nil
	}
	return file
}

// outputBound is the most a printer may write per input byte: one token per byte at worst,
// each on its own line at the deepest indent, padded to the keyword column. Nesting is
// bounded, so output grows linearly with the input, never with its square.
const outputBound = indentWidth*maxNesting + keywordWidth + 8

// FuzzFormat: every file that parses round-trips through Print and Format to the same AST,
// Format is idempotent, and neither the printers nor the syntax JSON grow more than
// linearly with the input.
func FuzzFormat(f *testing.F) {
	addParseSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		file := fuzzParse(t, src)
		if file == nil {
			return
		}
		want := dumpAST(file)
		var buf bytes.Buffer
		if err := Print(&buf, file); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > outputBound*len(src)+1024 {
			t.Fatalf("Print wrote %d bytes for %d", buf.Len(), len(src))
		}
		g, err := Parse("fuzz", buf.Bytes())
		if err != nil {
			t.Fatalf("Print output does not parse: %v\ninput  %q\noutput %q", err, src, buf.Bytes())
		}
		if got := dumpAST(g); got != want {
			t.Fatalf("Print round trip changed the AST:%s\ninput  %q\noutput %q", firstDiff(want, got), src, buf.Bytes())
		}
		out := Format(file)
		if len(out) > outputBound*len(src)+1024 {
			t.Fatalf("Format wrote %d bytes for %d", len(out), len(src))
		}
		g, err = Parse("fuzz", out)
		if err != nil {
			t.Fatalf("Format output does not parse: %v\ninput  %q\noutput %q", err, src, out)
		}
		if got := dumpAST(g); got != want {
			t.Fatalf("Format round trip changed the AST:%s\ninput  %q\noutput %q", firstDiff(want, got), src, out)
		}
		if again := Format(g); !bytes.Equal(again, out) {
			t.Fatalf("Format is not idempotent:\ninput  %q\nonce   %q\ntwice  %q", src, out, again)
		}
		js, err := json.Marshal(ToSyntax(file, SyntaxOptions{Values: true}))
		if err != nil {
			t.Fatalf("syntax JSON: %v", err)
		}
		if len(js) > syntaxJSONBound*len(src)+1024 {
			t.Fatalf("syntax JSON is %d bytes for %d", len(js), len(src))
		}
	})
}

// syntaxJSONBound is the most syntax JSON per input byte (a one-byte token becomes an
// object with its kind and range).
const syntaxJSONBound = 512

// FuzzExpand: expansion never panics or hangs, its findings are located, and its JSON value
// encodes and stays within what the source and the substitution budget allow. Includes
// resolve inside an empty case directory; the environment is empty.
func FuzzExpand(f *testing.F) {
	f.Add([]byte("{ s 1; }\n"))
	f.Add([]byte("{ s 1; } t 2;\nFoamFile { format ascii; }\n"))
	f.Add([]byte("a 1;;\nb { c $a; }\n;\n#if 1\nd 2;\n#endif\ne $b;\n#if 0\n"))
	addParseSeeds(f)
	f.Add([]byte("a (1 2);\nb ($a $a);\nc ($b $b);\nd { $c; e $c; }\nf { $d; g { $d; } }\n"))
	f.Add([]byte("x ${a${b}}; s { $x; } y #eval{ 2*$z }; z 3; #include \"missing\"\n#ifeq $z 3\nw 1;\n#else\nw 2;\n#endif\n"))
	dir := f.TempDir()
	const budget = 1 << 12
	opts := ExpandOptions{CaseDir: dir, EtcDir: dir, MaxExpansion: budget, Env: func(string) (string, bool) { return "", false }}
	f.Fuzz(func(t *testing.T, src []byte) {
		file := fuzzParse(t, src)
		if file == nil {
			return
		}
		x := Expand(file, "fuzz", opts)
		// Streaming the top level in chunks of 3 tokens expands the same.
		if len(src) <= 1<<16 {
			xs, err := expandStream("fuzz", src, 3, opts)
			if err != nil {
				t.Fatalf("streamed expansion fails where Parse succeeded: %v", err)
			}
			whole := *x
			whole.File = nil
			if !reflect.DeepEqual(&whole, xs) {
				t.Fatalf("streamed expansion differs:\n%+v\n%+v\ninput %q", whole, *xs, src)
			}
		}
		for _, fd := range x.Findings {
			if fd.ID == "" || fd.Summary == "" || fd.Location.File == "" {
				t.Fatalf("incomplete finding %+v", fd)
			}
		}
		js, err := json.Marshal(x.Value(ValueOptions{Values: true}))
		if err != nil {
			t.Fatalf("expanded JSON: %v", err)
		}
		// a copied item is at most a 1024-byte token plus JSON quoting
		if len(js) > syntaxJSONBound*len(src)+2*maxWordLen*budget {
			t.Fatalf("expanded JSON is %d bytes for %d", len(js), len(src))
		}
	})
}

// addParseSeeds adds FuzzParse's committed seeds to another fuzz target.
func addParseSeeds(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzParse", "*"))
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		_, lit, ok := strings.Cut(strings.TrimSpace(string(b)), "\n[]byte(")
		src, err := strconv.Unquote(strings.TrimSuffix(lit, ")"))
		if !ok || err != nil {
			f.Fatalf("%s: not a go test fuzz v1 []byte seed", p)
		}
		f.Add([]byte(src))
	}
}

// walkItems calls fn for every value item of f, depth first.
func walkItems(f *File, fn func(Item)) {
	var items func([]Item)
	var entries func([]Entry)
	items = func(its []Item) {
		for _, it := range its {
			fn(it)
			switch v := it.(type) {
			case *List:
				items(v.Items)
			case *DimSet:
				items(v.Items)
			case *UniformList:
				items([]Item{v.Value})
			case *Dict:
				entries(v.Entries)
			case *DirectiveItem:
				items(v.Args)
			}
		}
	}
	entries = func(es []Entry) {
		for _, e := range es {
			switch v := e.(type) {
			case *PrimitiveEntry:
				items(v.Value)
			case *DictEntry:
				entries(v.Dict.Entries)
			case *DirectiveEntry:
				items(v.Args)
			case *ListEntry:
				items([]Item{v.Value})
			}
		}
	}
	if f.Header != nil {
		entries(f.Header.Dict.Entries)
	}
	if f.Stray != nil {
		entries(f.Stray.Entries)
	}
	entries(f.Body.Entries)
}

// seedSources are the tutorial files the committed fuzz seeds come from (small, one of each
// construct family: schemes, solvers, blockMesh, code, includes, macros, lists, fields).
var seedSources = []string{
	"incompressible/simpleFoam/pitzDaily/system/fvSchemes",
	"incompressible/simpleFoam/pitzDaily/system/fvSolution",
	"incompressible/icoFoam/cavity/cavity/system/blockMeshDict",
	"basic/potentialFoam/cylinder/system/blockMeshDict",
	"basic/potentialFoam/cylinder/system/controlDict",
	"basic/overPotentialFoam/cylinder/cylinderAndBackground/0.orig/p",
	"basic/overPotentialFoam/cylinder/cylinderAndBackground/0.orig/include/initialConditions",
	"combustion/XiDyMFoam/annularCombustorTurbine/system/blockMeshDict",
	"incompressible/pimpleFoam/LES/channel395DFSEM/system/controlDict",
	"incompressible/pimpleFoam/LES/decayIsoTurb/constant/turbulenceProperties",
	"incompressible/lumpedPointMotion/building/steady/system/fvSchemes",
	"combustion/reactingFoam/RAS/membrane/0.orig/N2",
	"incompressible/pimpleFoam/RAS/TJunctionArrheniusBirdCarreauTransport/system/controlDict",
	"verificationAndValidation/schemes/divergenceExample/constant/transportProperties",
	"mesh/snappyHexMesh/addLayersToFaceZone/0/p",
	"lagrangian/simpleReactingParcelFoam/verticalChannel/constant/thermo.incompressiblePoly",
	"compressible/rhoPimpleFoam/RAS/TJunctionAverage/system/setExprFieldsDict",
	"preProcessing/PDRsetFields/simplePipeCage/geometry/groups/group14",
	"incompressible/simpleFoam/windAroundBuildings/system/sampling",
	"electromagnetics/mhdFoam/hartmann/system/controlDict",
	"multiphase/interFoam/RAS/floatingObject/constant/dynamicMeshDict.sixDoF",
	"mesh/snappyHexMesh/opposite_walls/0/polyMesh/sets/cellsToRemove",
	"IO/systemCall/system/systemCall",
	"heatTransfer/chtMultiRegionFoam/windshieldDefrost/0.orig/exterior/T",
	"combustion/XiDyMFoam/oscillatingCylinder/system/fvSchemes",
	"basic/scalarTransportFoam/pitzDaily/system/blockMeshDict",
}

// TestWriteFuzzSeeds regenerates testdata/fuzz/FuzzParse when FOAMC_WRITE_FUZZ_SEEDS=1.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("FOAMC_WRITE_FUZZ_SEEDS") != "1" {
		t.Skip("set FOAMC_WRITE_FUZZ_SEEDS=1 to regenerate the committed fuzz seeds")
	}
	tut := foamtest.Tutorials(t)
	dir := filepath.Join("testdata", "fuzz", "FuzzParse")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, src []byte) {
		if len(src) > 1<<15 {
			src = src[:1<<15]
		}
		body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(src)) + ")\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fixtures, _ := filepath.Glob(filepath.Join(tut, "IO", "dictionary", "*.dict"))
	for _, p := range append(fixtures, func() []string {
		var out []string
		for _, s := range seedSources {
			out = append(out, filepath.Join(tut, s))
		}
		return out
	}()...) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(tut, p)
		write("tutorial-"+strings.NewReplacer("/", "_", ".", "_").Replace(rel), src)
	}
	for i, s := range []string{
		"k 3{0.5};", "a [m/s]; b [0 2 -1 0 0];", "x #eval{ $r*2 }; y #eval #{ 1 #};",
		"v nonuniform List<vector> 70(" + strings.Repeat("(1 2 3) ", 70) + ");",
		"f 2(4(0 1 2 3) 3(1 2 3));", "# include \"f\"\n$ x;\n${a${b}};",
		"p \"a\\\"b\\\\c\"; q \"x\\\ny\";", "l foo(bar; m 1.; n .5; o 0.orig;",
		"w (a ((0 0 0) (1 1 1)) { k (1 2 3); } [0 1 0 0 0 0 0] \"s\" 70(" + strings.Repeat("1 ", 70) + ") " + strings.Repeat("b ", 20) + ");",
		// constructs of the later releases (docs/grammar.md "Releases")
		"#includeFunc streamlinesLine(name=s, start=(0 0.5 0), U)\n#includeFunc cut // c\n(\n point=(0 0 0),\n fields=(p U)\n)\n",
		"a 1.5;\nb #neg $a;\n#includeModel clouds\n#includeConstraint limitp(min=1, max=2)\nU [velocity];",
		"r 2;\nr45 ${{ $r * sqrt(0.5) /* c */ }};\n#message { m ${r} }\nw #word \"x_ $r\";",
	} {
		write(fmt.Sprintf("construct-%02d", i), []byte(s))
	}
}
