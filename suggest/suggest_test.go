package suggest

import (
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	cases := []struct {
		a, b string
		d    int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "abc", 3}, {"kitten", "sitting", 3},
		{"fixedValue", "fiexdValue", 1},                    // one adjacent transposition
		{"ca", "abc", 3},                                   // OSA, not full Damerau-Levenshtein (2)
		{"zeroGradient", "zeroGradient", 0}, {"Ä", "A", 1}, // runes, not bytes
		{"U", "u", 1}, // case-sensitive
	}
	for _, c := range cases {
		if got := Distance(c.a, c.b); got != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
		if got := Distance(c.b, c.a); got != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetric)", c.b, c.a, got, c.d)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	cands := []string{"fixedValue", "fixedGradient", "zeroGradient", "totalPressure", "inletOutlet", "fixedValue"}
	cases := map[string][]string{
		"fixedValu":    {"fixedValue"},
		"fiexdValue":   {"fixedValue"},
		"zeroGradeint": {"zeroGradient"},
		"qqq":          nil,
		"inletoutlet":  {"inletOutlet"},
		"fixedValue":   nil, // the word itself is no suggestion
	}
	for w, want := range cases {
		got := DidYouMean(w, cands)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("DidYouMean(%q) = %v, want %v", w, got, want)
		}
	}
	// OpenFOAM's solver names, as the runner's nearest-name repair offers them.
	solvers := []string{"GAMG", "PBiCG", "PBiCGStab", "smoothSolver"}
	for in, want := range map[string]string{"PCG": "PBiCG", "GAMGG": "GAMG", "smoothsolver": "smoothSolver", "completelyDifferent": ""} {
		got := append(DidYouMean(in, solvers), "")
		if got[0] != want {
			t.Errorf("DidYouMean(%q) = %v, want %q first", in, got, want)
		}
	}
	// Ties at the smallest distance: alphabetical, at most three, whatever the input order.
	ties := []string{"kd", "ka", "kc", "kb"}
	if got := DidYouMean("k", ties); strings.Join(got, ",") != "ka,kb,kc" {
		t.Errorf("ties = %v, want ka,kb,kc", got)
	}
}

func TestClosest(t *testing.T) {
	known := []string{"solver", "turbulence", "mesh", "boundaries"}
	cases := map[string]string{
		"solvr":      "solver",
		"Solver":     "solver", // case-insensitive
		"turbulance": "turbulence",
		"boundarys":  "boundaries",
		"xyzzy":      "",
		"tubrulence": "turbulence", // transposition
	}
	for in, want := range cases {
		if got := Closest(in, known); got != want {
			t.Errorf("Closest(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Closest("ab", []string{"ax", "ay"}); got != "ax" {
		t.Errorf("tie = %q, want the earliest (ax)", got)
	}
	if got := Closest("x", nil); got != "" {
		t.Errorf("no candidates = %q", got)
	}
}
