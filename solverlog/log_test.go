package solverlog

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"gonum.org/v1/plot"
)

func parseTestLog(t *testing.T, name string) *Parser {
	t.Helper()
	fh, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	p, err := Parse(fh)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestParseCavity(t *testing.T) {
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

func TestParseNaN(t *testing.T) {
	p := &Parser{}
	for _, l := range []string{"Time = 1", "Courant Number mean: 0.1 max: 0.5",
		"smoothSolver:  Solving for Ux, Initial residual = nan, Final residual = nan, No Iterations 1000"} {
		p.Feed(l)
	}
	if !p.NaN {
		t.Fatal("nan residual not detected")
	}
}

// TestResidualFigure: the residual history of a real cavity log names each component
// as the log does (Ux, not UX) on a log-scale axis.
func TestResidualFigure(t *testing.T) {
	p := parseTestLog(t, "cavity-ok.log")
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

// TestParseEvidence: the bounding, continuity-error, interface Courant and MULES
// phase-fraction lines foamc verify judges, as v1912's simpleFoam and interFoam print them.
func TestParseEvidence(t *testing.T) {
	p := &Parser{}
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
	if s.PhaseVolume["alpha.water"] != 0.12755 {
		t.Errorf("phase volume %v", s.PhaseVolume)
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

// TestParseFoundation12: a real Foundation 12 foamRun log (a compiled openfoam-12 duct,
// incompressibleFluid) writes the time with its unit, "Time = 0.0018s".
func TestParseFoundation12(t *testing.T) {
	p := parseTestLog(t, "foamRun12.log")
	if len(p.Steps) != 6 || !p.Ended || p.NaN || p.Fatal() != "" {
		t.Fatalf("steps %d ended %v nan %v fatal %q", len(p.Steps), p.Ended, p.NaN, p.Fatal())
	}
	if p.Steps[0].Time != 0.0018 || p.Final().Time != 0.0108 {
		t.Fatalf("times %v .. %v, want 0.0018 .. 0.0108", p.Steps[0].Time, p.Final().Time)
	}
}
