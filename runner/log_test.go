package runner

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
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

func TestPlot(t *testing.T) {
	p := parseTestLog(t, "cavity-ok.log")
	dir := t.TempDir()
	out := filepath.Join(dir, "residuals.png")
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
	if img.Bounds().Dx() != 900 || img.Bounds().Dy() != 540 {
		t.Fatalf("size %v", img.Bounds())
	}
	// Each field's line colour appears in the plot area, not only in the legend.
	for i := range p.Fields() {
		want := palette[i]
		n := 0
		for y := 40; y < 490; y++ {
			for x := 81; x < 750; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(b>>8) == want.B {
					n++
				}
			}
		}
		if n < 100 {
			t.Errorf("field %d: only %d pixels of its colour in the plot area", i, n)
		}
	}
}

func TestNiceTicks(t *testing.T) {
	if got := niceTicks(1, 50, 6); !reflect.DeepEqual(got, []float64{10, 20, 30, 40, 50}) {
		t.Fatalf("%v", got)
	}
	if got := niceTicks(0.005, 0.5, 6); !reflect.DeepEqual(got, []float64{0.1, 0.2, 0.3, 0.4, 0.5}) {
		t.Fatalf("%v", got)
	}
}

// TestParseLogEvidence: the bounding, continuity-error, interface Courant and MULES
// phase-fraction lines foamc verify judges, as v1912's simpleFoam and interFoam print them.
func TestParseLogEvidence(t *testing.T) {
	p := &LogParser{}
	for _, l := range []string{
		"Time = 0.5",
		"Courant Number mean: 0.0617975 max: 1.13423",
		"Interface Courant Number mean: 0.0128979 max: 0.719538",
		"Phase-1 volume fraction = 0.12755  Min(alpha.water) = -8.37842e-13  Max(alpha.water) = 1",
		"Phase-1 volume fraction = 0.12755  Min(alpha.water) = -4.70311e-07  Max(alpha.water) = 1",
		"time step continuity errors : sum local = 0.000253525, global = 7.20716e-06, cumulative = 0.00305431",
		"time step continuity errors : sum local = 1.62786e-05, global = 1.21395e-07, cumulative = 0.00305443",
		"bounding epsilon, min: -1.98669 max: 1080.25 average: 47.5305",
		"bounding epsilon, min: -40.6096 max: 23853.2 average: 84.8817",
	} {
		p.Feed(l)
	}
	s := p.Steps[0]
	if s.CourantMax != 1.13423 || s.InterfaceCourantMax != 0.719538 {
		t.Errorf("courant %v, interface %v", s.CourantMax, s.InterfaceCourantMax)
	}
	if s.Phase["alpha.water"] != [2]float64{-4.70311e-07, 1} {
		t.Errorf("phase %v", s.Phase)
	}
	if s.ContinuityLocal != 1.62786e-05 || s.ContinuityCumulative != 0.00305443 {
		t.Errorf("continuity %v %v", s.ContinuityLocal, s.ContinuityCumulative)
	}
	if s.Bounded["epsilon"] != -40.6096 {
		t.Errorf("bounded %v", s.Bounded)
	}
	p.Feed("Time = 1e-06")
	p.Feed("Mean and max Courant Numbers = 0.14512842 0.17130477") // rhoCentralFoam
	if c := p.Steps[1].CourantMax; c != 0.17130477 {
		t.Errorf("rhoCentralFoam courant %v", c)
	}
}
