package surface

import (
	"bufio"
	"fmt"
	"io"
	"math"

	"github.com/foamc/foamc/internal/vec"
)

// WriteSTL writes s as ASCII STL, one solid per region, with each facet's normal from its
// vertex order (right-hand rule), as OpenFOAM writes STL.
func WriteSTL(w io.Writer, s *Surface) error {
	bw := bufio.NewWriter(w)
	regions := s.Regions
	if len(regions) == 0 {
		regions = []string{"patch0"}
	}
	for r, name := range regions {
		fmt.Fprintf(bw, "solid %s\n", name)
		for _, t := range s.Tris {
			if t.Region != r {
				continue
			}
			a, b, c := s.Points[t.V[0]], s.Points[t.V[1]], s.Points[t.V[2]]
			n := vec.Cross(vec.Sub(b, a), vec.Sub(c, a))
			if l := math.Sqrt(vec.Dot(n, n)); l > 0 {
				n = [3]float64{n[0] / l, n[1] / l, n[2] / l}
			}
			fmt.Fprintf(bw, "  facet normal %g %g %g\n    outer loop\n", n[0], n[1], n[2])
			for _, p := range [][3]float64{a, b, c} {
				fmt.Fprintf(bw, "      vertex %.9g %.9g %.9g\n", p[0], p[1], p[2])
			}
			fmt.Fprintf(bw, "    endloop\n  endfacet\n")
		}
		fmt.Fprintf(bw, "endsolid %s\n", name)
	}
	return bw.Flush()
}

// Sphere is a closed, outward-oriented sphere: an icosahedron refined level times, its points
// pushed onto the sphere (20 * 4^level triangles), one region named name.
func Sphere(level int, centre [3]float64, radius float64, name string) *Surface {
	t := (1 + math.Sqrt(5)) / 2
	pts := [][3]float64{{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}}
	tris := [][3]int{{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8}, {3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8}, {3, 8, 9}, {4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1}}
	for ; level > 0; level-- {
		mid := map[[2]int]int{}
		half := func(a, b int) int {
			k := [2]int{min(a, b), max(a, b)}
			if i, ok := mid[k]; ok {
				return i
			}
			pts = append(pts, [3]float64{(pts[a][0] + pts[b][0]) / 2, (pts[a][1] + pts[b][1]) / 2, (pts[a][2] + pts[b][2]) / 2})
			mid[k] = len(pts) - 1
			return len(pts) - 1
		}
		var next [][3]int
		for _, f := range tris {
			a, b, c := half(f[0], f[1]), half(f[1], f[2]), half(f[2], f[0])
			next = append(next, [3]int{f[0], a, c}, [3]int{f[1], b, a}, [3]int{f[2], c, b}, [3]int{a, b, c})
		}
		tris = next
	}
	s := &Surface{Regions: []string{name}}
	for _, p := range pts {
		l := math.Sqrt(vec.Dot(p, p))
		s.Points = append(s.Points, [3]float64{centre[0] + radius*p[0]/l, centre[1] + radius*p[1]/l, centre[2] + radius*p[2]/l})
	}
	for _, f := range tris {
		s.Tris = append(s.Tris, Tri{V: f})
	}
	return s
}
