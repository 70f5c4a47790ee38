package verify

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/openfoam"
	"github.com/foamc/foamc/solverlog"
)

// Run is a finished run as the checks see it, loaded once by Case: the case
// directory and its result layout, the judged times, the solver and its traits, the
// spec, and, on first use, the parsed solver log and the expanded dictionaries of
// system/ and constant/. A check reads the run through it and never re-reads a
// dictionary; result fields are read one file at a time (they can be large).
type Run struct {
	dir     string
	opt     Options
	app     string
	sol     openfoam.Solver
	control *grammar.Expanded // system/controlDict
	start   float64
	layout  layout
	times   []string // the judged times (Options.Time), in time order

	spec      *spec             // nil without one
	specNotes []finding.Finding // why there is none, or why the recorded one is unusable

	dicts    map[string]expanded
	log      *parsedLog
	pictures []picture
}

type expanded struct {
	x   *grammar.Expanded
	err error
}

// parsedLog is the solver log log.<application>, parsed once; the checks share the
// log check's verdict (which components stayed above residualControl).
type parsedLog struct {
	p           *solverlog.Parser
	missing     []finding.Finding // no log, or an unreadable one
	verdict     []finding.Finding // checkLog's
	unconverged []string
}

// load reads what every check needs: an error means dir is not a case foamc can judge
// (no readable system/controlDict) or --spec names no valid spec.
func load(dir string, opt Options) (*Run, error) {
	r := &Run{dir: dir, opt: opt, dicts: map[string]expanded{}}
	cd, err := r.dict("system/controlDict")
	if err != nil {
		return nil, fmt.Errorf("%s is not a case: %w", dir, err)
	}
	r.control = cd
	if r.app = word(cd.Dict.Get("application")); r.app == "" {
		return nil, fmt.Errorf("%s: system/controlDict has no application", dir)
	}
	sol, known := openfoam.LookupSolver(r.app)
	if r.app == openfoam.Application12 {
		// Foundation 12: the solver module names the traits, the schemes the steadiness.
		sol, known = openfoam.LookupModule(word(cd.Dict.Get("solver")))
		if fv, err := r.dict("system/fvSchemes"); err == nil {
			if d := fv.Dict.Get("ddtSchemes"); d != nil && d.Dict != nil {
				sol.Steady = word(d.Dict.Get("default")) == "steadyState"
			}
		}
	}
	if !known {
		// An unknown solver's traits come from the case: a thermophysicalProperties file
		// means a compressible solver.
		_, err := os.Stat(filepath.Join(dir, "constant", "thermophysicalProperties"))
		sol.Compressible = err == nil
	}
	r.sol = sol
	if v, ok := number(cd.Dict.Get("startTime")); ok {
		r.start = v
	}
	r.layout = caseLayout(dir, r.start)
	r.times = selectTimes(r.layout.resultDir(dir), r.start, opt.Time)
	if r.spec, r.specNotes, err = loadSpec(dir, opt.Spec); err != nil {
		return nil, err
	}
	return r, nil
}

// dict is a case dictionary (rel is slash-separated) expanded with the repository's
// grammar, once per run.
func (r *Run) dict(rel string) (*grammar.Expanded, error) {
	if e, ok := r.dicts[rel]; ok {
		return e.x, e.err
	}
	x, err := r.read(rel)
	r.dicts[rel] = expanded{x, err}
	return x, err
}

// read expands one case file without keeping it: result fields.
func (r *Run) read(rel string) (*grammar.Expanded, error) {
	rel = r.file(rel)
	x, err := grammar.ExpandFile(filepath.Join(r.dir, filepath.FromSlash(rel)), grammar.ExpandOptions{CaseDir: r.dir, EtcDir: openfoam.EtcDir})
	if err != nil {
		return nil, err
	}
	if x.Dict == nil {
		return nil, fmt.Errorf("%s has no dictionary", rel)
	}
	return x, nil
}

// file is the case file the run's release reads for rel: Foundation 12 keeps
// transportProperties' and thermophysicalProperties' entries in constant/physicalProperties.
// Findings and methods name it.
func (r *Run) file(rel string) string {
	if r.app == openfoam.Application12 && (rel == "constant/transportProperties" || rel == "constant/thermophysicalProperties") {
		return "constant/physicalProperties"
	}
	return rel
}

// latest is the last judged time ("" for none).
func (r *Run) latest() string {
	if len(r.times) == 0 {
		return ""
	}
	return r.times[len(r.times)-1]
}

// caseTimes are the judged times whose fields conservation and the problem checks
// read in the case directory: none when the latest is not there (a decomposed run not
// reconstructed has its results in processor*/ only).
func (r *Run) caseTimes() []string {
	if t := r.latest(); t != "" && !r.reconstructed() {
		return nil
	}
	return r.times
}

func (r *Run) reconstructed() bool {
	st, err := os.Stat(filepath.Join(r.dir, r.latest()))
	return err == nil && st.IsDir()
}

// logRel is the solver log foamc run writes.
func (r *Run) logRel() string { return "log." + r.app }

// solverLog is the parsed solver log, or nil with the finding that says why.
func (r *Run) solverLog() *parsedLog {
	if r.log == nil {
		r.log = &parsedLog{}
		r.log.p, r.log.missing = readLog(r.dir, r.app)
		if r.log.p != nil {
			r.log.verdict, r.log.unconverged = checkLog(r, r.log.p)
		}
	}
	return r.log
}

func (r *Run) addPicture(p picture) { r.pictures = append(r.pictures, p) }
