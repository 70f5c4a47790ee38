package surface

import (
	"math"

	"github.com/foamc/foamc/internal/vec"
)

// MaxIntersectTriangles bounds the surfaces SelfIntersections tests: above it the test is
// not "cheap" (a vehicle's million triangles) and is skipped.
const MaxIntersectTriangles = 200000

// Intersection is one edge of the surface crossing a triangle that shares no point with it.
type Intersection struct {
	Edge     [2]int
	Triangle int
	Point    [3]float64
}

// SelfIntersections follows surfaceCheck -checkSelfIntersection (v1912 surfaceCheck.C): every
// edge, as a segment, is tested against the triangles that use neither of its end points
// (treeDataPrimitivePatch::findSelfIntersectOp); an edge that hits one counts once, and
// again when a second, different triangle is hit from its other end (surfaceCheck looks
// from both ends with findLineAny). Candidate triangles come from a uniform grid of the
// triangles' bounding boxes (about one triangle per cell) instead of an octree; the verdict
// is surfaceCheck's, the count is when each edge crosses at most two triangles. ok is
// false when the surface has more than MaxIntersectTriangles triangles (not tested).
func SelfIntersections(s *Surface) (hits []Intersection, ok bool) {
	n := len(s.Tris)
	if n > MaxIntersectTriangles {
		return nil, false
	}
	if n == 0 {
		return nil, true
	}
	lo, hi := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}, [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, t := range s.Tris {
		for _, v := range t.V {
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = math.Min(lo[k], s.Points[v][k]), math.Max(hi[k], s.Points[v][k])
			}
		}
	}
	// Cells: about n of them over the box, at least one per direction.
	var size [3]float64
	vol := 1.0
	for k := 0; k < 3; k++ {
		size[k] = math.Max(hi[k]-lo[k], 1e-12*(1+math.Abs(hi[k])))
		vol *= size[k]
	}
	h := math.Cbrt(vol / float64(n))
	var dims [3]int
	for k := 0; k < 3; k++ {
		dims[k] = max(1, min(256, int(math.Ceil(size[k]/h))))
	}
	cell := func(p [3]float64, k int) int {
		return max(0, min(dims[k]-1, int((p[k]-lo[k])/size[k]*float64(dims[k]))))
	}
	grid := map[[3]int][]int{}
	boxOf := func(ps ...[3]float64) (a, b [3]int) {
		for k := 0; k < 3; k++ {
			mn, mx := math.Inf(1), math.Inf(-1)
			for _, p := range ps {
				mn, mx = math.Min(mn, p[k]), math.Max(mx, p[k])
			}
			a[k], b[k] = cell([3]float64{mn, mn, mn}, k), cell([3]float64{mx, mx, mx}, k)
		}
		return a, b
	}
	for f, t := range s.Tris {
		a, b := boxOf(s.Points[t.V[0]], s.Points[t.V[1]], s.Points[t.V[2]])
		for i := a[0]; i <= b[0]; i++ {
			for j := a[1]; j <= b[1]; j++ {
				for k := a[2]; k <= b[2]; k++ {
					grid[[3]int{i, j, k}] = append(grid[[3]int{i, j, k}], f)
				}
			}
		}
	}
	ad := address(s.Tris)
	seen := map[int]bool{}
	for _, e := range ad.edges {
		p, q := s.Points[e[0]], s.Points[e[1]]
		a, b := boxOf(p, q)
		clear(seen)
		var hit []Intersection
		for i := a[0]; i <= b[0] && len(hit) < 2; i++ {
			for j := a[1]; j <= b[1] && len(hit) < 2; j++ {
				for k := a[2]; k <= b[2] && len(hit) < 2; k++ {
					for _, f := range grid[[3]int{i, j, k}] {
						if seen[f] {
							continue
						}
						seen[f] = true
						t := s.Tris[f].V
						if t[0] == e[0] || t[1] == e[0] || t[2] == e[0] || t[0] == e[1] || t[1] == e[1] || t[2] == e[1] {
							continue
						}
						if x, ok := segmentHits(p, q, s.Points[t[0]], s.Points[t[1]], s.Points[t[2]]); ok {
							hit = append(hit, Intersection{Edge: e, Triangle: f, Point: x})
							if len(hit) == 2 {
								break
							}
						}
					}
				}
			}
		}
		hits = append(hits, hit...)
	}
	return hits, true
}

// segmentHits is where segment pq crosses triangle abc (Möller-Trumbore, 0 <= t <= 1).
func segmentHits(p, q, a, b, c [3]float64) ([3]float64, bool) {
	d := vec.Sub(q, p)
	e1, e2 := vec.Sub(b, a), vec.Sub(c, a)
	h := vec.Cross(d, e2)
	det := vec.Dot(e1, h)
	if math.Abs(det) < 1e-300 {
		return [3]float64{}, false
	}
	inv := 1 / det
	s := vec.Sub(p, a)
	u := inv * vec.Dot(s, h)
	if u < 0 || u > 1 {
		return [3]float64{}, false
	}
	qq := vec.Cross(s, e1)
	v := inv * vec.Dot(d, qq)
	if v < 0 || u+v > 1 {
		return [3]float64{}, false
	}
	t := inv * vec.Dot(e2, qq)
	if t < 0 || t > 1 {
		return [3]float64{}, false
	}
	return [3]float64{p[0] + t*d[0], p[1] + t*d[1], p[2] + t*d[2]}, true
}
