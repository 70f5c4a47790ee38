// Package verify judges a finished OpenFOAM run: accept, reject or insufficient,
// every reason a finding that names the file read, the method, the threshold and
// the measured value. It reads results and logs only: it never runs a solver and
// never edits the case (docs/verify.md).
package verify

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/foamcase"
	"github.com/foamc/foamc/grammar"
)

// Verdict is the answer of a verification.
type Verdict string

const (
	Accept       Verdict = "accept"
	Reject       Verdict = "reject"
	Insufficient Verdict = "insufficient"
)

// The finding IDs every check may raise, and those of this file's checks (each is
// declared in a check's IDs, the catalogue is generated from IDs()). Deny findings
// reject, warn findings make the evidence insufficient, info findings record a
// passed check.
const (
	IDNoResults     = "FOAM-VERIFY-001"
	IDNoLog         = "FOAM-VERIFY-002"
	IDUnreadable    = "FOAM-VERIFY-003"
	IDCountMismatch = "FOAM-VERIFY-004"
	IDBounds        = "FOAM-VERIFY-010"
	IDNonFinite     = "FOAM-VERIFY-011"
	IDSolverFailed  = "FOAM-VERIFY-012"
	IDNotConverged  = "FOAM-VERIFY-013"
	IDCheckPassed   = "FOAM-VERIFY-100"
	defaultResidual = 1e-3
)

// Options selects what is verified.
type Options struct {
	// Spec is the case spec to judge the run against; "" uses the one foamc compile
	// recorded in the case (schema.RecordedSpec), if any.
	Spec string
	// Time is "latest" (default), "all" (every time directory after the start time) or
	// the name of one time directory.
	Time string
	// Plots, when set, is the directory the pictures of the evidence are written to
	// (never the case: verify does not edit it); each is named by an IDPicture finding.
	Plots string
}

// Result is a verification's verdict and its reasons, sorted.
type Result struct {
	// Spec is the spec the run was judged against ("" for none).
	Spec string

	Verdict  Verdict
	Solver   string
	Times    []string
	Findings []finding.Finding
	// Pictures are the PNG files written into Options.Plots, in order.
	Pictures []string
	pictures []picture
}

// Case verifies the run in dir: it loads the run once and runs every check over it.
// An error means dir is not a case foamc can judge (no readable system/controlDict) or
// --spec names no valid spec; everything about the run itself is a finding.
func Case(dir string, opt Options) (*Result, error) {
	run, err := load(dir, opt)
	if err != nil {
		return nil, err
	}
	r := &Result{Solver: run.app, Times: run.times}
	if run.spec != nil {
		r.Spec = run.spec.file
	}
	for _, c := range checks {
		if run.ready(c) {
			r.Findings = append(r.Findings, c.Run(run)...)
		}
	}
	if opt.Plots != "" {
		run.residualPicture()
		r.pictures = run.pictures
		if err := r.writePictures(opt.Plots); err != nil {
			return nil, err
		}
	}
	finding.Sort(r.Findings)
	r.Verdict = verdictOf(r.Findings)
	return r, nil
}

func (r *Result) add(f finding.Finding) { r.Findings = append(r.Findings, f) }

// verdictOf: any deny rejects, else any warn leaves the evidence insufficient.
func verdictOf(fs []finding.Finding) Verdict {
	switch finding.Max(fs) {
	case finding.Deny:
		return Reject
	case finding.Warn:
		return Insufficient
	}
	return Accept
}

func word(e *grammar.ExpEntry) string {
	if e == nil || len(e.Value) != 1 {
		return ""
	}
	if w, ok := e.Value[0].(*grammar.Word); ok {
		return w.Value
	}
	return ""
}

func number(e *grammar.ExpEntry) (float64, bool) {
	if e == nil || len(e.Value) != 1 {
		return 0, false
	}
	n, ok := e.Value[0].(*grammar.Number)
	if !ok {
		return 0, false
	}
	return n.Float, true
}

// timeDirs lists the time directories of dir after start, in time order.
func timeDirs(dir string, start float64) []string {
	var out []string
	for _, name := range foamcase.TimeDirs(dir) {
		if t, _ := strconv.ParseFloat(name, 64); t > start {
			out = append(out, name)
		}
	}
	return out
}

func selectTimes(dir string, start float64, sel string) []string {
	all := timeDirs(dir, start)
	switch sel {
	case "", "latest":
		if len(all) == 0 {
			return nil
		}
		return all[len(all)-1:]
	case "all":
		return all
	}
	for _, t := range all {
		if t == sel {
			return []string{t}
		}
	}
	return nil
}

func noResults(dir string, l layout, start float64, sel string) finding.Finding {
	detail := fmt.Sprintf("method: list the numeric directories of the case; threshold: at least one written after startTime %g; measured: none", start)
	if sel != "" && sel != "latest" && sel != "all" {
		detail = fmt.Sprintf("method: look for time directory %q after startTime %g; measured: absent (available: %s)", sel, start, strings.Join(timeDirs(l.resultDir(dir), start), " "))
	}
	switch {
	case l.decomposed():
		detail += fmt.Sprintf("; listed in %s (the case is decomposed into %d, not reconstructed)", l.parts[0], len(l.parts))
	case len(processorDirs(dir)) > 0:
		detail += "; processor* directories: none holds a later time directory either"
	}
	return finding.Finding{ID: IDNoResults, Severity: finding.Warn, Summary: "no results to verify: no time directory after the start time",
		Detail: detail, Fix: "run the case (foamc run) and verify again"}
}

var resultsCheck = Check{Name: "results", File: "verify/verify.go",
	Doc: "a time directory written after the start time (or the one --time names)",
	IDs: []ID{
		{ID: IDNoResults, Severity: finding.Warn, Summary: "foamc verify: no results, no time directory after the start time (or not the one --time names): insufficient",
			Fix: "run the case (foamc run) and verify again"},
	},
	Run: func(r *Run) []finding.Finding {
		if len(r.times) > 0 {
			return nil
		}
		return []finding.Finding{noResults(r.dir, r.layout, r.start, r.opt.Time)}
	},
}
