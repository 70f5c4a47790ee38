package compiler

import (
	"slices"
	"strings"

	"github.com/foamc/foamc/grammar"
)

// A release is an OpenFOAM release the compiler writes cases for, as one unit: its layout
// (the environment its scripts set up), file names and keyword spellings, and the
// application and solver module that run a case. The families emit the case in v1912's
// spelling; a release whose spelling differs rewrites the emitted files before they are
// printed. docs/compiler.md "Add an OpenFOAM release" is the recipe.
type release struct {
	// Target is the spec's target value that selects the release ("openfoam-v1912").
	Target string
	// Environment is the shell text Allrun and job.slurm run before the first OpenFOAM
	// program: where the release is installed, kept when the user's environment sets it.
	Environment string
	// Application returns the program that runs a case of solver and, for a modular
	// release, the solver module controlDict names (`solver <module>`; "" for none).
	Application func(solver string) (app, module string)
	// Rewrite maps the emitted case onto the release: files by case-relative path, and the
	// provenance of each entry by RFC 6901 pointer /files/<path>/<keys…>, the path one
	// escaped token (constant/g is /files/constant~1g). Renaming a file or a key moves its
	// provenance along. nil leaves the case as emitted.
	Rewrite func(files map[string]*grammar.File, prov map[string]Source, feat Features) error
}

// releases is the registration of every release foamc compiles for: adding a release is
// one line here. The first is the default of a spec without target.
var releases = []*release{v1912}

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

// app is the application that runs the case and the solver module it loads ("" for none).
func (c *compilation) app() (string, string) { return c.rel.Application(c.feat.Solver) }
