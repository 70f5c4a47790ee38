package schema

import (
	"bytes"
	"encoding/csv"
	"fmt"
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
