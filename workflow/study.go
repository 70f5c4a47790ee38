package workflow

import (
	"context"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/study"
)

// Study runs a study (foamc study, MCP run_study) with the session's kb and rules: each
// variant is compiled with the session's linter and gated as `foamc run` gates a case.
func (s *Session) Study(ctx context.Context, f *study.File, opt study.Options) (*study.Result, error) {
	if _, err := s.Engine(ctx); err != nil {
		return nil, err
	}
	k, err := s.KB()
	if err != nil {
		return nil, err
	}
	opt.Lint = s.Linter(&foamcase.Run{Command: "foamc run"})
	opt.Compile.Linter, opt.Compile.KB = s.Linter(nil), k
	return study.Run(ctx, f, opt)
}
