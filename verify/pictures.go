package verify

import (
	"fmt"
	"path/filepath"

	"github.com/foamc/foamc/chart"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/solverlog"
)

// IDPicture is an info finding naming a picture verify wrote and what it shows.
const IDPicture = "FOAM-VERIFY-070"

// picture is one figure a judgement rests on; Case writes it as <name>.png into
// Options.Plots and names it in the report.
type picture struct {
	name   string // file name without .png: residuals, monitor-<x>, profile-<x>
	what   string // what it shows, for the report
	source string // the case-relative file its data came from
	fig    *chart.Figure
}

// monitorPicture is "monitor-<name>": a monitored quantity (a column of a
// postProcessing/ series) against time with the window a check judged shaded, e.g.
// the rows an `average: {from: ...}` mean was taken over (an empty window: the last
// row was judged).
func monitorPicture(name, source, quantity string, t, v []float64, w chart.Window) (picture, error) {
	fig, err := chart.Monitor(fmt.Sprintf("%s: %s", name, quantity), "time", quantity, chart.Series{Name: quantity, X: t, Y: v}, w)
	if err != nil {
		return picture{}, err
	}
	what := fmt.Sprintf("monitored %s, judged at its last row", quantity)
	if w.To > w.From {
		what = fmt.Sprintf("monitored %s with the judged window %s", quantity, w.Label)
	}
	return picture{name: "monitor-" + name, what: what, source: source, fig: fig}, nil
}

// profilePicture is "profile-<name>": an expect: line item's measured values at the
// coordinates along axis against its reference data (ref: coordinate, value rows of the
// reference CSV).
func profilePicture(name, source, quantity, axis, reference string, coords, measured []float64, ref [][2]float64) (picture, error) {
	rx, ry := make([]float64, len(ref)), make([]float64, len(ref))
	for i, r := range ref {
		rx[i], ry[i] = r[0], r[1]
	}
	fig, err := chart.Profile(fmt.Sprintf("%s: %s along %s", name, quantity, axis), axis, quantity,
		chart.Series{Name: "measured", X: coords, Y: measured}, chart.Series{Name: "reference (" + reference + ")", X: rx, Y: ry})
	if err != nil {
		return picture{}, err
	}
	return picture{name: "profile-" + name, what: fmt.Sprintf("profile of %s along %s against %s", quantity, axis, reference), source: source, fig: fig}, nil
}

// residualPicture is the residual history of the solver log, the evidence the
// convergence checks read.
func (r *Run) residualPicture() {
	p := r.solverLog().p
	if p == nil || len(p.Steps) == 0 {
		return // FOAM-VERIFY-002 says so
	}
	x := "time"
	if r.sol.Steady {
		x = "iteration"
	}
	fig, err := solverlog.ResidualFigure(p.Steps, fmt.Sprintf("%s residuals: %s", r.app, filepath.Base(r.dir)), x)
	if err != nil {
		return
	}
	r.addPicture(picture{name: "residuals", what: "residual history (initial residual of each solved component, log scale)", source: r.logRel(), fig: fig})
}

// writePictures writes the pictures into plots (created if needed; verify never
// writes into the case) and adds one IDPicture finding per file, in order.
func (r *Result) writePictures(plots string) error {
	for _, p := range r.pictures {
		path := filepath.Join(plots, p.name+".png")
		if err := p.fig.WritePNG(path); err != nil {
			return fmt.Errorf("verify: picture %s: %w", p.name, err)
		}
		r.Pictures = append(r.Pictures, path)
		r.add(finding.Finding{ID: IDPicture, Severity: finding.Info, Location: finding.Location{File: p.source},
			Summary: fmt.Sprintf("picture of the %s: %s", p.what, path),
			Detail:  fmt.Sprintf("drawn from %s with gonum/plot (package chart), %dx%d px", p.source, chart.WidthPx, chart.HeightPx)})
	}
	return nil
}
