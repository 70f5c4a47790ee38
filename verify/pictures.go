package verify

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/foamc/foamc/chart"
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/runner"
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

// addPicture records a figure to write. Checks that judge a window of a monitored
// quantity draw it with chart.Monitor, checks of a sampled profile against reference
// data with chart.Profile, and hand the figure here (docs/verify.md, "Pictures").
func (r *Result) addPicture(name, what, source string, fig *chart.Figure) {
	r.pictures = append(r.pictures, picture{name: name, what: what, source: source, fig: fig})
}

// residualPicture is the residual history of the solver log, the evidence the
// convergence checks read.
func (r *Result) residualPicture(dir, app string, sol openfoam.Solver) {
	rel := "log." + app
	fh, err := os.Open(filepath.Join(dir, rel))
	if err != nil {
		return // FOAM-VERIFY-002 says so
	}
	defer fh.Close()
	p, err := runner.ParseLog(fh)
	if err != nil || len(p.Steps) == 0 {
		return
	}
	x := "time"
	if sol.Steady {
		x = "iteration"
	}
	fig, err := runner.ResidualFigure(p.Steps, fmt.Sprintf("%s residuals: %s", app, filepath.Base(dir)), x)
	if err != nil {
		return
	}
	r.addPicture("residuals", "residual history (initial residual of each solved component, log scale)", rel, fig)
}

// writePictures writes every recorded picture into plots (created if needed; verify
// never writes into the case) and adds one IDPicture finding per file, in order.
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
