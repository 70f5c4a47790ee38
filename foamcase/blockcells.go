package foamcase

import "github.com/foamc/foamc/grammar"

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

// meshFaces is the number of mesh faces on a patch's block faces; ok is false when a face is
// not a plain label face of some block.
func meshFaces(blockFaces map[string]int64, faces []any) (int64, bool) {
	var n int64
	for _, f := range faces {
		ls, ok := labels(f)
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
