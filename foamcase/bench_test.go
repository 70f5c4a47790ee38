package foamcase

import (
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// BenchmarkLoadPitzDaily loads a whole case (15 dictionaries, mesh from blockMeshDict)
// and builds its document.
func BenchmarkLoadPitzDaily(b *testing.B) {
	dir := filepath.Join(foamtest.Tutorials(b), "incompressible/simpleFoam/pitzDaily")
	b.ReportAllocs()
	for b.Loop() {
		c, err := Load(dir, Options{})
		if err != nil {
			b.Fatal(err)
		}
		_ = c.Document()
	}
}
