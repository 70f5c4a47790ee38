package rules

import "github.com/foamc/foamc/suggest"

// DidYouMean is suggest.DidYouMean, kept for the callers of the rules API (runner): the
// candidates closest to word, at most three, deterministic.
func DidYouMean(word string, candidates []string) []string {
	return suggest.DidYouMean(word, candidates)
}
