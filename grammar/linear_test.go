package grammar

import (
	"bytes"
	"strings"
	"testing"
)

// Parse work must grow linearly with the input: no construct may make the parser revisit
// input (participle backtracking is bounded by UseLookahead(2), the fast paths scan once).
// Measured by allocations and allocated bytes, which are deterministic, never by wall time.

func allocsOf(t *testing.T, src []byte) (allocs float64, bytesPerRun float64) {
	t.Helper()
	if _, err := Parse("linear", src); err != nil {
		t.Fatalf("parse: %v", err)
	}
	allocs = testing.AllocsPerRun(1, func() { Parse("linear", src) })
	var before, after runtimeMem
	before.read()
	Parse("linear", src)
	after.read()
	return allocs, float64(after.bytes - before.bytes)
}

// checkLinear asserts that 10x the input costs at most 10x (plus slack) the allocations.
func checkLinear(t *testing.T, name string, gen func(n int) []byte, small, large int) {
	t.Helper()
	a1, b1 := allocsOf(t, gen(small))
	a2, b2 := allocsOf(t, gen(large))
	ratio := float64(large) / float64(small)
	if a2 > a1*ratio*1.5 || b2 > b1*ratio*1.5+1<<20 {
		t.Errorf("%s: %d -> %d grew allocs %.0f -> %.0f and bytes %.0f -> %.0f (input grew %.0fx)",
			name, small, large, a1, a2, b1, b2, ratio)
	}
	t.Logf("%s: allocs %.0f -> %.0f, bytes %.0f -> %.0f for %.0fx input", name, a1, a2, b1, b2, ratio)
}

// Nesting is bounded by maxNesting (64): depth 6 against depth 60.
func TestLinearNesting(t *testing.T) {
	checkLinear(t, "nested dictionaries", func(n int) []byte {
		return []byte(strings.Repeat("a {\n", n) + "b 1;\n" + strings.Repeat("}\n", n))
	}, 6, 60)
	checkLinear(t, "nested lists of words", func(n int) []byte {
		return []byte("k " + strings.Repeat("( w ", n) + strings.Repeat(") ", n) + ";")
	}, 6, 60)
	checkLinear(t, "nested blocks in values", func(n int) []byte {
		return []byte("k " + strings.Repeat("x { y ", n) + "1;" + strings.Repeat(" };", n))
	}, 6, 60)
	checkLinear(t, "nested numeric lists", func(n int) []byte {
		return []byte("k " + strings.Repeat("(1 ", n) + strings.Repeat(")", n) + ";")
	}, 6, 60)
}

func TestLinearRepetition(t *testing.T) {
	entry := "div(phi,U)      Gauss linearUpwind grad(U);\n\"(U|k)\" { solver smoothSolver; tolerance 1e-05; }\nv (1 2 3) [0 1 -1 0 0 0 0] $x #include \"f\"\n;\n"
	checkLinear(t, "repeated entries", func(n int) []byte {
		return []byte(strings.Repeat(entry, n))
	}, 30, 300)
	checkLinear(t, "long uncounted word list", func(n int) []byte {
		return []byte("patches (" + strings.Repeat(" inlet outlet", n) + " );")
	}, 300, 3000)
}

// TestLinearTutorials: each tutorial file concatenated 4 times (body only) costs at most
// about 4x the allocations of the file, for 8 large (>20 kB) text dictionaries.
func TestLinearTutorials(t *testing.T) {
	files, _ := tutorialCorpus(t)
	checked := 0
	for _, cf := range files {
		if len(cf.src) < 20000 || bytes.Contains(cf.src, []byte("binary")) {
			continue
		}
		f, err := Parse(cf.rel, cf.src)
		if err != nil || f.IsList() || f.Stray != nil {
			continue
		}
		body := cf.src
		four := bytes.Repeat(append(append([]byte{}, body...), '\n'), 4)
		a1, _ := allocsOf(t, body)
		a4, _ := allocsOf(t, four)
		if a4 > a1*4*1.5 {
			t.Errorf("%s: 4x input grew allocs %.0f -> %.0f", cf.rel, a1, a4)
		}
		checked++
		if checked == 8 {
			break
		}
	}
	if checked < 8 {
		t.Fatalf("only %d tutorial files checked", checked)
	}
}
