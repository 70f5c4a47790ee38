package surface

import (
	"math"

	"github.com/foamc/foamc/internal/vec"
)

// The shapes below are closed, outward-oriented surfaces for tests and the examples
// (examples/geometry): each region a named STL solid.

// Box is an axis-aligned box, each face split in two triangles, one region.
func Box(lo, hi [3]float64, name string) *Surface {
	s := &Surface{Regions: []string{name}}
	for i := 0; i < 8; i++ {
		s.Points = append(s.Points, [3]float64{pick(i&1, lo[0], hi[0]), pick(i&2, lo[1], hi[1]), pick(i&4, lo[2], hi[2])})
	}
	// Faces by corner index (bit 0 x, bit 1 y, bit 2 z), counter-clockwise seen from outside.
	for _, q := range [6][4]int{{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}} {
		s.Tris = append(s.Tris, Tri{V: [3]int{q[0], q[1], q[2]}}, Tri{V: [3]int{q[0], q[2], q[3]}})
	}
	return s
}

func pick(bit int, a, b float64) float64 {
	if bit != 0 {
		return b
	}
	return a
}

// Tube is a closed tube of radius r along a centre line (at least two points): n points
// round each ring, the ends closed by fans from their centres. The ring planes are normal
// to the line's tangent; regions: the start cap (start), the mantle (wall), the end cap
// (end), in that order, named by names.
func Tube(line [][3]float64, r float64, n int, names [3]string) *Surface {
	s := &Surface{Regions: names[:]}
	rings := make([][]int, len(line))
	var prevU [3]float64
	for i, c := range line {
		var t [3]float64
		switch {
		case i == 0:
			t = vec.Sub(line[1], line[0])
		case i == len(line)-1:
			t = vec.Sub(line[i], line[i-1])
		default:
			t = vec.Sub(line[i+1], line[i-1])
		}
		t = unit(t)
		// A frame carried along the line (parallel transport) so rings do not twist.
		u := prevU
		if i == 0 {
			u = [3]float64{0, 0, 1}
			if math.Abs(vec.Dot(u, t)) > 0.9 {
				u = [3]float64{1, 0, 0}
			}
		}
		u = unit(vec.Sub(u, scale(t, vec.Dot(u, t))))
		prevU = u
		v := vec.Cross(t, u)
		for k := 0; k < n; k++ {
			a := 2 * math.Pi * float64(k) / float64(n)
			p := [3]float64{}
			for d := 0; d < 3; d++ {
				p[d] = c[d] + r*(math.Cos(a)*u[d]+math.Sin(a)*v[d])
			}
			rings[i] = append(rings[i], len(s.Points))
			s.Points = append(s.Points, p)
		}
	}
	for i := 0; i+1 < len(line); i++ {
		a, b := rings[i], rings[i+1]
		for k := 0; k < n; k++ {
			k1 := (k + 1) % n
			s.Tris = append(s.Tris, Tri{V: [3]int{a[k], a[k1], b[k1]}, Region: 1}, Tri{V: [3]int{a[k], b[k1], b[k]}, Region: 1})
		}
	}
	for end, ring := range [][]int{rings[0], rings[len(rings)-1]} {
		c := len(s.Points)
		s.Points = append(s.Points, line[end*(len(line)-1)])
		for k := 0; k < n; k++ {
			k1 := (k + 1) % n
			if end == 0 {
				s.Tris = append(s.Tris, Tri{V: [3]int{c, ring[k1], ring[k]}, Region: 0})
			} else {
				s.Tris = append(s.Tris, Tri{V: [3]int{c, ring[k], ring[k1]}, Region: 2})
			}
		}
	}
	return s
}

// Join puts surfaces into one, their regions kept (a multi-solid STL).
func Join(parts ...*Surface) *Surface {
	out := &Surface{}
	for _, p := range parts {
		off, roff := len(out.Points), len(out.Regions)
		out.Points = append(out.Points, p.Points...)
		out.Regions = append(out.Regions, p.Regions...)
		for _, t := range p.Tris {
			out.Tris = append(out.Tris, Tri{V: [3]int{t.V[0] + off, t.V[1] + off, t.V[2] + off}, Region: t.Region + roff})
		}
	}
	return out
}

func unit(a [3]float64) [3]float64 { return scale(a, 1/math.Sqrt(vec.Dot(a, a))) }
func scale(a [3]float64, f float64) [3]float64 {
	return [3]float64{a[0] * f, a[1] * f, a[2] * f}
}
