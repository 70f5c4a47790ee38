package foamcase

import (
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/grammar"
)

// hexFaceAxes are, for each face of hexFaces, the two block axes (0 x, 1 y, 2 z) it spans:
// its mesh faces are the product of the block's cell counts along them.
var hexFaceAxes = [6][2]int{{1, 2}, {1, 2}, {0, 2}, {0, 2}, {0, 1}, {0, 1}}

// blockCells is what blockMesh will make of blockMeshDict's blocks when every block is a hex
// with integer vertex labels and an integer cell count `(nx ny nz)`: the number of cells and,
// per block face (faceKey), the number of mesh faces on it. ok is false otherwise (other
// shapes, projected or expression counts), and then nothing is claimed.
func blockCells(x *grammar.Expanded) (cells int64, faces map[string]int64, ok bool) {
	v := x.Dict.Value(grammar.ValueOptions{})
	blocks, _ := v["blocks"].([]any)
	faces = map[string]int64{}
	found := false
	for i, item := range blocks {
		shape, isWord := item.(string)
		if !isWord || !isShape(shape) || i+1 >= len(blocks) {
			continue
		}
		verts, ok := labels(blocks[i+1])
		if shape != "hex" || !ok || len(verts) != 8 {
			return 0, nil, false
		}
		// `hex (…) [zone] (nx ny nz) grading`: the first list after the vertices.
		var n []int64
		for _, next := range blocks[i+2:] {
			if _, isList := next.([]any); isList {
				n, ok = labels(next)
				break
			}
		}
		if !ok || len(n) != 3 || n[0] <= 0 || n[1] <= 0 || n[2] <= 0 {
			return 0, nil, false
		}
		cells += n[0] * n[1] * n[2]
		for f, vs := range hexFaces {
			if k, ok := faceKey([]int64{verts[vs[0]], verts[vs[1]], verts[vs[2]], verts[vs[3]]}); ok {
				faces[k] += n[hexFaceAxes[f][0]] * n[hexFaceAxes[f][1]]
			}
		}
		found = true
	}
	return cells, faces, found
}

// meshFaces is the number of mesh faces on a patch's block faces (labels or (block face));
// ok is false when a face is not a plain label face of some block.
func meshFaces(blockFaces map[string]int64, faces []any, shapes [][6][4]int64) (int64, bool) {
	var n int64
	for _, f := range faces {
		ls, ok := faceLabels(f, shapes)
		if !ok {
			return 0, false
		}
		k, ok := faceKey(ls)
		if !ok {
			return 0, false
		}
		c, ok := blockFaces[k]
		if !ok {
			return 0, false
		}
		n += c
	}
	return n, true
}

// blockShapes is each hex block's six faces by vertex label (hexFaces order); ok is false
// when a block is not a hex of plain integer labels.
func blockShapes(x *grammar.Expanded) ([][6][4]int64, bool) {
	v := x.Dict.Value(grammar.ValueOptions{})
	blocks, _ := v["blocks"].([]any)
	var out [][6][4]int64
	for i, item := range blocks {
		shape, ok := item.(string)
		if !ok || !isShape(shape) || i+1 >= len(blocks) {
			continue // zone names, cell counts, grading
		}
		verts, ok := labels(blocks[i+1])
		if shape != "hex" || !ok || len(verts) != 8 {
			return nil, false
		}
		var s [6][4]int64
		for fi, f := range hexFaces {
			s[fi] = [4]int64{verts[f[0]], verts[f[1]], verts[f[2]], verts[f[3]]}
		}
		out = append(out, s)
	}
	return out, true
}

// patchesList is the `patches` entry's list (after an optional leading count) as values
// and as items, in step.
func patchesList(e *grammar.ExpEntry) ([]any, []grammar.Item) {
	list, ok := firstList(e)
	if !ok {
		return nil, nil
	}
	for _, it := range e.Value {
		if l, ok := it.(*grammar.List); ok {
			return list, l.Items
		}
	}
	return nil, nil
}

// patchFaceLists are the face lists of the patches blockMesh reads: `patches` when present,
// else `boundary`.
func patchFaceLists(x *grammar.Expanded) [][]any {
	var out [][]any
	if e := x.Dict.Get("patches"); e != nil {
		list, _ := firstList(e)
		for i := 2; i < len(list); i += 3 {
			if faces, ok := list[i].([]any); ok {
				out = append(out, faces)
			}
		}
		return out
	}
	list, _ := firstList(x.Dict.Get("boundary"))
	for _, item := range list {
		if d, ok := item.(map[string]any); ok {
			faces, _ := d["faces"].([]any)
			out = append(out, faces)
		}
	}
	return out
}

// faceLabels reads a patch face: its vertex labels, or `(block face)` as that block's face.
func faceLabels(f any, shapes [][6][4]int64) ([]int64, bool) {
	ls, ok := labels(f)
	if !ok {
		return nil, false
	}
	if len(ls) == 2 {
		if ls[0] < 0 || ls[0] >= int64(len(shapes)) || ls[1] < 0 || ls[1] >= 6 {
			return nil, false
		}
		return shapes[ls[0]][ls[1]][:], true
	}
	return ls, true
}

// topoKey identifies a block face as blockMesh's topology matches faces
// (face::sameVertices): its labels sorted, repeats kept.
func topoKey(vs []int64) string {
	u := append([]int64(nil), vs...)
	sort.Slice(u, func(i, j int) bool { return u[i] < u[j] })
	parts := make([]string, len(u))
	for i, x := range u {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(parts, " ")
}

func labelsOf(key string) []int64 {
	var out []int64
	for _, f := range strings.Fields(key) {
		n, _ := strconv.ParseInt(f, 10, 64)
		out = append(out, n)
	}
	return out
}

// noFaces reports a patch known to have no mesh faces.
func noFaces(p Patch) bool {
	if p.MeshFaces != nil {
		return *p.MeshFaces == 0
	}
	return strings.HasSuffix(p.Source, "polyMesh/boundary") && p.NFaces != nil && *p.NFaces == 0
}
