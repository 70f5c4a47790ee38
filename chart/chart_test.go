package chart

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/plot"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// decode checks that b is a PNG of the chart's size.
func decode(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 800 || img.Bounds().Dy() != 500 {
		t.Fatalf("size %v, want 800x500 (600x375 pt at 96 dpi)", img.Bounds())
	}
	return img
}

// describe is what a figure shows in words: the golden of its content.
func describe(f *Figure) string {
	p := f.Plot
	scale := "linear"
	if _, ok := p.Y.Scale.(plot.LogScale); ok {
		scale = "log"
	}
	var ticks []string
	for _, tk := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		if tk.Label != "" {
			ticks = append(ticks, tk.Label)
		}
	}
	return fmt.Sprintf("title: %s\nx: %s [%g, %g]\ny: %s (%s) [%g, %g] ticks %s\nlegend: %s\n",
		p.Title.Text, p.X.Label.Text, p.X.Min, p.X.Max, p.Y.Label.Text, scale, p.Y.Min, p.Y.Max,
		strings.Join(ticks, " "), strings.Join(f.Legend, ", "))
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s:\ngot:\n%s\nwant:\n%s", name, got, want)
	}
}

// residualSeries: two components decaying over 50 iterations, one with a zero and a
// nan (a log axis cannot show them: the curve breaks).
func residualSeries() []Series {
	var ux, p Series
	ux.Name, p.Name = "Ux", "p"
	for i := 1; i <= 50; i++ {
		x := float64(i)
		ux.X, ux.Y = append(ux.X, x), append(ux.Y, math.Pow(10, -x/10))
		p.X, p.Y = append(p.X, x), append(p.Y, 0.5*math.Pow(10, -x/20))
	}
	p.Y[10], p.Y[20] = 0, math.NaN()
	return []Series{ux, p}
}

// TestResiduals: labels as given (Ux stays Ux), a log axis spanning whole decades of
// the data, the PNG decodes at the fixed size, and rendering is byte-identical.
func TestResiduals(t *testing.T) {
	f, err := Residuals("simpleFoam residuals: pitzDaily", "iteration", residualSeries())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f.Legend, []string{"Ux", "p"}) {
		t.Errorf("legend %q", f.Legend)
	}
	golden(t, "residuals", describe(f))
	a, err := f.PNG()
	if err != nil {
		t.Fatal(err)
	}
	decode(t, a)
	again, err := Residuals("simpleFoam residuals: pitzDaily", "iteration", residualSeries())
	if err != nil {
		t.Fatal(err)
	}
	b, err := again.PNG()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("the same figure rendered twice gives different PNG bytes")
	}
	// The bytes themselves, pinned by their hash: they follow the versions of gonum/plot,
	// x/image and Go's image/png (go.mod and the toolchain); after upgrading one, look at
	// the picture and rerun with -update.
	golden(t, "residuals.png.sha256", fmt.Sprintf("%x\n", sha256.Sum256(a)))
}

// TestDecadeTicks: every decade of the axis is labelled, the lowest too (gonum's
// LogTicks loses 1e-4: log10(1e-4) is -3.9999999999999996, truncated to -3).
func TestDecadeTicks(t *testing.T) {
	var labels []string
	for _, tk := range (decadeTicks{}).Ticks(1e-4, 0.1) {
		if tk.Label != "" {
			labels = append(labels, tk.Label)
		}
	}
	if strings.Join(labels, " ") != "0.0001 0.001 0.01 0.1" {
		t.Errorf("labels %q", labels)
	}
}

// TestResidualsEmpty: no positive value at all still draws (a log axis of 1e-6..1)
// with the component in the legend.
func TestResidualsEmpty(t *testing.T) {
	f, err := Residuals("nothing", "time", []Series{{Name: "p", X: []float64{1, 2}, Y: []float64{0, math.Inf(1)}}})
	if err != nil {
		t.Fatal(err)
	}
	if f.Plot.Y.Min != 1e-6 || f.Plot.Y.Max != 1 || !reflect.DeepEqual(f.Legend, []string{"p"}) {
		t.Errorf("y [%g, %g], legend %q", f.Plot.Y.Min, f.Plot.Y.Max, f.Legend)
	}
	b, err := f.PNG()
	if err != nil {
		t.Fatal(err)
	}
	decode(t, b)
}

// TestMonitor: the monitored curve and its judged window; the window is shaded
// inside the plot (its colour appears), and the file is written where asked.
func TestMonitor(t *testing.T) {
	s := Series{Name: "Cd"}
	for i := 0; i <= 100; i++ {
		s.X = append(s.X, float64(i))
		s.Y = append(s.Y, 1+math.Exp(-float64(i)/10))
	}
	f, err := Monitor("drag coefficient", "iteration", "Cd", s, Window{From: 80, To: 100, Label: "plateau window (last 20%)"})
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "monitor", describe(f))
	path := filepath.Join(t.TempDir(), "sub", "monitor.png")
	if err := f.WritePNG(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img := decode(t, b)
	n := 0
	for y := 0; y < 500; y++ {
		for x := 0; x < 800; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			// the translucent orange over white
			if r>>8 >= 250 && g>>8 > 200 && g>>8 < 245 && b>>8 > 150 && b>>8 < 200 {
				n++
			}
		}
	}
	if n < 1000 {
		t.Errorf("window shade: %d pixels, want a shaded band", n)
	}
}

// TestProfile: measured and reference series in one picture, each in the legend.
func TestProfile(t *testing.T) {
	measured := Series{Name: "foamc run (U_x)", X: []float64{0, 0.25, 0.5, 0.75, 1}, Y: []float64{0, -0.2, -0.2, 0.1, 1}}
	reference := Series{Name: "Ghia et al. 1982", X: []float64{0, 0.5, 1}, Y: []float64{0, -0.21, 1}}
	f, err := Profile("u along x = 0.5", "y", "U_x", measured, reference)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "profile", describe(f))
	b, err := f.PNG()
	if err != nil {
		t.Fatal(err)
	}
	decode(t, b)
	if _, err := Profile("bad", "y", "U_x", Series{Name: "m", X: []float64{0}, Y: []float64{math.NaN()}}, reference); err == nil {
		t.Error("a nan sample was drawn without an error")
	}
}
