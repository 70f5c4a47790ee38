package runner

import (
	"github.com/foamc/foamc/finding"
)

// Catalogue IDs of the solver failure classes (rules/goids.go): a classified failure is
// reported as a finding with its class's ID. A launcher failure has the ID of its kind,
// shared with the Slurm preflight that finds the same problem before submitting.
const (
	IDSolverMissingFile = "FOAM-RUN-030" // the solver could not find a file
	IDSolverDimensions  = "FOAM-RUN-031" // a dimension check failed
	IDSolverBC          = "FOAM-RUN-032" // a boundary condition the solver cannot construct
	IDSolverSchemes     = "FOAM-RUN-033" // an unknown or ill-formed discretisation scheme
	IDSolverLinSolver   = "FOAM-RUN-034" // an unknown or ill-formed linear solver
	IDSolverFormat      = "FOAM-RUN-035" // a dictionary the solver cannot read
	IDSolverDivergence  = "FOAM-RUN-036" // the solution diverged (SIGFPE, nan residuals)
	IDSolverDictionary  = "FOAM-RUN-037" // a missing entry outside schemes, solvers and fields
	IDSolverUnknown     = "FOAM-RUN-038" // a failure foamc cannot classify
	IDSolverTimeout     = "FOAM-RUN-039" // the run outlived its time limit
	IDSolverCancelled   = "FOAM-RUN-040" // the Slurm job was cancelled
)

// classIDs are the IDs of the classes, with the fix each class's finding offers.
var classIDs = map[string]struct{ id, fix string }{
	ClassMissingFile: {IDSolverMissingFile, "create the file the message names, or correct the entry that names it"},
	ClassDimensions:  {IDSolverDimensions, "give the fields the dimensions the solver expects"},
	ClassBC:          {IDSolverBC, "correct the patch's boundary condition in the field file the message names"},
	ClassSchemes:     {IDSolverSchemes, "use a scheme the message lists as valid in system/fvSchemes"},
	ClassLinSolver:   {IDSolverLinSolver, "use a solver the message lists as valid in system/fvSolution"},
	ClassFormat:      {IDSolverFormat, "correct the syntax at the line the message names"},
	ClassDivergence:  {IDSolverDivergence, "reduce the time step or the relaxation factors, or check the boundary conditions; foamc run --repair tries"},
	ClassDictionary:  {IDSolverDictionary, "add the entry the message names"},
	ClassUnknown:     {IDSolverUnknown, "read the solver log"},
	ClassTimeout:     {IDSolverTimeout, "raise --timeout, or run fewer steps"},
	ClassCancelled:   {IDSolverCancelled, "submit the job again"},
}

var launcherIDs = map[string]struct{ id, fix string }{
	KindMPIPlugin:  {IDSlurmMPI, "launch with mpirun, or with an srun --mpi type the node offers and your MPI speaks (srun --mpi=list)"},
	KindNotFound:   {IDSlurmPath, "load the module or source the bashrc that provides the program where the solver runs"},
	KindMPIStartup: {IDSlurmStartup, "launch with mpirun, or with the PMI your MPI was built with (srun --mpi=list)"},
}

// failureID is the catalogue ID of a failure's class ("" for a verify reject, whose
// findings are verify's own).
func failureID(f *Failure) string {
	switch f.Class {
	case ClassVerification:
		return ""
	case ClassLauncher:
		return launcherIDs[f.Kind].id
	}
	if c, ok := classIDs[f.Class]; ok {
		return c.id
	}
	return IDSolverUnknown
}

// finding is the failure as the one problem type: its class's ID, located at the file
// and line the solver named, the FATAL message (without stack frames) as the detail. The repair loop reads the
// Failure itself; the finding is what users and clients see.
func (f *Failure) finding() (finding.Finding, bool) {
	if f.ID == "" {
		return finding.Finding{}, false
	}
	fix := classIDs[f.Class].fix
	if f.Class == ClassLauncher {
		fix = launcherIDs[f.Kind].fix
	}
	fd := finding.Finding{ID: f.ID, Severity: finding.Deny, Summary: f.Summary, Fix: fix}
	switch {
	case f.Kind == KindSignal || f.Kind == KindNaN || f.Class == ClassTimeout || f.Class == ClassCancelled:
		// Their message is the log's tail, which the summary sums up; the result's
		// failure.message keeps it.
	default:
		fd.Detail = trimMessage(f.Message)
	}
	if f.File != "" {
		fd.Location = finding.Location{File: f.File, Line: f.Line,
			Path: finding.Pointer(append([]string{"files", f.File}, f.DictPath...)...)}
	}
	return fd, true
}

// collect names the failure's class by its catalogue ID and gathers every finding of
// the run into Findings: the gate's denies, the solver failure, verify's findings.
func (r *Result) collect() {
	if r == nil {
		return
	}
	r.Findings = append([]finding.Finding(nil), r.Gate...)
	for _, f := range r.Mesh {
		if f.Severity != finding.Deny { // a deny refused the run: it is in Gate
			r.Findings = append(r.Findings, f)
		}
	}
	if f := r.Failure; f != nil {
		f.ID = failureID(f)
		if fd, ok := f.finding(); ok {
			r.Findings = append(r.Findings, fd)
		}
	}
	if r.Verify != nil {
		r.Findings = append(r.Findings, r.Verify.Findings...)
	}
}
