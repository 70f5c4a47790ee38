package compiler

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
	"github.com/foamc/foamc/kb"
)

// Compile time of one spec in process (spec load + CSP + emission + provenance), without and
// with the kb retrievers, and with the full rule check of the result. The whole-process time
// (kb load, rule compilation) is measured by scripts/bench-compile.sh.
func benchCompile(b *testing.B, opts Options) {
	path := filepath.Join(foamtest.RepoRoot(), "examples", "channel-step", "spec.yaml")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CompileFile(ctx, path, opts); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompileCurated(b *testing.B) { benchCompile(b, Options{}) }

func BenchmarkCompileKB(b *testing.B) {
	k, err := kb.Default()
	if err != nil {
		b.Fatal(err)
	}
	benchCompile(b, Options{KB: k})
}

func BenchmarkCompileKBLint(b *testing.B) {
	k, err := kb.Default()
	if err != nil {
		b.Fatal(err)
	}
	l, err := NewRulesLinterKB(context.Background(), k)
	if err != nil {
		b.Fatal(err)
	}
	benchCompile(b, Options{KB: k, Linter: l})
}
