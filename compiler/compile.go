// Package compiler turns a case spec into an OpenFOAM v1912 case: slots with domains (from
// the knowledge base or foamc's curated tables), constraints from the rules (a candidate
// that leads to a deny is pruned, with backtracking), physics derivations, and provenance
// for every emitted entry. See docs/compiler.md.
package compiler

import (
	"context"
	"errors"
	"fmt"
	"github.com/foamc/foamc/schema"
	"maps"
	"slices"
	"strings"

	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
	"github.com/foamc/foamc/kb"
	"github.com/foamc/foamc/suggest"
)

// Finding IDs of compilation problems (spec problems are FOAM-SPEC-00x from schema).
const (
	IDConflict    = "FOAM-COMPILE-001" // no assignment satisfies the rules
	IDOpen        = "FOAM-COMPILE-002" // a slot nothing settles
	IDUnsupported = "FOAM-COMPILE-003" // a solver/model/feature foamc does not compile
	IDDenied      = "FOAM-COMPILE-004" // the compiled case still lints with a deny
	IDMesh        = "FOAM-COMPILE-005" // mesh unreadable or boundaries not matching its patches
	IDTarget      = "FOAM-COMPILE-006" // output directory exists (no --force) or cannot be written
	IDAuxField    = "FOAM-COMPILE-007" // a retrieved value needs a field or object the case lacks
	IDDisabled    = "FOAM-COMPILE-008" // a retrieved value that switches an equation off (maxIter 0)
	IDExpect      = "FOAM-COMPILE-009" // an expect: item the compiled case cannot measure
	IDReynolds    = "FOAM-COMPILE-101" // physics plausibility (warn)
	IDNotice      = "FOAM-COMPILE-102" // an input ignored for this solver (info)
	IDRetyped     = "FOAM-COMPILE-103" // a mesh patch retyped to agree with its role (info)
	IDSettled     = "FOAM-COMPILE-104" // a value settled by kb retrieval or an engineering default (info)
	// IDFlowMismatch names the constraint that physics.flow (compressible, steady)
	// agrees with the solver; it appears in FOAM-COMPILE-001 conflicts.
	IDFlowMismatch = "FOAM-SPEC-005"
)

// Linter checks a written case directory with the rules; the compiler prunes what it denies.
type Linter = finding.Linter

// Options configure Compile.
type Options struct {
	// Filler answers open slots; nil makes an open slot an error.
	Filler SlotFiller
	// MaxFillAttempts bounds re-asks per slot (default 3).
	MaxFillAttempts int
	// Linter is the full rule check of the result; nil checks only the rules built into the
	// constraint model.
	Linter Linter
	// MaxRounds bounds lint -> prune -> re-solve rounds (default 4).
	MaxRounds int
	// Strict refuses values settled by kb retrieval or an engineering default: every
	// physical value must be stated in the spec or derived from it.
	Strict bool
	// KB supplies retrieval domains (fvSchemes through the all-model retriever) and the
	// scheme vocabulary; nil uses foamc's curated values only.
	KB *kb.KB
}

// Result is a compiled case, not yet written.
type Result struct {
	Name  string
	Slots Table
	// Provenance maps an RFC 6901 pointer into the case document
	// (/files/<case-relative path>/<keys…>) to the source of that entry.
	Provenance map[string]Source
	// Files are the case files by case-relative path (dictionaries printed by grammar.Format,
	// copied mesh files, Allrun); Executable lists those to write with mode 0755.
	Files      map[string][]byte
	Executable map[string]bool
	// Findings are non-fatal notes (warn/info) about the spec.
	Findings []finding.Finding
	Features Features
	// inputs are the files the case was compiled from (the spec, the mesh source):
	// Write never replaces a directory that holds one.
	inputs []string
}

// CompileBytes validates and compiles a spec given as bytes; dir resolves its relative paths.
func CompileBytes(ctx context.Context, name string, data []byte, dir string, opts Options) (*Result, error) {
	s, err := schema.ParseSpec(name, data, dir)
	if err != nil {
		return nil, err
	}
	return Compile(ctx, s, opts)
}

// CompileFile loads and compiles a spec file.
func CompileFile(ctx context.Context, path string, opts Options) (*Result, error) {
	s, err := schema.LoadSpec(path)
	if err != nil {
		return nil, err
	}
	return Compile(ctx, s, opts)
}

// Compile turns a validated spec into a case. A spec that cannot be satisfied or leaves a
// slot open returns a finding.List naming each slot and the spec field that would settle it.
func Compile(ctx context.Context, s *Spec, opts Options) (*Result, error) {
	if err := loadKnowledge(); err != nil {
		return nil, err
	}
	if opts.MaxFillAttempts <= 0 {
		opts.MaxFillAttempts = 3
	}
	if opts.MaxRounds <= 0 {
		opts.MaxRounds = 4
	}
	fills := map[string]fillAnswer{}
	for {
		c := &compilation{given: given{spec: s, opts: opts, ctx: ctx, fills: fills}}
		c.outcome.given = &c.given
		p := c.run()
		if !p.restart {
			return p.res, p.err
		}
	}
}

// pass is how one pass through the stages ended: a result, an error (a finding.List for
// problems of the spec), or a restart because the slot filler changed the spec.
type pass struct {
	res     *Result
	err     error
	restart bool
}

// stopped ends a pass at a stage boundary: restart when a filled slot changed the spec.
func (c *outcome) stopped() (pass, bool) {
	return pass{restart: true}, c.restart
}

type fillAnswer struct {
	value any
	src   Source
}

// compilation drives one pass of the compiler over a spec (run). The stages of a pass
// (resolve, then rounds of settle, emit and check) are types of their own, each with the
// methods of its stage and the state it writes; a stage takes the finished earlier stage
// as a pointer (settlement -> resolution, emission -> settlement, checking -> emission),
// so it reads what they settled and cannot reach a later stage's state. A family hook
// takes the stage that calls it (docs/compiler.md "Structure").
type compilation struct {
	given
	outcome
}

// given is what a pass starts from: the spec (resolve completes its boundaries from the
// mesh; a filled slot rewrites it and restarts the pass), the options and the fills.
type given struct {
	spec *Spec
	opts Options
	ctx  context.Context
	// fills are the slot filler's answers, carried from pass to pass (fill_run.go).
	fills map[string]fillAnswer
}

// resolution is the resolve stage, once per pass. It reads given and reports to outcome;
// it settles the release the case is written for
// (the spec's target), the mesh, the physics (Features, completed by settle from the
// solution; the stage-A slots: solver, model, thermo, energy), the roles the mesh settled
// (constraint-typed patches) and the constraint problem of the slots.
type resolution struct {
	*given
	*outcome
	rel          *release
	mesh         *meshInfo
	feat         Features
	stageA       Table
	energyWord   string
	derivedRoles Table
	prob         *problem
}

// settlement is the settle stage of a round: the solution of the resolution's problem.
// settle completes the resolution's Features from it (profile, 2D, closed domain).
type settlement struct {
	*resolution
	sol assignment
}

// emission is the emit stage of a round, over the round's settlement. It writes the files,
// their provenance, the slot table, the values settled by kb retrieval or an engineering
// default and the flow state; a dry run (resolution.dryRun) gathers the scheme and solver
// slots instead.
type emission struct {
	*settlement
	files        map[string]*grammar.File
	prov         map[string]Source
	slots        Table
	settledSlots Table
	st           *state
	collecting   *[]schemeReq
}

// checking is the check stage, over the round's emission (the driver hands it each
// round's). It keeps across rounds the multi-source retrievals the boundary contracts are
// held against, per field and BC type; what it refuses it prunes from the resolution's
// problem, for the next round's settle.
type checking struct {
	*emission
	bcCache map[string]kb.BCResult
}

// outcome is how the pass is going: its errors and notes (located in the given spec), and
// the restart a slot filler's answer asks for (the spec changed; the pass ends at the next
// stage boundary, a returned pass{restart: true}).
type outcome struct {
	*given
	errs    finding.List
	notes   finding.List
	restart bool
}

func (c *outcome) fail(id, ptr, summary, fix string) {
	f := c.spec.Doc.Finding(id, finding.Deny, ptr, summary, fix)
	c.errs = append(c.errs, f)
}

func (c *outcome) note(id string, sev finding.Severity, ptr, summary, fix string) {
	c.notes = append(c.notes, c.spec.Doc.Finding(id, sev, ptr, summary, fix))
}

func (c *emission) slot(id, value string, src Source) {
	c.slots = append(c.slots, Slot{ID: id, Value: value, Source: src})
}

// run is one pass through the stages: resolve (mesh, patches, physics, the constraint
// problem), then rounds of settle (solve the slots), emit (write the files) and check
// (contracts, the rule linter), each round pruning what the check refused; the finished
// case goes to its release.
func (c *compilation) run() pass {
	res := &resolution{given: &c.given, outcome: &c.outcome}
	if p, stop := res.resolve(); stop {
		return p
	}
	if mr, ok := res.fam().(multiRegion); ok {
		// A region case settles, emits and checks its regions itself.
		ck := &checking{emission: &emission{settlement: &settlement{resolution: res}}}
		return ck.restate(mr.compileRegions(ck))
	}
	ck := &checking{}
	for round := 1; ; round++ {
		set := &settlement{resolution: res}
		if p, stop := set.settle(); stop {
			return p
		}
		// a round starts its emission afresh (the flow state from this round's solution)
		ck.emission = &emission{settlement: set}
		if err := ck.emit(); err != nil {
			return pass{err: err}
		}
		if p, stop := c.stopped(); stop {
			return p
		}
		if len(c.errs) > 0 {
			c.errs = uniqueFindings(c.errs)
			return pass{err: c.sorted()}
		}
		if p, again := ck.check(round); !again {
			return ck.restate(p)
		}
	}
}

// resolve reads the mesh, matches the spec's boundaries to its patches, resolves the
// physics (solver, model, thermo) and builds the constraint problem of the slots.
func (c *resolution) resolve() (pass, bool) {
	s := c.spec
	c.checkTarget()
	m, err := readMesh(c.ctx, s, c.opts.Linter)
	if err != nil {
		ptr := "/mesh"
		for _, k := range []string{"blockMeshDict", "polyMesh", "gmsh", "geometry"} {
			if _, ok := s.Doc.Value.(map[string]any)["mesh"].(map[string]any)[k]; ok {
				ptr += "/" + k
			}
		}
		// The parser's own located findings (file:line:col in the mesh file) come along.
		var fl finding.List
		var f finding.Finding
		switch {
		case errors.As(err, &fl):
		case errors.As(err, &f):
			fl = finding.List{f}
		}
		if len(fl) == 0 {
			// Only I/O failures arrive here unlocated; mesh content problems are findings.
			c.fail(IDMesh, ptr, "cannot read the mesh: "+err.Error(), "point the spec at a readable mesh")
			return pass{err: c.errs}, true
		}
		c.fail(IDMesh, ptr, fmt.Sprintf("the mesh has %d problem(s), located in the mesh file", len(fl)), "correct the mesh file (see the findings it locates)")
		return pass{err: append(c.errs, fl...)}, true
	}
	c.mesh = m
	c.checkPatches()
	c.expectations().check()
	c.resolvePhysics()
	if p, stop := c.stopped(); stop {
		return p, true
	}
	// Open slots do not stop compilation: every open slot is reported at once.
	if c.fatal() || c.feat.Solver == "" {
		return pass{err: c.sorted()}, true
	}
	if _, ok := c.fam().(multiRegion); ok {
		// A region case's files are its family's (no single-region boundary problem).
		return c.stopped()
	}
	c.fieldLists()
	c.buildProblem()
	return c.stopped()
}

// settle solves the constraint problem: every slot gets a value, or the conflict is
// reported.
func (c *settlement) settle() (pass, bool) {
	sol, conf := c.prob.solve()
	if conf != nil {
		c.reportConflict(conf)
		return pass{err: c.sorted()}, true
	}
	c.sol = sol
	c.features()
	c.notes = nil
	return pass{}, false
}

// check holds the emitted case against the boundary contracts and the rule linter; again
// asks for another round after pruning what they refused.
func (c *checking) check(round int) (p pass, again bool) {
	if c.checkContracts() {
		if round >= c.opts.MaxRounds {
			c.fail(IDConflict, "/boundaries", "boundary conditions keep violating their contracts after "+fmt.Sprint(round)+" rounds",
				"see the pruned candidates with --explain")
			return pass{err: c.sorted()}, false
		}
		return pass{}, true
	}
	res := c.result()
	if len(c.errs) > 0 {
		return pass{err: c.sorted()}, false
	}
	if c.opts.Linter == nil {
		return pass{res: res}, false
	}
	denies, err := c.lint(res)
	if err != nil {
		return pass{err: err}, false
	}
	if len(denies) == 0 {
		return pass{res: res}, false
	}
	if round >= c.opts.MaxRounds || !c.ban(denies) {
		for _, d := range denies {
			c.errs = append(c.errs, finding.Finding{ID: IDDenied, Severity: finding.Deny,
				Summary: "the compiled case is denied by " + d.ID + ": " + d.Summary, Detail: d.Detail, Fix: d.Fix,
				Location: c.spec.Doc.Locate(""), Related: []finding.Related{{Location: d.Location, Message: "the denying finding"}}, Provenance: d.Provenance})
		}
		return pass{err: c.sorted()}, false
	}
	return pass{}, true
}

// fatal reports an error other than an open slot.
func (c *outcome) fatal() bool {
	for _, f := range c.errs {
		if f.ID != IDOpen {
			return true
		}
	}
	return false
}

func uniqueFindings(fs finding.List) finding.List {
	seen := map[string]bool{}
	var out finding.List
	for _, f := range fs {
		k := f.ID + f.Location.Path + f.Summary
		if !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

func (c *outcome) sorted() finding.List {
	finding.Sort(c.errs)
	return c.errs
}

// checkPatches: every mesh patch has a boundary entry and every entry names a patch.
func (c *resolution) checkPatches() {
	names := c.mesh.names()
	// A boundary entry naming a patch group (inGroups) applies to every patch of the group
	// that has no entry of its own, as OpenFOAM's boundaryField lookup does.
	for _, n := range sortedKeys(c.spec.Boundaries) {
		if c.mesh.patch(n) != nil {
			continue
		}
		members := c.mesh.group(n)
		for _, p := range members {
			if _, ok := c.spec.Boundaries[p]; !ok {
				b := *c.spec.Boundaries[n]
				c.spec.Boundaries[p] = &b
				c.derivedRoles = append(c.derivedRoles, Slot{ID: "boundaries/" + p + "/role", Value: b.Role,
					Source: Source{Kind: KindSpec, Spec: "/boundaries/" + escape(n), Ref: "patch group " + n}, SpecField: "/boundaries/" + escape(p)})
			}
		}
		if len(members) > 0 {
			delete(c.spec.Boundaries, n)
		}
	}
	for _, n := range sortedKeys(c.spec.Boundaries) {
		if c.mesh.patch(n) == nil {
			fix := fmt.Sprintf("use one of the mesh patches: %s", strings.Join(names, ", "))
			if b := suggest.Closest(n, names); b != "" {
				fix = fmt.Sprintf("rename %q to %q", n, b)
			}
			c.fail(IDMesh, "/boundaries/"+escape(n), fmt.Sprintf("boundary %q is not a patch of the mesh", n), fix)
		}
	}
	for _, p := range c.mesh.Patches {
		// A constraint-typed mesh patch fixes its own role (2D from empty patches, axisymmetry
		// from wedges).
		if _, ok := c.spec.Boundaries[p.Name]; !ok {
			role := map[string]string{"empty": "empty", "wedge": "wedge", "symmetry": "symmetry", "symmetryPlane": "symmetry"}[p.Type]
			if cyclicTypes[p.Type] {
				role = "cyclic"
			}
			from := "role from the mesh patch type " + p.Type
			if c.mesh.Merged[p.Name] && role == "" {
				// mergePatchPairs leaves the pair's patches without faces.
				role, from = "wall", "merged by mergePatchPairs: the patch keeps no faces"
			}
			if role != "" {
				if c.spec.Boundaries == nil {
					c.spec.Boundaries = map[string]*schema.Boundary{}
				}
				c.spec.Boundaries[p.Name] = &schema.Boundary{Role: role}
				c.derivedRoles = append(c.derivedRoles, Slot{ID: "boundaries/" + p.Name + "/role", Value: role,
					Source: Source{Kind: KindDerived, Formula: from}, SpecField: "/boundaries/" + escape(p.Name)})
				continue
			}
		}
		if _, ok := c.spec.Boundaries[p.Name]; !ok {
			// A filled role is written into the spec (boundaries.<patch>.role) and compilation
			// restarts, so the boundary exists on the next pass.
			c.fillOpen("boundaries/"+p.Name+"/role", "/boundaries/"+escape(p.Name)+"/role",
				fmt.Sprintf("the role of mesh patch %q (mesh type %s)", p.Name, p.Type), "string",
				schema.BoundaryRoles())
		}
	}
	for _, n := range slices.Sorted(maps.Keys(c.spec.Patch())) {
		if c.mesh.patch(n) == nil {
			c.fail(IDMesh, "/mesh/patchTypes/"+escape(n), fmt.Sprintf("patchTypes names %q, which is not a mesh patch", n),
				"use one of: "+strings.Join(names, ", "))
		}
	}
}

// escape escapes one RFC 6901 reference token.
var escape = finding.EscapeToken

// sortedKeys is m's keys in order, for deterministic iteration.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
