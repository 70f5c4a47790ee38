package runner

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"
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

// TestClassifyNaN: a nan residual is divergence.
func TestClassifyNaN(t *testing.T) {
	p := &LogParser{}
	for _, l := range []string{"Time = 1", "Courant Number mean: 0.1 max: 0.5",
		"smoothSolver:  Solving for Ux, Initial residual = nan, Final residual = nan, No Iterations 1000"} {
		p.Feed(l)
	}
	f := Classify(p, 0, "")
	if f.Class != ClassDivergence || f.Kind != KindNaN {
		t.Fatalf("%+v", f)
	}
}

// TestPlot: the residual plot of a real cavity log decodes at the chart's size.
func TestPlot(t *testing.T) {
	fh, err := os.Open(filepath.Join("..", "solverlog", "testdata", "cavity-ok.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	p, err := ParseLog(fh)
	if err != nil {
		t.Fatal(err)
	}
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
}
