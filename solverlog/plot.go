package solverlog

import (
	"sort"

	"github.com/foamc/foamc/chart"
)

// ResidualFigure is the residual history of steps as a chart: one series per solved
// component, named as the log names it (Ux, p, k), sorted by name; xLabel names the
// steps' time ("iteration" for a steady solver).
func ResidualFigure(steps []Step, title, xLabel string) (*chart.Figure, error) {
	byName := map[string]*chart.Series{}
	for _, s := range steps {
		for c, r := range s.Residuals {
			sr := byName[c]
			if sr == nil {
				sr = &chart.Series{Name: c}
				byName[c] = sr
			}
			sr.X, sr.Y = append(sr.X, s.Time), append(sr.Y, r)
		}
	}
	series := make([]chart.Series, 0, len(byName))
	for _, s := range byName {
		series = append(series, *s)
	}
	sort.Slice(series, func(i, j int) bool { return series[i].Name < series[j].Name })
	return chart.Residuals(title, xLabel, series)
}
