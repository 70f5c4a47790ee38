package kb

import (
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// BenchmarkBuild is the full v1912 build (sources scan + 383 tutorial cases):
// go test ./kb -run '^$' -bench BenchmarkBuild -benchtime 1x -count 3
func BenchmarkBuild(b *testing.B) {
	src := foamtest.SourceDir(b)
	for i := 0; i < b.N; i++ {
		if _, err := Build(BuildOptions{Src: src, Tutorials: src + "/tutorials"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRetrievers runs the five retrievers on the embedded snapshot.
func BenchmarkRetrievers(b *testing.B) {
	k, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	q := Query{Solver: "rhoCentralFoam", Turbulence: "kEpsilon", Target: "system/fvSchemes"}
	for i := 0; i < b.N; i++ {
		k.Cascade(q)
		k.AllModel(q)
		k.Template(Query{Solver: "sonicFoam", Turbulence: "kEpsilon", Target: "system/fvSolution"}, DefaultTau)
		k.BC(Query{Solver: "simpleFoam", Turbulence: "kEpsilon", Target: "0/nut"}, "nutkWallFunction")
		k.Keyword(q, "div(phi,epsilon)")
	}
}
