// Package suggest is foamc's one "did you mean": edit distance between names and the
// deterministic choice of suggestions. It has no dependencies, so every layer (rules, kb,
// schema, the runner) can use it.
package suggest

import (
	"sort"
	"strings"
)

// Distance is the optimal string alignment distance between a and b (Damerau-Levenshtein
// with adjacent transpositions, no substring edited twice), over runes and case-sensitive:
// OpenFOAM names are.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// DidYouMean returns the candidates closest to word by Distance, at most three, all at the
// smallest distance found, alphabetical so the output is deterministic. Candidates farther
// than a third of the word's length (at least 2 edits) are not suggestions, nor is word
// itself.
func DidYouMean(word string, candidates []string) []string {
	limit := max(len([]rune(word))/3, 2)
	type cand struct {
		s string
		d int
	}
	var cs []cand
	seen := map[string]bool{}
	for _, c := range candidates {
		if c == word || seen[c] {
			continue
		}
		seen[c] = true
		if d := Distance(word, c); d <= limit {
			cs = append(cs, cand{c, d})
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].s < cs[j].s
	})
	var out []string
	for i := 0; i < len(cs) && i < 3; i++ {
		if cs[i].d > cs[0].d {
			break
		}
		out = append(out, cs[i].s)
	}
	return out
}

// Closest returns the one known name nearest to name, ignoring case (spec field names,
// where `Solver` for `solver` is a typo too), or "" when none is within half the name's
// length (at least 2 edits). Ties go to the earliest in known.
func Closest(name string, known []string) string {
	best, bestD := "", -1
	lname := strings.ToLower(name)
	for _, k := range known {
		if d := Distance(lname, strings.ToLower(k)); bestD < 0 || d < bestD {
			best, bestD = k, d
		}
	}
	if bestD < 0 || bestD > max(len(name)/2, 2) {
		return ""
	}
	return best
}
