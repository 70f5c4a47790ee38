package schema

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/foamc/foamc/internal/saferead"
)

// Expect is one item of a spec's `expect:` block (docs/spec.md, "Expectations"): exactly
// one measurement, the expected value and a tolerance. foamc compile emits the function
// object that measures it (FunctionObject names it); foamc verify judges it. The types
// live here, beside the schema that defines them, because both the compiler and verify
// read them and verify must not import the compiler.
type Expect struct {
	Name            string         `json:"name"`
	Region          string         `json:"region,omitempty"`
	ForceCoeff      string         `json:"forceCoeff,omitempty"`
	PressureDrop    *PressureDrop  `json:"pressureDrop,omitempty"`
	FlowRate        *PatchRef      `json:"flowRate,omitempty"`
	PatchAverage    *PatchAverage  `json:"patchAverage,omitempty"`
	WallShearStress *WallShear     `json:"wallShearStress,omitempty"`
	Nusselt         *Nusselt       `json:"nusselt,omitempty"`
	Point           *PointSample   `json:"point,omitempty"`
	Line            *LineSample    `json:"line,omitempty"`
	Value           *float64       `json:"value,omitempty"`
	Tolerance       Tolerance      `json:"tolerance"`
	Average         *AverageWindow `json:"average,omitempty"`
}

type PressureDrop struct {
	From string `json:"from"`
	To   string `json:"to"`
}

type PatchRef struct {
	Patch string `json:"patch"`
}

type PatchAverage struct {
	Patch     string `json:"patch"`
	Field     string `json:"field"`
	Component string `json:"component,omitempty"`
}

type WallShear struct {
	Patch     string `json:"patch"`
	Component string `json:"component"`
}

type Nusselt struct {
	Patch  string  `json:"patch"`
	Length float64 `json:"length"`
	Tref   float64 `json:"Tref"`
}

type PointSample struct {
	Field     string    `json:"field"`
	Component string    `json:"component,omitempty"`
	At        []float64 `json:"at"`
}

type LineSample struct {
	Field     string    `json:"field"`
	Component string    `json:"component,omitempty"`
	Start     []float64 `json:"start"`
	End       []float64 `json:"end"`
	Axis      string    `json:"axis"`
	Reference string    `json:"reference"`
}

// Tolerance holds exactly one of Relative and Absolute (the schema enforces it).
type Tolerance struct {
	Relative *float64 `json:"relative,omitempty"`
	Absolute *float64 `json:"absolute,omitempty"`
}

type AverageWindow struct {
	From float64 `json:"from"`
}

// ExpectPrefix starts the name of the function object that measures an expectation;
// its output is in postProcessing/<FunctionObject()>/.
const ExpectPrefix = "expect_"

// FunctionObject is the name of the function object that measures e.
func (e *Expect) FunctionObject() string { return ExpectPrefix + e.Name }

// OutputDir is the function object's directory under postProcessing/: a region's
// function object writes below the region's name.
func (e *Expect) OutputDir() string {
	if e.Region != "" {
		return e.Region + "/" + e.FunctionObject()
	}
	return e.FunctionObject()
}

// Kind names e's measurement: forceCoeff, pressureDrop, flowRate, patchAverage,
// wallShearStress, nusselt, point or line.
func (e *Expect) Kind() string {
	switch {
	case e.ForceCoeff != "":
		return "forceCoeff"
	case e.PressureDrop != nil:
		return "pressureDrop"
	case e.FlowRate != nil:
		return "flowRate"
	case e.PatchAverage != nil:
		return "patchAverage"
	case e.WallShearStress != nil:
		return "wallShearStress"
	case e.Nusselt != nil:
		return "nusselt"
	case e.Point != nil:
		return "point"
	case e.Line != nil:
		return "line"
	}
	return ""
}

// Patches lists the patches e measures on, in the order the spec gives them.
func (e *Expect) Patches() []string {
	switch {
	case e.PressureDrop != nil:
		return []string{e.PressureDrop.From, e.PressureDrop.To}
	case e.FlowRate != nil:
		return []string{e.FlowRate.Patch}
	case e.PatchAverage != nil:
		return []string{e.PatchAverage.Patch}
	case e.WallShearStress != nil:
		return []string{e.WallShearStress.Patch}
	case e.Nusselt != nil:
		return []string{e.Nusselt.Patch}
	}
	return nil
}

// ReadReference reads a line sample's reference data (expect[].line.reference): a CSV
// file with a header row, then rows of coordinate, value. Extra columns are ignored;
// rows are returned in file order.
func ReadReference(path string) ([][2]float64, error) {
	data, err := saferead.ReadFile(path, 0)
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comment = '#'
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	recs, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(recs) < 2 {
		return nil, fmt.Errorf("%s: want a header row and at least one data row, found %d row(s)", path, len(recs))
	}
	out := make([][2]float64, 0, len(recs)-1)
	for i, rec := range recs[1:] {
		if len(rec) < 2 {
			return nil, fmt.Errorf("%s: row %d: want coordinate, value; found %d column(s)", path, i+2, len(rec))
		}
		var pt [2]float64
		for j := range pt {
			if pt[j], err = strconv.ParseFloat(strings.TrimSpace(rec[j]), 64); err != nil {
				return nil, fmt.Errorf("%s: row %d column %d: %q is not a number", path, i+2, j+1, rec[j])
			}
		}
		out = append(out, pt)
	}
	return out, nil
}

// Point is the point of the line whose coordinate along Axis is x (the distance from
// Start for axis distance); ok is false when the line does not reach it.
func (l *LineSample) Point(x float64) (p [3]float64, ok bool) {
	d, length := l.direction()
	var t float64
	switch a := axisIndex(l.Axis); {
	case a < 0 && length > 0:
		t = x / length
	case a >= 0 && d[a] != 0:
		t = (x - l.Start[a]) / d[a]
	default:
		return p, false
	}
	const eps = 1e-9
	if t < -eps || t > 1+eps {
		return p, false
	}
	t = math.Min(math.Max(t, 0), 1)
	for i := range p {
		p[i] = l.Start[i] + t*d[i]
	}
	return p, true
}

// Coordinate is the coordinate of a sampled point along Axis: the point's component, or
// its distance from Start.
func (l *LineSample) Coordinate(p [3]float64) float64 {
	if a := axisIndex(l.Axis); a >= 0 {
		return p[a]
	}
	var s float64
	for i := range p {
		s += (p[i] - l.Start[i]) * (p[i] - l.Start[i])
	}
	return math.Sqrt(s)
}

func (l *LineSample) direction() (d [3]float64, length float64) {
	for i := range d {
		d[i] = l.End[i] - l.Start[i]
		length += d[i] * d[i]
	}
	return d, math.Sqrt(length)
}

// axisIndex is 0, 1, 2 for x, y, z and -1 for distance.
func axisIndex(axis string) int {
	switch axis {
	case "x", "y", "z":
		return int(axis[0] - 'x')
	}
	return -1
}
