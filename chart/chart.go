// Package chart draws the pictures foamc writes as evidence of a run — the residual
// history, a monitored quantity with the window a convergence check judged, a sampled
// profile against reference data — with gonum.org/v1/plot (docs/verify.md, "Pictures").
// It knows nothing of OpenFOAM: callers hand it named series of numbers.
//
// Every picture is a Figure: the gonum plot plus what it shows in words (title, axis
// labels, legend entries), so tests and reports read the picture's content without
// looking at pixels. WritePNG renders it at a fixed size and resolution; the same
// Figure gives byte-identical PNG files (the renderer and PNG encoder are deterministic).
package chart

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// The size every picture is written at: 800x500 pixels at 96 dpi (600x375 points).
const (
	WidthPx, HeightPx = 800, 500
	DPI               = 96
	Width             = vg.Length(WidthPx * 72 / DPI)
	Height            = vg.Length(HeightPx * 72 / DPI)
)

// Series is one named curve: Y against X, in order.
type Series struct {
	Name string
	X, Y []float64
}

// Figure is a picture ready to write, and what it shows.
type Figure struct {
	Plot *plot.Plot
	// Legend names the curves in the order the legend lists them.
	Legend []string
}

// palette: the ten colours of matplotlib's "tab10", told apart on screen and in print.
var palette = []color.RGBA{
	{31, 119, 180, 255}, {255, 127, 14, 255}, {44, 160, 44, 255}, {214, 39, 40, 255},
	{148, 103, 189, 255}, {140, 86, 75, 255}, {227, 119, 194, 255}, {127, 127, 127, 255},
	{188, 189, 34, 255}, {23, 190, 207, 255},
}

func newPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	p.Legend.XOffs, p.Legend.YOffs = -vg.Points(10), -vg.Points(6)
	return p
}

// Residuals is the residual history: each series (a solved component: Ux, p, k, ...)
// against time or iteration on a logarithmic y axis, as OpenFOAM's foamMonitor draws
// it. Values a log axis cannot show (<= 0, NaN, Inf) are left out: the curve breaks there.
func Residuals(title, xLabel string, series []Series) (*Figure, error) {
	p := newPlot(title, xLabel, "initial residual")
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = decadeTicks{}
	f := &Figure{Plot: p}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, s := range series {
		var runs []plotter.XYs
		var cur plotter.XYs
		for j := range s.X {
			y := s.Y[j]
			if !(y > 0) || !finite(y) || !finite(s.X[j]) {
				if len(cur) > 0 {
					runs, cur = append(runs, cur), nil
				}
				continue
			}
			cur = append(cur, plotter.XY{X: s.X[j], Y: y})
			lo, hi = math.Min(lo, y), math.Max(hi, y)
		}
		if len(cur) > 0 {
			runs = append(runs, cur)
		}
		if err := addLine(f, s.Name, palette[i%len(palette)], runs); err != nil {
			return nil, err
		}
	}
	if math.IsInf(lo, 1) {
		// Nothing positive to show: an empty log axis still needs a range.
		lo, hi = 1e-6, 1
	}
	if hi <= lo {
		lo, hi = lo/10, hi*10
	}
	p.Y.Min, p.Y.Max = math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
	return f, nil
}

// decadeTicks labels every power of ten of a log axis, with unlabelled ticks at 2..9
// times it. gonum's LogTicks truncates log10(min) toward zero, so an axis starting at
// 1e-4 (log10 = -3.9999999999999996) lost its lowest label.
type decadeTicks struct{}

func (decadeTicks) Ticks(min, max float64) []plot.Tick {
	lo, hi := int(math.Floor(math.Log10(min)+1e-9)), int(math.Ceil(math.Log10(max)-1e-9))
	var ticks []plot.Tick
	for d := lo; d <= hi; d++ {
		v := math.Pow10(d)
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'g', -1, 64)})
		for i := 2; i < 10 && d < hi; i++ {
			ticks = append(ticks, plot.Tick{Value: float64(i) * v})
		}
	}
	return ticks
}

// addLine adds one legend entry for a curve drawn as runs of connected points.
func addLine(f *Figure, name string, c color.Color, runs []plotter.XYs) error {
	var first *plotter.Line
	for _, r := range runs {
		l, err := plotter.NewLine(r)
		if err != nil {
			return fmt.Errorf("chart: %s: %w", name, err)
		}
		l.Color = c
		l.Width = vg.Points(1.5)
		f.Plot.Add(l)
		if first == nil {
			first = l
		}
	}
	if first == nil {
		// A series with no drawable point still has its legend entry, so the
		// picture says the component was solved.
		first = &plotter.Line{LineStyle: draw.LineStyle{Color: c, Width: vg.Points(1.5)}}
	}
	f.Plot.Legend.Add(name, first)
	f.Legend = append(f.Legend, name)
	return nil
}

// Window is the stretch of x a check judged (a plateau, an averaging window).
type Window struct {
	From, To float64
	// Label names it in the legend, e.g. "plateau window (last 20%)".
	Label string
}

// windowColor is translucent, so the curves under a shaded window stay visible.
var windowColor = color.NRGBA{R: 255, G: 150, B: 0, A: 70}

// Shade marks a judged window across the whole height of the plot's y range (call it
// after the curves: the range is theirs) and adds it to the legend.
func (f *Figure) Shade(w Window) error {
	if !(w.To > w.From) || !finite(w.From) || !finite(w.To) {
		return fmt.Errorf("chart: window [%g, %g] is empty", w.From, w.To)
	}
	p := f.Plot
	lo, hi := p.Y.Min, p.Y.Max
	if !(hi > lo) {
		lo, hi = lo-1, hi+1
		p.Y.Min, p.Y.Max = lo, hi
	}
	shade, err := plotter.NewPolygon(plotter.XYs{{X: w.From, Y: lo}, {X: w.To, Y: lo}, {X: w.To, Y: hi}, {X: w.From, Y: hi}})
	if err != nil {
		return fmt.Errorf("chart: window: %w", err)
	}
	shade.Color = windowColor
	shade.LineStyle.Width = 0
	p.Add(shade)
	p.Legend.Add(w.Label, shade)
	f.Legend = append(f.Legend, w.Label)
	return nil
}

// Monitor draws a monitored quantity (a force coefficient, a probe, a patch average)
// against time or iteration, with the window a check judged shaded (none when the
// window is empty: a check that judged one row).
func Monitor(title, xLabel, yLabel string, s Series, w Window) (*Figure, error) {
	f := &Figure{Plot: newPlot(title, xLabel, yLabel)}
	var xys plotter.XYs
	for i := range s.X {
		if finite(s.X[i]) && finite(s.Y[i]) {
			xys = append(xys, plotter.XY{X: s.X[i], Y: s.Y[i]})
		}
	}
	var runs []plotter.XYs
	if len(xys) > 0 {
		runs = []plotter.XYs{xys}
	}
	if err := addLine(f, s.Name, palette[0], runs); err != nil {
		return nil, err
	}
	if w.To > w.From {
		if err := f.Shade(w); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// Profile draws a sampled profile against reference data: the measured curve as a
// line with its sample points, the reference as markers (measured data points of a
// paper, an analytical solution sampled at points). X is the coordinate along the
// sampled line, Y the value, so both series share axes; the names label the legend
// (e.g. "foamc run (U_x)" and "Ghia et al. 1982, Table I").
func Profile(title, xLabel, yLabel string, measured, reference Series) (*Figure, error) {
	p := newPlot(title, xLabel, yLabel)
	f := &Figure{Plot: p}
	if len(measured.X) > 0 {
		l, pts, err := plotter.NewLinePoints(xys(measured))
		if err != nil {
			return nil, fmt.Errorf("chart: %s: %w", measured.Name, err)
		}
		l.Color, l.Width = palette[0], vg.Points(1.5)
		pts.Color, pts.Radius = palette[0], vg.Points(1.5)
		p.Add(l, pts)
		p.Legend.Add(measured.Name, l, pts)
		f.Legend = append(f.Legend, measured.Name)
	}
	if len(reference.X) > 0 {
		sc, err := plotter.NewScatter(xys(reference))
		if err != nil {
			return nil, fmt.Errorf("chart: %s: %w", reference.Name, err)
		}
		sc.Color, sc.Radius = palette[3], vg.Points(3)
		sc.Shape = draw.BoxGlyph{}
		p.Add(sc)
		p.Legend.Add(reference.Name, sc)
		f.Legend = append(f.Legend, reference.Name)
	}
	return f, nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

func xys(s Series) plotter.XYs {
	out := make(plotter.XYs, len(s.X))
	for i := range s.X {
		out[i] = plotter.XY{X: s.X[i], Y: s.Y[i]}
	}
	return out
}

// PNG renders the figure at Width x Height and DPI.
func (f *Figure) PNG() ([]byte, error) {
	c := vgimg.NewWith(vgimg.UseWH(Width, Height), vgimg.UseDPI(DPI))
	f.Plot.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&b); err != nil {
		return nil, fmt.Errorf("chart: encode png: %w", err)
	}
	return b.Bytes(), nil
}

// WritePNG writes the figure to path, creating its directory.
func (f *Figure) WritePNG(path string) error {
	b, err := f.PNG()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	return nil
}
