package verify

import (
	"fmt"
	"math"
	"path"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

// Species findings (docs/verify.md).
const (
	IDSpeciesBounds = "FOAM-VERIFY-090"
	IDSpeciesSum    = "FOAM-VERIFY-091"
)

// speciesTolerance is how far a written mass fraction may stray outside [0, 1] and a
// cell's or face's fractions from summing to 1. reactingFoam keeps the sum at 1 by
// construction (YEqn.H: each solved Yi is clipped at 0 and the inert specie is 1 - the
// others), so what remains is the written precision: writePrecision 6 (OpenFOAM's
// default) rounds each fraction by up to 5e-6 relative, five species of the one-step
// mechanism by up to 2.5e-5 together. 1e-4 stays above that and below any composition
// fault that matters (a patch whose fractions sum to 0.93 is 7e-2 off). Measured in v1912
// on the compiled counterflow flame of compiler/testdata/reacting: 5e-9 at most.
const speciesTolerance = 1e-4

const (
	fixSpeciesBounds = "the species transport is unbounded: use bounded convection (Gauss limitedLinear01 or upwind for div(phi,Yi_h)), a smaller time step, and rerun"
	fixSpeciesSum    = "make the fixed fractions of every inlet sum to 1 (rule FOAM-CHEM-003) and check inertSpecie; rerun"
)

var speciesCheck = Check{Name: "species", File: "verify/species.go",
	Doc: "species mass fractions of a multi-component mixture: each within [0, 1] and summing to 1 in every cell and boundary face of the latest time",
	IDs: []ID{
		{ID: IDSpeciesBounds, Severity: finding.Deny, Summary: "foamc verify: a species mass fraction outside [0, 1] by more than 1e-4 in a written field: reject",
			Fix: fixSpeciesBounds},
		{ID: IDSpeciesSum, Severity: finding.Deny, Summary: "foamc verify: the species mass fractions of a cell or boundary face do not sum to 1 within 1e-4: reject",
			Fix:        fixSpeciesSum,
			Provenance: []string{"applications/solvers/combustion/reactingFoam/YEqn.H"}},
	},
	Run: checkSpecies,
}

// species is the mixture's species list: thermophysicalProperties' own `species`
// (multiComponentMixture), else the foamChemistryFile's (reactingMixture); nil for a
// single-component gas.
func (r *Run) species() []string {
	tp, err := r.dict("constant/thermophysicalProperties")
	if err != nil {
		return nil
	}
	list := tp.Dict.Get("species")
	if list == nil {
		rel := "constant/reactions"
		if e := tp.Dict.Get("foamChemistryFile"); e != nil && len(e.Value) == 1 {
			if s, ok := e.Value[0].(*grammar.String); ok {
				rel = strings.Replace(s.Value, "<constant>/", "constant/", 1)
			}
		}
		ch, err := r.dict(rel)
		if err != nil {
			return nil
		}
		list = ch.Dict.Get("species")
	}
	if list == nil {
		return nil
	}
	return grammar.ListWords(list.Value)
}

func checkSpecies(r *Run) []finding.Finding {
	species := r.species()
	t := r.latest()
	if len(species) == 0 || t == "" || len(r.caseTimes()) == 0 {
		return nil
	}
	type piece struct {
		where string
		vals  []float64
	}
	// got[where] holds each specie's values of that piece (internalField, or a patch's
	// value); a uniform value is one number standing for the whole piece.
	got := map[string][][]float64{}
	var out []finding.Finding
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, sp := range species {
		rel := path.Join(t, sp)
		x, err := r.read(rel)
		if err != nil {
			out = append(out, unreadable(rel, err))
			continue
		}
		in := x.Dict.Get("internalField")
		if in == nil {
			out = append(out, unreadable(rel, fmt.Errorf("no internalField")))
			continue
		}
		pieces := []piece{{"internalField", fieldValues(in)}}
		for _, p := range patchValues(x.Dict.Get("boundaryField")) {
			pieces = append(pieces, piece{"boundaryField/" + p.name, fieldValues(p.e)})
		}
		bad := 0
		blo, bhi := math.Inf(1), math.Inf(-1)
		for _, pc := range pieces {
			got[pc.where] = append(got[pc.where], pc.vals)
			for _, v := range pc.vals {
				blo, bhi = math.Min(blo, v), math.Max(bhi, v)
				if v < -speciesTolerance || v > 1+speciesTolerance {
					bad++
				}
			}
		}
		lo, hi = math.Min(lo, blo), math.Max(hi, bhi)
		if bad > 0 {
			out = append(out, finding.Finding{ID: IDSpeciesBounds, Severity: finding.Deny,
				Summary: fmt.Sprintf("%s out of [0, 1]: min %g, max %g", rel, blo, bhi),
				Detail: fmt.Sprintf("method: min and max over internalField and every patch value of the mass fraction %s; threshold: [%g, %g] (docs/verify.md); measured: %d values outside, min %g, max %g",
					rel, -speciesTolerance, 1+speciesTolerance, bad, blo, bhi),
				Fix:      fixSpeciesBounds,
				Location: finding.Location{File: rel, Line: line(in), Path: "/internalField"}})
		}
	}
	if len(out) > 0 && len(got["internalField"]) < len(species) {
		return out // a specie unreadable: no sum to judge
	}
	sums := map[string][]float64{}
	for where, per := range got {
		if len(per) < len(species) {
			continue // a patch some specie does not write a value for (empty, ...)
		}
		n := 1
		for _, v := range per {
			n = max(n, len(v))
		}
		s := make([]float64, n)
		for _, v := range per {
			for i := range s {
				switch {
				case len(v) == 1:
					s[i] += v[0]
				case i < len(v):
					s[i] += v[i]
				}
			}
		}
		sums[where] = s
	}
	worst, worstAt, worstSum, off := 0.0, "", 1.0, 0
	for _, where := range sortedKeys(sums) {
		for i, s := range sums[where] {
			d := math.Abs(s - 1)
			if d > speciesTolerance {
				off++
			}
			if d > worst {
				worst, worstAt, worstSum = d, fmt.Sprintf("%s[%d]", where, i), s
			}
		}
	}
	detail := fmt.Sprintf("method: sum over the %d species %s of each cell value and each boundary face value at time %s; threshold: |sum - 1| <= %g; measured: largest deviation %.3g (sum %.9g at %s), %d values outside",
		len(species), strings.Join(species, " "), t, speciesTolerance, worst, worstSum, worstAt, off)
	if off > 0 {
		return append(out, finding.Finding{ID: IDSpeciesSum, Severity: finding.Deny,
			Summary:  fmt.Sprintf("species mass fractions do not sum to 1 in %s: %d values off, worst %.6g at %s", t, off, worstSum, worstAt),
			Detail:   detail,
			Fix:      fixSpeciesSum,
			Location: finding.Location{File: t}})
	}
	return append(out, finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: t},
		Summary: fmt.Sprintf("species mass fractions within [0, 1] (min %g, max %g) and summing to 1 within %.3g in %s", lo, hi, worst, t),
		Detail:  detail})
}
