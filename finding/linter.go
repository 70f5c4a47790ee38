package finding

import "context"

// Linter lints a case directory into findings: the compiler's full check of the case it
// wrote, the runner's gate and the re-lint of every repair. compiler.Linter and
// runner.Linter are this one interface; the use-case layer (workflow) builds the one
// implementation the front ends use.
type Linter interface {
	LintDir(ctx context.Context, dir string) ([]Finding, error)
}

// LintFunc is a function as a Linter.
type LintFunc func(ctx context.Context, dir string) ([]Finding, error)

// LintDir calls f.
func (f LintFunc) LintDir(ctx context.Context, dir string) ([]Finding, error) { return f(ctx, dir) }
