package compiler

import (
	"fmt"
	"math"
)

// blockFace is the geometry of a block face with straight edges (a curved edge counts by its
// chord: an estimate): its vector area and centre, in metres.
type blockFace struct{ Area, Centre [3]float64 }

func newBlockFace(scale float64, a, b, c, d [3]float64) blockFace {
	var f blockFace
	// Vector area of a quad (also a triangle with a repeated vertex): half the cross product
	// of its diagonals.
	d1 := [3]float64{c[0] - a[0], c[1] - a[1], c[2] - a[2]}
	d2 := [3]float64{d[0] - b[0], d[1] - b[1], d[2] - b[2]}
	cr := [3]float64{d1[1]*d2[2] - d1[2]*d2[1], d1[2]*d2[0] - d1[0]*d2[2], d1[0]*d2[1] - d1[1]*d2[0]}
	for i := range 3 {
		f.Area[i] = 0.5 * scale * scale * cr[i]
		f.Centre[i] = scale * (a[i] + b[i] + c[i] + d[i]) / 4
	}
	return f
}

func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// patchArea is the area of a blockMeshDict patch and its mean unit normal; false when the
// mesh does not show it (polyMesh, gmsh, the default patch).
func (m *meshInfo) patchArea(name string) (float64, [3]float64, bool) {
	p := m.patch(name)
	if p == nil || len(p.faceKeys) == 0 || m.blockFaces == nil {
		return 0, [3]float64{}, false
	}
	var sum [3]float64
	for _, k := range p.faceKeys {
		f, ok := m.blockFaces[k]
		if !ok {
			return 0, [3]float64{}, false
		}
		// Faces of one patch may be listed with either orientation: align them.
		sgn := 1.0
		if dot(f.Area, sum) < 0 {
			sgn = -1
		}
		for i := range 3 {
			sum[i] += sgn * f.Area[i]
		}
	}
	a := mag(sum)
	if a == 0 {
		return 0, [3]float64{}, false
	}
	return a, [3]float64{sum[0] / a, sum[1] / a, sum[2] / a}, true
}

// nozzle is the passage a blockMeshDict shows between an inlet and an outlet patch.
type nozzle struct{ Inlet, Throat, Exit float64 }

// nozzleGeometry reads the inlet and exit areas of the passage and its throat: the smallest
// cross-section, from the block faces parallel to the inlet grouped by their position along
// the inlet normal. A group counts as a cross-section only when it has as many faces as the
// inlet (it spans the passage as the inlet does); otherwise the throat is the smaller of the
// inlet and the exit. False when the mesh shows no such passage (not a blockMeshDict, or an
// outlet not parallel to the inlet).
func (m *meshInfo) nozzleGeometry(inlet, outlet string) (nozzle, bool) {
	ain, n, ok1 := m.patchArea(inlet)
	aout, nOut, ok2 := m.patchArea(outlet)
	if !ok1 || !ok2 || math.Abs(dot(n, nOut)) < 0.99 {
		return nozzle{}, false
	}
	nIn := len(m.patch(inlet).faceKeys)
	L := math.Max(m.Extent[0], math.Max(m.Extent[1], m.Extent[2]))
	type station struct {
		area  float64
		faces int
	}
	stations := map[int64]*station{}
	for _, f := range m.blockFaces {
		a := mag(f.Area)
		if a == 0 || math.Abs(dot(f.Area, n))/a < 0.99 {
			continue
		}
		s := int64(math.Round(dot(f.Centre, n) / (1e-6 * L)))
		if stations[s] == nil {
			stations[s] = &station{}
		}
		stations[s].area += math.Abs(dot(f.Area, n))
		stations[s].faces++
	}
	nz := nozzle{Inlet: ain, Exit: aout, Throat: math.Min(ain, aout)}
	for _, s := range stations {
		if s.faces == nIn && s.area < nz.Throat {
			nz.Throat = s.area
		}
	}
	return nz, true
}

// areaRatio is the isentropic A/A* at Mach number ma:
// (1/Ma) (2/(gamma+1) (1 + (gamma-1)/2 Ma^2))^((gamma+1)/(2(gamma-1))).
func (g gas) areaRatio(ma float64) float64 {
	gm := g.Gamma.Value
	return math.Pow(2/(gm+1)*(1+(gm-1)/2*ma*ma), (gm+1)/(2*(gm-1))) / ma
}

// machOfArea solves A/A* = eps for the subsonic or the supersonic branch (bisection: A/A*
// falls monotonically to 1 below Ma 1 and rises above it).
func (g gas) machOfArea(eps float64, supersonic bool) float64 {
	lo, hi := 1e-9, 1.0
	if supersonic {
		lo, hi = 1, 100
	}
	for range 200 {
		mid := (lo + hi) / 2
		if (g.areaRatio(mid) > eps) == supersonic {
			hi = mid
		} else {
			lo = mid
		}
	}
	return (lo + hi) / 2
}

// staticRatio is the isentropic p/p0 at Mach number ma.
func (g gas) staticRatio(ma float64) float64 {
	gm := g.Gamma.Value
	return math.Pow(1+(gm-1)/2*ma*ma, -gm/(gm-1))
}

// Nozzle regimes of the quasi-one-dimensional isentropic theory.
const (
	nozzleSubsonic   = "subsonic"   // subsonic throughout, exit at the back pressure
	nozzleShock      = "shock"      // choked; a normal shock stands in the diverging part
	nozzleSupersonic = "supersonic" // supersonic exit (over-, fully or under-expanded)
)

// nozzleRegime classifies the flow through a converging-diverging passage of exit-to-throat
// area ratio eps > 1 at the back-pressure ratio pb = p_exit/p0 (Anderson, Modern
// Compressible Flow, ch. 5): above the subsonic-branch ratio the flow stays subsonic; below
// the ratio that puts a normal shock at the exit plane the exit is supersonic; between the
// two the throat chokes and a normal shock stands inside.
func (g gas) nozzleRegime(eps, pb float64) (string, derivation) {
	gm := g.Gamma.Value
	maSub, maSup := g.machOfArea(eps, false), g.machOfArea(eps, true)
	rSub, rSup := g.staticRatio(maSub), g.staticRatio(maSup)
	rShock := rSup * (1 + 2*gm/(gm+1)*(maSup*maSup-1))
	in := map[string]float64{"A_exit/A_throat": eps, "p/p0": pb, "gamma": gm, "Ma_sup": maSup, "p/p0_design": rSup,
		"p/p0_shock_at_exit": rShock, "p/p0_subsonic_choked": rSub}
	formula := "isentropic area-Mach relation A/A* = (1/Ma) (2/(gamma+1) (1 + (gamma-1)/2 Ma^2))^((gamma+1)/(2(gamma-1)))"
	switch {
	case pb >= rSub:
		return nozzleSubsonic, derivation{maSub, formula, in}
	case pb > rShock:
		return nozzleShock, derivation{maSup, formula, in}
	}
	return nozzleSupersonic, derivation{maSup, formula, in}
}

// nozzleReason is the outlet choice's reason from the nozzle the mesh shows between a
// total-pressure inlet and an outlet with a static p: ok is false when the mesh shows no
// diverging passage (the critical ratio decides then); an empty reason is a subsonic exit.
func (c *resolution) nozzleReason(g gas, inlet, outlet string, p0, p float64) (string, map[string]float64, bool) {
	nz, ok := c.mesh.nozzleGeometry(inlet, outlet)
	if !ok || nz.Exit <= 1.01*nz.Throat {
		return "", nil, false
	}
	eps := nz.Exit / nz.Throat
	regime, d := g.nozzleRegime(eps, p/p0)
	d.Inputs["A_inlet"], d.Inputs["A_throat"], d.Inputs["A_exit"] = nz.Inlet, nz.Throat, nz.Exit
	switch regime {
	case nozzleSupersonic:
		return fmt.Sprintf("nozzle A_exit/A_throat = %.3g, p/p0 = %.3g below the shock-at-exit ratio %.3g: supersonic exit at Ma = %.3g (%s)",
			eps, p/p0, d.Inputs["p/p0_shock_at_exit"], d.Value, d.Formula), d.Inputs, true
	case nozzleShock:
		return fmt.Sprintf("nozzle A_exit/A_throat = %.3g, p/p0 = %.3g between %.3g and %.3g: the throat chokes and a normal shock stands in the diverging part (%s)",
			eps, p/p0, d.Inputs["p/p0_shock_at_exit"], d.Inputs["p/p0_subsonic_choked"], d.Formula), d.Inputs, true
	}
	return "", d.Inputs, true
}
