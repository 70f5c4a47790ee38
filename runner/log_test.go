package runner

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"gonum.org/v1/plot"
)

func parseTestLog(t *testing.T, name string) *LogParser {
	t.Helper()
	fh, err := os.Open(filepath.Join("testdata", "logs", name))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	p, err := ParseLog(fh)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestParseLogCavity(t *testing.T) {
	p := parseTestLog(t, "cavity-ok.log")
	if len(p.Steps) != 100 || !p.Ended || p.NaN || p.Fatal() != "" {
		t.Fatalf("steps %d ended %v nan %v fatal %q", len(p.Steps), p.Ended, p.NaN, p.Fatal())
	}
	if got := p.Fields(); !reflect.DeepEqual(got, []string{"Ux", "Uy", "p"}) {
		t.Fatalf("fields %v", got)
	}
	first := p.Steps[0]
	// The first "Solving for p" of a step is its initial residual, not the second corrector's.
	if first.Time != 0.005 || first.Residuals["Ux"] != 1 || first.Residuals["Uy"] != 0 || first.Residuals["p"] != 1 {
		t.Fatalf("first step %+v", first)
	}
	if p.Steps[1].CourantMax != 0.585607 {
		t.Fatalf("courant %v", p.Steps[1].CourantMax)
	}
	fin := p.Final()
	if fin.Time != 0.5 || fin.Residuals["p"] != 8.63844e-07 || fin.Residuals["Ux"] != 2.3091e-07 {
		t.Fatalf("final %+v", fin)
	}
}

func TestParseLogNaN(t *testing.T) {
	p := &LogParser{}
	for _, l := range []string{"Time = 1", "Courant Number mean: 0.1 max: 0.5",
		"smoothSolver:  Solving for Ux, Initial residual = nan, Final residual = nan, No Iterations 1000"} {
		p.Feed(l)
	}
	if !p.NaN {
		t.Fatal("nan residual not detected")
	}
	f := Classify(p, 0, "")
	if f.Class != ClassDivergence || f.Kind != KindNaN {
		t.Fatalf("%+v", f)
	}
}

// TestPlot: the residual plot of a real cavity log decodes at the chart's size and
// names each component as the log does (Ux, not UX) on a log-scale axis.
func TestPlot(t *testing.T) {
	p := parseTestLog(t, "cavity-ok.log")
	out := filepath.Join(t.TempDir(), "residuals.png")
	if err := WritePlot(out, p.Steps, "icoFoam cavity"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 800 || img.Bounds().Dy() != 500 {
		t.Fatalf("size %v, want 800x500", img.Bounds())
	}
	f, err := ResidualFigure(p.Steps, "icoFoam cavity", "time")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f.Legend, p.Fields()) || !reflect.DeepEqual(f.Legend, []string{"Ux", "Uy", "p"}) {
		t.Errorf("legend %q, want the log's components %q", f.Legend, p.Fields())
	}
	if _, ok := f.Plot.Y.Scale.(plot.LogScale); !ok || f.Plot.Y.Label.Text != "initial residual" || f.Plot.X.Label.Text != "time" {
		t.Errorf("axes: y %T %q, x %q", f.Plot.Y.Scale, f.Plot.Y.Label.Text, f.Plot.X.Label.Text)
	}
}
