package runner

import (
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestBinaryMeshDecomposition: the cavity meshed by the real blockMesh with writeFormat
// binary is decomposed as the ASCII one (4 ranks: 2x2, the empty direction uncut), not as
// slabs along x.
func TestBinaryMeshDecomposition(t *testing.T) {
	for _, format := range []string{"ascii", "binary"} {
		d, why := meshDecomposition(foamtest.CavityMesh(t, format, "off"), 4)
		if d.Method != "hierarchical" || d.N != [3]int{2, 2, 1} || why != "least cut area for bounding box 0.1x0.1x0.01, 2D" {
			t.Errorf("%s cavity, 4 ranks: %+v (%s); want hierarchical (2 2 1) from the 0.1x0.1x0.01 2D box", format, d, why)
		}
	}
}
