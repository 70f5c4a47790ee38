package study

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestResultsConvergence writes the results of a three-level convergence study from
// recorded outcomes (the measured values of examples/studies/channel-gci, 80, 320 and 1280
// cells): the CSV has one row per level with its cells and measure, the GCI is Celik et
// al.'s on the three levels with h = (1/N)^(1/2), the plot is written, and writing twice
// gives the same bytes.
func TestResultsConvergence(t *testing.T) {
	path := writeStudy(t, "version: 1\nname: grid\nkind: convergence\nbase: spec.yaml\nrefine: {ratio: 2, levels: 3}\n")
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := f.Variants()
	if err != nil {
		t.Fatal(err)
	}
	outcome := func(id string, level, cells int, v float64) *Outcome {
		return &Outcome{ID: id, Level: level, State: StateDone, Status: "ok", Verdict: "accept", Cells: cells, Steps: 40 * level, WallTime: "1.5s", Reason: "every check passed",
			Measures: []Measure{{Name: "p-mid", Kind: "value", Value: v, Reference: 0.06, Deviation: math.Abs(v - 0.06), Tolerance: 0.003, Met: true}}}
	}
	write := func() (*Result, []byte, []byte) {
		dir := t.TempDir()
		res := &Result{Study: f.Name, Kind: f.Kind, Dir: dir, Variants: []*Outcome{
			outcome("v001", 1, 80, 0.0533336), outcome("v002", 2, 320, 0.0581818), outcome("v003", 3, 1280, 0.0595349)}}
		if err := writeResults(f, vs, res); err != nil {
			t.Fatal(err)
		}
		csv, _ := os.ReadFile(filepath.Join(dir, ResultsCSV))
		png, err := os.ReadFile(filepath.Join(dir, "plots", "p-mid.png"))
		if err != nil {
			t.Fatal(err)
		}
		return res, csv, png
	}
	res, csv, png := write()
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if len(lines) != 4 || lines[0] != "variant,level,cells,state,status,verdict,steps,wall time,p-mid,p-mid reference,p-mid deviation,p-mid met,reason" ||
		lines[3] != "v003,3,1280,done,ok,accept,120,1.5s,0.0595349,0.06,0.0004651,true,every check passed" {
		t.Errorf("results.csv:\n%s", csv)
	}
	if len(res.Convergence) != 1 || res.Convergence[0].GCI == nil {
		t.Fatalf("convergence: %+v", res.Convergence)
	}
	g := res.Convergence[0].GCI
	want, _ := Celik([3]float64{math.Sqrt(1.0 / 1280), math.Sqrt(1.0 / 320), math.Sqrt(1.0 / 80)}, [3]float64{0.0595349, 0.0581818, 0.0533336})
	if g.Kind != Monotonic || g.P != want.P || math.Abs(g.R21-2) > 1e-12 || math.Abs(g.Extrapolated-0.0600587) > 1e-6 {
		t.Errorf("GCI %+v, want %+v", g, want)
	}
	if !strings.Contains(res.Summary(), "convergence of p-mid: monotonic convergence, observed order p = 1.84, extrapolated 0.0600587") {
		t.Errorf("summary:\n%s", res.Summary())
	}
	_, csv2, png2 := write()
	if !bytes.Equal(csv, csv2) || !bytes.Equal(png, png2) {
		t.Error("results are not deterministic")
	}
}

// TestFailuresDoNotStopTheStudy: a variant the compiler refuses and one the runner cannot
// run (no gate given: it fails closed) both end failed with their reason, the study goes
// on to the end and writes its table, and a second run tries both again.
func TestFailuresDoNotStopTheStudy(t *testing.T) {
	path := writeStudy(t, "version: 1\nname: fails\nbase: spec.yaml\nvary:\n  - {path: /control/endTime, values: [-1, 0.1]}\n")
	cavity := `FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }
scale 1;
vertices ((0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1));
blocks (hex (0 1 2 3 4 5 6 7) (4 4 1) simpleGrading (1 1 1));
boundary
(
    lid          { type wall;  faces ((3 7 6 2)); }
    walls        { type wall;  faces ((0 4 7 3) (2 6 5 1) (1 5 4 0)); }
    frontAndBack { type empty; faces ((0 3 2 1) (4 5 6 7)); }
);
`
	if err := os.WriteFile(filepath.Join(filepath.Dir(path), "blockMeshDict"), []byte(cavity), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var log bytes.Buffer
	res, err := Run(context.Background(), f, Options{Out: out, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Variants) != 2 {
		t.Fatalf("%d variants", len(res.Variants))
	}
	v1, v2 := res.Variants[0], res.Variants[1]
	if v1.State != StateFailed || v1.Status != "not compiled" || !strings.Contains(v1.Reason, "FOAM-SPEC-002") {
		t.Errorf("v001: %+v", v1)
	}
	if v2.State != StateFailed || !strings.Contains(v2.Reason, "linter") {
		t.Errorf("v002: %+v", v2)
	}
	csv, err := os.ReadFile(filepath.Join(out, ResultsCSV))
	if err != nil || strings.Count(string(csv), ",failed,") != 2 {
		t.Errorf("results.csv: %v\n%s", err, csv)
	}
	if !strings.Contains(log.String(), "study: v001 control/endTime=-1: failed: FOAM-SPEC-002") || !strings.Contains(log.String(), "2 variant(s), 2 run now: 2 failed") {
		t.Errorf("progress:\n%s", log.String())
	}
	log.Reset()
	if res, err = Run(context.Background(), f, Options{Out: out, Log: &log}); err != nil || !res.Variants[0].Ran || !res.Variants[1].Ran {
		t.Errorf("failed variants not tried again: %v\n%s", err, log.String())
	}
}
