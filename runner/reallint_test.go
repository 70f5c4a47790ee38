package runner

import (
	"context"
	"sync"
	"testing"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/rules"
)

var (
	engineOnce sync.Once
	engine     *rules.Engine
	engineErr  error
)

// realLinter is the gate `foamc run` uses by default: every rule with the
// embedded kb (cmd/foamc/flags.go linter), for a run the caller does not know.
func realLinter(t *testing.T) Linter { return realLinterFor(t, nil) }

// realLinterFor lints for the given run, as `foamc gate -- argv` (foamcase.RunOf).
func realLinterFor(t *testing.T, run *foamcase.Run) Linter {
	t.Helper()
	engineOnce.Do(func() {
		k, err := kb.Default()
		if err != nil {
			engineErr = err
			return
		}
		engine, engineErr = rules.New(context.Background(), rules.Options{KB: k.RulesData()})
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return finding.LintFunc(func(ctx context.Context, dir string) ([]finding.Finding, error) {
		res, err := engine.LintDir(ctx, dir, foamcase.Options{Run: run})
		return res.Findings, err
	})
}

// kbRetriever is the deterministic repair retriever `foamc run --repair` uses:
// the embedded kb, without the foamDictionary fallback, so that tests measure
// what the kb alone repairs.
func kbRetriever(t testing.TB) *KBRetriever {
	t.Helper()
	k, err := kb.Default()
	if err != nil {
		t.Fatal(err)
	}
	return &KBRetriever{KB: k}
}
