// Package lazyre compiles a regular expression on first use. Package-level expressions
// of code most foamc runs never reach (the kb builder's source scanners, the runner's log
// classification) would otherwise be compiled at every start: ~1 ms of a 40 ms lint.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled by its first Re call.
type Regexp struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
}

// New returns expr, compiled (with regexp.MustCompile) when first used.
func New(expr string) *Regexp { return &Regexp{expr: expr} }

// Re returns the compiled expression; it panics on an invalid one, like MustCompile.
func (l *Regexp) Re() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.expr) })
	return l.re
}
