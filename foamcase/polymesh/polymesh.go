// Package polymesh reads the arrays of an OpenFOAM polyMesh directory (points, faces,
// owner, neighbour) in any format OpenFOAM writes them: ASCII, binary (`format binary`,
// faces as a faceCompactList) and gzip-compressed (`name.gz`). The lists are decoded by
// the grammar's list decoders (grammar.NumList, grammar.BinList); the boundary file is
// foamcase.ReadBoundary's. The compiler, the runner and verify all read meshes here, so a
// binary mesh measures the same everywhere.
package polymesh

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/internal/vec"
)

// parse parses dir/name, or dir/name.gz when only that exists (the grammar detects gzip
// content by its magic bytes).
func parse(dir, name string) (*grammar.File, string, error) {
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err != nil {
		if _, gzErr := os.Stat(path + ".gz"); gzErr != nil {
			return nil, path, err
		}
		path += ".gz"
	}
	f, err := grammar.ParseFile(path)
	return f, path, err
}

// Points are the mesh points of dir/points (dir is a polyMesh directory).
func Points(dir string) ([][3]float64, error) {
	f, path, err := parse(dir, "points")
	if err != nil {
		return nil, err
	}
	le := f.TopList()
	if le == nil {
		return nil, fmt.Errorf("%s: no point list", path)
	}
	v, err := floats(le.Value)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(v)%3 != 0 {
		return nil, fmt.Errorf("%s: %d numbers are not points", path, len(v))
	}
	pts := make([][3]float64, len(v)/3)
	for i := range pts {
		pts[i] = [3]float64{v[3*i], v[3*i+1], v[3*i+2]}
	}
	return pts, nil
}

// Faces are the faces of dir/faces as point labels: a faceList (`N(n(a b c) …)`, how
// ASCII meshes are written) or a faceCompactList (the offsets list, then the labels: how
// binary meshes are written).
func Faces(dir string) ([][]int, error) {
	f, path, err := parse(dir, "faces")
	if err != nil {
		return nil, err
	}
	var lists []grammar.Item
	for _, e := range f.Body.Entries {
		if l, ok := e.(*grammar.ListEntry); ok {
			lists = append(lists, l.Value)
		}
	}
	switch len(lists) {
	case 2:
		offsets, err := labels(lists[0])
		if err != nil {
			return nil, fmt.Errorf("%s: offsets: %w", path, err)
		}
		flat, err := labels(lists[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out := make([][]int, max(len(offsets)-1, 0))
		for i := range out {
			a, b := int(offsets[i]), int(offsets[i+1])
			if a < 0 || b > len(flat) || a > b {
				return nil, fmt.Errorf("%s: compact face offsets out of range", path)
			}
			out[i] = ints(flat[a:b])
		}
		return out, nil
	case 1:
		out, err := faceList(lists[0])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%s: no face list", path)
}

// faceList reads `N(n(a b c) …)`: every face is its label count followed by its labels,
// so the flat label sequence the decoders give splits without a node per face.
func faceList(it grammar.Item) ([][]int, error) {
	flat, err := labels(it)
	if err != nil {
		return nil, err
	}
	var out [][]int
	for i := 0; i < len(flat); {
		n := int(flat[i])
		if n < 0 || i+1+n > len(flat) {
			return nil, fmt.Errorf("face %d: %d labels do not follow its count", len(out), n)
		}
		out = append(out, ints(flat[i+1:i+1+n]))
		i += 1 + n
	}
	if c := count(it); c >= 0 && c != len(out) {
		return nil, fmt.Errorf("%d faces, the list says %d", len(out), c)
	}
	return out, nil
}

// Labels is a label list of dir (owner or neighbour); a negative label is an error.
func Labels(dir, name string) ([]int, error) {
	f, path, err := parse(dir, name)
	if err != nil {
		return nil, err
	}
	le := f.TopList()
	if le == nil {
		return nil, fmt.Errorf("%s: no label list", path)
	}
	v, err := labels(le.Value)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for i, l := range v {
		if l < 0 {
			return nil, fmt.Errorf("%s: label %d is negative", path, i)
		}
	}
	return ints(v), nil
}

// Box is the bounding box of pts; lo > hi (infinite) when there are none.
func Box(pts [][3]float64) (lo, hi [3]float64) {
	lo = [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, p := range pts {
		for d := range p {
			lo[d], hi[d] = math.Min(lo[d], p[d]), math.Max(hi[d], p[d])
		}
	}
	return lo, hi
}

// Extent is the bounding box size of pts; zero when there are none.
func Extent(pts [][3]float64) [3]float64 {
	var ext [3]float64
	if len(pts) == 0 {
		return ext
	}
	lo, hi := Box(pts)
	for d := range ext {
		ext[d] = hi[d] - lo[d]
	}
	return ext
}

// FaceArea is the area vector of a face, computed as OpenFOAM does
// (primitiveMeshFaceCentresAndAreas: triangles from each edge to the mean of the face's
// points).
func FaceArea(f []int, pts [][3]float64) ([3]float64, error) {
	var s [3]float64
	c, err := FaceMean(f, pts)
	if err != nil {
		return s, err
	}
	for k := range f {
		a, b := pts[f[k]], pts[f[(k+1)%len(f)]]
		n := vec.Cross(vec.Sub(b, a), vec.Sub(c, a))
		for d := range s {
			s[d] += 0.5 * n[d]
		}
	}
	return s, nil
}

// FaceMean is the mean of a face's points (its centre for a planar, regular face).
func FaceMean(f []int, pts [][3]float64) ([3]float64, error) {
	var c [3]float64
	for _, i := range f {
		if i < 0 || i >= len(pts) {
			return c, fmt.Errorf("point label %d out of range (%d points)", i, len(pts))
		}
		for d := range c {
			c[d] += pts[i][d] / float64(len(f))
		}
	}
	return c, nil
}

// floats are a list's numbers in source order (nested counts included, as the grammar's
// decoders give them).
func floats(it grammar.Item) ([]float64, error) {
	switch l := it.(type) {
	case *grammar.NumList:
		return l.Floats()
	case *grammar.BinList:
		return l.Floats()
	}
	var out []float64
	err := walk(it, func(n *grammar.Number) error {
		out = append(out, n.Float)
		return nil
	})
	return out, err
}

// labels are a list's labels in source order (nested counts included).
func labels(it grammar.Item) ([]int64, error) {
	switch l := it.(type) {
	case *grammar.NumList:
		return l.Labels()
	case *grammar.BinList:
		return l.Labels()
	}
	var out []int64
	err := walk(it, func(n *grammar.Number) error {
		if n.Kind != grammar.LabelKind {
			return fmt.Errorf("%d:%d: %q is not a label", n.Pos.Line, n.Pos.Column, n.Raw)
		}
		out = append(out, n.Int)
		return nil
	})
	return out, err
}

// walk visits the numbers of a small list the parser kept as ordinary nodes.
func walk(it grammar.Item, fn func(*grammar.Number) error) error {
	switch v := it.(type) {
	case *grammar.Number:
		return fn(v)
	case *grammar.List:
		for _, x := range v.Items {
			if err := walk(x, fn); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%d:%d: not a list of numbers", it.Span().Pos.Line, it.Span().Pos.Column)
}

// count is the top-level element count a list declares or holds; -1 when unknown.
func count(it grammar.Item) int {
	switch l := it.(type) {
	case *grammar.NumList:
		return int(l.Count)
	case *grammar.List:
		n := 0
		for _, x := range l.Items {
			if _, ok := x.(*grammar.List); ok {
				n++
			}
		}
		return n
	}
	return -1
}

func ints(v []int64) []int {
	out := make([]int, len(v))
	for i, x := range v {
		out[i] = int(x)
	}
	return out
}
