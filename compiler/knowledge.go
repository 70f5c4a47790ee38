package compiler

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/openfoam"
)

const refSolvers = "openfoam/solvers.json (v1912 solver sources)"
const refModels = "kb/curated/models.json (v1912 turbulence model sources)"

// compiledModels are the models whose fields foamc has boundary conditions for.
var compiledModels = []string{"kEpsilon", "realizableKE", "RNGkEpsilon", "LaunderSharmaKE", "kOmega", "kOmegaSST",
	"SpalartAllmaras", "Smagorinsky", "WALE", "kEqn", "dynamicKEqn"}

var (
	solvers = map[string]solverInfo{}
	models  = map[string]modelInfo{"laminar": {Class: "laminar"}}
	// knownModels are the models of the kb's curated table, compiled or not.
	knownModels = map[string]bool{}
)

var (
	knowledgeOnce sync.Once
	knowledgeErr  error
)

// loadKnowledge reads the curated tables once; a malformed table is a tool error, not a panic.
func loadKnowledge() error {
	knowledgeOnce.Do(func() { knowledgeErr = readKnowledge() })
	return knowledgeErr
}

func readKnowledge() error {
	if err := registerSolvers(openfoam.DescribedSolvers()); err != nil {
		return err
	}
	mt, err := kb.CuratedModels()
	if err != nil {
		return fmt.Errorf("compiler: the kb's curated model table: %w", err)
	}
	for name := range mt {
		knownModels[name] = true
	}
	for _, name := range compiledModels {
		m, ok := mt[name]
		if !ok {
			return fmt.Errorf("compiler: no curated model entry for %s", name)
		}
		models[name] = modelInfo{Class: m.Class, Fields: m.Transported, WallDist: m.WallDist, LowRe: m.LowRe, Nut: slices.Contains(m.Fields, "nut")}
	}
	return nil
}

// modelInfo describes a turbulence model (kb/curated/models.json).
type modelInfo struct {
	Class  string   // laminar | RAS | LES
	Fields []string // transported fields (besides nut)
	Nut    bool
	// WallDist: needs fvSchemes wallDist (NUM-009).
	WallDist bool
	LowRe    bool
}

func modelNames() []string { return slices.Sorted(maps.Keys(models)) }

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
	// Phases are a VoF solver's two phases; alpha.<Phases[0]> is solved.
	Phases []string `json:",omitempty"`
	// Profile is the numerics profile, accurate or robust (numerics.go).
	Profile string
}

func (f Features) String() string {
	m := f.Model
	if m == "" {
		m = "laminar"
	}
	return fmt.Sprintf("%s/%s/%s", f.Solver, m, map[bool]string{true: "compressible", false: "incompressible"}[f.Compressible])
}

// fieldDims: pressure from the solver (DIM-001/002: the curated solver table's pDims),
// everything else from the kb's curated dimension table (DIM-003).
func fieldDims(field, solver string) []int {
	if field == "p" || field == "p_rgh" {
		return solvers[solver].PDims
	}
	if field == "T" && solver == "scalarTransportFoam" {
		// A passive scalar: dimensionless (verify bounds a T in kelvin).
		return []int{0, 0, 0, 0, 0, 0, 0}
	}
	if strings.HasPrefix(field, "alpha.") {
		return []int{0, 0, 0, 0, 0, 0, 0} // a volume fraction (FOAM-DIM-005)
	}
	dims, err := kb.Curated("dims")
	if err != nil {
		return nil
	}
	return intList(dims[field])
}

func intList(v any) []int {
	l, _ := v.([]any)
	out := make([]int, 0, len(l))
	for _, x := range l {
		switch n := x.(type) {
		case json.Number:
			i, _ := n.Int64()
			out = append(out, int(i))
		case float64:
			out = append(out, int(n))
		}
	}
	return out
}

func isVectorField(f string) bool { return f == "U" || f == "hU" }

func isWallFunction(t string) bool { return strings.HasSuffix(t, "WallFunction") }

func isNutWallFunction(t string) bool { return strings.HasPrefix(t, "nut") && isWallFunction(t) }
