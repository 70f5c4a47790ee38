package foamcase

import (
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

// patches returns the mesh patches: every polyMesh/boundary (the default region
// first, then regions by name), else the boundary of blockMeshDict.
func (l *loader) patches() []Patch {
	var boundaries []string
	for rel := range l.lists {
		if strings.HasSuffix(rel, "/polyMesh/boundary") && strings.HasPrefix(rel, "constant/") {
			boundaries = append(boundaries, rel)
		}
	}
	sort.Slice(boundaries, func(i, j int) bool {
		di, dj := strings.Count(boundaries[i], "/"), strings.Count(boundaries[j], "/")
		if di != dj {
			return di < dj
		}
		return boundaries[i] < boundaries[j]
	})
	var out []Patch
	for _, rel := range boundaries {
		region := ""
		if rel != "constant/polyMesh/boundary" {
			region = strings.TrimSuffix(strings.TrimPrefix(rel, "constant/"), "/polyMesh/boundary")
		}
		out = append(out, l.boundaryPatches(rel, region, len(out))...)
	}
	if len(out) > 0 {
		return out
	}
	for _, rel := range blockMeshDicts {
		if x := l.c.Expanded[rel]; x != nil {
			return l.blockMeshPatches(rel, x)
		}
	}
	return nil
}

// boundaryPatches reads a polyMesh/boundary list of `name { type …; nFaces …; }`.
func (l *loader) boundaryPatches(rel, region string, offset int) []Patch {
	x := l.lists[rel]
	list, ok := x.List.(*grammar.List)
	if !ok {
		return nil
	}
	entries, _ := boundaryEntries(list)
	out := make([]Patch, 0, len(entries))
	for _, e := range entries {
		l.patchPosition(offset+len(out), rel, e.name.Pos)
		out = append(out, e.patch(rel, region))
	}
	return out
}

// blockMeshPatches reads blockMeshDict's `boundary ( name { type t; faces (…); } … )`
// or the legacy `patches ( type name (faces) … )`.
func (l *loader) blockMeshPatches(rel string, x *grammar.Expanded) []Patch {
	out := l.namedBlockMeshPatches(rel, x)
	if p, at, ok := defaultPatch(x); ok {
		// polyMeshFromShapeMesh.C:598-625 reuses a patch of the default name (the
		// last one, without faces) for the left-over faces, with its own type.
		if last := len(out) - 1; last >= 0 && out[last].Name == p.Name {
			if out[last].NFaces != nil && *out[last].NFaces == 0 {
				out[last].NFaces, out[last].MeshFaces = p.NFaces, p.MeshFaces
			}
			return out
		}
		p.Source = rel
		l.patchPosition(len(out), rel, at)
		out = append(out, p)
	}
	return out
}

// hexFaces are the faces of OpenFOAM's hex cell model (cellModels: hex), by vertex.
var hexFaces = [6][4]int{{0, 4, 7, 3}, {1, 2, 6, 5}, {0, 1, 5, 4}, {3, 7, 6, 2}, {0, 3, 2, 1}, {4, 5, 6, 7}}

// defaultPatch is the patch blockMesh adds for block faces no patch names
// (blockMeshTopology.C:343-353: `defaultPatch { name …; type …; }`, else defaultFaces
// of type empty), present only when such faces are left over. Block faces are matched
// as blockMesh's topology matches them (face::sameVertices: the same labels, each as
// often); a face collapsed to an edge (a wedge's axis, LadenburgJet60psi) still counts
// and makes the patch, which then keeps no mesh face (blockMeshCreate.C drops it). It is
// not known (ok false) for non-hex blocks or labels that are not plain integers.
func defaultPatch(x *grammar.Expanded) (p Patch, at grammar.Pos, ok bool) {
	blocksEntry := x.Dict.Get("blocks")
	if blocksEntry == nil {
		return p, at, false
	}
	shapes, ok := blockShapes(x)
	if !ok || len(shapes) == 0 {
		return p, at, false
	}
	count := map[string]int{}
	for _, shape := range shapes {
		for _, f := range shape {
			count[topoKey(f[:])]++
		}
	}
	named := map[string]bool{}
	for _, faces := range patchFaceLists(x) {
		for _, f := range faces {
			ls, ok := faceLabels(f, shapes)
			if !ok {
				// `project (…) geometry` and friends: only plain label faces are read.
				if _, isList := f.([]any); isList {
					return p, at, false
				}
				continue
			}
			named[topoKey(ls)] = true
		}
	}
	_, blockFaces, sized := blockCells(x)
	n, m := int64(0), int64(0)
	for k, c := range count {
		if c == 1 && !named[k] {
			n++
			if fk, ok := faceKey(labelsOf(k)); ok {
				m += blockFaces[fk]
			}
		}
	}
	if n == 0 {
		return p, at, false
	}
	p = Patch{Name: "defaultFaces", Type: "empty", InGroups: []string{}, NFaces: &n}
	if sized {
		p.MeshFaces = &m
	}
	at = blocksEntry.Source.Pos
	if e := x.Dict.Get("defaultPatch"); e != nil && e.Dict != nil {
		at = e.Source.Pos
		d := e.Dict.Value(grammar.ValueOptions{})
		if s, ok := d["name"].(string); ok {
			p.Name = s
		}
		if s, ok := d["type"].(string); ok {
			p.Type = s
		}
	}
	return p, at, true
}

// firstList is the value of an entry's first token when it is a list (after the optional
// leading count of `patches N (…)`). blockMesh reads `boundary` and `patches` as one list
// from the entry's stream, so tokens after it (a missing `;` before mergePatchPairs, as in
// dsmcFoam/supersonicCorner) are not read.
func firstList(e *grammar.ExpEntry) ([]any, bool) {
	if e == nil || len(e.Value) == 0 {
		return nil, false
	}
	v := e.Value
	if n, ok := v[0].(*grammar.Number); ok && n.Kind == grammar.LabelKind && len(v) > 1 {
		v = v[1:]
	}
	if _, ok := v[0].(*grammar.List); !ok {
		return nil, false
	}
	l, ok := grammar.ItemValue(v[0], grammar.ValueOptions{}).([]any)
	return l, ok
}

// isShape reports a cell model name that may start a block.
func isShape(s string) bool {
	switch s {
	case "hex", "wedge", "prism", "pyr", "tet", "tetWedge":
		return true
	}
	return false
}

// labels reads a list of vertex labels.
func labels(v any) ([]int64, bool) {
	arr, ok := v.([]any)
	if !ok || len(arr) == 0 {
		return nil, false
	}
	out := make([]int64, len(arr))
	for i, x := range arr {
		n, ok := x.(int64)
		if !ok {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// faceKey identifies a face by its distinct vertex labels; a face collapsed to fewer
// than three vertices is no face.
func faceKey(vs []int64) (string, bool) {
	u := append([]int64(nil), vs...)
	sort.Slice(u, func(i, j int) bool { return u[i] < u[j] })
	var b strings.Builder
	distinct := 0
	for i, x := range u {
		if i > 0 && x == u[i-1] {
			continue
		}
		distinct++
		b.WriteString(strconv.FormatInt(x, 10))
		b.WriteByte(' ')
	}
	return b.String(), distinct >= 3
}

// namedBlockMeshPatches reads the patches blockMeshDict names: the older
// `patches ( type name (faces) … )` when present (blockMeshTopology.C reads it before
// boundary), else `boundary ( name { type …; faces (…); } … )`.
func (l *loader) namedBlockMeshPatches(rel string, x *grammar.Expanded) []Patch {
	var out []Patch
	_, blockFaces, _ := blockCells(x)
	shapes, _ := blockShapes(x)
	sized := func(p *Patch, faces []any) {
		n := int64(len(faces))
		p.NFaces = &n
		if m, ok := meshFaces(blockFaces, faces, shapes); ok && blockFaces != nil {
			p.MeshFaces = &m
		}
	}
	if e := x.Dict.Get("patches"); e != nil {
		list, items := patchesList(e)
		for i := 0; i+2 < len(items); i += 3 {
			typ, ok := items[i].(*grammar.Word)
			name, ok2 := items[i+1].(*grammar.Word)
			if !ok || !ok2 {
				break
			}
			faces, ok := list[i+2].([]any)
			if !ok {
				break
			}
			p := Patch{Name: name.Value, Type: typ.Value, Source: rel, InGroups: []string{}}
			sized(&p, faces)
			l.patchPosition(len(out), rel, name.Pos)
			out = append(out, p)
		}
		return out
	}
	if e := x.Dict.Get("boundary"); e != nil && len(e.Value) > 0 {
		if list, ok := e.Value[0].(*grammar.List); ok {
			for i := 0; i+1 < len(list.Items); i += 2 {
				name, ok := list.Items[i].(*grammar.Word)
				block, ok2 := list.Items[i+1].(*grammar.Dict)
				if !ok || !ok2 {
					continue
				}
				v := grammar.ItemValue(block, grammar.ValueOptions{}).(map[string]any)
				p := Patch{Name: name.Value, Source: rel, InGroups: wordList(v["inGroups"])}
				p.Type, _ = v["type"].(string)
				if faces, ok := v["faces"].([]any); ok {
					sized(&p, faces)
				}
				l.patchPosition(len(out), rel, name.Pos)
				out = append(out, p)
			}
		}
	}
	return out
}

func (l *loader) patchPosition(i int, rel string, pos grammar.Pos) {
	ptr := "/patches/" + strconv.Itoa(i)
	l.c.Positions[ptr] = finding.Location{File: rel, Line: int(pos.Line), Column: int(pos.Column), Path: ptr}
}

// wordList reads a word list value: `(a b)`, or `N(a b)` written with a separate count.
func wordList(v any) []string {
	out := []string{}
	arr, ok := v.([]any)
	if !ok {
		if s, ok := v.(string); ok {
			return []string{s}
		}
		return out
	}
	if len(arr) == 2 {
		if n, ok := arr[0].(int64); ok {
			if inner, ok := arr[1].([]any); ok && int64(len(inner)) == n {
				arr = inner
			}
		}
	}
	for _, x := range arr {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
