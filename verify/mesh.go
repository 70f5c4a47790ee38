package verify

import (
	"fmt"
	"path/filepath"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
)

// meshPatch is a boundary patch of constant/polyMesh/boundary.
type meshPatch struct {
	name, typ        string
	start, faceCount int
}

// coupled patch types carry flux between parts of the domain, not through its
// boundary: a conservation balance leaves them out.
var coupled = map[string]bool{"cyclic": true, "cyclicAMI": true, "cyclicACMI": true, "cyclicSlip": true,
	"processor": true, "processorCyclic": true, "nonConformalCyclic": true}

// readPatches reads the patches of constant/polyMesh/boundary with their face ranges.
func readPatches(dir string) ([]meshPatch, error) {
	f, _, err := foamcase.ReadBoundary(filepath.Join(dir, "constant", "polyMesh", "boundary"))
	if err != nil {
		return nil, err
	}
	list, _ := f.TopList().Value.(*grammar.List)
	var out []meshPatch
	for i := 0; list != nil && i+1 < len(list.Items); i += 2 {
		name, ok := list.Items[i].(*grammar.Word)
		block, ok2 := list.Items[i+1].(*grammar.Dict)
		if !ok || !ok2 {
			continue
		}
		v, _ := grammar.ItemValue(block, grammar.ValueOptions{}).(map[string]any)
		p := meshPatch{name: name.Value}
		p.typ, _ = v["type"].(string)
		s, ok := v["startFace"].(int64)
		n, ok2 := v["nFaces"].(int64)
		if !ok || !ok2 {
			return nil, fmt.Errorf("constant/polyMesh/boundary: patch %s has no startFace/nFaces", p.name)
		}
		p.start, p.faceCount = int(s), int(n)
		out = append(out, p)
	}
	return out, nil
}

// patchAreas are the face area vectors of the named patches, computed as OpenFOAM does
// (primitiveMeshFaceCentresAndAreas: triangles from each edge to the mean of the face's
// points), from constant/polyMesh/points and faces (ASCII or binary).
func patchAreas(dir string, patches []meshPatch, names map[string]bool) (map[string][][3]float64, error) {
	pts, faces, err := readPointsFaces(dir)
	if err != nil {
		return nil, err
	}
	out := map[string][][3]float64{}
	for _, p := range patches {
		if !names[p.name] {
			continue
		}
		if p.start+p.faceCount > len(faces) {
			return nil, fmt.Errorf("constant/polyMesh/faces has %d faces, patch %s ends at %d", len(faces), p.name, p.start+p.faceCount)
		}
		areas := make([][3]float64, p.faceCount)
		for i := range areas {
			a, err := faceArea(faces[p.start+i], pts)
			if err != nil {
				return nil, fmt.Errorf("patch %s face %d: %w", p.name, i, err)
			}
			areas[i] = a
		}
		out[p.name] = areas
	}
	return out, nil
}

// readPointsFaces reads constant/polyMesh/points and faces.
func readPointsFaces(dir string) ([][3]float64, [][]int, error) {
	pm := filepath.Join(dir, "constant", "polyMesh")
	pts, err := readPoints(filepath.Join(pm, "points"))
	if err != nil {
		return nil, nil, err
	}
	faces, err := readFaces(filepath.Join(pm, "faces"))
	return pts, faces, err
}

func faceArea(f []int, pts [][3]float64) ([3]float64, error) {
	var c, s [3]float64
	for _, i := range f {
		if i < 0 || i >= len(pts) {
			return s, fmt.Errorf("point label %d out of range (%d points)", i, len(pts))
		}
		for d := range c {
			c[d] += pts[i][d] / float64(len(f))
		}
	}
	for k := range f {
		a, b := pts[f[k]], pts[f[(k+1)%len(f)]]
		n := cross(sub(b, a), sub(c, a))
		for d := range s {
			s[d] += 0.5 * n[d]
		}
	}
	return s, nil
}

func sub(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

func readPoints(path string) ([][3]float64, error) {
	flat, err := pointNumbers(path)
	if err != nil {
		return nil, err
	}
	pts := make([][3]float64, len(flat)/3)
	for i := range pts {
		pts[i] = [3]float64{flat[3*i], flat[3*i+1], flat[3*i+2]}
	}
	return pts, nil
}

// pointNumbers is a points file's coordinates in a row (x0 y0 z0 x1 ...): ASCII and binary
// lists decoded straight from their tokens, without a value tree per number.
func pointNumbers(path string) ([]float64, error) {
	f, err := grammar.ParseFile(path)
	if err != nil {
		return nil, err
	}
	le := f.TopList()
	if le == nil {
		return nil, fmt.Errorf("%s: no point list", path)
	}
	var v []float64
	switch l := le.Value.(type) {
	case *grammar.NumList:
		v, err = l.Floats()
	case *grammar.BinList:
		v, err = l.Floats()
	default:
		v = values([]grammar.Item{le.Value})
	}
	if err != nil {
		return nil, err
	}
	if len(v)%3 != 0 {
		return nil, fmt.Errorf("%s: %d numbers are not points", path, len(v))
	}
	return v, nil
}

// readFaces reads a faceList (ASCII: N(n(a b c) ...)) or a faceCompactList (binary:
// the offsets list, then the point labels).
func readFaces(path string) ([][]int, error) {
	f, err := grammar.ParseFile(path)
	if err != nil {
		return nil, err
	}
	var lists []grammar.Item
	for _, e := range f.Body.Entries {
		if l, ok := e.(*grammar.ListEntry); ok {
			lists = append(lists, l.Value)
		}
	}
	if len(lists) == 2 {
		offsets, labels := values(lists[:1]), values(lists[1:])
		var out [][]int
		for i := 0; i+1 < len(offsets); i++ {
			a, b := int(offsets[i]), int(offsets[i+1])
			if a < 0 || b > len(labels) || a > b {
				return nil, fmt.Errorf("%s: compact face offsets out of range", path)
			}
			face := make([]int, b-a)
			for j := range face {
				face[j] = int(labels[a+j])
			}
			out = append(out, face)
		}
		return out, nil
	}
	if len(lists) != 1 {
		return nil, fmt.Errorf("%s: no face list", path)
	}
	top, _ := grammar.EntryValue(lists, grammar.ValueOptions{Values: true}).([]any)
	out := make([][]int, len(top))
	for i, it := range top {
		labels, _ := it.([]any)
		face := make([]int, len(labels))
		for j, l := range labels {
			n, ok := l.(int64)
			if !ok {
				return nil, fmt.Errorf("%s: face %d is not a list of point labels", path, i)
			}
			face[j] = int(n)
		}
		out[i] = face
	}
	return out, nil
}
