// Package vec is the 3-D vector arithmetic on [3]float64 that the readers of meshes and
// surfaces share (foamcase/polymesh, surface, meshgen): one copy, so that a cell centre, a
// face normal and a ray test compute the same way everywhere.
package vec

import "math"

// Add is a + b.
func Add(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// Sub is a - b.
func Sub(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

// Scale is a s.
func Scale(a [3]float64, s float64) [3]float64 { return [3]float64{a[0] * s, a[1] * s, a[2] * s} }

// Dot is a · b.
func Dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// Cross is a × b.
func Cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// Mag is |a|.
func Mag(a [3]float64) float64 { return math.Sqrt(Dot(a, a)) }
