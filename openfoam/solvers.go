package openfoam

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

// Solver is what foamc knows of an OpenFOAM v1912 solver application: one row of
// solvers.json, the one solver table (written by hand from the solver's sources:
// createFields.H, the algorithm's control object, its equations; Provenance cites them).
//
// Every row has the four traits every reader needs (Compressible, Steady, Algorithm,
// Multiphase: lint's case features, verify, the runner). A row that also lists the
// solver's Fields describes a solver foamc writes cases for (Described): the compiler
// reads its deeper facts and the rules read them as data.kb.solvers (docs/kb-data.md
// says what each fact means and which rule reads it).
type Solver struct {
	Algorithm    string `json:"algorithm"` // SIMPLE | PISO | PIMPLE | "" (rhoCentralFoam, potentialFoam...)
	Compressible bool   `json:"compressible"`
	Steady       bool   `json:"steady"`
	Multiphase   bool   `json:"multiphase"`

	// The facts of a described solver, empty in a traits-only row.
	AlgorithmRequired bool                `json:"algorithmRequired"` // a missing algorithm dictionary is fatal (icoFoam: PISO)
	Constant          []string            `json:"constant"`          // the constant/ dictionaries it reads
	Div               []string            `json:"div"`               // div keys of the momentum equation
	Energy            []string            `json:"energy"`            // accepted energy variables: h, e
	EnergyDiv         map[string][]string `json:"energyDiv"`         // h|e -> the div keys its energy equation needs
	EnergyValidated   bool                `json:"energyValidated"`   // curated flag no rule reads yet
	Fields            []string            `json:"fields"`            // MUST_READ fields besides the model fields
	Gravity           bool                `json:"gravity"`           // p_rgh + g
	MultiRegion       bool                `json:"multiRegion"`       // fields and controls per region
	PDims             []int               `json:"pDims"`             // dimensions of p (and p_rgh)
	PRef              bool                `json:"pRef"`              // sets a reference cell when no patch fixes p
	Pressure          string              `json:"pressure"`          // the solved pressure: p | p_rgh
	Provenance        []string            `json:"provenance"`
	Reconstruct       []string            `json:"reconstruct"` // fields of the reconstruct(…) interpolation keys it reads
	SetDeltaT         bool                `json:"setDeltaT"`   // honours adjustTimeStep/maxCo
	Solve             []string            `json:"solve"`       // the fields it assembles matrices for
	Stress            string              `json:"stress"`      // the viscous stress term of div: "" | nuEff | rhoNuEff
	Thermo            string              `json:"thermo"`      // psiThermo | rhoThermo | any | ""
	ThermoTable       string              `json:"thermoTable"` // the vocab.thermoCombinations table its thermo is looked up in
	Transport         []string            `json:"transport"`   // transportProperties keys it reads
	Turbulence        bool                `json:"turbulence"`  // builds a turbulence model
}

// Described reports whether the row carries the facts of a solver foamc writes cases
// for: it lists the fields the solver reads (an empty list for a multi-region solver,
// whose fields are per region), which a traits-only row omits.
func (s Solver) Described() bool { return s.Fields != nil }

//go:embed solvers.json
var solversJSON []byte

// solvers decodes solvers.json once. The table is embedded, so a row that does not
// decode is a defect of the build, which TestSolverTable catches before any release.
var solvers = sync.OnceValue(func() map[string]Solver {
	m, err := decodeSolvers(solversJSON)
	if err != nil {
		panic(err)
	}
	return m
})

// decodeSolvers reads the table strictly: a key no Solver field has is an error, so a
// misspelt fact is not silently dropped.
func decodeSolvers(data []byte) (map[string]Solver, error) {
	var rows map[string]json.RawMessage
	if err := json.Unmarshal(data, &rows); err != nil {
		return nil, fmt.Errorf("openfoam: solvers.json: %w", err)
	}
	m := make(map[string]Solver, len(rows))
	for name, raw := range rows {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		var s Solver
		if err := dec.Decode(&s); err != nil {
			return nil, fmt.Errorf("openfoam: solvers.json: %s: %w", name, err)
		}
		m[name] = s
	}
	return m, nil
}

// LookupSolver returns the row of a v1912 solver application; an unknown solver's
// traits come from its case's files.
func LookupSolver(name string) (Solver, bool) {
	s, ok := solvers()[name]
	return s, ok
}

// DescribedSolvers returns the described rows by name (Described); callers must not
// modify them.
func DescribedSolvers() map[string]Solver {
	out := map[string]Solver{}
	for name, s := range solvers() {
		if s.Described() {
			out[name] = s
		}
	}
	return out
}
