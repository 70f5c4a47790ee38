package foamcase

import "github.com/foamc/foamc/grammar"

// BlockVertices reads a blockMeshDict body (expanded, as a syntax tree) as blockMesh v1912
// does: the vertices as written and the factor it scales them by, `scale`, else the older
// `convertToMeters` (blockMeshTopology.C:356, readIfPresentCompat looks the new keyword up
// first), no scaling when neither is set or the factor is not positive (:363). bad is the
// first vertex that is not a point (x y z), such as `project (…) (geometry)`, nil when
// every vertex is. The compiler (blockGeometry, blockExtent) and the case document
// (Features.Background) read the vertices here.
func BlockVertices(body *grammar.Dict) (verts [][3]float64, scale float64, bad grammar.Item) {
	scale = 1
	for _, k := range []string{"scale", "convertToMeters"} {
		e, ok := body.Find(k).(*grammar.PrimitiveEntry)
		if !ok {
			continue
		}
		if n, ok := e.Value[0].(*grammar.Number); ok && len(e.Value) == 1 && n.Float > 0 {
			scale = n.Float
		}
		break
	}
	for _, it := range body.ListItems("vertices") {
		v, ok := point(it)
		if !ok {
			return verts, scale, it
		}
		verts = append(verts, v)
	}
	return verts, scale, nil
}

// point is a list of three numbers.
func point(it grammar.Item) ([3]float64, bool) {
	l, ok := it.(*grammar.List)
	if !ok || len(l.Items) != 3 {
		return [3]float64{}, false
	}
	var v [3]float64
	for i, x := range l.Items {
		n, ok := x.(*grammar.Number)
		if !ok {
			return v, false
		}
		v[i] = n.Float
	}
	return v, true
}
