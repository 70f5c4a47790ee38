package verify

import (
	"fmt"
	"math"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/solverlog"
)

// Phase-fraction findings (docs/verify.md).
const (
	IDPhaseField = "FOAM-VERIFY-020"
	IDPhaseLog   = "FOAM-VERIFY-021"
)

// phaseTolerance is how far outside [0, 1] a VoF phase fraction may stray. MULES
// limits alpha to [0, 1] only up to its iteration tolerance: measured here, the
// v1912 interFoam damBreak tutorial (maxCo 1) reaches min -1.37e-5 in its written
// fields and -8.8e-5 in its MULES reports; the same case at maxCo 4 reaches
// -0.0274 and 1.00128.
const phaseTolerance = 1e-3

// isPhaseFraction: a dimensionless field named alpha.<phase> (alphat, the turbulent
// thermal diffusivity, has no dot; alpha.water.orig never is a result).
func isPhaseFraction(name string, x *grammar.Expanded) bool {
	return strings.HasPrefix(name, "alpha.") && !strings.HasSuffix(name, ".orig") &&
		sameDims(x.Dict.Get("dimensions"), []float64{0, 0, 0, 0, 0, 0, 0})
}

type phaseRange struct {
	name   string
	lo, hi float64
	n      int
}

func checkPhase(rel string, in *grammar.ExpEntry, vals []float64) (phaseRange, finding.Finding, bool) {
	r := phaseRange{name: rel, lo: math.Inf(1), hi: math.Inf(-1), n: len(vals)}
	loAt, hiAt, bad := 0, 0, 0
	for i, v := range vals {
		if v < r.lo {
			r.lo, loAt = v, i
		}
		if v > r.hi {
			r.hi, hiAt = v, i
		}
		if v < -phaseTolerance || v > 1+phaseTolerance {
			bad++
		}
	}
	if bad == 0 {
		return r, finding.Finding{}, false
	}
	return r, finding.Finding{ID: IDPhaseField, Severity: finding.Deny,
		Summary: fmt.Sprintf("%s out of [0, 1]: min %g (index %d), max %g (index %d)", rel, r.lo, loAt, r.hi, hiAt),
		Detail: fmt.Sprintf("method: minimum and maximum over internalField of the phase fraction %s; threshold: [%g, %g] (tolerance %g over MULES' measured overshoot, docs/verify.md); measured: %d of %d values outside, min %g, max %g",
			rel, -phaseTolerance, 1+phaseTolerance, phaseTolerance, bad, len(vals), r.lo, r.hi),
		Fix:      "the interface transport is not bounded: lower maxCo/maxAlphaCo (interface Courant number below 1), raise nAlphaCorr or nLimiterIter, use a bounded scheme for div(phi,alpha) and rerun",
		Location: finding.Location{File: rel, Line: line(in), Path: "/internalField"}}, true
}

func phasePassed(where, t string, ranges []phaseRange) []finding.Finding {
	if len(ranges) == 0 {
		return nil
	}
	var held []string
	for _, r := range ranges {
		held = append(held, fmt.Sprintf("%s in [%g, %g]", r.name, r.lo, r.hi))
	}
	return []finding.Finding{{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: t},
		Summary: fmt.Sprintf("phase fractions within [0, 1] in %s: %s", where, strings.Join(held, "; ")),
		Detail:  fmt.Sprintf("method: min and max over internalField; threshold: [%g, %g]", -phaseTolerance, 1+phaseTolerance)}}
}

// checkPhaseLog judges the phase-fraction extremes interFoam's MULES reports after
// every alpha sub-cycle and correction ("Min(alpha.water) = ... Max(alpha.water) =
// ..."): they cover every step, not only the written ones.
func checkPhaseLog(rel string, p *solverlog.Parser) []finding.Finding {
	type ext struct {
		lo, hi       float64
		loAt, hiAt   int
		loT, hiT     float64
		steps, worse int
	}
	all := map[string]*ext{}
	for i, s := range p.Steps {
		for name, r := range s.Phase {
			e := all[name]
			if e == nil {
				e = &ext{lo: math.Inf(1), hi: math.Inf(-1)}
				all[name] = e
			}
			e.steps++
			if r[0] < e.lo {
				e.lo, e.loAt, e.loT = r[0], i+1, s.Time
			}
			if r[1] > e.hi {
				e.hi, e.hiAt, e.hiT = r[1], i+1, s.Time
			}
			if r[0] < -phaseTolerance || r[1] > 1+phaseTolerance {
				e.worse++
			}
		}
	}
	var out []finding.Finding
	for _, name := range sortedKeys(all) {
		e := all[name]
		measured := fmt.Sprintf("min %g at step %d (time %g), max %g at step %d (time %g); %d of %d steps outside", e.lo, e.loAt, e.loT, e.hi, e.hiAt, e.hiT, e.worse, e.steps)
		detail := fmt.Sprintf("method: extremes of MULES' `Min(%s) = ... Max(%s) = ...` reports over every step of %s; threshold: [%g, %g]; measured: %s", name, name, rel, -phaseTolerance, 1+phaseTolerance, measured)
		if e.worse > 0 {
			out = append(out, finding.Finding{ID: IDPhaseLog, Severity: finding.Deny, Location: finding.Location{File: rel},
				Summary: fmt.Sprintf("%s left [0, 1] during the run: %s", name, measured), Detail: detail,
				Fix: "lower maxCo/maxAlphaCo (interface Courant number below 1), raise nAlphaCorr or nLimiterIter and rerun"})
			continue
		}
		out = append(out, finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: rel},
			Summary: fmt.Sprintf("%s stayed within [0, 1] in every step: min %g, max %g", name, e.lo, e.hi), Detail: detail})
	}
	return out
}

var phaseCheck = Check{Name: "phase", File: "verify/phase.go", Needs: NeedLog,
	Doc: "MULES' phase-fraction reports over every step of the log",
	IDs: []ID{
		{ID: IDPhaseLog, Severity: finding.Deny, Summary: "foamc verify: MULES reported a phase fraction outside [0, 1] by more than 1e-3 in some step: reject",
			Fix: "lower maxCo/maxAlphaCo, raise nAlphaCorr or nLimiterIter and rerun"},
	},
	Run: func(r *Run) []finding.Finding { return checkPhaseLog(r.logRel(), r.solverLog().p) },
}
