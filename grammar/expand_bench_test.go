package grammar

import (
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// BenchmarkExpandFvSolution expands a typical fvSolution (regex keys, $-substitution
// entries) and maps it to JSON.
func BenchmarkExpandFvSolution(b *testing.B) {
	path := filepath.Join(foamtest.Tutorials(b), "basic/potentialFoam/pitzDaily/system/fvSolution")
	f, err := ParseFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		x := Expand(f, path, ExpandOptions{})
		_ = x.Value(ValueOptions{})
	}
}

// BenchmarkExpandIncludes expands a field file with #include and #includeEtc
// (motorBike 0.orig/U), parsing the included files each time.
func BenchmarkExpandIncludes(b *testing.B) {
	path := filepath.Join(foamtest.Tutorials(b), "incompressible/simpleFoam/motorBike/0.orig/U")
	foamtest.RequireBinary(b, "foamDictionary")
	b.ReportAllocs()
	for b.Loop() {
		x, err := ExpandFile(path, ExpandOptions{})
		if err != nil {
			b.Fatal(err)
		}
		_ = x.Value(ValueOptions{})
	}
}
