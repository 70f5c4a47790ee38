package verify

import (
	"math"
	"testing"

	"github.com/foamc/foamc/internal/foamtest"
)

// TestBinaryMeshMeasures: verify's mesh-based measures (the box of the flow-through time,
// patch areas of the balances, cell volumes of the stored energy) are the same on the
// cavity meshed by the real blockMesh with writeFormat binary as with ascii.
func TestBinaryMeshMeasures(t *testing.T) {
	type measures struct {
		lo, hi         [3]float64
		lid, frontArea float64
		cells          int
		volume         float64
	}
	measure := func(format string) measures {
		dir := foamtest.CavityMesh(t, format, "off")
		var m measures
		var err error
		if m.lo, m.hi, err = meshBox(dir); err != nil {
			t.Fatal(err)
		}
		ps, err := readPatches(dir)
		if err != nil {
			t.Fatal(err)
		}
		areas, err := patchAreas(dir, ps, map[string]bool{"movingWall": true, "frontAndBack": true})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range areas["movingWall"] {
			m.lid += a[1]
		}
		for _, a := range areas["frontAndBack"] {
			m.frontArea += math.Abs(a[2])
		}
		vol, err := cellVolumes(dir)
		if err != nil {
			t.Fatal(err)
		}
		m.cells = len(vol)
		for _, v := range vol {
			m.volume += v
		}
		return m
	}
	ascii, bin := measure("ascii"), measure("binary")
	want := measures{hi: [3]float64{0.1, 0.1, 0.01}, lid: 0.001, frontArea: 0.02, cells: 400, volume: 1e-4}
	for name, m := range map[string]measures{"ascii": ascii, "binary": bin} {
		ok := m.cells == want.cells
		for d := range 3 {
			ok = ok && math.Abs(m.lo[d]-want.lo[d]) < 1e-12 && math.Abs(m.hi[d]-want.hi[d]) < 1e-12
		}
		for _, p := range [][2]float64{{m.lid, want.lid}, {m.frontArea, want.frontArea}, {m.volume, want.volume}} {
			ok = ok && math.Abs(p[0]-p[1]) < 1e-9*p[1]
		}
		if !ok {
			t.Errorf("%s cavity: %+v, want %+v", name, m, want)
		}
	}
}
