package runner

import (
	"fmt"

	"github.com/foamc/foamc/solverlog"
)

// WritePlot draws the initial residual of every solved component against time on a
// log scale (solverlog.ResidualFigure, package chart) and writes a PNG.
func WritePlot(path string, steps []Step, title string) error {
	f, err := solverlog.ResidualFigure(steps, title, "time")
	if err != nil {
		return fmt.Errorf("runner: plot: %w", err)
	}
	if err := f.WritePNG(path); err != nil {
		return fmt.Errorf("runner: plot: %w", err)
	}
	return nil
}
