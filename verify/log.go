package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/solverlog"
)

// readLog parses the solver log foamc run writes (log.<application>) with the
// runner's parser; a missing or unreadable log is a finding.
func readLog(dir, app string) (*solverlog.Parser, []finding.Finding) {
	rel := "log." + app
	fh, err := os.Open(filepath.Join(dir, rel))
	if err != nil {
		return nil, []finding.Finding{{ID: IDNoLog, Severity: finding.Warn, Summary: "no solver log " + rel + " to judge convergence by",
			Detail: "method: read the solver log foamc run writes; measured: " + err.Error(),
			Fix:    "run the case with foamc run (or write the solver's output to " + rel + ")", Location: finding.Location{File: rel}}}
	}
	defer fh.Close()
	p, err := solverlog.Parse(fh)
	if err != nil {
		return nil, []finding.Finding{unreadable(rel, err)}
	}
	return p, nil
}

// checkLog judges the parsed solver log: a FATAL error, a floating point exception
// or a nan residual rejects; a steady solver whose last initial residuals are above
// its residualControl (1e-3 where none is set) has not converged. It also returns
// the components found above their threshold.
func checkLog(run *Run, p *solverlog.Parser) ([]finding.Finding, []string) {
	app, sol, rel := run.app, run.sol, run.logRel()
	loc := finding.Location{File: rel}
	failed := func(summary, detail string) ([]finding.Finding, []string) {
		return []finding.Finding{{ID: IDSolverFailed, Severity: finding.Deny, Summary: summary, Detail: detail,
			Fix: "fix the cause the log names (foamc run --repair classifies FATAL errors) and rerun", Location: loc}}, nil
	}
	reached := "before the first time step"
	if n := len(p.Steps); n > 0 {
		reached = fmt.Sprintf("at step %d (time %g)", n, p.Steps[n-1].Time)
	}
	switch {
	case p.Fatal() != "":
		return failed(app+" stopped with a FOAM FATAL error", "method: scan "+rel+" for FOAM FATAL; measured: "+reached+": "+firstLines(p.Fatal(), 6))
	case p.FPE:
		return failed(app+" stopped with a floating point exception", "method: scan "+rel+" for sigFpe/\"Floating point exception\"; measured: present, "+reached)
	case p.NaN:
		return failed(app+" reported a nan/inf residual or Courant number", "method: scan "+rel+" residual and Courant lines; measured: "+reached+": "+p.NaNLine)
	}
	final := p.Final()
	if final == nil {
		return []finding.Finding{{ID: IDNoLog, Severity: finding.Warn, Summary: rel + " reports no solved time step",
			Detail: "method: count the `Time =` steps with `Solving for` lines in " + rel + "; measured: 0", Fix: "run the case to completion and verify again", Location: loc}}, nil
	}
	if !p.Ended {
		return []finding.Finding{{ID: IDNoLog, Severity: finding.Warn, Summary: rel + " ends before the solver's End line: the run did not finish",
			Detail: fmt.Sprintf("method: look for OpenFOAM's final `End` line in %s; measured: absent after %d steps (last time %g)", rel, len(p.Steps), final.Time),
			Fix:    "let the run finish (or rerun it) and verify again", Location: loc}}, nil
	}
	if !sol.Steady {
		return []finding.Finding{{ID: IDCheckPassed, Severity: finding.Info, Location: loc,
			Summary: fmt.Sprintf("%s ran %d steps to End without error", rel, len(p.Steps)),
			Detail:  "method: scan the log for FOAM FATAL, floating point exceptions and nan residuals; measured: none (transient: residuals are not a convergence test)"}}, nil
	}
	control := residualControl(run)
	var above, fine, comps []string
	for _, c := range sortedKeys(final.Residuals) {
		r := final.Residuals[c]
		th, src := control(c)
		s := fmt.Sprintf("%s %g (threshold %g, %s)", c, r, th, src)
		if r > th {
			above, comps = append(above, s), append(comps, c)
		} else {
			fine = append(fine, s)
		}
	}
	method := fmt.Sprintf("method: first initial residual of each solved component at the last iteration (%g, %d iterations) of %s against residualControl", final.Time, len(p.Steps), rel)
	if len(above) > 0 {
		return []finding.Finding{{ID: IDNotConverged, Severity: finding.Deny, Location: loc,
			Summary: fmt.Sprintf("steady %s did not converge: %s", app, strings.Join(above, "; ")),
			Detail:  method + "; measured: " + strings.Join(append(above, fine...), "; "),
			Fix:     "run more iterations (raise endTime) or improve the setup (mesh, schemes, relaxation) and rerun"}}, comps
	}
	return []finding.Finding{{ID: IDCheckPassed, Severity: finding.Info, Location: loc,
		Summary: fmt.Sprintf("steady %s converged: %s", app, strings.Join(fine, "; ")), Detail: method}}, nil
}

// residualControl returns the threshold of a solved component (Ux is checked
// against U's entry, as OpenFOAM compares a vector's largest component) and where it
// came from.
func residualControl(run *Run) func(string) (float64, string) {
	algorithm := run.sol.Algorithm
	var rc *grammar.ExpDict
	if x, err := run.dict("system/fvSolution"); err == nil && algorithm != "" {
		if a := x.Dict.Get(algorithm); a != nil && a.Dict != nil {
			if e := a.Dict.Get("residualControl"); e != nil {
				rc = e.Dict
			}
		}
	}
	return func(c string) (float64, string) {
		names := []string{c}
		if n := len(c); n > 1 && strings.ContainsRune("xyz", rune(c[n-1])) {
			names = append(names, c[:n-1])
		}
		for _, n := range names {
			if rc == nil {
				break
			}
			if e := grammar.Lookup(rc, n); e != nil {
				if v, ok := number(e); ok {
					return v, fmt.Sprintf("system/fvSolution %s/residualControl/%s", algorithm, e.Key)
				}
			}
		}
		return defaultResidual, "foamc default, no residualControl entry"
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func firstLines(s string, n int) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			keep = append(keep, l)
		}
		if len(keep) == n {
			break
		}
	}
	return strings.Join(keep, " | ")
}

var logCheck = Check{Name: "log", File: "verify/log.go",
	Doc: "the solver log: present and finished, no FATAL error, floating point exception or nan; a steady run converged to residualControl",
	IDs: []ID{
		{ID: IDNoLog, Severity: finding.Warn, Summary: "foamc verify: no solver log log.<application>, or one without a solved step or without its End line: insufficient",
			Fix: "run the case to completion with foamc run and verify again"},
		{ID: IDSolverFailed, Severity: finding.Deny, Summary: "foamc verify: the solver log reports a FOAM FATAL error, a floating point exception or a nan residual: reject",
			Fix: "fix the cause the log names and rerun"},
		{ID: IDNotConverged, Severity: finding.Deny, Summary: "foamc verify: a steady run whose last initial residuals are above residualControl (1e-3 where unset): not converged, reject",
			Fix: "run more iterations or improve the setup and rerun"},
	},
	Run: func(r *Run) []finding.Finding {
		l := r.solverLog()
		if l.p == nil {
			return l.missing
		}
		return l.verdict
	},
}
