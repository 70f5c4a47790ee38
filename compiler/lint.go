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
	c, err := foamcase.Load(dir, foamcase.Options{})
	if err != nil {
		return nil, fmt.Errorf("compiler: loading the compiled case: %w", err)
	}
	fs, err := l.Engine.Evaluate(ctx, c.Document(), c)
	if err != nil {
		return nil, err
	}
	return append(append([]finding.Finding(nil), c.Errors...), fs...), nil
}
