package specmatrix_test

import (
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/eval/specmatrix"
	"github.com/foamc/foamc/internal/foamtest"
)

// waterScalarSample is CI's sample of the shallow-water and passive-scalar specs: a stream
// and a dam break in shallowWaterFoam, a scalarTransportFoam duct, a tracer function object
// and an unsatisfiable spec.
var waterScalarSample = []string{"w01-", "w03-", "w07-", "w13-", "w19-"}

// TestGeneratedMatrixWaterScalar compiles (linted with the full rule library) and runs the
// shallow-water and passive-scalar specs in v1912: >= 20 steps without FATAL, nan or a
// floating point exception; the unsatisfiable ones refused with a located conflict.
// -matrix=all runs every spec (make matrix).
func TestGeneratedMatrixWaterScalar(t *testing.T) {
	foamtest.RequireBinary(t, "blockMesh")
	gs := specmatrix.GenerateWaterScalar(filepath.Join(foamtest.SourceDir(t), "tutorials"), filepath.Join(foamtest.RepoRoot(), "eval", "specmatrix", "meshes"))
	if len(gs) < 20 {
		t.Fatalf("%d specs, want at least 20", len(gs))
	}
	if *matrixMode != "all" {
		gs = sampleOf(gs, waterScalarSample)
	}
	generatedMatrix(t, gs).test(t)
}
