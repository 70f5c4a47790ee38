package kb

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/foamc/foamc/openfoam"
)

// CuratedModel is one entry of curated/models.json.
type CuratedModel struct {
	Class       string   `json:"class"`       // RAS | LES
	Fields      []string `json:"fields"`      // the fields the model reads
	Transported []string `json:"transported"` // the fields it solves for
	WallDist    bool     `json:"wallDist"`    // needs fvSchemes wallDist
	LowRe       bool     `json:"lowRe"`       // resolves the wall (no wall functions)
	Provenance  []string `json:"provenance"`
}

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

// describedSolver is the solver table's row of a solver foamc writes cases for
// (openfoam.Solver.Described).
func describedSolver(name string) (openfoam.Solver, bool) {
	s, ok := openfoam.LookupSolver(name)
	return s, ok && s.Described()
}
