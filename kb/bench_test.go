package kb

import (
	"testing"
)

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
