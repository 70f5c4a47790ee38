package verify

import (
	"fmt"
	"path"
)

// patchField is a field's patch in a result file: its type, the numbers of its
// `value` (comps per face) and the line of that value (else of the patch).
type patchField struct {
	typ  string
	vals []float64
	line int
}

// resultPatches reads <t>/<field> (ASCII, binary, .gz) and returns its boundaryField
// patches; rel is the case-relative file read.
func resultPatches(r *Run, t, field string) (patches map[string]patchField, internal []float64, rel string, err error) {
	rel = path.Join(t, field)
	x, err := r.read(rel)
	if err != nil {
		if x, err = r.read(rel + ".gz"); err != nil {
			return nil, nil, rel, err
		}
		rel += ".gz"
	}
	if in := x.Dict.Get("internalField"); in != nil {
		internal = values(in.Value)
	}
	patches = map[string]patchField{}
	bf := x.Dict.Get("boundaryField")
	if bf == nil || bf.Dict == nil {
		return nil, nil, rel, fmt.Errorf("%s has no boundaryField", rel)
	}
	for _, p := range bf.Dict.Entries {
		if p.Dict == nil {
			continue
		}
		pf := patchField{typ: word(p.Dict.Get("type")), line: int(p.Source.Pos.Line)}
		if v := p.Dict.Get("value"); v != nil && v.Dict == nil {
			pf.vals, pf.line = values(v.Value), line(v)
		}
		patches[p.Key] = pf
	}
	return patches, internal, rel, nil
}

// vectors groups numbers in threes.
func vectors(vals []float64) [][3]float64 {
	out := make([][3]float64, len(vals)/3)
	for i := range out {
		out[i] = [3]float64{vals[3*i], vals[3*i+1], vals[3*i+2]}
	}
	return out
}
