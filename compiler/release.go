package compiler

import (
	"slices"
	"strings"
)

// A release is an OpenFOAM release the compiler writes cases for, as one unit: its layout
// (the environment its scripts set up), file names and keyword spellings, and the
// application that runs a case. The compiler settles, emits, checks and lints every case
// in v1912's spelling, where the rules and the kb hold; a release whose spelling differs
// restates the finished case (Restate). docs/compiler.md "Add an OpenFOAM release" is the
// recipe.
type release struct {
	// Target is the spec's target value that selects the release ("openfoam-v1912").
	Target string
	// Environment is the shell text the run scripts execute before the first OpenFOAM
	// program: where the release is installed (kept when the user's environment sets it)
	// and the run helper that logs each step to log.<name>.
	Environment string
	// Application is the program that runs a case of solver (v1912: the solver itself).
	Application func(solver string) string
	// Check adds the release's located findings at the start of a pass (a solver it has no
	// application for, a release foamc knows but cannot prove a case in); nil: none.
	Check func(c *resolution)
	// Restate maps a finished case onto the release: the files (c.files, by case-relative
	// path) and their provenance (c.prov, by RFC 6901 pointer /files/<path>/<keys…>, the
	// path one escaped token: constant/g is /files/constant~1g), renaming files and keys
	// with their provenance and choosing controlDict's application and solver module; it
	// reprints what it changed into r (scripts: c.scripts(rel)). nil: the case as emitted.
	Restate func(c *emission, r *Result) (*Result, error)
}

// releases is the registration of every release foamc compiles for: adding a release is
// one line here. The first is the default of a spec without target.
var releases = []*release{v1912, openfoam12, v2506}

// releaseFor is the release a spec's target selects ("" is the default).
func releaseFor(target string) (*release, bool) {
	if target == "" {
		return releases[0], true
	}
	i := slices.IndexFunc(releases, func(r *release) bool { return r.Target == target })
	if i < 0 {
		return nil, false
	}
	return releases[i], true
}

// targets lists the registered targets, for the finding of an unknown one.
func targets() string {
	var ts []string
	for _, r := range releases {
		ts = append(ts, r.Target)
	}
	return strings.Join(ts, ", ")
}

// checkTarget selects the spec's release, or refuses an unknown target.
func (c *resolution) checkTarget() {
	rel, ok := releaseFor(c.spec.Target)
	if !ok {
		c.rel = releases[0]
		c.fail(IDUnsupported, "/target", "only "+targets()+" is supported", "remove target or set "+targets())
		return
	}
	c.rel = rel
	if rel.Check != nil {
		rel.Check(c)
	}
}

// scripts writes the run scripts of the case for a release.
func (c *emission) scripts(rel *release) scripts {
	return scripts{spec: c.spec, mesh: c.mesh, sol: c.sol, solver: c.feat.Solver, app: rel.Application(c.feat.Solver), env: rel.Environment}
}

// restate hands a finished case to its release.
func (c *emission) restate(p pass) pass {
	if p.res == nil || c.rel.Restate == nil {
		return p
	}
	p.res, p.err = c.rel.Restate(c, p.res)
	return p
}
