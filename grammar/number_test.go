package grammar

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestDecodeFloatsExact: the fused decoder is bit-identical to strconv.ParseFloat on a spread
// of forms (fast path and fallback: long mantissas, big and small exponents, leading zeros).
func TestDecodeFloatsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var nums []string
	for i := 0; i < 20000; i++ {
		x := (r.Float64()*2 - 1) * math.Pow(10, float64(r.IntN(80)-40))
		nums = append(nums, strconv.FormatFloat(x, []byte("eEfg")[r.IntN(4)], r.IntN(20)-1, 64))
	}
	nums = append(nums, "0", "-0", "1.", ".5", "-.5", "0.000000000000000000001", "123456789012345678901234567890",
		"9.99e+299", "4.9e-300", "2e-310", "9007199254740993", "00000000000000000000012.5e-3", "1E22", "1e23")
	body := "(" + strings.Join(nums, " ") + ")"
	got, bad := decodeFloats(body, nil)
	if bad >= 0 {
		t.Fatalf("decode failed at %q", body[bad:min(len(body), bad+20)])
	}
	if len(got) != len(nums) {
		t.Fatalf("decoded %d of %d", len(got), len(nums))
	}
	for i, s := range nums {
		want, ok := parseScalar(s)
		if !ok {
			t.Fatalf("parseScalar(%q) failed", s)
		}
		if math.Float64bits(got[i]) != math.Float64bits(want) {
			t.Errorf("%q: got %v, want %v", s, got[i], want)
		}
	}
	for _, bad := range []string{"(1-2)", "(1e)", "(.)", "(1..2)", "(--1)"} {
		if _, at := decodeFloats(bad, nil); at < 0 {
			t.Errorf("%s decoded without error", bad)
		}
	}
}

func TestDecodeLabels(t *testing.T) {
	got, bad := decodeLabels("3(0 -1 2147483647 (4 5))", nil)
	if bad >= 0 || len(got) != 6 || got[0] != 3 || got[2] != -1 || got[3] != 2147483647 {
		t.Fatalf("%v %d", got, bad)
	}
	for _, s := range []string{"(2147483648)", "(1.5)", "(1e3)", "(-)"} {
		if _, at := decodeLabels(s, nil); at < 0 {
			t.Errorf("%s decoded as labels", s)
		}
	}
}

func TestNumListExpandMatchesGeneric(t *testing.T) {
	body := "(\n(1 2 3)\n(4 5e-1 -6)\n)"
	src := "k List<vector> 2" + body + ";"
	nl := mustParse(t, src).Body.Entries[0].(*PrimitiveEntry).Value[1].(*NumList)
	l := nl.Expand()
	if !l.Counted || l.Count != 2 || len(l.Items) != 2 {
		t.Fatalf("expand %+v", l)
	}
	second := l.Items[1].(*List)
	if second.Pos.Line != 3 || second.Pos.Column != 1 || second.Items[1].(*Number).Raw != "5e-1" || second.Items[1].Span().Pos.Column != 4 {
		t.Fatalf("positions %+v", second)
	}
	tup, err := nl.Tuples()
	if err != nil || len(tup) != 2 || tup[1][2] != -6 {
		t.Fatalf("tuples %v %v", tup, err)
	}
	built := NewNumList([]float64{1, 2, 3, 4, 0.5, -6}, 3)
	vals, err := built.Floats()
	if err != nil || len(vals) != 6 || vals[4] != 0.5 || built.Width != 3 || built.Count != 2 {
		t.Fatalf("built %v %v %+v", vals, err, built)
	}
	f := mustParse(t, "k List<vector> "+built.Raw+";")
	if again := f.Body.Entries[0].(*PrimitiveEntry).Value[1].(*NumList); again.Raw != built.Raw {
		t.Fatalf("built NumList does not read back: %q", again.Raw)
	}
}

// TestParallelTupleDecode: the multi-core path for big tuple lists gives exactly the sequential
// result, and falls back (to a located error) on a bad number.
func TestParallelTupleDecode(t *testing.T) {
	vals := fieldValues(200_000)
	nl := NewNumList(vals, 3)
	if len(nl.Raw) < parallelMin {
		t.Fatalf("test list too small (%d bytes) for the parallel path", len(nl.Raw))
	}
	got, err := nl.Floats()
	if err != nil || len(got) != len(vals) {
		t.Fatalf("%d values, %v", len(got), err)
	}
	for i := range vals {
		if math.Float64bits(got[i]) != math.Float64bits(vals[i]) {
			t.Fatalf("value %d: %v want %v", i, got[i], vals[i])
		}
	}
	seq, bad := decodeFloats(nl.Raw[strings.IndexByte(nl.Raw, '('):], nil)
	if bad >= 0 || len(seq) != len(got) {
		t.Fatal("sequential decode differs")
	}
	broken := &NumList{Raw: strings.Replace(nl.Raw, "(", "(1-2 ", 150_000), Counted: true, Count: nl.Count, Width: 3}
	if _, err := broken.Floats(); err == nil || !strings.Contains(err.Error(), "1-2") {
		t.Fatalf("bad number not reported: %v", err)
	}
}
