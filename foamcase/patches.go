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
// by vertex labels, as blockMesh builds the topology from the cell shapes; faces
// collapsed by repeated vertices (wedges) drop out as in cellShape::collapsedFaces.
// It is not known (ok false) for non-hex blocks, labels that are not plain integers,
// or mergePatchPairs (which stitches patch faces into the interior).
func defaultPatch(x *grammar.Expanded) (p Patch, at grammar.Pos, ok bool) {
	blocksEntry := x.Dict.Get("blocks")
	if m := x.Dict.Get("mergePatchPairs"); blocksEntry == nil || m != nil && nonEmpty(m) {
		return p, at, false
	}
	v := x.Dict.Value(grammar.ValueOptions{})
	blocks, _ := v["blocks"].([]any)
	count := map[string]int{}
	for i, item := range blocks {
		shape, ok := item.(string)
		if !ok || !isShape(shape) || i+1 >= len(blocks) {
			continue // zone names, cell counts, grading
		}
		verts, ok := labels(blocks[i+1])
		if shape != "hex" || !ok || len(verts) != 8 {
			return p, at, false
		}
		for _, f := range hexFaces {
			if k, ok := faceKey([]int64{verts[f[0]], verts[f[1]], verts[f[2]], verts[f[3]]}); ok {
				count[k]++
			}
		}
	}
	if len(count) == 0 {
		return p, at, false
	}
	named := map[string]bool{}
	for _, key := range []string{"boundary", "patches"} {
		list, _ := firstList(x.Dict.Get(key))
		for _, item := range list {
			var faces []any
			switch it := item.(type) {
			case map[string]any:
				faces, _ = it["faces"].([]any)
			case []any:
				faces = it
			default:
				continue
			}
			for _, f := range faces {
				ls, ok := labels(f)
				if !ok {
					// `project (…) geometry` and friends: only plain label faces are read.
					if _, isList := f.([]any); isList {
						return p, at, false
					}
					continue
				}
				if k, ok := faceKey(ls); ok {
					named[k] = true
				}
			}
		}
	}
	_, blockFaces, sized := blockCells(x)
	n, m := int64(0), int64(0)
	for k, c := range count {
		if c == 1 && !named[k] {
			n++
			m += blockFaces[k]
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

// firstList is the value of an entry's first token when it is a list. blockMesh reads
// `boundary` and `patches` as one list from the entry's stream, so tokens after it (a
// missing `;` before mergePatchPairs, as in dsmcFoam/supersonicCorner) are not read.
func firstList(e *grammar.ExpEntry) ([]any, bool) {
	if e == nil || len(e.Value) == 0 {
		return nil, false
	}
	if _, ok := e.Value[0].(*grammar.List); !ok {
		return nil, false
	}
	l, ok := grammar.ItemValue(e.Value[0], grammar.ValueOptions{}).([]any)
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

func nonEmpty(e *grammar.ExpEntry) bool {
	if len(e.Value) != 1 {
		return len(e.Value) > 0
	}
	l, ok := e.Value[0].(*grammar.List)
	return !ok || len(l.Items) > 0
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

// namedBlockMeshPatches reads the patches blockMeshDict names.
func (l *loader) namedBlockMeshPatches(rel string, x *grammar.Expanded) []Patch {
	var out []Patch
	_, blockFaces, _ := blockCells(x)
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
					n := int64(len(faces))
					p.NFaces = &n
					if m, ok := meshFaces(blockFaces, faces); ok && blockFaces != nil {
						p.MeshFaces = &m
					}
				}
				l.patchPosition(len(out), rel, name.Pos)
				out = append(out, p)
			}
		}
		return out
	}
	if e := x.Dict.Get("patches"); e != nil && len(e.Value) > 0 {
		if list, ok := e.Value[0].(*grammar.List); ok {
			for i := 0; i+2 < len(list.Items); i += 3 {
				typ, ok := list.Items[i].(*grammar.Word)
				name, ok2 := list.Items[i+1].(*grammar.Word)
				faces, ok3 := list.Items[i+2].(*grammar.List)
				if !ok || !ok2 || !ok3 {
					break
				}
				n := int64(len(faces.Items))
				l.patchPosition(len(out), rel, name.Pos)
				out = append(out, Patch{Name: name.Value, Type: typ.Value, Source: rel, NFaces: &n, InGroups: []string{}})
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
