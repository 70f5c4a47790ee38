package verify

import (
	"fmt"
	"math"
	"path"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
)

// Shallow-water findings (docs/verify.md).
const (
	IDWaterDepth  = "FOAM-VERIFY-080"
	IDWaterVolume = "FOAM-VERIFY-081"
)

// waterVolumeTolerance is the relative change of the water volume sum(h V) a closed
// shallowWaterFoam domain may show between the start and a judged time. The depth equation
// is in flux form (shallowWaterFoam.C:131, phi = phiHbyA + hEqn.flux()), so a converged run
// keeps the volume to the written precision: measured here on the closed 1-D dam break of
// compiler/testdata/shallowwater (200 cells, writePrecision 8) 10.999999999999943 ->
// 10.999999996999954 (2.7e-10); with the h solve left unconverged (hFinal relTol 0.5,
// tolerance 1e-3) docs/verify.md gives what it drifts by.
const waterVolumeTolerance = 1e-6

// checkShallowWater judges a shallowWaterFoam run: the depth h is never negative in a judged
// time (the solver has no wetting and drying: U = hU/h), and in a closed domain (every
// patch a wall, empty, symmetry, wedge or coupled) the water volume sum over the cells of
// h V is that of the start time.
func checkShallowWater(r *Run) []finding.Finding {
	if r.app != "shallowWaterFoam" {
		return nil
	}
	times := r.caseTimes()
	all := foamcase.TimeDirs(r.dir)
	if len(times) == 0 || len(all) == 0 {
		return nil
	}
	var out []finding.Finding
	minH, minAt := math.Inf(1), ""
	for _, t := range times {
		vals, rel, f, ok := readInternal(r, t, "h")
		if !ok {
			out = append(out, f...)
			continue
		}
		for i, v := range vals {
			if v < 0 {
				out = append(out, finding.Finding{ID: IDWaterDepth, Severity: finding.Deny, Location: finding.Location{File: rel, Path: "/internalField"},
					Summary: fmt.Sprintf("%s holds a negative water depth: %g (cell %d)", rel, v, i),
					Detail:  fmt.Sprintf("method: minimum over internalField of the depth h; threshold: h >= 0 (a depth; shallowWaterFoam has no wetting and drying, U = hU/h); measured: %g", minOf(vals)),
					Fix:     "the flow dried a cell: keep a wet layer everywhere (a larger initial depth downstream of a dam), lower deltaT, and rerun"})
				break
			}
		}
		if m := minOf(vals); m < minH {
			minH, minAt = m, rel
		}
	}
	if !math.IsInf(minH, 1) && minH >= 0 {
		out = append(out, finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: minAt},
			Summary: fmt.Sprintf("the water depth stays non-negative: min h %g (%s)", minH, minAt),
			Detail:  fmt.Sprintf("method: minimum over internalField of h in every judged time (%s); threshold: h >= 0", strings.Join(times, ", "))})
	}
	return append(out, checkWaterVolume(r, all[0], times)...)
}

// checkWaterVolume compares sum(h V) of the start time with each judged time's in a closed
// domain.
func checkWaterVolume(r *Run, start string, times []string) []finding.Finding {
	notJudged := func(why string) []finding.Finding {
		return []finding.Finding{{ID: IDNotJudged, Severity: finding.Info, Location: finding.Location{File: path.Join(start, "h")},
			Summary: "water volume conservation not judged: " + why}}
	}
	patches, err := readPatches(r.dir)
	if err != nil {
		return notJudged("the mesh boundary is unreadable: " + err.Error())
	}
	var open []string
	for _, p := range patches {
		if !closedTypes[p.typ] && !coupled[p.typ] {
			open = append(open, fmt.Sprintf("%s (%s)", p.name, p.typ))
		}
	}
	if len(open) > 0 {
		return notJudged("the domain is open through " + strings.Join(open, ", "))
	}
	vol, err := cellVolumes(r.dir)
	if err != nil {
		return notJudged("cell volumes from constant/polyMesh: " + err.Error())
	}
	volume := func(t string) (float64, string, []finding.Finding, bool) {
		vals, rel, f, ok := readInternal(r, t, "h")
		if !ok {
			return 0, rel, f, false
		}
		s := 0.0
		for c, v := range vol {
			s += vals[min(c, len(vals)-1)] * v
		}
		return s, rel, nil, true
	}
	v0, rel0, f, ok := volume(start)
	if !ok {
		return f
	}
	var out []finding.Finding
	for _, t := range times {
		if t == start {
			continue
		}
		v1, rel, f, ok := volume(t)
		if !ok {
			out = append(out, f...)
			continue
		}
		change := math.Abs(v1-v0) / math.Max(math.Abs(v0), 1e-300)
		measured := fmt.Sprintf("%.10g in %s, %.10g in %s: relative change %.3g", v0, rel0, v1, rel, change)
		detail := fmt.Sprintf("method: water volume sum over the cells of h V (V from constant/polyMesh by the divergence theorem; proportional to the plan area times the depth on a one-cell-thick mesh), closed domain (every patch of constant/polyMesh/boundary a wall, empty, symmetry, wedge or coupled patch); threshold: relative change <= %g (docs/verify.md); measured: %s",
			waterVolumeTolerance, measured)
		if change > waterVolumeTolerance {
			out = append(out, finding.Finding{ID: IDWaterVolume, Severity: finding.Deny, Location: finding.Location{File: rel},
				Summary: "the water volume of the closed domain changed: " + measured, Detail: detail,
				Fix: "converge the depth equation in every step (its fvSolution entries h and hFinal: tolerance 1e-10, relTol 0 for hFinal) and rerun"})
			continue
		}
		out = append(out, finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: rel},
			Summary: "the water volume of the closed domain is conserved: " + measured, Detail: detail})
	}
	return out
}

// readInternal reads the internalField values of a result field of time t.
func readInternal(r *Run, t, field string) ([]float64, string, []finding.Finding, bool) {
	rel := path.Join(t, field)
	x, err := r.read(rel)
	if err != nil {
		return nil, rel, []finding.Finding{unreadable(rel, err)}, false
	}
	in := x.Dict.Get("internalField")
	if in == nil {
		return nil, rel, []finding.Finding{unreadable(rel, fmt.Errorf("no internalField"))}, false
	}
	vals := fieldValues(in)
	if len(vals) == 0 {
		return nil, rel, []finding.Finding{unreadable(rel, fmt.Errorf("internalField holds no numbers"))}, false
	}
	return vals, rel, nil, true
}

var shallowWaterCheck = Check{Name: "shallow-water", File: "verify/shallowwater.go",
	Doc: "shallowWaterFoam: the depth h >= 0 in every judged time, and the water volume sum(h V) of a closed domain conserved from the start time",
	IDs: []ID{
		{ID: IDWaterDepth, Severity: finding.Deny, Summary: "foamc verify: a shallowWaterFoam run wrote a negative water depth h: reject",
			Fix: "keep a wet layer everywhere, lower deltaT and rerun", Provenance: []string{"applications/solvers/incompressible/shallowWaterFoam/shallowWaterFoam.C"}},
		{ID: IDWaterVolume, Severity: finding.Deny, Summary: "foamc verify: the water volume sum(h V) of a closed shallowWaterFoam domain changed by more than 1e-6 (relative) from the start time: reject",
			Fix: "converge the depth equation in every step and rerun", Provenance: []string{"applications/solvers/incompressible/shallowWaterFoam/shallowWaterFoam.C"}},
	},
	Run: checkShallowWater,
}
