package lsp

import (
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/kb"
)

// fieldRank is the rank of a field file's values from its FoamFile class
// (volVectorField -> vector), "" when d is not a field file.
func fieldRank(f *grammar.File) string {
	class := f.HeaderWord("class")
	for _, geo := range []string{"vol", "surface", "point"} {
		if r, ok := strings.CutPrefix(class, geo); ok {
			if r, ok := strings.CutSuffix(r, "Field"); ok && r != "" {
				return strings.ToLower(r[:1]) + r[1:]
			}
		}
	}
	return ""
}

// patchOf finds the mesh patch a boundaryField entry of the field file rel names:
// the patch itself, else the patches of that group (nil when unknown).
func patchOf(c *foamcase.Case, rel, name string) *foamcase.Patch {
	if c == nil {
		return nil
	}
	region := fieldRegion(c, rel)
	var group []*foamcase.Patch
	for i := range c.Patches {
		p := &c.Patches[i]
		if p.Region != region {
			continue
		}
		if p.Name == name {
			return p
		}
		if p.Type == name || slices.Contains(p.InGroups, name) {
			group = append(group, p)
		}
	}
	if len(group) > 0 {
		return group[0]
	}
	return nil
}

// fieldRegion is the mesh region of a field file (0/heater/T -> heater).
func fieldRegion(c *foamcase.Case, rel string) string {
	for name, file := range c.Fields {
		if file == rel {
			if dir := path.Dir(name); dir != "." {
				return dir
			}
		}
	}
	return ""
}

// constraintTypes are the patch types whose fields take the patchField of the same name.
var constraintTypes = map[string]bool{
	"empty": true, "wedge": true, "symmetryPlane": true, "symmetry": true, "cyclic": true, "cyclicAMI": true,
	"cyclicACMI": true, "cyclicSlip": true, "processor": true, "processorCyclic": true,
	"nonuniformTransformCyclic": true, "overset": true,
}

// bcTypes are the boundary-condition types that fit a field of rank on patch p (any
// patch when p is nil) in a case of solver (any when ""): a constraint patch takes its
// constraint types, another patch the unconstrained types, wall-only types only on
// walls, and a type compiled into some solvers only (maxwellSlipU) only for those.
func bcTypes(k *kb.KB, rank string, p *foamcase.Patch, solver string) []string {
	var out []string
	for name, c := range k.Contracts {
		if c.Abstract || (rank != "" && !slices.Contains(c.Ranks, rank)) ||
			(solver != "" && len(c.Solvers) > 0 && !slices.Contains(c.Solvers, solver)) {
			continue
		}
		if p != nil {
			wall := p.Type == "wall" || slices.Contains(p.InGroups, "wall")
			switch {
			case constraintTypes[p.Type]:
				if c.Constraint != p.Type && name != p.Type {
					continue
				}
			case c.Constraint != "" || constraintTypes[name]:
				continue
			case (c.RequiresWall || c.WallFunction) && !wall:
				continue
			}
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// vocabulary is one list of names OpenFOAM selects at run time, with what it is.
type vocabulary struct {
	key  string // the kb Vocab / provenance name
	role string
	list func(v *kb.Vocab) []string
}

var vocabularies = []vocabulary{
	{"ddtSchemes", "time-derivative scheme (fvSchemes ddtSchemes): how ∂/∂t is discretised", func(v *kb.Vocab) []string { return v.DdtSchemes }},
	{"gradSchemes", "gradient scheme (fvSchemes gradSchemes): how ∇ of a field is computed", func(v *kb.Vocab) []string { return v.GradSchemes }},
	{"divSchemes", "divergence scheme (fvSchemes divSchemes): the discretisation of ∇· terms, followed by an interpolation scheme", func(v *kb.Vocab) []string { return v.DivSchemes }},
	{"laplacianSchemes", "Laplacian scheme (fvSchemes laplacianSchemes): ∇·(Γ∇φ), followed by the interpolation of Γ and a snGrad scheme", func(v *kb.Vocab) []string { return v.LaplacianSchemes }},
	{"interpolationSchemes", "interpolation scheme: how cell values are interpolated to faces (after Gauss in div and laplacian schemes, or in interpolationSchemes)", func(v *kb.Vocab) []string { return v.InterpolationSchemes }},
	{"snGradSchemes", "surface-normal gradient scheme (snGradSchemes, last word of a laplacian scheme): the face-normal gradient and its non-orthogonal correction", func(v *kb.Vocab) []string { return v.SnGradSchemes }},
	{"linearSolvers", "linear solver (fvSolution solvers/<field>/solver): solves the field's matrix equation", func(v *kb.Vocab) []string { return v.LinearSolvers }},
	{"preconditioners", "preconditioner (fvSolution solvers/<field>/preconditioner) of a Krylov linear solver", func(v *kb.Vocab) []string { return v.Preconditioners }},
	{"smoothers", "smoother (fvSolution solvers/<field>/smoother) of smoothSolver or GAMG", func(v *kb.Vocab) []string { return v.Smoothers }},
	{"rasModels", "RAS turbulence model (turbulenceProperties RAS/RASModel)", func(v *kb.Vocab) []string { return modelNames(v.RASModels) }},
	{"lesModels", "LES turbulence model (turbulenceProperties LES/LESModel)", func(v *kb.Vocab) []string { return modelNames(v.LESModels) }},
	{"lesDeltas", "LES filter width (turbulenceProperties LES/delta)", func(v *kb.Vocab) []string { return v.LESDeltas }},
	{"functionObjects", "function object (controlDict functions/<name>/type), run during the solution", func(v *kb.Vocab) []string { return v.FunctionObjects }},
	{"thermoTypes", "thermophysical model (thermophysicalProperties thermoType/type)", func(v *kb.Vocab) []string { return v.ThermoTypes }},
}

// modelNames are the models of every class, once each, sorted.
func modelNames(m map[string][]string) []string {
	var out []string
	for _, l := range m {
		out = append(out, l...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func vocabularyNamed(key string) vocabulary {
	for _, v := range vocabularies {
		if v.key == key {
			return v
		}
	}
	panic("lsp: unknown vocabulary " + key)
}

// registeredAt is the registration of name in vocabulary key: the provenance line whose
// path has a directory or file named after it ("" when none does).
func registeredAt(k *kb.KB, key, name string) string {
	for _, at := range k.Vocab.Provenance[key] {
		file, _, _ := strings.Cut(at, ":")
		for _, part := range strings.Split(file, "/") {
			base := strings.TrimSuffix(strings.TrimSuffix(part, path.Ext(part)), "s")
			if base == name || strings.TrimSuffix(part, path.Ext(part)) == name {
				return at
			}
		}
	}
	return ""
}

// wordContext names the vocabulary a value word at keys (the entry path, its keyword
// last) of file rel selects from, "" when none. index is the word's place in the value.
func wordContext(rel string, keys []string, index int) string {
	if len(keys) == 0 {
		return ""
	}
	base := path.Base(rel)
	last := keys[len(keys)-1]
	switch {
	case base == "fvSchemes" && len(keys) >= 2:
		switch section := keys[0]; section {
		case "ddtSchemes", "gradSchemes", "snGradSchemes", "interpolationSchemes":
			return section
		case "divSchemes", "laplacianSchemes":
			if index <= 0 {
				return section
			}
			if section == "laplacianSchemes" && index >= 2 {
				return "snGradSchemes"
			}
			return "interpolationSchemes"
		}
	case base == "fvSolution" && len(keys) >= 3 && keys[0] == "solvers":
		switch last {
		case "solver":
			return "linearSolvers"
		case "preconditioner":
			return "preconditioners"
		case "smoother":
			return "smoothers"
		}
	case base == "turbulenceProperties" || base == "momentumTransport":
		switch last {
		case "RASModel", "model":
			if len(keys) >= 2 && keys[0] == "RAS" {
				return "rasModels"
			}
			if len(keys) >= 2 && keys[0] == "LES" {
				return "lesModels"
			}
		case "LESModel":
			return "lesModels"
		case "delta":
			return "lesDeltas"
		}
	case base == "controlDict" && len(keys) == 3 && keys[0] == "functions" && last == "type":
		return "functionObjects"
	case strings.HasPrefix(base, "thermophysicalProperties") && len(keys) == 2 && keys[0] == "thermoType" && last == "type":
		return "thermoTypes"
	}
	return ""
}

// inBoundary reports an entry path inside boundaryField/<patch>/, with the patch name.
func inBoundary(keys []string) (patch string, ok bool) {
	if len(keys) >= 2 && keys[0] == "boundaryField" {
		return keys[1], true
	}
	return "", false
}
