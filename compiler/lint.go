package compiler

import (
	"context"
	"fmt"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/rules"
)

// RulesLinter is the full rule check: the case directory is loaded into a case document
// (foamcase) and evaluated by the Rego policy library with the kb's data.kb.
type RulesLinter struct {
	Engine *rules.Engine
	// ready is closed once a background build (StartRulesLinter) has set Engine or err.
	ready chan struct{}
	err   error
}

// StartRulesLinter builds the rule engine in the background, so that compiling overlaps
// with compiling the policies; LintDir waits for it.
func StartRulesLinter(ctx context.Context, k *kb.KB) *RulesLinter {
	l := &RulesLinter{ready: make(chan struct{})}
	go func() {
		defer close(l.ready)
		built, err := NewRulesLinterKB(ctx, k)
		if err != nil {
			l.err = err
			return
		}
		l.Engine = built.Engine
	}()
	return l
}

// NewRulesLinter builds the linter over the embedded kb and the built-in policies.
func NewRulesLinter(ctx context.Context) (*RulesLinter, error) {
	k, err := kb.Default()
	if err != nil {
		return nil, fmt.Errorf("compiler: loading the kb for the rules: %w", err)
	}
	return NewRulesLinterKB(ctx, k)
}

// NewRulesLinterKB builds the linter with a given kb (its data.kb feeds the rules).
func NewRulesLinterKB(ctx context.Context, k *kb.KB) (*RulesLinter, error) {
	e, err := rules.New(ctx, rules.Options{KB: k.RulesData()})
	if err != nil {
		return nil, fmt.Errorf("compiler: building the rule engine: %w", err)
	}
	return &RulesLinter{Engine: e}, nil
}

// LintDir implements Linter.
func (l *RulesLinter) LintDir(ctx context.Context, dir string) ([]finding.Finding, error) {
	if l.ready != nil {
		select {
		case <-l.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if l.err != nil {
			return nil, l.err
		}
	}
	res, err := l.Engine.LintDir(ctx, dir, foamcase.Options{})
	if err != nil {
		return nil, fmt.Errorf("compiler: linting the compiled case: %w", err)
	}
	return res.Findings, nil
}
