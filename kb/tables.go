package kb

import (
	"encoding/json"
	"fmt"
	"sync"
)

// CuratedSolver is one entry of curated/solvers.json: what the compiler and the rules
// (as data.kb.solvers) know of a solver foamc writes cases for, from its v1912 sources
// (Provenance). The traits shared with every solver (compressible, steady, algorithm,
// multiphase) agree with openfoam.LookupSolver, which a test checks.
type CuratedSolver struct {
	Algorithm    string              `json:"algorithm"` // SIMPLE | PISO | PIMPLE | ""
	Compressible bool                `json:"compressible"`
	Steady       bool                `json:"steady"`
	Multiphase   bool                `json:"multiphase"`
	Turbulence   bool                `json:"turbulence"` // builds a turbulence model
	SetDeltaT    bool                `json:"setDeltaT"`  // honours adjustTimeStep/maxCo
	Gravity      bool                `json:"gravity"`    // p_rgh + g
	PRef         bool                `json:"pRef"`       // sets a reference cell when no patch fixes p
	Thermo       string              `json:"thermo"`     // psiThermo | rhoThermo | any | ""
	Energy       []string            `json:"energy"`     // accepted energy variables: h, e
	EnergyDiv    map[string][]string `json:"energyDiv"`  // h|e -> the div keys its energy equation needs
	Div          []string            `json:"div"`        // div keys of the momentum equation
	PDims        []int               `json:"pDims"`      // dimensions of p (and p_rgh)
	Provenance   []string            `json:"provenance"`
}

// CuratedModel is one entry of curated/models.json.
type CuratedModel struct {
	Class       string   `json:"class"`       // RAS | LES
	Fields      []string `json:"fields"`      // the fields the model reads
	Transported []string `json:"transported"` // the fields it solves for
	WallDist    bool     `json:"wallDist"`    // needs fvSchemes wallDist
	LowRe       bool     `json:"lowRe"`       // resolves the wall (no wall functions)
	Provenance  []string `json:"provenance"`
}

// CuratedSolvers is curated/solvers.json, typed.
var CuratedSolvers = sync.OnceValues(func() (map[string]CuratedSolver, error) {
	return decodeCurated[CuratedSolver]("solvers.json")
})

// CuratedModels is curated/models.json, typed.
var CuratedModels = sync.OnceValues(func() (map[string]CuratedModel, error) {
	return decodeCurated[CuratedModel]("models.json")
})

func decodeCurated[T any](name string) (map[string]T, error) {
	data, err := curatedFS.ReadFile("curated/" + name)
	if err != nil {
		return nil, fmt.Errorf("kb: curated/%s: %w", name, err)
	}
	var m map[string]T
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("kb: curated/%s: %w", name, err)
	}
	return m, nil
}

// curatedSolver is the curated entry of a solver, if it has one.
func curatedSolver(name string) (CuratedSolver, bool) {
	cs, err := CuratedSolvers()
	s, ok := cs[name]
	return s, ok && err == nil
}
