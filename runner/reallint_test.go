package runner

import (
	"context"
	"fmt"
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

// realLinter is the gate `foamc run` uses: the case document and every rule
// with the embedded kb (cmd/foamc/run.go newLinter).
func realLinter(t *testing.T) Linter {
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
	return func(dir string) ([]finding.Finding, error) {
		c, err := foamcase.Load(dir, foamcase.Options{})
		if err != nil {
			return nil, err
		}
		fs, err := engine.Evaluate(context.Background(), c.Document(), c)
		if err != nil {
			return nil, fmt.Errorf("lint %s: %w", dir, err)
		}
		return append(fs, c.Errors...), nil
	}
}
