package rules

import (
	"context"
	"testing"

	"github.com/foamc/foamc/kb"
)

// BenchmarkStartup is what one `foamc lint` process pays before evaluating: the kb data
// (already decoded: kb.Default is cached) and compiling the policy library.
func BenchmarkStartup(b *testing.B) {
	k, err := kb.Default()
	if err != nil {
		b.Fatal(err)
	}
	data := k.RulesData()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := New(context.Background(), Options{KB: data}); err != nil {
			b.Fatal(err)
		}
	}
}
