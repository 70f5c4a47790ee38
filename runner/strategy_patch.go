package runner

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/kb"
)

type patch struct{ name, typ string }

// patches reads constant/polyMesh/boundary (names and types, in file order)
// with the grammar, as OpenFOAM reads it.
func (r *repairer) patches() []patch {
	_, ps, err := foamcase.ReadBoundary(filepath.Join(r.dir, "constant", "polyMesh", "boundary"))
	if err != nil {
		// No mesh yet (the case meshes later) or an unreadable one: no patch repairs.
		fmt.Fprintf(r.opt.Log, "repair: mesh patches: %v\n", err)
		return nil
	}
	out := make([]patch, len(ps))
	for i, p := range ps {
		out[i] = patch{p.Name, p.Type}
	}
	return out
}

var constraintPatch = map[string]bool{"empty": true, "symmetryPlane": true, "symmetry": true, "wedge": true,
	"cyclic": true, "cyclicAMI": true, "cyclicACMI": true, "processor": true}

// patchEntry adds the boundaryField entry a field lacks for a mesh patch.
func (r *repairer) patchEntry(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	if f.File == "" || f.Patch == "" {
		return nil, nil
	}
	typ := ""
	for _, p := range r.patches() {
		if p.name == f.Patch {
			typ = p.typ
		}
	}
	text, src, prov := r.patchText(ctx, f.File, f.File, filepath.Base(f.File), f.Patch, typ)
	return &candidate{strategy: "patch-entry", sources: []string{src}, prov: prov,
		edits: []Edit{{File: f.File, Entry: "boundaryField/" + f.Patch, New: text}}}, nil
}

// patchText chooses an entry for field on a patch of the given mesh type:
// the constraint type itself; a sibling patch of the same type in this field;
// the same patch in a tutorial of this solver; a wall/non-wall template.
// file is the case-relative field file (the reference query), current the
// file to read this case's values from (a draft while a file is rebuilt).
func (r *repairer) patchText(ctx context.Context, file, current, field, name, typ string) (string, string, []Provenance) {
	if constraintPatch[typ] {
		return "{ type " + typ + "; }", "constraint: patch type " + typ + " in constant/polyMesh/boundary", nil
	}
	// Templates start from the field's internalField, as the tutorials'
	// `value $internalField;` does (foamDictionary -set cannot expand it).
	template := func() (string, string, []Provenance) {
		t := bcTemplate(field, typ, r.model)
		if strings.Contains(t, "$internalField") {
			v, err := r.f.get(ctx, current, "internalField")
			if err != nil || v == "" || strings.HasPrefix(v, "nonuniform") {
				v = "uniform 0"
				if field == "U" {
					v = "uniform (0 0 0)"
				}
			}
			t = strings.ReplaceAll(t, "$internalField", v)
		}
		return t, "template:" + typ + "/" + field, nil
	}
	// Walls take the conventional wall BC: copying a sibling wall could copy a
	// moving lid's velocity onto a fixed wall.
	if typ == "wall" {
		return template()
	}
	if got, err := r.retrieve(ctx, Query{File: file, DictPath: []string{"boundaryField"}, Keyword: name}); err == nil && got != nil && strings.HasPrefix(got.Text, "{") && !strings.Contains(got.Text, "nonuniform") {
		return got.Text, got.Source + " (" + got.Level + ")", provenance(got)
	}
	for _, p := range r.patches() {
		if p.name == name || p.typ != typ {
			continue
		}
		if v, err := r.f.get(ctx, current, "boundaryField/"+p.name); err == nil && strings.HasPrefix(v, "{") {
			return v, "case:" + file + ":boundaryField/" + p.name + " (same patch type " + typ + ")", nil
		}
	}
	return template()
}

// bcTemplate is the conventional BC of a field on a wall or an open patch, as
// the v1912 tutorials write it: on a wall, the compiler's first choice for the
// turbulence model (kb.WallBCs: wall functions, or resolved walls for low-Re and LES).
func bcTemplate(field, typ, model string) string {
	if typ == "wall" {
		if field == "U" {
			return "{ type noSlip; }"
		}
		if ts := kb.WallBCs(field, model); len(ts) > 0 {
			switch t := ts[0]; {
			case t == "zeroGradient":
				return "{ type zeroGradient; }"
			case t == "fixedValue" || strings.HasPrefix(t, "nut"):
				// k and nuTilda vanish at a resolved wall; nut's wall functions compute it.
				return "{ type " + t + "; value uniform 0; }"
			default:
				return "{ type " + t + "; value $internalField; }"
			}
		}
		return "{ type zeroGradient; }"
	}
	if field == "nut" || field == "alphat" {
		return "{ type calculated; value $internalField; }"
	}
	return "{ type zeroGradient; }"
}
