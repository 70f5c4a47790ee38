package verify

import (
	"fmt"
	"math"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/schema"
)

// IDDrift is the finding ID of this file's check (declared in its IDs).
const IDDrift = "FOAM-VERIFY-062"

// minDriftRows is the fewest rows a drift window holds: a line fitted through fewer
// follows the solver's iteration-to-iteration noise rather than the trend.
const minDriftRows = 10

// driftWindow is the rows of a scalar expectation judged for drift: its average window
// when it has one, else the last 10 % of the rows (at least minDriftRows). ok is false
// when the history is shorter than minDriftRows.
func driftWindow(e *schema.Expect, m measurement) (ts, vs []float64, ok bool) {
	h := m.history
	if e.Average != nil {
		for i, t := range h.X {
			if t >= m.from && t <= m.to {
				ts, vs = append(ts, t), append(vs, h.Y[i])
			}
		}
		return ts, vs, len(ts) >= minDriftRows
	}
	n := max(minDriftRows, (len(h.X)+9)/10)
	if len(h.X) < n {
		return nil, nil, false
	}
	return h.X[len(h.X)-n:], h.Y[len(h.Y)-n:], true
}

// slope is the least-squares slope of v over t.
func slope(ts, vs []float64) float64 {
	var mt, mv float64
	for i := range ts {
		mt, mv = mt+ts[i], mv+vs[i]
	}
	mt, mv = mt/float64(len(ts)), mv/float64(len(ts))
	var num, den float64
	for i := range ts {
		num += (ts[i] - mt) * (vs[i] - mv)
		den += (ts[i] - mt) * (ts[i] - mt)
	}
	if den == 0 {
		return 0
	}
	return num / den
}

// judgeDrift judges whether a steady run's monitored quantity has settled: the change
// of a least-squares line through the window's rows across the window (slope times the
// window's length, robust to the oscillation of single iterations) against the item's
// own tolerance. A quantity that moves more than its tolerance within one window is not
// converged: the reported value depends on where the run stopped. ok is false when the
// history is too short to judge.
func judgeDrift(e *schema.Expect, m measurement) (finding.Finding, bool) {
	ts, vs, ok := driftWindow(e, m)
	if !ok {
		return finding.Finding{}, false
	}
	tol, how := tolerance(e.Tolerance, *e.Value)
	span := ts[len(ts)-1] - ts[0]
	k := slope(ts, vs)
	drift := k * span
	which := fmt.Sprintf("the last %d rows (time %g..%g, the last 10 %% of %d, at least %d)", len(ts), ts[0], ts[len(ts)-1], len(m.history.X), minDriftRows)
	if e.Average != nil {
		which = fmt.Sprintf("the %d rows of the average window (time %g..%g)", len(ts), ts[0], ts[len(ts)-1])
	}
	files := strings.Join(m.files, ", ")
	detail := fmt.Sprintf("method: least-squares line through %s of %s in %s, its change across the window (slope %.4g x %g); threshold: |change| <= %.4g (the item's tolerance, %s); measured: change %.4g (first %.6g, last %.6g)",
		quantityOf(e), which, files, k, span, tol, how, drift, vs[0], vs[len(vs)-1])
	loc := finding.Location{File: m.files[len(m.files)-1]}
	measure := &finding.Measure{Value: drift, Deviation: math.Abs(drift), Tolerance: tol, Kind: "drift"}
	if math.Abs(drift) <= tol {
		return finding.Finding{ID: IDCheckPassed, Severity: finding.Info, Location: loc, Detail: detail, Measure: measure,
			Summary: fmt.Sprintf("expect %s settled: %s changes %.3g across the judged window, within its tolerance %.4g", e.Name, e.Kind(), drift, tol)}, true
	}
	return finding.Finding{ID: IDDrift, Severity: finding.Deny, Location: loc, Detail: detail, Measure: measure,
		Summary: fmt.Sprintf("expect %s still drifts: %s changes %.3g across the judged window, more than its tolerance %.4g: the value reported is not the converged one", e.Name, e.Kind(), drift, tol),
		Fix:     "run more iterations (raise endTime, or tighten residualControl so the run does not stop early) until the monitored quantity settles"}, true
}
