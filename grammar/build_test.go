package grammar

import (
	"bytes"
	"slices"
	"testing"
)

// TestBuildAndFormat: a field built in code formats like the tutorials and parses back to the
// same tree.
func TestBuildAndFormat(t *testing.T) {
	body := NewDict()
	body.Set("dimensions", Dims(0, 1, -1, 0, 0, 0, 0))
	body.Set("internalField", Uniform(Vector(1, 0, 0))...)
	bf := body.SetDict("boundaryField")
	in := bf.SetDict("inlet")
	in.Set("type", NewWord("fixedValue"))
	in.Set("value", Uniform(Vector(10, 0, 0))...)
	bf.SetDict("outlet").Set("type", NewWord("zeroGradient"))
	walls := bf.SetDict("walls")
	walls.Set("type", NewWord("noSlip"))
	bf.SetDict("inlet").Set("value", Uniform(Vector(1, 0, 0))...) // replaced in place
	body.Add(&PrimitiveEntry{Key: RegexKey("(a|b)"), Value: []Item{Num(1e-05)}})
	body.Set("files", ListOf(Str("a.stl"), Str(`q"uote`)))
	body.Set("blocks", ListOf(NewWord("hex"), Nums(0, 1, 2, 3, 4, 5, 6, 7), Nums(20, 20, 1), NewWord("simpleGrading"), Nums(1, 1, 1)))
	body.Set("flag")
	f := NewFile("volVectorField", "U", "0", body)
	got := string(Format(f))
	want := `/*--------------------------------*- C++ -*----------------------------------*\
| =========                 |                                                 |
| \\      /  F ield         | OpenFOAM: The Open Source CFD Toolbox           |
|  \\    /   O peration     | Version:  v1912                                 |
|   \\  /    A nd           | Website:  www.openfoam.com                      |
|    \\/     M anipulation  |                                                 |
\*---------------------------------------------------------------------------*/
FoamFile
{
    version     2.0;
    format      ascii;
    class       volVectorField;
    location    "0";
    object      U;
}
// * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * //

dimensions      [0 1 -1 0 0 0 0];
internalField   uniform (1 0 0);

boundaryField
{
    inlet
    {
        type            fixedValue;
        value           uniform (1 0 0);
    }
    outlet
    {
        type            zeroGradient;
    }
    walls
    {
        type            noSlip;
    }
}

"(a|b)"         1e-05;
files           ("a.stl" "q\"uote");

blocks
(
    hex
    (0 1 2 3 4 5 6 7)
    (20 20 1)
    simpleGrading
    (1 1 1)
);

flag;

// ************************************************************************* //
`
	if got != want {
		t.Fatalf("Format:\n%s\nwant:\n%s", got, want)
	}
	g, err := Parse("U", []byte(got))
	if err != nil {
		t.Fatal(err)
	}
	f.Comments = g.Comments // the banner comes back as comments
	f.StandardBanner = false
	if dumpAST(g) != dumpAST(f) {
		t.Fatalf("built and reparsed trees differ:%s", firstDiff(dumpAST(f), dumpAST(g)))
	}
	var buf bytes.Buffer
	if err := Print(&buf, g); err != nil || buf.String() != got {
		t.Fatalf("Print of the formatted file differs:\n%s", buf.String())
	}
}

func TestBuilderEditsKeepPositions(t *testing.T) {
	f, err := Parse("d", []byte("// head\na 1; // one\nb\n{\n    c 2;\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	f.Body.Set("a", Num(3))
	f.Body.SetDict("b").Set("d", NewWord("x"))
	f.Body.Set("e", Label(5))
	var buf bytes.Buffer
	Print(&buf, f)
	want := "// head\na 3; // one\nb\n{\n    c 2;\n    d x;\n}\ne 5;\n"
	if buf.String() != want {
		t.Fatalf("Print after edits:\n%q\nwant\n%q", buf.String(), want)
	}
	if !f.Body.Remove("e") || f.Body.Find("e") != nil || f.Body.Find("a") == nil {
		t.Fatal("Remove/Find")
	}
}

func TestNumFormsReadBack(t *testing.T) {
	for _, v := range []float64{0, 1, -1, 0.1, 1e-05, 1.5e-05, 300, 2147483648, 1e300, -2.5e-300, 123456.789} {
		n := Num(v)
		k, _, f, ok := classifyNumber(n.Raw)
		if !ok || f != v || k != n.Kind {
			t.Errorf("Num(%v) = %q reads back as %v %v %v", v, n.Raw, k, f, ok)
		}
	}
}

func TestListWords(t *testing.T) {
	f, err := Parse("d", []byte("species (O2 \"x\" N2) 3 (CH4);\n"))
	if err != nil {
		t.Fatal(err)
	}
	e := f.Body.Find("species").(*PrimitiveEntry)
	if got := ListWords(e.Value); !slices.Equal(got, []string{"O2", "N2", "CH4"}) {
		t.Errorf("ListWords = %v", got)
	}
}
