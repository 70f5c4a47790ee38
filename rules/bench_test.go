package rules

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/internal/foamtest"
)

// BenchmarkNew measures compiling the policy library and preparing the query.
func BenchmarkNew(b *testing.B) {
	kb := fixtureKB(b)
	for i := 0; i < b.N; i++ {
		if _, err := New(context.Background(), Options{KB: kb}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLintPitzDaily measures loading and evaluating one tutorial case.
func BenchmarkLintPitzDaily(b *testing.B) {
	dir := filepath.Join(foamtest.Tutorials(b), "incompressible", "simpleFoam", "pitzDaily")
	e, err := New(context.Background(), Options{KB: fixtureKB(b)})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := e.LintDir(context.Background(), dir, foamcase.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadPitzDaily is the foamcase share of BenchmarkLintPitzDaily.
func BenchmarkLoadPitzDaily(b *testing.B) {
	dir := filepath.Join(foamtest.Tutorials(b), "incompressible", "simpleFoam", "pitzDaily")
	for i := 0; i < b.N; i++ {
		if _, err := foamcase.Load(dir, foamcase.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
