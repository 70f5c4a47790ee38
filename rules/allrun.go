package rules

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
)

// Finding IDs of a lint that read the case's Allrun (foamcase.Options.Allrun, goids.go).
const (
	idMeshOnly  = "FOAM-CASE-010"
	idCreated   = "FOAM-CASE-011"
	idUnderived = "FOAM-CASE-012"
)

// solverPackages are the rule packages that judge what a solver reads at start-up and
// while it runs: boundary conditions, schemes, solution controls, models, thermophysics,
// dimensions, chemistry and regions. meshing utilities read none of it.
var solverPackages = []string{"bc", "numerics", "solution", "turbulence", "thermo", "dims", "chemistry", "cht"}

// solverStructure are the structure rules about files only the solver reads (fields,
// transport, thermo, turbulence, gravity and solver dictionaries, field contents).
var solverStructure = []string{"FOAM-STRUCT-002", "FOAM-STRUCT-003", "FOAM-STRUCT-004", "FOAM-STRUCT-005",
	"FOAM-STRUCT-006", "FOAM-STRUCT-007", "FOAM-STRUCT-008", "FOAM-STRUCT-010", "FOAM-STRUCT-011",
	"FOAM-STRUCT-012", "FOAM-STRUCT-015", "FOAM-STRUCT-040", "FOAM-STRUCT-041"}

// fieldPresence are the rules that deny a field file that is missing or unreadable,
// which a program that writes the fields may make.
var fieldPresence = []string{"FOAM-STRUCT-002", "FOAM-STRUCT-008", "FOAM-STRUCT-010", "FOAM-FM-002", "FOAM-FM-003"}

// judgesSolver: the rule judges an input only a solver run reads.
func (e *Engine) judgesSolver(id string) bool {
	if slices.Contains(solverStructure, id) {
		return true
	}
	r, ok := e.Rule(id)
	if !ok {
		return false
	}
	cat := strings.TrimPrefix(r.Package, "foamc.rules.")
	cat, _, _ = strings.Cut(cat, ".")
	return slices.Contains(solverPackages, cat)
}

// allrunFindings applies what the case's Allrun says (c.Allrun, read only by a lint with
// no run): a meshing case is not judged by the solver rules, files the pre-steps make are
// named, and denies on what a step writes in a way foamc cannot derive become info.
func (e *Engine) allrunFindings(c *foamcase.Case, fs []finding.Finding) []finding.Finding {
	a := c.Allrun
	if a == nil {
		return fs
	}
	var out []finding.Finding
	var dropped []string
	for _, f := range fs {
		if a.MeshOnly && e.judgesSolver(f.ID) {
			if !slices.Contains(dropped, f.ID) {
				dropped = append(dropped, f.ID)
			}
			continue
		}
		if f.Severity == finding.Deny {
			if s, ok := underivedWrite(c, f); ok {
				f.Severity = finding.Info
				f.Detail = strings.TrimSpace(f.Detail + fmt.Sprintf(" (not judged: %s:%d runs %s, which writes %s; foamc cannot derive what it writes: %s)", s.File, s.Line, s.Command, writesWord(s.Writes), s.Why))
			}
		}
		out = append(out, f)
	}
	if a.MeshOnly && !e.disabled[idMeshOnly] {
		var apps []string
		for _, s := range a.Apps {
			if !slices.Contains(apps, s.Command) {
				apps = append(apps, s.Command)
			}
		}
		sort.Strings(dropped)
		first := a.Apps[0]
		detail := "the rules of boundary conditions, schemes, solution controls, models, thermophysics, dimensions and the solver's fields and dictionaries judge a solver run, which this Allrun never starts"
		if len(dropped) > 0 {
			detail += "; their findings here (" + strings.Join(dropped, ", ") + ") are not reported"
		}
		out = append(out, finding.Finding{ID: idMeshOnly, Severity: finding.Info,
			Summary:  fmt.Sprintf("%s runs only meshing and checking utilities (%s), not the solver %q that controlDict names: judged as a meshing case", a.File, strings.Join(apps, ", "), c.Features.Solver),
			Detail:   detail + ". foamc gate and foamc run judge the command they run, with every rule.",
			Fix:      "nothing to do; to judge the solver's inputs too, lint the case the solver runs",
			Location: finding.Location{File: first.File, Line: first.Line, Column: 1}})
	}
	if len(a.Created) > 0 && !e.disabled[idCreated] {
		var made []string
		var first foamcase.AllrunStep
		targets := make([]string, 0, len(a.Created))
		for t := range a.Created {
			targets = append(targets, t)
		}
		sort.Strings(targets)
		for _, t := range targets {
			s := a.CreatedBy[t]
			if first.Line == 0 {
				first = s
			}
			made = append(made, fmt.Sprintf("%s (%s, %s:%d)", t, s.Command, s.File, s.Line))
		}
		out = append(out, finding.Finding{ID: idCreated, Severity: finding.Info,
			Summary:  fmt.Sprintf("linted as %s leaves the case before the run: %s read from their sources", a.File, strings.Join(made, "; ")),
			Detail:   "foamc reads the script without running it and never writes into the case; findings on these files name the file they are made from when it is in the case",
			Fix:      "nothing to do",
			Location: finding.Location{File: first.File, Line: first.Line, Column: 1}})
	}
	if len(a.Underived) > 0 && !e.disabled[idUnderived] {
		var steps []string
		for _, s := range a.Underived {
			why := s.Why
			if s.Writes != "" {
				why = "writes " + writesWord(s.Writes) + ": " + why
			}
			steps = append(steps, fmt.Sprintf("%s:%d %s (%s)", s.File, s.Line, s.Command, why))
		}
		s := a.Underived[0]
		out = append(out, finding.Finding{ID: idUnderived, Severity: finding.Info,
			Summary:  fmt.Sprintf("foamc cannot derive what %d step(s) of %s do: %s", len(steps), a.File, strings.Join(steps, "; ")),
			Detail:   "the case is judged as shipped plus the steps foamc derives; denies on what these steps write are reported as info, the rest as usual",
			Fix:      "run the steps, then lint the case they leave",
			Location: finding.Location{File: s.File, Line: s.Line, Column: 1}})
	}
	return out
}

func writesWord(w string) string {
	switch w {
	case "fields":
		return "the fields"
	case "constant":
		return "constant/"
	}
	return w
}

// underivedWrite is the underived step that writes what f is about: the fields (a
// finding on /fields or in the field directory) or the file f is located in.
func underivedWrite(c *foamcase.Case, f finding.Finding) (foamcase.AllrunStep, bool) {
	a, fieldDir, file := c.Allrun, c.Features.FieldDir, f.Location.File
	root, _ := filepath.Abs(c.Dir)
	for _, s := range a.Underived {
		// a file a pre-step made from another is named as its source in findings.
		if src, ok := a.Created[s.Writes]; ok {
			if r, err := filepath.Rel(root, src); err == nil && filepath.IsLocal(r) && filepath.ToSlash(r) == file {
				return s, true
			}
		}
		switch {
		case s.Writes == "":
		case s.Writes == "fields" || s.Writes == "." || isTimeDir(s.Writes):
			// a link or copy into the case directory itself may bring any time or
			// processor directory: the fields too.
			if slices.Contains(fieldPresence, f.ID) || f.Location.Path == "/fields" || strings.HasPrefix(f.Location.Path, "/fields/") ||
				fieldDir != "" && strings.HasPrefix(file, fieldDir+"/") || strings.HasPrefix(file, "0.orig/") {
				return s, true
			}
		case s.Writes == "constant":
			if strings.HasPrefix(file, "constant/") {
				return s, true
			}
		case missingInclude(c, f, s.Writes), createsFile(f, s.Writes):
			return s, true
		case file != "" && (file == s.Writes || strings.HasPrefix(file, s.Writes+"/") || path.Clean(file) == s.Writes):
			return s, true
		}
	}
	return foamcase.AllrunStep{}, false
}

// missingInclude: f is an unresolved include of the file w, or (an undefined variable)
// in a file with one; the step that writes w makes it.
func missingInclude(c *foamcase.Case, f finding.Finding, w string) bool {
	root, _ := filepath.Abs(c.Dir)
	for _, in := range c.Includes {
		if in.Found || in.File != f.Location.File {
			continue
		}
		r, err := filepath.Rel(root, in.Resolved)
		if !filepath.IsAbs(in.Resolved) {
			r, err = in.Resolved, nil
		}
		if err != nil || filepath.ToSlash(r) != w {
			continue
		}
		if in.Line == f.Location.Line || f.ID == "FOAM-EXPAND-004" {
			return true
		}
	}
	return false
}

// isTimeDir: w is a time directory (0, 0.5) or a file in one: a copy into it writes fields.
func isTimeDir(w string) bool {
	d, _, _ := strings.Cut(w, "/")
	_, err := strconv.ParseFloat(d, 64)
	return err == nil
}

// createsFile: f is about the file w missing (its repair creates w, or a related location
// names it): the step that writes w makes it.
func createsFile(f finding.Finding, w string) bool {
	if f.Repair != nil {
		for _, e := range f.Repair.Edits {
			if e.Op == finding.EditCreateFile && e.File == w {
				return true
			}
		}
	}
	for _, r := range f.Related {
		if r.Location.File == w && f.Location.File == "" {
			return true
		}
	}
	return false
}
