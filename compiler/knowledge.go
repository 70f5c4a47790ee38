package compiler

import (
	"fmt"
	"sort"
	"strings"
)

// solverInfo is what the compiler needs to know about a solver (knowledge §2).
type solverInfo struct {
	Compressible bool
	Steady       bool
	Algorithm    string // SIMPLE | PISO | PIMPLE | "" (rhoCentralFoam)
	Turbulence   bool   // builds a turbulence model (reads turbulenceProperties)
	SetDeltaT    bool   // honours adjustTimeStep/maxCo
	Thermo       []string
	Energy       []string // accepted thermoType energy values, preferred first
	Transonic    bool     // pressure equation with phid (div(phid,p))
	Buoyant      bool     // p_rgh + g (knowledge §2 buoyant*)
}

const refSolvers = "knowledge/openfoam-v1912-rules.md §2"
const refModels = "knowledge/openfoam-v1912-rules.md §3"

var solvers = map[string]solverInfo{
	"icoFoam":           {Algorithm: "PISO"},
	"simpleFoam":        {Steady: true, Algorithm: "SIMPLE", Turbulence: true},
	"pisoFoam":          {Algorithm: "PISO", Turbulence: true},
	"pimpleFoam":        {Algorithm: "PIMPLE", Turbulence: true, SetDeltaT: true},
	"rhoSimpleFoam":     {Compressible: true, Steady: true, Algorithm: "SIMPLE", Turbulence: true, Thermo: []string{"hePsiThermo", "heRhoThermo"}, Energy: []string{"sensibleEnthalpy", "sensibleInternalEnergy"}},
	"rhoPimpleFoam":     {Compressible: true, Algorithm: "PIMPLE", Turbulence: true, SetDeltaT: true, Thermo: []string{"hePsiThermo", "heRhoThermo"}, Energy: []string{"sensibleEnthalpy", "sensibleInternalEnergy"}},
	"rhoCentralFoam":    {Compressible: true, Turbulence: true, SetDeltaT: true, Thermo: []string{"hePsiThermo"}, Energy: []string{"sensibleInternalEnergy"}},
	"buoyantSimpleFoam": {Compressible: true, Steady: true, Algorithm: "SIMPLE", Turbulence: true, Thermo: []string{"heRhoThermo"}, Energy: []string{"sensibleEnthalpy", "sensibleInternalEnergy"}, Buoyant: true},
	"buoyantPimpleFoam": {Compressible: true, Algorithm: "PIMPLE", Turbulence: true, SetDeltaT: true, Thermo: []string{"heRhoThermo"}, Energy: []string{"sensibleEnthalpy", "sensibleInternalEnergy"}, Buoyant: true},
	"sonicFoam":         {Compressible: true, Algorithm: "PIMPLE", Turbulence: true, SetDeltaT: true, Thermo: []string{"hePsiThermo"}, Energy: []string{"sensibleInternalEnergy"}, Transonic: true},
}

// solverNames lists the solvers foamc compiles, sorted.
func solverNames() []string {
	out := make([]string, 0, len(solvers))
	for n := range solvers {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// modelInfo describes a turbulence model (knowledge §3).
type modelInfo struct {
	Class  string   // laminar | RAS | LES
	Fields []string // besides nut: transported fields
	Nut    bool
	// WallDist: needs fvSchemes wallDist (NUM-009).
	WallDist bool
	LowRe    bool
}

var models = map[string]modelInfo{
	"laminar":         {Class: "laminar"},
	"kEpsilon":        {Class: "RAS", Fields: []string{"k", "epsilon"}, Nut: true},
	"realizableKE":    {Class: "RAS", Fields: []string{"k", "epsilon"}, Nut: true},
	"RNGkEpsilon":     {Class: "RAS", Fields: []string{"k", "epsilon"}, Nut: true},
	"LaunderSharmaKE": {Class: "RAS", Fields: []string{"k", "epsilon"}, Nut: true, LowRe: true},
	"kOmega":          {Class: "RAS", Fields: []string{"k", "omega"}, Nut: true},
	"kOmegaSST":       {Class: "RAS", Fields: []string{"k", "omega"}, Nut: true, WallDist: true},
	"SpalartAllmaras": {Class: "RAS", Fields: []string{"nuTilda"}, Nut: true, WallDist: true},
	"Smagorinsky":     {Class: "LES", Nut: true},
	"WALE":            {Class: "LES", Nut: true},
	"kEqn":            {Class: "LES", Fields: []string{"k"}, Nut: true},
	"dynamicKEqn":     {Class: "LES", Fields: []string{"k"}, Nut: true},
}

func modelNames() []string {
	out := make([]string, 0, len(models))
	for n := range models {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Features are the physics of the case being compiled, the query key of every retrieval.
type Features struct {
	Solver       string
	Compressible bool
	Steady       bool
	Algorithm    string
	Class        string // laminar | RAS | LES
	Model        string // "" for laminar
	Energy       string // e | h | ""
	Thermo       string
	TwoD         bool
	Closed       bool // no fixed-value pressure anywhere: needs pRefCell/pRefValue (SOL-004)
	Transonic    bool
	Buoyant      bool
	// Pressure is the solved pressure field: p, or p_rgh for buoyant solvers.
	Pressure string
	// Solved lists the fields with an equation, in emission order.
	Solved []string
	// Fields lists the field files written to 0/.
	Fields []string
}

func (f Features) String() string {
	m := f.Model
	if m == "" {
		m = "laminar"
	}
	return fmt.Sprintf("%s/%s/%s", f.Solver, m, map[bool]string{true: "compressible", false: "incompressible"}[f.Compressible])
}

// dims of the fields foamc writes (knowledge §4 DIM-001..003).
func fieldDims(field string, compressible bool) []int {
	switch field {
	case "U":
		return []int{0, 1, -1, 0, 0, 0, 0}
	case "p", "p_rgh":
		if compressible {
			return []int{1, -1, -2, 0, 0, 0, 0}
		}
		return []int{0, 2, -2, 0, 0, 0, 0}
	case "T":
		return []int{0, 0, 0, 1, 0, 0, 0}
	case "k":
		return []int{0, 2, -2, 0, 0, 0, 0}
	case "epsilon":
		return []int{0, 2, -3, 0, 0, 0, 0}
	case "omega":
		return []int{0, 0, -1, 0, 0, 0, 0}
	case "nut", "nuTilda":
		return []int{0, 2, -1, 0, 0, 0, 0}
	case "alphat":
		return []int{1, -1, -1, 0, 0, 0, 0}
	}
	return nil
}

func isVectorField(f string) bool { return f == "U" }

func isWallFunction(t string) bool { return strings.HasSuffix(t, "WallFunction") }

func isNutWallFunction(t string) bool { return strings.HasPrefix(t, "nut") && isWallFunction(t) }
