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
// (foamcase) and evaluated by the Rego policy library with the kb's data.kb. The front
// ends take theirs from the use-case layer (workflow.Session.Linter); this one serves
// the compiler's and the spec matrix's tests.
type RulesLinter struct {
	Engine *rules.Engine
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
	res, err := l.Engine.LintDir(ctx, dir, foamcase.Options{})
	if err != nil {
		return nil, fmt.Errorf("compiler: linting the compiled case: %w", err)
	}
	return res.Findings, nil
}
