package compiler

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestBinaryPolyMesh: the cavity meshed by the real blockMesh with writeFormat binary gives
// the compiler the same extent and smallest cell edge as the ASCII mesh (the ASCII points
// are rounded to 6 digits), not zero.
func TestBinaryPolyMesh(t *testing.T) {
	read := func(format string) *meshInfo {
		m, err := readPolyMesh(filepath.Join(foamtest.CavityMesh(t, format, "off"), "constant", "polyMesh"))
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	ascii, bin := read("ascii"), read("binary")
	if ascii.Extent != [3]float64{0.1, 0.1, 0.01} || math.Abs(ascii.DxMin-0.005) > 1e-12 {
		t.Fatalf("ascii cavity: extent %v dxMin %v, want [0.1 0.1 0.01] and 0.005", ascii.Extent, ascii.DxMin)
	}
	for d := range 3 {
		if math.Abs(bin.Extent[d]-ascii.Extent[d]) > 1e-12 {
			t.Errorf("binary cavity extent %v, ascii %v", bin.Extent, ascii.Extent)
		}
	}
	if math.Abs(bin.DxMin-ascii.DxMin) > 1e-12 {
		t.Errorf("binary cavity dxMin %v, ascii %v", bin.DxMin, ascii.DxMin)
	}
}
