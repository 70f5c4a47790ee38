package surface

import (
	"math"

	"github.com/foamc/foamc/internal/vec"
)

// Report is what surfaceCheck reports about a surface, computed by the same rules.
type Report struct {
	Triangles, Vertices int
	// Box is the bounding box of the points the triangles use.
	Box [2][3]float64
	// Illegal are the triangles triSurfaceTools::validTri rejects: a vertex used twice, or
	// the same three vertices as a higher-numbered neighbour.
	Illegal []int
	// Edges counts the distinct edges; OpenEdges (one triangle) and MultiEdges (more than two)
	// make the surface not closed. Each edge is its two point indices, lower first.
	Edges                 int
	OpenEdges, MultiEdges [][2]int
	// Parts are the connected parts (triangles joined through edges).
	Parts int
	// NormalZones are the connected areas of consistent orientation: an edge between two
	// triangles that traverse it in the same direction separates zones.
	NormalZones int
	// FlippedEdges are those inconsistently oriented edges.
	FlippedEdges [][2]int
}

// Closed reports whether every edge joins exactly two triangles.
func (r Report) Closed() bool { return len(r.OpenEdges) == 0 && len(r.MultiEdges) == 0 }

// Check measures s as surfaceCheck does (applications/utilities/surface/surfaceCheck).
func Check(s *Surface) Report {
	r := Report{Triangles: len(s.Tris)}
	used := make([]bool, len(s.Points))
	for _, t := range s.Tris {
		for _, v := range t.V {
			used[v] = true
		}
	}
	r.Box = [2][3]float64{{math.Inf(1), math.Inf(1), math.Inf(1)}, {math.Inf(-1), math.Inf(-1), math.Inf(-1)}}
	for i, p := range s.Points {
		if !used[i] {
			continue
		}
		r.Vertices++
		for k := 0; k < 3; k++ {
			r.Box[0][k] = math.Min(r.Box[0][k], p[k])
			r.Box[1][k] = math.Max(r.Box[1][k], p[k])
		}
	}

	a := address(s.Tris)
	r.Edges = len(a.edges)

	// Illegal triangles (triSurfaceTools::validTri): a repeated vertex, or a face neighbour
	// with a higher index and the same vertices.
	for i, t := range s.Tris {
		v := t.V
		if v[0] == v[1] || v[0] == v[2] || v[1] == v[2] {
			r.Illegal = append(r.Illegal, i)
			continue
		}
		for _, n := range a.faceFaces[i] {
			if n > i && sameVertices(v, s.Tris[n].V) {
				r.Illegal = append(r.Illegal, i)
				break
			}
		}
	}

	// surfaceCheck's borders between zones of consistent normals (PatchTools::checkOrientation):
	// an edge of two faces that traverse it in the same direction, and an edge of more than
	// two faces; then every edge with the same two points (syncEdges).
	border := map[[2]int]bool{}
	for e, fs := range a.edgeFaces {
		key := [2]int{min(a.edges[e][0], a.edges[e][1]), max(a.edges[e][0], a.edges[e][1])}
		switch {
		case len(fs) == 1:
			r.OpenEdges = append(r.OpenEdges, key)
		case len(fs) > 2:
			r.MultiEdges = append(r.MultiEdges, key)
			border[key] = true
		case direction(s.Tris[fs[0]].V, a.edges[e]) == direction(s.Tris[fs[1]].V, a.edges[e]):
			r.FlippedEdges = append(r.FlippedEdges, key)
			border[key] = true
		}
	}
	r.Parts = a.zones(func(int) bool { return false })
	r.NormalZones = a.zones(func(e int) bool {
		return border[[2]int{min(a.edges[e][0], a.edges[e][1]), max(a.edges[e][0], a.edges[e][1])}]
	})
	return r
}

// direction is triFace::edgeDirection: 1 when the triangle runs from e[0] to e[1], -1 when
// it runs the other way, 0 when the edge is not one of its sides.
func direction(v [3]int, e [2]int) int {
	for k := 0; k < 3; k++ {
		if v[k] == e[0] && v[(k+1)%3] == e[1] {
			return 1
		}
	}
	for k := 0; k < 3; k++ {
		if v[k] == e[1] && v[(k+1)%3] == e[0] {
			return -1
		}
	}
	return 0
}

// addressing is PrimitivePatch's edge addressing of a triangle list, built by its
// calcAddressing so that degenerate and non-manifold triangles give OpenFOAM's edges.
type addressing struct {
	edges     [][2]int
	edgeFaces [][]int
	faceEdges [][3]int
	faceFaces [][]int
}

func sameEdge(a, b [2]int) bool { return a == b || (a[0] == b[1] && a[1] == b[0]) }

func triEdges(v [3]int) [3][2]int { return [3][2]int{{v[0], v[1]}, {v[1], v[2]}, {v[2], v[0]}} }

func address(tris []Tri) *addressing {
	a := &addressing{faceEdges: make([][3]int, len(tris)), faceFaces: make([][]int, len(tris))}
	pointFaces := map[int][]int{}
	for f, t := range tris {
		for _, v := range t.V {
			pointFaces[v] = append(pointFaces[v], f)
		}
		a.faceEdges[f] = [3]int{-1, -1, -1}
	}
	type nei struct{ face, slot int }
	for f, t := range tris {
		cur := triEdges(t.V)
		var found [3][]nei
		nNeighbours := 0
		for i, e := range cur {
			if a.faceEdges[f][i] >= 0 {
				continue
			}
			hit := false
			for _, n := range pointFaces[e[0]] {
				if n <= f {
					continue
				}
				for j, ne := range triEdges(tris[n].V) {
					if sameEdge(ne, e) {
						hit = true
						found[i] = append(found[i], nei{n, j})
						a.faceFaces[f] = append(a.faceFaces[f], n)
						a.faceFaces[n] = append(a.faceFaces[n], f)
					}
				}
			}
			if hit {
				nNeighbours++
			}
		}
		// Number the shared edges in the order of their lowest neighbour.
		for ; nNeighbours > 0; nNeighbours-- {
			next, lowest := -1, len(tris)
			for i := range found {
				if len(found[i]) > 0 && found[i][0].face < lowest {
					next, lowest = i, found[i][0].face
				}
			}
			n := len(a.edges)
			a.edges = append(a.edges, cur[next])
			a.faceEdges[f][next] = n
			fs := []int{f}
			for _, x := range found[next] {
				a.faceEdges[x.face][x.slot] = n
				fs = append(fs, x.face)
			}
			a.edgeFaces = append(a.edgeFaces, fs)
			found[next] = nil
		}
	}
	for f, t := range tris {
		for i, e := range triEdges(t.V) {
			if a.faceEdges[f][i] < 0 {
				a.faceEdges[f][i] = len(a.edges)
				a.edges = append(a.edges, e)
				a.edgeFaces = append(a.edgeFaces, []int{f})
			}
		}
	}
	return a
}

// zones counts the face zones PatchTools::markZones colours: faces joined through edges
// that are not borders.
func (a *addressing) zones(isBorder func(edge int) bool) int {
	zone := make([]int, len(a.faceEdges))
	for i := range zone {
		zone[i] = -1
	}
	n := 0
	for start := range zone {
		if zone[start] >= 0 {
			continue
		}
		zone[start] = n
		stack := []int{start}
		for len(stack) > 0 {
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, e := range a.faceEdges[f] {
				if isBorder(e) {
					continue
				}
				for _, nb := range a.edgeFaces[e] {
					if zone[nb] < 0 {
						zone[nb] = n
						stack = append(stack, nb)
					}
				}
			}
		}
		n++
	}
	return n
}

func sameVertices(a, b [3]int) bool {
	for _, x := range a {
		if x != b[0] && x != b[1] && x != b[2] {
			return false
		}
	}
	return true
}

// Inside reports whether p lies inside the closed surface s, by the parity of crossings of
// a ray from p; ok is false when the surface is not closed (inside is then undefined).
// The ray direction is fixed and irrational-looking so that it misses edges and vertices
// of axis-aligned tessellations.
func Inside(s *Surface, r Report, p [3]float64) (inside, ok bool) {
	if !r.Closed() {
		return false, false
	}
	dir := [3]float64{0.5773502691896258, 0.5772502691896258, 0.5774502691896258}
	n := 0
	for _, t := range s.Tris {
		if rayHits(p, dir, s.Points[t.V[0]], s.Points[t.V[1]], s.Points[t.V[2]]) {
			n++
		}
	}
	return n%2 == 1, true
}

// rayHits is the Möller-Trumbore ray-triangle test for t > 0.
func rayHits(o, d, a, b, c [3]float64) bool {
	e1, e2 := vec.Sub(b, a), vec.Sub(c, a)
	h := vec.Cross(d, e2)
	det := vec.Dot(e1, h)
	if math.Abs(det) < 1e-300 {
		return false
	}
	inv := 1 / det
	s := vec.Sub(o, a)
	u := inv * vec.Dot(s, h)
	if u < 0 || u > 1 {
		return false
	}
	q := vec.Cross(s, e1)
	v := inv * vec.Dot(d, q)
	if v < 0 || u+v > 1 {
		return false
	}
	return inv*vec.Dot(e2, q) > 0
}
