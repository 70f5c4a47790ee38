package rules

import (
	"context"
	"testing"

	"github.com/foamc/foamc/kb"
)

// BenchmarkStartup is what one `foamc lint` process pays before evaluating: data.kb from
// the embedded JSON (gunzipped once, as kb.DefaultRulesJSON caches it) and the policy
// library, from compiled.txtar (what New uses) and compiled from source.
func BenchmarkStartup(b *testing.B) {
	for _, bc := range []struct {
		name       string
		fromSource bool
	}{{"compiled", false}, {"source", true}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := New(context.Background(), Options{KBJSON: kb.DefaultRulesJSON, fromSource: bc.fromSource}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
