package verify

import (
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
)

// Check is one unit of judgement over a loaded run (docs/verify.md, "Add a verify
// check"): Run returns its findings; the IDs it declares are its catalogue rows.
type Check struct {
	Name string
	// Doc says what the check judges.
	Doc string
	// File holds the check; the catalogue names it as where its IDs are raised.
	File string
	// IDs are the finding IDs the check declares (commonIDs: those every check may raise).
	IDs []ID
	// Needs is the evidence without which the check is not run: another check already
	// reports it missing.
	Needs Need
	Run   func(*Run) []finding.Finding
}

// ID is a finding ID with its catalogue row (rules/CATALOGUE.md is generated from the
// IDs: go test ./rules -run TestCatalogue -update).
type ID struct {
	ID       string
	Severity finding.Severity
	// Summary is the catalogue's one-line description; Fix its generic fix.
	Summary, Fix string
	// File, when set, is where the ID is raised if not in its check's File.
	File string
	// Provenance names the OpenFOAM sources the check rests on.
	Provenance []string
}

// Need is the evidence a check needs.
type Need uint8

const (
	// NeedLog: a parsed solver log (the log check says why there is none: 002, 003).
	NeedLog Need = 1 << iota
	// NeedSpec: a spec (the spec check says why there is none: 055, 056).
	NeedSpec
)

// checks are every check, run in this order by Case (the findings are sorted after;
// the order only decides the order of the pictures).
var checks = []*Check{
	&resultsCheck, &conservationCheck, &energyCheck, &specCheck, &problemCheck, &expectCheck,
	&fieldsCheck, &wallCheck, &logCheck, &convergenceCheck, &phaseCheck, &phaseVolumeCheck, &timeCheck,
	&shallowWaterCheck, &scalarBoundsCheck, &speciesCheck, &interfaceHeatCheck, &regionFieldsCheck,
}

// commonIDs are raised by several checks and by Case itself.
var commonIDs = []ID{
	{ID: IDUnreadable, Severity: finding.Warn, Summary: "foamc verify: a result file or log foamc cannot read: insufficient",
		Fix: "check the file", File: "verify/fields.go"},
	{ID: IDPicture, Severity: finding.Info, Summary: "foamc verify: a picture of the evidence it wrote (residual history, a monitored quantity with its judged window, a profile against reference data), naming the PNG file",
		Fix: "nothing: open the picture", File: "verify/pictures.go"},
	{ID: IDCheckPassed, Severity: finding.Info, Summary: "foamc verify: a check that passed, with what it measured",
		Fix: "nothing: evidence for an accept", File: "verify/verify.go"},
}

// Checks lists the checks in the order Case runs them.
func Checks() []Check {
	out := make([]Check, len(checks))
	for i, c := range checks {
		out[i] = *c
	}
	return out
}

// IDs lists every finding ID verify raises with its catalogue row, File always set,
// sorted by ID.
func IDs() []ID {
	var out []ID
	for _, c := range checks {
		for _, id := range c.IDs {
			if id.File == "" {
				id.File = c.File
			}
			out = append(out, id)
		}
	}
	out = append(out, commonIDs...)
	slices.SortFunc(out, func(a, b ID) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// ready reports whether the run holds the evidence the check needs.
func (r *Run) ready(c *Check) bool {
	if c.Needs&NeedLog != 0 && r.solverLog().p == nil {
		return false
	}
	return c.Needs&NeedSpec == 0 || r.spec != nil
}
