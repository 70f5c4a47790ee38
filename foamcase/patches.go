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
	for _, rel := range []string{"system/blockMeshDict", "constant/polyMesh/blockMeshDict"} {
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
	var out []Patch
	for i := 0; i+1 < len(list.Items); i += 2 {
		name, ok := list.Items[i].(*grammar.Word)
		block, ok2 := list.Items[i+1].(*grammar.Dict)
		if !ok || !ok2 {
			continue
		}
		v := grammar.ItemValue(block, grammar.ValueOptions{}).(map[string]any)
		p := Patch{Name: name.Value, Source: rel, Region: region, InGroups: wordList(v["inGroups"])}
		p.Type, _ = v["type"].(string)
		if n, ok := v["nFaces"].(int64); ok {
			p.NFaces = &n
		}
		l.patchPosition(offset+len(out), rel, name.Pos)
		out = append(out, p)
	}
	return out
}

// blockMeshPatches reads blockMeshDict's `boundary ( name { type t; faces (…); } … )`
// or the legacy `patches ( type name (faces) … )`.
func (l *loader) blockMeshPatches(rel string, x *grammar.Expanded) []Patch {
	var out []Patch
	if e := x.Dict.Get("boundary"); e != nil && len(e.Value) == 1 {
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
				}
				l.patchPosition(len(out), rel, name.Pos)
				out = append(out, p)
			}
		}
		return out
	}
	if e := x.Dict.Get("patches"); e != nil && len(e.Value) == 1 {
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
	l.c.Positions[ptr] = finding.Location{File: rel, Line: pos.Line, Column: pos.Column, Path: ptr}
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
