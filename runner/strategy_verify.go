package runner

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/foamc/foamc/openfoam"
)

// continueTries bounds how often an unconverged steady run is continued: each
// continuation runs as many iterations again as the run so far, so three double the
// iteration count three times.
const continueTries = 3

// continueRun continues an unconverged steady run from its latest time directory
// (startFrom latestTime) with as many iterations again as it has run, rounded up to
// whole write intervals so that the new end is written. With --steps the step limit
// decides the length instead (limitSteps counts from the latest time): only startFrom
// is set.
func (r *repairer) continueRun(ctx context.Context, f *Failure, _ int) (*candidate, error) {
	if sol, known := openfoam.LookupSolver(r.solver); known && !sol.Steady {
		return nil, nil
	}
	num := func(entry string) float64 {
		v, err := r.f.get(ctx, "system/controlDict", entry)
		if err != nil {
			return math.NaN()
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return math.NaN()
		}
		return x
	}
	start, latest := num("startTime"), latestTime(r.dir)
	if math.IsNaN(start) {
		return nil, nil
	}
	from, ran := latest, latest-start
	if !(latest > start) {
		// Nothing written after the start (an endTime short of the first write): run
		// from the start again, as much longer.
		end := num("endTime")
		if !(end > start) {
			return nil, nil
		}
		from, ran = start, end-start
	}
	set := [][2]string{{"startFrom", "latestTime"}}
	more := fmt.Sprintf("%d more steps (--steps)", r.opt.Steps)
	if r.opt.Steps <= 0 {
		ext := ran
		wc, _ := r.f.get(ctx, "system/controlDict", "writeControl")
		unit := num("writeInterval")
		if wc == "timeStep" {
			unit *= num("deltaT")
		} else if wc != "runTime" && wc != "adjustableRunTime" {
			unit = math.NaN() // cpuTime, clockTime: no interval in simulated time
		}
		if unit > 0 {
			ext = math.Ceil(ext/unit-1e-9) * unit
		}
		set = append(set, [2]string{"endTime", strconv.FormatFloat(from+ext, 'g', 12, 64)}, [2]string{"stopAt", "endTime"})
		more = fmt.Sprintf("%g more", ext)
	}
	var edits []Edit
	for _, kv := range set {
		if old, _ := r.f.get(ctx, "system/controlDict", kv[0]); old != kv[1] {
			edits = append(edits, Edit{File: "system/controlDict", Entry: kv[0], Old: old, New: kv[1]})
		}
	}
	// With --steps a second continuation edits nothing (startFrom is latestTime
	// already): the candidate still stands, it is the rerun that continues.
	return &candidate{strategy: "continue-run", edits: edits, keep: true, sources: []string{
		"verify " + f.Rule + ": not converged",
		fmt.Sprintf("latest written time %g: restart from it (startFrom latestTime) for %s", from, more),
	}}, nil
}

// boundedInterpolation lists the convection interpolation schemes that keep a field
// within the bounds of its neighbours (upwind and the TVD/NVD limited schemes of
// src/finiteVolume/interpolation/surfaceInterpolation/limitedSchemes).
var boundedInterpolation = map[string]bool{
	"upwind": true, "limitedLinear": true, "limitedLinear01": true, "limitedCubic": true, "limitedCubic01": true,
	"vanLeer": true, "vanAlbada": true, "MUSCL": true, "Minmod": true, "SuperBee": true, "UMIST": true,
}

// bounded reports whether a divSchemes value is a bounded convection scheme: a
// bounded interpolation, and for a steady solver OpenFOAM's `bounded` variant (which
// removes the continuity error's source term a converging SIMPLE iteration carries).
func bounded(scheme string, steady bool) bool {
	w := strings.Fields(scheme)
	if steady {
		if len(w) == 0 || w[0] != "bounded" {
			return false
		}
		w = w[1:]
	}
	return len(w) >= 2 && w[0] == "Gauss" && boundedInterpolation[w[1]]
}

// boundedSchemes switches the convection scheme of each field verify found out of
// bounds (k, epsilon, omega, nuTilda) to a bounded one: the knowledge base's reference
// value for divSchemes/div(phi,F) when that is bounded, else first-order upwind,
// bounded by construction.
func (r *repairer) boundedSchemes(ctx context.Context, f *Failure, skip int) (*candidate, error) {
	sol, _ := openfoam.LookupSolver(r.solver)
	fallback := "Gauss upwind"
	if sol.Steady {
		fallback = "bounded Gauss upwind"
	}
	c := &candidate{strategy: "bounded-schemes", sources: []string{"verify " + f.Rule + ": " + strings.Join(f.Fields, ", ") + " out of bounds"}}
	for _, field := range f.Fields {
		key := "div(phi," + field + ")"
		old, _ := r.f.get(ctx, "system/fvSchemes", "divSchemes/"+key)
		if bounded(old, sol.Steady) {
			continue
		}
		value, source := fallback, "first-order upwind: bounded by construction"
		got, err := r.retrieve(ctx, Query{File: "system/fvSchemes", DictPath: []string{"divSchemes"}, Keyword: key, Skip: skip})
		if err != nil {
			return nil, err
		}
		if got != nil && bounded(got.Text, sol.Steady) && normSpace(got.Text) != normSpace(old) {
			value, source = normSpace(got.Text), got.Source
			c.prov, c.level = append(c.prov, provenance(got)...), got.Level
		}
		c.edits = append(c.edits, Edit{File: "system/fvSchemes", Entry: "divSchemes/" + key, Old: old, New: value})
		c.sources = append(c.sources, key+": "+source)
	}
	if len(c.edits) == 0 {
		return nil, nil
	}
	return c, nil
}
