package mine

import (
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// BenchmarkBuild is the full v1912 build (sources scan + 383 tutorial cases):
// go test ./kb/mine -run '^$' -bench BenchmarkBuild -benchtime 1x -count 3
func BenchmarkBuild(b *testing.B) {
	src := foamtest.SourceDir(b)
	for i := 0; i < b.N; i++ {
		if _, err := Build(BuildOptions{Src: src, Tutorials: src + "/tutorials"}); err != nil {
			b.Fatal(err)
		}
	}
}
