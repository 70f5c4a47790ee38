package study

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/internal/saferead"
	"github.com/foamc/foamc/schema"
)

// Variant is one case of a study: the base spec with its parameter values set (and, in a
// convergence study, its mesh refined).
type Variant struct {
	ID     string
	Params []Value
	// Level is the refinement level of a convergence study (1: the base mesh, the
	// coarsest), 0 in a sweep; Factor multiplies the refined cell counts.
	Level  int
	Factor float64
	// Spec is the variant's spec (JSON); Mesh, when refined, the blockMeshDict it uses.
	Spec []byte
	Mesh []byte
	// Inputs is the hash of the spec and its mesh inputs: a recorded variant whose hash
	// differs has changed.
	Inputs string
	// Dims is the number of refined directions (the dimension of the GCI's cell size).
	Dims int
}

// Value is one parameter's value in a variant.
type Value struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Label is the variant's parameters as name=value pairs.
func (v *Variant) Label() string {
	var parts []string
	for _, p := range v.Params {
		parts = append(parts, p.Name+"="+format(p.Value))
	}
	if v.Level > 0 {
		parts = append(parts, fmt.Sprintf("level=%d", v.Level))
	}
	return strings.Join(parts, " ")
}

// format prints a parameter value compactly: numbers with %g, others as JSON.
func format(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case int64:
		return strconv.FormatInt(x, 10)
	case string:
		return x
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// Variants expands the study into its variants, in a fixed order (the last axis
// varies fastest, then the refinement level). Every spec path must exist in the base spec
// up to its last part (a located finding otherwise).
func (f *File) Variants() ([]Variant, error) {
	base, err := schema.Load(f.Base)
	if err != nil {
		return nil, err
	}
	meshIn, meshFile, err := meshInputs(base.Value, filepath.Dir(f.Base))
	if err != nil {
		return nil, err
	}
	levels := []int{0}
	var counts blockCounts
	var dims int
	if f.Refine != nil {
		if meshFile == "" {
			return nil, finding.List{{ID: IDNoRefine, Severity: finding.Deny, Location: f.doc.Locate("/refine"),
				Summary: "a convergence study refines a blockMeshDict: the base spec names no mesh.blockMeshDict",
				Fix:     "give the base spec a blockMeshDict mesh"}}
		}
		if counts, err = readBlockCounts(meshFile, meshIn[meshFile]); err != nil {
			return nil, finding.List{{ID: IDNoRefine, Severity: finding.Deny, Location: finding.Location{File: meshFile},
				Summary: "cannot refine the blockMeshDict: " + err.Error(), Fix: "write the blocks' cell counts as numbers"}}
		}
		if f.Refine.Directions == nil {
			f.Refine.Directions = counts.refinable()
		}
		dims = len(f.Refine.Directions)
		levels = levels[:0]
		for l := 1; l <= f.Refine.Levels; l++ {
			levels = append(levels, l)
		}
	}
	var out []Variant
	combos := f.combinations()
	for _, combo := range combos {
		for _, level := range levels {
			tree := deepCopy(base.Value)
			for _, p := range combo {
				if p.path == "" {
					continue
				}
				if err := setPointer(&tree, p.path, p.Value.Value); err != nil {
					return nil, finding.List{{ID: IDInvalid, Severity: finding.Deny, Location: f.doc.Locate(p.ptr + "/path"),
						Summary: fmt.Sprintf("%s: %s in the base spec %s: %v", p.ptr, p.path, f.Base, err), Fix: "name a field of the base spec (docs/spec.md)"}}
				}
			}
			v := Variant{Level: level, Dims: dims, Factor: 1}
			for _, p := range combo {
				v.Params = append(v.Params, p.Value)
			}
			spec, err := json.Marshal(tree)
			if err != nil {
				return nil, err
			}
			h := sha256.New()
			h.Write(spec)
			if level > 0 {
				v.Factor = math.Pow(f.Refine.Ratio, float64(level-1))
				v.Mesh = counts.refine(meshIn[meshFile], v.Factor, f.Refine.Directions)
			}
			for _, name := range slices.Sorted(maps.Keys(meshIn)) {
				b := meshIn[name]
				if name == meshFile && v.Mesh != nil {
					b = v.Mesh
				}
				fmt.Fprintf(h, "\x00%s\x00%d\x00", filepath.Base(name), len(b))
				h.Write(b)
			}
			v.Spec, v.Inputs = spec, hex.EncodeToString(h.Sum(nil))
			out = append(out, v)
		}
	}
	width := len(strconv.Itoa(len(out)))
	for i := range out {
		out[i].ID = fmt.Sprintf("v%0*d", max(3, width), i+1)
	}
	return out, nil
}

type setting struct {
	Value
	path, ptr string
}

// combinations is the product of the axes, each axis contributing one row of its
// (zipped) parameters.
func (f *File) combinations() [][]setting {
	out := [][]setting{nil}
	for i, a := range f.Vary {
		if len(a.Params) == 0 {
			continue
		}
		var next [][]setting
		for _, prev := range out {
			for k := range a.Params[0].Values {
				row := slices.Clone(prev)
				for j, p := range a.Params {
					ptr := fmt.Sprintf("/vary/%d", i)
					if len(a.Params) > 1 {
						ptr = fmt.Sprintf("/vary/%d/zip/%d", i, j)
					}
					row = append(row, setting{Value: Value{Name: p.Name, Value: p.Values[k]}, path: p.Path, ptr: ptr})
				}
				next = append(next, row)
			}
		}
		out = next
	}
	return out
}

// meshInputs reads the files of the spec's mesh source: the blockMeshDict, the polyMesh
// directory's files or the gmsh file. blockMeshDict is the blockMeshDict's path, if any.
func meshInputs(spec any, dir string) (map[string][]byte, string, error) {
	mesh, _ := asMap(spec)["mesh"].(map[string]any)
	out := map[string][]byte{}
	path := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	read := func(p string) error {
		b, err := saferead.ReadFile(p, 0)
		if err != nil {
			return fmt.Errorf("study: mesh input: %w", err)
		}
		out[p] = b
		return nil
	}
	var bmd string
	if p, ok := mesh["blockMeshDict"].(string); ok {
		bmd = path(p)
		if err := read(bmd); err != nil {
			return nil, "", err
		}
	}
	if p, ok := mesh["gmsh"].(string); ok {
		if err := read(path(p)); err != nil {
			return nil, "", err
		}
	}
	if p, ok := mesh["polyMesh"].(string); ok {
		ents, err := os.ReadDir(path(p))
		if err != nil {
			return nil, "", fmt.Errorf("study: mesh input: %w", err)
		}
		for _, e := range ents {
			if e.Type().IsRegular() {
				if err := read(filepath.Join(path(p), e.Name())); err != nil {
					return nil, "", err
				}
			}
		}
	}
	return out, bmd, nil
}

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = deepCopy(e)
		}
		return l
	}
	return v
}

// setPointer sets the value at an RFC 6901 pointer: every mapping on the way must exist
// but the last key may be new (a field the base spec leaves to foamc); list indices
// must exist.
func setPointer(root *any, ptr string, val any) error {
	parts := strings.Split(ptr[1:], "/")
	for i := range parts {
		parts[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(parts[i])
	}
	cur := root
	for i, p := range parts {
		last := i == len(parts)-1
		switch x := (*cur).(type) {
		case map[string]any:
			if last {
				x[p] = deepCopy(val)
				return nil
			}
			next, ok := x[p]
			if !ok {
				return fmt.Errorf("no field %q", strings.Join(parts[:i+1], "/"))
			}
			cur = &next
			x[p] = next
			// Maps and lists are references: editing next edits x[p].
		case []any:
			k, err := strconv.Atoi(p)
			if err != nil || k < 0 || k >= len(x) {
				return fmt.Errorf("no list item %q", strings.Join(parts[:i+1], "/"))
			}
			if last {
				x[k] = deepCopy(val)
				return nil
			}
			cur = &x[k]
		default:
			return fmt.Errorf("%q is not a mapping or list", strings.Join(parts[:i], "/"))
		}
	}
	return nil
}
