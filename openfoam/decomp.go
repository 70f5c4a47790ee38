package openfoam

import (
	"math"
	"sort"
)

// Decomposition methods of Debian's v1912 decomposePar, checked with real runs on a
// 400-cell cavity (docs/parallel.md): simple, hierarchical and random decompose; manual,
// multiLevel and structured work with their extra inputs (a data file, per-level or patch
// dictionaries); none is a valid word. scotch, metis and kahip are the dummy stub
// libraries ("Attempted to use <scotch> without the scotchDecomp library loaded"), and
// ptscotch is no decompositionMethod at all ("Unknown decompositionMethod type ptscotch").
var (
	DecompMethods     = []string{"hierarchical", "manual", "multiLevel", "none", "random", "simple", "structured"}
	DecompStubMethods = []string{"kahip", "metis", "scotch"}
)

// Decomposition is a geometric split of a mesh into N subdomains: method simple (slabs
// along one axis) or hierarchical (order xyz), N[0]*N[1]*N[2] subdomains.
type Decomposition struct {
	Method string
	N      [3]int
}

// ChooseDecomposition splits ranks subdomains over a mesh whose bounding box has the given
// extents. Debian's v1912 has no graph partitioner (scotch and metis are stubs), so the
// split is geometric: of the factorisations nx*ny*nz = ranks it takes the one with the least
// cut area, sum_i (n_i-1) * (the face area normal to i), which makes subdomains as close to
// cubes as the mesh allows. Directions with skip set (the empty direction of a 2D mesh, one
// cell thick) are never cut. Ties go to cutting x before y before z; extents that are all
// zero (unknown) cut x only.
func ChooseDecomposition(ranks int, extent [3]float64, skip [3]bool) Decomposition {
	if ranks < 1 {
		ranks = 1
	}
	best, bestCost := [3]int{ranks, 1, 1}, math.Inf(1)
	known := extent[0] > 0 || extent[1] > 0 || extent[2] > 0
	for _, n := range factorTriples(ranks) {
		ok := true
		for i := range n {
			if n[i] > 1 && skip[i] {
				ok = false
			}
		}
		if !ok {
			continue
		}
		cost := 0.0
		if known {
			for i := range n {
				j, k := (i+1)%3, (i+2)%3
				cost += float64(n[i]-1) * extent[j] * extent[k]
			}
		} else if n[1] > 1 || n[2] > 1 {
			continue
		}
		if cost < bestCost*(1-1e-9) {
			best, bestCost = n, cost
		}
	}
	// One cut direction is a slab split, where simple and hierarchical agree; simple needs
	// no order keyword.
	cuts := 0
	for _, v := range best {
		if v > 1 {
			cuts++
		}
	}
	if cuts <= 1 {
		return Decomposition{Method: "simple", N: best}
	}
	return Decomposition{Method: "hierarchical", N: best}
}

// factorTriples lists every (a, b, c) with a*b*c = n, x-major (a descending) so that the
// first of equal-cost splits cuts x.
func factorTriples(n int) [][3]int {
	var out [][3]int
	for a := 1; a <= n; a++ {
		if n%a != 0 {
			continue
		}
		for b := 1; b <= n/a; b++ {
			if (n/a)%b == 0 {
				out = append(out, [3]int{a, b, n / a / b})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i][0] != out[j][0] {
			return out[i][0] > out[j][0]
		}
		return out[i][1] > out[j][1]
	})
	return out
}

// ThinDirection marks, for a 2D mesh, the direction of least extent (the one-cell-thick
// empty direction), which a decomposition must not cut.
func ThinDirection(extent [3]float64) [3]bool {
	var skip [3]bool
	i := 0
	for j := 1; j < 3; j++ {
		if extent[j] < extent[i] {
			i = j
		}
	}
	skip[i] = true
	return skip
}
