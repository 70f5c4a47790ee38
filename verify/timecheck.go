package verify

import (
	"fmt"
	"math"
	"path/filepath"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/foamcase/polymesh"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/solverlog"
)

// Time-stepping findings (docs/verify.md).
const (
	IDCourant        = "FOAM-VERIFY-035"
	IDFlowThrough    = "FOAM-VERIFY-036"
	IDNoFlowThrough  = "FOAM-VERIFY-037"
	IDCourantUnjudge = "FOAM-VERIFY-038"
)

const (
	// courantSlack: with adjustTimeStep, setDeltaT.H picks the next deltaT from the
	// last step's Courant number, so an accelerating flow overshoots maxCo for a
	// step; measured here, the interFoam damBreak tutorial (maxCo 1) peaks at 1.33.
	courantSlack = 1.5
	// pisoCourant: PISO (and PIMPLE with one outer corrector) is stable and accurate
	// for Co < 1 (OpenFOAM user guide, cavity tutorial; MULES' explicit interface
	// transport likewise needs an interface Courant number below 1).
	pisoCourant = 1.0
	// minFlowThroughs: a transient run with an inflow should let the inflow cross the
	// domain at least once before its result no longer carries the initial field.
	minFlowThroughs = 1.0
)

// checkTime judges a transient run's Courant numbers and, when the case has a
// fixed-velocity inlet, how many flow-through times it simulated.
func checkTime(r *Run) []finding.Finding {
	p, sol := r.solverLog().p, r.sol
	if sol.Steady || len(p.Steps) == 0 {
		return nil
	}
	var out []finding.Finding
	out = append(out, courant(r, p, false)...)
	if sol.Multiphase {
		out = append(out, courant(r, p, true)...)
	}
	return append(out, flowThroughs(r, p)...)
}

func courant(r *Run, p *solverlog.Parser, iface bool) []finding.Finding {
	rel, sol, cd := r.logRel(), r.sol, r.control
	what, key := "Courant number", "maxCo"
	if iface {
		what, key = "interface Courant number", "maxAlphaCo"
	}
	adjust := switchOn(cd.Dict.Get("adjustTimeStep"))
	// With adjustTimeStep the first step's deltaT was sized on the initial field
	// (setInitialDeltaT.H); a flow started from rest overshoots it once (measured:
	// pimpleFoam pitzDaily, Co 9.28 in step 1, then <= 5.09 for maxCo 5).
	first := 0
	if adjust {
		first = 1
	}
	peak, at, seen := 0.0, 0, false
	for i, s := range p.Steps {
		if i < first {
			continue
		}
		v := s.CourantMax
		if iface {
			v = s.InterfaceCourantMax
		}
		if v > 0 {
			seen = true
		}
		if v > peak {
			peak, at = v, i+1
		}
	}
	if !seen {
		return nil
	}
	loc := finding.Location{File: rel}
	var limit float64
	var source string
	outer := 1.0
	if x, err := r.dict("system/fvSolution"); err == nil && sol.Algorithm != "" {
		if a := x.Dict.Get(sol.Algorithm); a != nil && a.Dict != nil {
			if v, ok := number(a.Dict.Get("nOuterCorrectors")); ok {
				outer = v
			}
		}
	}
	switch {
	case adjust:
		set := 1.0 // readTimeControls.H: lookupOrDefault("maxCo", 1.0)
		if v, ok := number(cd.Dict.Get(key)); ok {
			set = v
		}
		limit = set * courantSlack
		source = fmt.Sprintf("adjustTimeStep yes, system/controlDict %s %g times %g (setDeltaT.H adapts deltaT from the previous step; damBreak peaks at 1.33 times its maxCo)", key, set, courantSlack)
	case iface || sol.Algorithm == "PISO" || sol.Algorithm == "PIMPLE" && outer <= 1:
		limit = pisoCourant
		source = fmt.Sprintf("fixed deltaT, %s with %g outer corrector(s): Co < 1 (OpenFOAM user guide, cavity tutorial; explicit MULES interface transport)", sol.Algorithm, outer)
	default:
		why := fmt.Sprintf("PIMPLE with %g outer correctors and a fixed deltaT has no fixed Courant limit (the outer loop lets it run above Co 1)", outer)
		if sol.Algorithm != "PIMPLE" {
			why = "a fixed deltaT with a solver that is neither PISO nor PIMPLE: foamc knows no Courant limit for it"
		}
		return []finding.Finding{{ID: IDCourantUnjudge, Severity: finding.Info, Location: loc,
			Summary: fmt.Sprintf("max %s %.3g at step %d not judged: %s", what, peak, at, why),
			Detail:  "method: largest `Courant Number mean: ... max:` of " + rel + "; the limit depends on the case"}}
	}
	skipped := ""
	if first > 0 {
		skipped = ", after the first (sized on the initial field)"
	}
	detail := fmt.Sprintf("method: largest `%s mean: ... max:` over the %d steps of %s%s; threshold: <= %.4g (%s); measured: %.4g at step %d (time %g)",
		what, len(p.Steps), rel, skipped, limit, source, peak, at, p.Steps[at-1].Time)
	if peak > limit {
		return []finding.Finding{{ID: IDCourant, Severity: finding.Deny, Location: loc,
			Summary: fmt.Sprintf("%s %.3g at step %d (time %g) exceeds what %s tolerates (%.4g)", what, peak, at, p.Steps[at-1].Time, sol.Algorithm, limit),
			Detail:  detail,
			Fix:     fmt.Sprintf("reduce deltaT (or set adjustTimeStep yes with %s <= 1) and rerun", key)}}
	}
	return []finding.Finding{{ID: IDCheckPassed, Severity: finding.Info, Location: loc,
		Summary: fmt.Sprintf("max %s %.3g within %.4g", what, peak, limit), Detail: detail}}
}

// switchOn: e is a Switch that reads as on (grammar.SwitchItem).
func switchOn(e *grammar.ExpEntry) bool {
	if e == nil || len(e.Value) != 1 {
		return false
	}
	on, ok := grammar.SwitchItem(e.Value[0])
	return ok && on
}

// flowThroughs counts the flow-through times L/U a transient run simulated: U the
// largest fixed inlet speed (a non-wall patch with a uniform fixedValue velocity in
// the start time's U), L the mesh's bounding-box extent along that velocity.
func flowThroughs(r *Run, p *solverlog.Parser) []finding.Finding {
	dir, rel, start := r.dir, r.logRel(), r.start
	loc := finding.Location{File: rel}
	if r.app == "scalarTransportFoam" {
		return []finding.Finding{{ID: IDNoFlowThrough, Severity: finding.Info, Location: loc,
			Summary: "flow-through times not judged: scalarTransportFoam carries its scalar in a given, frozen U (createFields.H): no flow develops, and a front's position at a time is the answer"}}
	}
	inlet, speed, dirn, ok := inletVelocity(r, start)
	if !ok {
		return []finding.Finding{{ID: IDNoFlowThrough, Severity: finding.Info, Location: loc,
			Summary: "flow-through times not judged: no inlet with a uniform fixed velocity (closed or driven domain)",
			Detail:  "method: look for a non-wall patch whose U at the start time is a uniform non-zero fixedValue"}}
	}
	lo, hi, err := meshBox(dir)
	if err != nil {
		return []finding.Finding{unreadable("constant/polyMesh/points", err)}
	}
	length := 0.0
	for i := range 3 {
		length += math.Abs(dirn[i]) * (hi[i] - lo[i])
	}
	simulated := p.Steps[len(p.Steps)-1].Time - start
	n := simulated * speed / length
	detail := fmt.Sprintf("method: flow-through time L/U with U = |U| %.4g m/s of inlet patch %s (start time's U) and L = %.4g m, the extent of constant/polyMesh/points' bounding box along that velocity; simulated time %g (startTime %g to the log's last step); threshold: >= %g flow-through time(s); measured: %.3g",
		speed, inlet, length, simulated, start, minFlowThroughs, n)
	if n < minFlowThroughs {
		return []finding.Finding{{ID: IDFlowThrough, Severity: finding.Warn, Location: loc,
			Summary: fmt.Sprintf("only %.3g flow-through time(s) simulated (L/U = %.3g s, run %g s): the result still carries the initial field", n, length/speed, simulated),
			Detail:  detail,
			Fix:     fmt.Sprintf("run longer: endTime >= startTime + %.3g s for one flow-through, several more for time averages", length/speed)}}
	}
	return []finding.Finding{{ID: IDCheckPassed, Severity: finding.Info, Location: loc,
		Summary: fmt.Sprintf("%.3g flow-through times simulated (L/U = %.3g s)", n, length/speed), Detail: detail}}
}

// inletVelocity finds the fastest non-wall patch with a uniform fixedValue U in the
// start time directory (the case's, else processor0's).
func inletVelocity(r *Run, start float64) (string, float64, [3]float64, bool) {
	dir := r.dir
	var u *grammar.Expanded
	var mesh string
	for _, part := range []string{"", "processor0"} {
		for _, t := range foamcase.TimeDirs(filepath.Join(dir, part)) {
			if timeValue(t) != start {
				continue
			}
			if x, err := r.read(filepath.ToSlash(filepath.Join(part, t, "U"))); err == nil {
				u, mesh = x, filepath.Join(dir, part, "constant", "polyMesh", "boundary")
			}
		}
		if u != nil {
			break
		}
	}
	if u == nil {
		return "", 0, [3]float64{}, false
	}
	_, patches, err := foamcase.ReadBoundary(mesh)
	if err != nil {
		return "", 0, [3]float64{}, false
	}
	kind := map[string]string{}
	for _, p := range patches {
		kind[p.Name] = p.Type
	}
	best, speed, dirn := "", 0.0, [3]float64{}
	bf := u.Dict.Get("boundaryField")
	if bf == nil || bf.Dict == nil {
		return "", 0, [3]float64{}, false
	}
	for _, p := range bf.Dict.Entries {
		if p.Dict == nil || word(p.Dict.Get("type")) != "fixedValue" || p.Dict.Get("value") == nil {
			continue
		}
		if t, ok := kind[p.Key]; !ok || t == "wall" || t == "empty" || t == "symmetry" || t == "symmetryPlane" || t == "wedge" || isProcessorPatch(t) {
			continue
		}
		v := fieldValues(p.Dict.Get("value"))
		if len(v) != 3 {
			continue // nonuniform: no single scale
		}
		if m := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2]); m > speed {
			best, speed, dirn = p.Key, m, [3]float64{v[0] / m, v[1] / m, v[2] / m}
		}
	}
	return best, speed, dirn, speed > 0
}

// meshBox is the bounding box of constant/polyMesh/points.
func meshBox(dir string) ([3]float64, [3]float64, error) {
	path := filepath.Join(dir, "constant", "polyMesh")
	pts, err := polymesh.Points(path)
	if err == nil && len(pts) == 0 {
		err = fmt.Errorf("%s/points: no points", path)
	}
	lo, hi := polymesh.Box(pts)
	return lo, hi, err
}

var timeCheck = Check{Name: "time", File: "verify/timecheck.go", Needs: NeedLog,
	Doc: "a transient run's Courant numbers and flow-through times",
	IDs: []ID{
		{ID: IDCourant, Severity: finding.Deny, Summary: "foamc verify: a transient run's (interface) Courant number above its limit: 1.5 x maxCo with adjustTimeStep, else 1 for PISO/one outer corrector: reject",
			Fix: "reduce deltaT or set adjustTimeStep with maxCo <= 1 and rerun", Provenance: []string{"src/finiteVolume/cfdTools/general/include/setDeltaT.H"}},
		{ID: IDFlowThrough, Severity: finding.Warn, Summary: "foamc verify: a transient run with an inlet simulated less than one flow-through time (L/U from the mesh box and the inlet speed): insufficient",
			Fix: "run longer"},
		{ID: IDNoFlowThrough, Severity: finding.Info, Summary: "foamc verify: flow-through times not judged: no inlet with a uniform fixed velocity",
			Fix: "nothing: recorded evidence"},
		{ID: IDCourantUnjudge, Severity: finding.Info, Summary: "foamc verify: Courant number not judged: a fixed deltaT with PIMPLE and several outer correctors, or with a solver that is neither PISO nor PIMPLE, has no fixed limit",
			Fix: "nothing: recorded evidence"},
	},
	Run: checkTime,
}
