package verify

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/solverlog"
)

// Convergence findings beyond the final residuals (docs/verify.md).
const (
	IDDiverging       = "FOAM-VERIFY-014"
	IDPlateau         = "FOAM-VERIFY-015"
	IDStillConverging = "FOAM-VERIFY-016"
	IDContinuity      = "FOAM-VERIFY-017"
	IDBoundingAtEnd   = "FOAM-VERIFY-018"
	IDBoundingEarlier = "FOAM-VERIFY-019"
)

// Thresholds of the residual-history and continuity checks; docs/verify.md gives
// the runs they were measured on.
const (
	// A window is the last fifth of the iterations, at least minWindow of them.
	minWindow = 10
	// divergeDecades: a residual whose last-window median stands this many decades
	// above its best window and still rises is diverging.
	divergeDecades = 2.0
	// fallingDecades: a last-window median this far below the previous window's is
	// still converging; less is a plateau.
	fallingDecades = 0.25
	// continuityLimit: a step whose final pressure corrector leaves a volume-weighted
	// mean |div(phi)|*deltaT above 1 has an imbalance the size of its cells.
	continuityLimit = 1.0
	// continuityGrowth: continuity errors this many times above their run minimum
	// (and above continuityLimit) are growing without bound.
	continuityGrowth = 1e3
)

// checkConvergence judges the residual history, the continuity errors and the
// bounding messages of a parsed solver log. notConverged lists the components the
// final-residual check (FOAM-VERIFY-013) found above their threshold.
func checkConvergence(rel string, p *solverlog.Parser, sol openfoam.Solver, notConverged []string) []finding.Finding {
	loc := finding.Location{File: rel}
	var out []finding.Finding
	diverged := false
	if f, ok := continuityBlowUp(rel, p); ok {
		out, diverged = append(out, f), true
	}
	if sol.Steady {
		for _, c := range notConverged {
			tr, ok := residualTrend(p.Steps, c)
			if !ok {
				continue
			}
			method := fmt.Sprintf("method: median of log10(initial residual of %s) over the last %d iterations (window %d..%d) against the previous %d and the best window of the run; amplitude = 90th - 10th percentile in the last window",
				c, tr.window, tr.from, tr.to, tr.window)
			measured := fmt.Sprintf("measured: last %.3g, previous %.3g, best %.3g, amplitude %.2f decades", tr.last, tr.prev, tr.best, tr.amp)
			switch tr.kind() {
			case "diverging":
				diverged = true
				out = append(out, finding.Finding{ID: IDDiverging, Severity: finding.Deny, Location: loc,
					Summary: fmt.Sprintf("steady residual of %s diverges: %.3g now, %.1f decades above its best %.3g", c, tr.last, math.Log10(tr.last/tr.best), tr.best),
					Detail:  fmt.Sprintf("%s; threshold: %g decades above the best window and rising; %s", method, divergeDecades, measured),
					Fix:     "the iteration is unstable: lower the under-relaxation factors, use bounded upwind-biased schemes, check the mesh (checkMesh) and boundary conditions"})
			case "falling":
				out = append(out, finding.Finding{ID: IDStillConverging, Severity: finding.Info, Location: loc,
					Summary: fmt.Sprintf("residual of %s still falls (%.2f decades over the last %d iterations): the run stopped early, not on a plateau", c, math.Log10(tr.prev/tr.last), tr.window),
					Detail:  fmt.Sprintf("%s; threshold: at least %g decades below the previous window; %s", method, fallingDecades, measured),
					Fix:     "continue the run (raise endTime): it is still converging"})
			default:
				out = append(out, finding.Finding{ID: IDPlateau, Severity: finding.Info, Location: loc,
					Summary: fmt.Sprintf("residual of %s stalled on a plateau near %.3g (oscillating %.2f decades): not divergence; a steady solver on a flow that may be unsteady, or a mesh/scheme limit", c, tr.last, tr.amp),
					Detail:  fmt.Sprintf("%s; threshold: within %g decades of the previous window and below %g decades above the best; %s", method, fallingDecades, divergeDecades, measured),
					Fix:     "more iterations will not help: if the flow is unsteady (vortex shedding, separation) run a transient solver (pimpleFoam) and average; otherwise improve mesh quality or schemes"})
			}
		}
	}
	if !diverged {
		out = append(out, continuityLevel(rel, p)...)
	}
	return append(out, bounding(rel, p, sol)...)
}

type trend struct {
	prev, last, best, amp float64
	window, from, to      int
}

func (t trend) kind() string {
	switch {
	case math.Log10(t.last/t.best) >= divergeDecades && t.last > t.prev:
		return "diverging"
	case math.Log10(t.prev/t.last) >= fallingDecades:
		return "falling"
	}
	return "plateau"
}

// residualTrend summarises the history of one component's initial residual in
// windows of the last fifth of the iterations (at least minWindow); it needs two
// full windows.
func residualTrend(steps []solverlog.Step, comp string) (trend, bool) {
	var logs []float64
	var iters []int
	for i, s := range steps {
		if r, ok := s.Residuals[comp]; ok && r > 0 {
			logs = append(logs, math.Log10(r))
			iters = append(iters, i+1)
		}
	}
	n := len(logs)
	w := max(minWindow, n/5)
	if n < 2*w {
		return trend{}, false
	}
	tr := trend{window: w, from: iters[n-w], to: iters[n-1],
		last: math.Pow(10, quantile(logs[n-w:], 0.5)), prev: math.Pow(10, quantile(logs[n-2*w:n-w], 0.5)),
		amp: quantile(logs[n-w:], 0.9) - quantile(logs[n-w:], 0.1)}
	tr.best = tr.last
	for i := 0; i+w <= n; i += w / 2 {
		tr.best = math.Min(tr.best, math.Pow(10, quantile(logs[i:i+w], 0.5)))
	}
	return tr, true
}

// quantile of xs (not modified) by the nearest rank.
func quantile(xs []float64, q float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[int(math.Round(q*float64(len(s)-1)))]
}

// continuityBlowUp: continuity errors that grew by orders of magnitude to above
// continuityLimit mean the solution is diverging, whatever the residuals say
// (OpenFOAM normalises residuals, so they stay near 1 while fields explode).
func continuityBlowUp(rel string, p *solverlog.Parser) (finding.Finding, bool) {
	lo, loAt, last, lastAt := math.Inf(1), 0, 0.0, 0
	for i, s := range p.Steps {
		if s.ContinuityLocal == 0 {
			continue
		}
		if s.ContinuityLocal < lo {
			lo, loAt = s.ContinuityLocal, i+1
		}
		last, lastAt = s.ContinuityLocal, i+1
	}
	if lastAt == 0 || last <= continuityLimit || last < continuityGrowth*lo {
		return finding.Finding{}, false
	}
	return finding.Finding{ID: IDDiverging, Severity: finding.Deny, Location: finding.Location{File: rel},
		Summary: fmt.Sprintf("the solution diverges: time step continuity errors grew from %.3g (step %d) to %.3g (step %d)", lo, loAt, last, lastAt),
		Detail: fmt.Sprintf("method: `time step continuity errors : sum local` of the last pressure corrector of each step in %s; threshold: above %g and %g times the run's minimum; measured: min %.3g at step %d, last %.3g at step %d",
			rel, continuityLimit, continuityGrowth, lo, loAt, last, lastAt),
		Fix: "the run is unstable: reduce the time step (or under-relaxation for a steady solver), check boundary conditions and mesh quality"}, true
}

// continuityLevel judges the last step's continuity error.
func continuityLevel(rel string, p *solverlog.Parser) []finding.Finding {
	for i := len(p.Steps) - 1; i >= 0; i-- {
		c := p.Steps[i].ContinuityLocal
		if c == 0 {
			continue
		}
		detail := fmt.Sprintf("method: `time step continuity errors : sum local` (deltaT times the volume-weighted mean |div(phi)|, src/finiteVolume/cfdTools/incompressible/continuityErrs.H) after the last pressure corrector of the last step in %s; threshold: <= %g; measured: %.3g at step %d, cumulative %.3g",
			rel, continuityLimit, c, i+1, p.Steps[i].ContinuityCumulative)
		if c > continuityLimit {
			return []finding.Finding{{ID: IDContinuity, Severity: finding.Deny, Location: finding.Location{File: rel},
				Summary: fmt.Sprintf("continuity errors too large: sum local %.3g at the last step (limit %g)", c, continuityLimit),
				Detail:  detail,
				Fix:     "the pressure equation is not converged: tighten the p solver tolerance, add correctors (nCorrectors, nNonOrthogonalCorrectors) or reach steady convergence"}}
		}
		return []finding.Finding{{ID: IDCheckPassed, Severity: finding.Info, Location: finding.Location{File: rel},
			Summary: fmt.Sprintf("continuity errors small: sum local %.3g at the last step", c), Detail: detail}}
	}
	return nil
}

// bounding judges OpenFOAM's "bounding F, min: ..." messages: bound() clipped a
// negative turbulence quantity. Early in a run that is start-up; in the last step
// the written solution itself needed clipping.
func bounding(rel string, p *solverlog.Parser, sol openfoam.Solver) []finding.Finding {
	count, lastAt, worst := map[string]int{}, map[string]int{}, map[string]float64{}
	for i, s := range p.Steps {
		for f, v := range s.Bounded {
			count[f]++
			lastAt[f] = i + 1
			if w, ok := worst[f]; !ok || v < w {
				worst[f] = v
			}
		}
	}
	if len(count) == 0 {
		return nil
	}
	n := len(p.Steps)
	var atEnd, earlier []string
	for _, f := range sortedKeys(worst) {
		s := fmt.Sprintf("%s in %d of %d steps, last at step %d, lowest min %.3g", f, count[f], n, lastAt[f], worst[f])
		if lastAt[f] == n {
			atEnd = append(atEnd, s)
		} else {
			earlier = append(earlier, s)
		}
	}
	method := "method: count OpenFOAM's `bounding F, min: ...` lines (bound(), src/finiteVolume/cfdTools/general/bound/bound.C: it clips a negative value to a small positive one) per step of " + rel
	var out []finding.Finding
	if len(atEnd) > 0 {
		fix := "the solution still produces negative turbulence values: use bounded upwind-biased schemes for k/epsilon/omega (bounded Gauss upwind or limitedLinear), check inlet turbulence values and the mesh, and converge further"
		if !sol.Steady {
			fix = "the transient solution still clips negative turbulence values: reduce the time step, use bounded schemes for k/epsilon/omega and check inlet turbulence values"
		}
		out = append(out, finding.Finding{ID: IDBoundingAtEnd, Severity: finding.Deny, Location: finding.Location{File: rel},
			Summary: "bounding in the last step: the final solution needed clipping: " + strings.Join(atEnd, "; "),
			Detail:  method + "; threshold: none in the last step; measured: " + strings.Join(append(atEnd, earlier...), "; "),
			Fix:     fix})
	}
	if len(earlier) > 0 {
		out = append(out, finding.Finding{ID: IDBoundingEarlier, Severity: finding.Info, Location: finding.Location{File: rel},
			Summary: "bounding earlier in the run only (start-up transients): " + strings.Join(earlier, "; "),
			Detail:  method + "; threshold: none in the last step; measured: " + strings.Join(earlier, "; ")})
	}
	return out
}

var convergenceCheck = Check{Name: "convergence", File: "verify/convergence.go", Needs: NeedLog,
	Doc: "the residual history (diverging, stalled, still falling), continuity errors and bound() clipping in the log",
	IDs: []ID{
		{ID: IDDiverging, Severity: finding.Deny, Summary: "foamc verify: the solution diverges: a steady residual 2+ decades above its best window and rising, or continuity errors grown 1000-fold to above 1: reject",
			Fix: "lower under-relaxation or the time step, use bounded schemes, check mesh and boundary conditions", Provenance: []string{"src/finiteVolume/cfdTools/incompressible/continuityErrs.H"}},
		{ID: IDPlateau, Severity: finding.Info, Summary: "foamc verify: an unconverged steady residual stalled on a plateau (within 0.25 decades of the previous window): not divergence; the flow may be unsteady",
			Fix: "run a transient solver and average, or improve mesh and schemes"},
		{ID: IDStillConverging, Severity: finding.Info, Summary: "foamc verify: an unconverged steady residual still falling (0.25+ decades over the last window): the run stopped early",
			Fix: "continue the run (raise endTime)"},
		{ID: IDContinuity, Severity: finding.Deny, Summary: "foamc verify: time step continuity errors (sum local) above 1 at the last step: reject",
			Fix: "converge the pressure equation (tolerance, correctors) and rerun", Provenance: []string{"src/finiteVolume/cfdTools/incompressible/continuityErrs.H"}},
		{ID: IDBoundingAtEnd, Severity: finding.Deny, Summary: "foamc verify: bound() clipped a turbulence field in the last step: the final solution needed clipping, reject",
			Fix: "use bounded schemes for k/epsilon/omega, check inlet turbulence values, converge further", Provenance: []string{"src/finiteVolume/cfdTools/general/bound/bound.C"}},
		{ID: IDBoundingEarlier, Severity: finding.Info, Summary: "foamc verify: bound() clipped a turbulence field earlier in the run only (start-up)",
			Fix: "nothing: recorded evidence", Provenance: []string{"src/finiteVolume/cfdTools/general/bound/bound.C"}},
	},
	Run: func(r *Run) []finding.Finding {
		l := r.solverLog()
		return checkConvergence(r.logRel(), l.p, r.sol, l.unconverged)
	},
}
