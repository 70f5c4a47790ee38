package dictedit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foamc/foamc/finding"
)

const fvSolution = `FoamFile
{
    version     2.0;
    class       dictionary;
    object      fvSolution;
}
// comment with { braces } and ; semicolons
solvers
{
    p
    {
        solver          PCG;   // trailing comment
        preconditioner  DIC;
    }
    pFinal
    {
        $p;
        relTol          0;
    }
    "(U|k)"
    {
        solver          smoothSolver; /* block ; } */
    }
}

PISO
{
    nCorrectors     2;
    pRefCell        0;
}

relaxationFactors { equations { ".*" 0.9; } }
`

func TestSetEntry(t *testing.T) {
	cases := []struct {
		name, key, value string
		want             []string // substrings of the result
		notWant          []string
	}{
		{"replace primitive", "PISO/nCorrectors", "3",
			[]string{"    nCorrectors 3;\n    pRefCell        0;"}, []string{"nCorrectors     2"}},
		{"replace keeps trailing comment", "solvers/p/solver", "GAMG",
			[]string{"solver GAMG;   // trailing comment"}, nil},
		{"quoted key", `solvers/(U|k)/solver`, "PBiCGStab",
			[]string{`"(U|k)"`, "solver PBiCGStab; /* block ; } */"}, nil},
		{"regex key one line", `relaxationFactors/equations/.*`, "1",
			[]string{`relaxationFactors { equations { ".*" 1; } }`}, nil},
		{"new entry in dict", "PISO/pRefValue", "0",
			[]string{"    pRefCell        0;\n    pRefValue 0;\n}"}, nil},
		{"new nested dicts", "PIMPLE/residualControl/p", "{ tolerance 1e-3; relTol 0; }",
			[]string{"PIMPLE { residualControl { p { tolerance 1e-3; relTol 0; } } }\n"}, nil},
		{"new top-level entry", "application", "icoFoam", []string{"\napplication icoFoam;\n"}, nil},
		{"primitive to dict", "PISO/pRefCell", "{ a 1; }", []string{"pRefCell { a 1; }"}, []string{"pRefCell        0;"}},
		{"dict to primitive", "solvers/pFinal", "none", []string{"    pFinal none;\n    \"(U|k)\""}, []string{"$p;"}},
		{"new entry in one-line dict", "relaxationFactors/equations/U", "0.7",
			[]string{`equations { ".*" 0.9; U 0.7; } }`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := SetEntry([]byte(fvSolution), c.key, c.value)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("result lacks %q:\n%s", w, out)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(string(out), w) {
					t.Errorf("result still has %q:\n%s", w, out)
				}
			}
			// The edit must leave a dictionary the scanner reads, with the value in place.
			root, err := parseDict(out)
			if err != nil {
				t.Fatalf("result does not scan: %v\n%s", err, out)
			}
			es := root.find(splitKey(c.key))
			if len(es) != 1 {
				t.Fatalf("%d definitions of %s after set", len(es), c.key)
			}
			if got := string(out[es[0].valStart:es[0].valEnd]); got != c.value {
				t.Errorf("value = %q, want %q", got, c.value)
			}
		})
	}
}

func TestSetEntryDuplicates(t *testing.T) {
	src := "a 1;\nb 2;\na 3;\n"
	out, err := SetEntry([]byte(src), "a", "4")
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != "b 2;\na 4;\n" {
		t.Errorf("got %q", out)
	}
}

func TestSetEntryNotDict(t *testing.T) {
	if _, err := SetEntry([]byte(fvSolution), "PISO/nCorrectors/x", "1"); err == nil {
		t.Fatal("setting below a primitive entry succeeded")
	}
}

func TestRemoveEntry(t *testing.T) {
	cases := []struct {
		key     string
		gone    string
		keep    []string
		removed string // exact text expected after removal
	}{
		{key: "solvers/pFinal", gone: "pFinal", keep: []string{"DIC;\n    }\n    \"(U|k)\""}},
		{key: "PISO/pRefCell", gone: "pRefCell", keep: []string{"    nCorrectors     2;\n}"}},
		{key: "solvers/p/solver", gone: "PCG", keep: []string{"    {\n        preconditioner  DIC;"}},
		{key: `relaxationFactors/equations/.*`, gone: "0.9", keep: []string{"relaxationFactors { equations {  } }"}},
		{key: "relaxationFactors", gone: "relaxationFactors"},
	}
	for _, c := range cases {
		t.Run(c.key, func(t *testing.T) {
			out, err := RemoveEntry([]byte(fvSolution), c.key)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(out), c.gone) && c.gone != "PCG" || c.gone == "PCG" && strings.Contains(string(out), "PCG;") {
				t.Errorf("%q still present:\n%s", c.gone, out)
			}
			for _, k := range c.keep {
				if !strings.Contains(string(out), k) {
					t.Errorf("result lacks %q:\n%s", k, out)
				}
			}
			root, err := parseDict(out)
			if err != nil {
				t.Fatalf("result does not scan: %v\n%s", err, out)
			}
			if es := root.find(splitKey(c.key)); len(es) != 0 {
				t.Errorf("%s still found", c.key)
			}
		})
	}
	if _, err := RemoveEntry([]byte(fvSolution), "solvers/nope"); err == nil {
		t.Error("removing a missing key succeeded")
	}
}

func TestLocateCorners(t *testing.T) {
	src := `a div((nuEff*dev2(T(grad(U))))) Gauss linear;
b #eval{ -1.0*(1.0 + $r) };
c ${x} 1(wall);
d #{ code ; } #};
#includeEtc "caseDicts/setConstraintTypes"
e "str;ing";
f [0 2 -2 0 0 0 0];
g { h 1; }
`
	root, err := parseDict([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range root.entries {
		keys = append(keys, e.key)
	}
	if got := strings.Join(keys, " "); got != "a b c d #includeEtc e f g" {
		t.Errorf("keys = %q", got)
	}
	v, ok, err := Lookup([]byte(src), "a")
	if err != nil {
		t.Fatal(err)
	}
	if !ok || v != "div((nuEff*dev2(T(grad(U))))) Gauss linear" {
		t.Errorf("a = %q", v)
	}
	for _, bad := range []string{"a 1", "a { b 1;", "a 1; }", "/* open", `a "open;`, "a (1 2 }"} {
		if _, err := parseDict([]byte(bad)); err == nil {
			t.Errorf("%q scanned without error", bad)
		}
	}
}

// A multi-line value (a dictionary printed on its own) follows the entry's indentation.
func TestSetEntryIndentsBlocks(t *testing.T) {
	src := "solvers\n{\n    \"(U|k)\" { solver PCG; }\n    p\n    {\n        solver GAMG;\n    }\n}\n"
	out, err := SetEntry([]byte(src), "solvers/U", "{\n    solver smoothSolver;\n}")
	if err != nil {
		t.Fatal(err)
	}
	want := "solvers\n{\n    \"(U|k)\" { solver PCG; }\n    p\n    {\n        solver GAMG;\n    }\n    U {\n        solver smoothSolver;\n    }\n}\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	out, err = SetEntry([]byte(src), "solvers/p", "{\n    solver PCG;\n}")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "    p {\n        solver PCG;\n    }\n}") || !strings.Contains(string(out), `"(U|k)" { solver PCG; }`) {
		t.Errorf("got\n%s", out)
	}
}

// The FoamFile header is edited in place, not appended as a second header.
func TestSetEntryHeader(t *testing.T) {
	src := "FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       volScalarField;\n    object      U;\n}\n\ndimensions [0 1 -1 0 0 0 0];\n"
	out, err := SetEntry([]byte(src), "FoamFile/class", "volVectorField")
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Replace(src, "class       volScalarField;", "class volVectorField;", 1); string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if v, ok, err := Lookup([]byte(src), "FoamFile/object"); err != nil || !ok || v != "U" {
		t.Errorf("FoamFile/object = %q %v %v", v, ok, err)
	}
}

// TestApply: edits as rules return them (pointer keys may hold '/' escaped as ~1),
// applied in order; a missing file only takes create-file.
func TestApply(t *testing.T) {
	src := []byte("a 1;\nsub\n{\n    b 2;\n}\n")
	out, err := Apply(src, []finding.Edit{
		{Op: finding.EditSet, File: "f", Pointer: "/sub/b", Value: "3"},
		{Op: finding.EditAdd, File: "f", Pointer: "/sub/div(phi,U)", Value: "Gauss linear"},
		{Op: finding.EditAdd, File: "f", Pointer: "/x", Value: "{ c 4; }"},
		{Op: finding.EditRemove, File: "f", Pointer: "/a"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "sub\n{\n    b 3;\n    div(phi,U) Gauss linear;\n}\nx { c 4; }\n"
	if string(out) != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
	if k := Keys("/a~1b/c~0d"); strings.Join(k, "|") != "a/b|c~d" {
		t.Errorf("Keys = %q", k)
	}
	if _, err := Apply(nil, []finding.Edit{{Op: finding.EditAdd, File: "f", Pointer: "/a", Value: "1"}}); err == nil {
		t.Error("add to a missing file succeeded")
	}
	out, err = Apply(nil, []finding.Edit{{Op: finding.EditCreateFile, File: "f", Value: "a 1;\n"}, {Op: finding.EditSet, File: "f", Pointer: "/a", Value: "2"}})
	if err != nil || string(out) != "a 2;\n" {
		t.Fatalf("%q %v", out, err)
	}
	if _, err := Apply(src, []finding.Edit{{Op: "move", File: "f", Pointer: "/a"}}); err == nil {
		t.Error("unknown op accepted")
	}
	dir := t.TempDir()
	if err := ApplyDir(dir, []finding.Edit{{Op: finding.EditCreateFile, File: "constant/g", Value: "value (0 -9.81 0);\n"}}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "constant", "g")); err != nil || string(b) != "value (0 -9.81 0);\n" {
		t.Fatalf("%q %v", b, err)
	}
}
