// Package workflow is foamc's use-case layer: the session (package workflow/session:
// the knowledge base, the rule engine and its data.kb, the linter of a case for the run
// it guards) with compile (and the prompt-to-spec loop), run, gate and verify, assembled
// once for the front ends. The CLI (cmd/foamc) and the MCP server (mcpserver) fill a
// Session's options and requests and render what comes back; the language server takes
// the same session.Session. None of them assembles the library on its own.
package workflow

import (
	"context"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/runner"
	"github.com/foamc/foamc/verify"
	"github.com/foamc/foamc/workflow/session"
)

// Session is a session.Session (kb, engine, linter, lint) with the use cases that
// compile and run.
type Session struct {
	*session.Session
}

// New returns a session; nothing is loaded yet.
func New(opts session.Options) *Session { return &Session{session.New(opts)} }

// Gate runs argv on a judged snapshot of dir (runner.Gate) with the linter for that
// command's run (foamcase.RunOf); opt.Lint is set here.
func (s *Session) Gate(ctx context.Context, dir string, opt runner.GateOptions) (runner.GateResult, error) {
	run := foamcase.RunOf(opt.Argv)
	opt.Lint = s.Linter(&run)
	return runner.Gate(ctx, dir, opt)
}

// Verify judges the results a run left in dir (verify.Case): it needs neither the kb
// nor the rules.
func Verify(dir string, opt verify.Options) (*verify.Result, error) {
	return verify.Case(dir, opt)
}
