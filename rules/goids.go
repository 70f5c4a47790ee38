package rules

import (
	"github.com/foamc/foamc/finding"
	"github.com/foamc/foamc/grammar"
)

// goRule is one finding ID that Go code raises (parser, expander, spec schema,
// compiler, case loader, runner, MCP server) rather than a Rego rule.
type goRule struct {
	id    string
	sev   finding.Severity
	title string
	fix   string
	file  string
	prov  []string
}

// goRules lists every Go-side finding ID, so that the catalogue, `foamc rules show`
// and SARIF's helpUri explain every ID a user can see (TestGoIDsCatalogued keeps it
// complete). The severity is the usual one; a few IDs are raised at two severities
// (noted in the title).
var goRules = []goRule{
	{"FOAM-PARSE-000", finding.Deny, "a file foamc fmt/parse cannot read at all", "check the path and permissions", "cmd/foamc/parse.go", nil},
	{"FOAM-PARSE-001", finding.Deny, "an entry is malformed (keyword without value, value without keyword)", "write the entry as `keyword value;` or `keyword { … }`", "grammar/parse.go", nil},
	{"FOAM-PARSE-002", finding.Deny, "an unterminated comment, string, verbatim block or #eval", "close it (*/, \", #}, })", "grammar/lexer.go", nil},
	{"FOAM-PARSE-003", finding.Deny, "a character no token can start or hold (single quote, control byte, lone #)", "remove the character", "grammar/lexer.go", nil},
	{"FOAM-PARSE-004", finding.Deny, "an invalid number", "write the number as OpenFOAM reads it (1e-05, not 1e-05.0)", "grammar/lexer.go", nil},
	{"FOAM-PARSE-005", finding.Deny, "a token longer than ISstream's limit (words and strings 1024, numbers 128 characters)", "shorten the token", "grammar/lexer.go", nil},
	{"FOAM-PARSE-006", finding.Deny, "unbalanced brackets: a closing bracket with nothing open, of the wrong kind, or never closed", "balance the {}, () and [] pairs", "grammar/lexer.go", nil},
	{"FOAM-PARSE-007", finding.Deny, "a missing ';' after an entry's value", "end the entry with ';'", "grammar/parse.go", nil},
	{"FOAM-PARSE-008", finding.Deny, "a file that cannot be read (missing, unreadable, too large, bad gzip)", "check the path and permissions", "grammar/parse.go", nil},
	{"FOAM-PARSE-009", finding.Deny, "an unknown #directive (v1912 has no such function entry)", "use a v1912 directive (#include, #includeEtc, #remove, #calc, …)", "grammar/lexer.go", nil},
	{"FOAM-PARSE-010", finding.Deny, "a binary list whose size does not fit the file", "rewrite the file (foamFormatConvert) or fix the list's size", "grammar/lexer.go", nil},
	{"FOAM-PARSE-011", finding.Warn, "a $variable name OpenFOAM reads differently from what it looks like (bad name, unclosed bracket)", "write $name or ${name}", "grammar/parse.go", nil},
	{"FOAM-PARSE-012", finding.Deny, "brackets ( { [ nested deeper than 64 levels (foamc's bound on parsing and printing)", "flatten the structure; real dictionaries nest a few levels", "grammar/lexer.go", nil},
	{"FOAM-PARSE-013", finding.Deny, "a dictionary file with more entries than a case load reads (foamcase.MaxEntries, 200 000: memory stays in proportion)", "split the dictionary, or check the file is what it should be", "grammar/lexer.go", nil},
	{"FOAM-EXPAND-001", finding.Deny, "an #include file does not exist", "create the file or fix the path (relative paths start at the including file's directory)", "grammar/expand.go", nil},
	{"FOAM-EXPAND-002", finding.Deny, "#include files include each other", "break the include loop", "grammar/expand.go", nil},
	{"FOAM-EXPAND-003", finding.Deny, "an #include resolves outside the case directory (warn for an optional include)", "copy the file into the case", "grammar/expand.go", nil},
	{"FOAM-EXPAND-004", finding.Deny, "an undefined $variable used as a keyword", "define the variable before the entry", "grammar/expand.go", nil},
	{"FOAM-EXPAND-005", finding.Deny, "a malformed #eval (info: an #eval beyond foamc's evaluator, recorded unevaluated)", "write #eval{ expression }", "grammar/expand.go", nil},
	{"FOAM-EXPAND-006", finding.Deny, "dictionaries or includes nested deeper than foamc's limits", "flatten the nesting", "grammar/expand.go", nil},
	{"FOAM-EXPAND-007", finding.Info, "a directive recorded, not executed (#codeStream, #calc)", "nothing: foamc never runs code; the FOAM-SEC rules judge it", "grammar/expand.go", nil},
	{"FOAM-EXPAND-008", finding.Deny, "a keyword redefined under #inputMode error (warn under #inputMode warn)", "remove one of the definitions", "grammar/expand.go", nil},
	{"FOAM-EXPAND-009", finding.Deny, "a directive that is unknown or has a wrong argument (warn where v1912 ignores it)", "fix the directive or its argument", "grammar/expand.go", nil},
	{"FOAM-EXPAND-010", finding.Deny, "an #include file that cannot be read or parsed", "fix the included file", "grammar/expand.go", nil},
	{"FOAM-EXPAND-011", finding.Deny, "an #if/#ifeq/#else/#endif that is malformed or unbalanced", "balance the conditional directives", "grammar/expand.go", nil},
	{"FOAM-EXPAND-012", finding.Deny, "a $dict substitution of a primitive entry (warn: of nothing)", "substitute a dictionary, or fix the name", "grammar/expand.go", nil},
	{"FOAM-EXPAND-013", finding.Warn, "an #includeFunc whose function object file v1912 does not ship", "use a function object from etc/caseDicts/postProcessing", "grammar/expand.go", nil},
	{"FOAM-EXPAND-014", finding.Deny, "macro substitutions that would copy more than the expansion limit (1 Mi items; exponential $a $a doubling)", "substitute fewer copies", "grammar/expand_budget.go", nil},
	{"FOAM-SPEC-001", finding.Deny, "a spec file that is not valid YAML or JSON", "fix the spec's syntax", "schema/document.go", nil},
	{"FOAM-SPEC-002", finding.Deny, "a spec value that violates the spec schema", "fix the value the message names (schema/spec.schema.json)", "schema/validate.go", nil},
	{"FOAM-SPEC-003", finding.Deny, "a spec key the schema does not know", "remove or correct the key (did-you-mean in the message)", "schema/validate.go", nil},
	{"FOAM-SPEC-004", finding.Deny, "a spec key given twice", "remove one of the two entries", "schema/document.go", nil},
	{"FOAM-SPEC-005", finding.Deny, "physics.flow (compressible, steady) disagrees with physics.solver", "choose a solver with that flow, or drop physics.flow", "compiler/problem.go", nil},
	{"FOAM-COMPILE-001", finding.Deny, "no assignment of the spec's open choices satisfies the rules", "relax one of the conflicting choices the message lists", "compiler/compile.go", nil},
	{"FOAM-COMPILE-002", finding.Deny, "a choice nothing in the spec, kb or rules settles", "give the value in the spec", "compiler/compile.go", nil},
	{"FOAM-COMPILE-003", finding.Deny, "a solver, model or feature foamc does not compile", "choose a supported one (foamc kb stats)", "compiler/compile.go", nil},
	{"FOAM-COMPILE-004", finding.Deny, "the compiled case still lints with a deny", "see the related deny; report it as a foamc bug if the spec is valid", "compiler/compile.go", nil},
	{"FOAM-COMPILE-005", finding.Deny, "the mesh is unreadable or its boundaries do not match the spec's patches", "fix the mesh or the spec's boundaries", "compiler/compile.go", nil},
	{"FOAM-COMPILE-006", finding.Deny, "the output directory exists (no --force) or cannot be written", "choose another directory or pass --force", "compiler/compile.go", nil},
	{"FOAM-COMPILE-007", finding.Deny, "a retrieved value needs a field or object the case lacks", "give the value in the spec", "compiler/compile.go", nil},
	{"FOAM-COMPILE-008", finding.Deny, "a retrieved value that switches an equation off (maxIter 0)", "give the solver settings in the spec", "compiler/compile.go", nil},
	{"FOAM-COMPILE-009", finding.Deny, "an expect: item the compiled case cannot measure (a name given twice, a patch not in the mesh, a force coefficient without outputs.forceCoeffs, unreadable reference data)", "correct the expect item the message locates (docs/spec.md, Expectations)", "compiler/expect.go", nil},
	{"FOAM-COMPILE-101", finding.Warn, "physics outside the model's plausible range (Reynolds number)", "check the velocity, length and viscosity", "compiler/compile.go", nil},
	{"FOAM-COMPILE-102", finding.Info, "a spec input the chosen solver ignores", "drop the input or choose a solver that reads it", "compiler/compile.go", nil},
	{"FOAM-COMPILE-103", finding.Info, "a mesh patch retyped to agree with the role the spec gives it", "give the patch that type in the mesh, or another role in the spec", "compiler/compile.go", nil},
	{"FOAM-COMPILE-104", finding.Info, "a value the spec left open, settled by knowledge-base retrieval or a documented engineering default (listed in provenance.json)", "state the value in the spec, or compile with --strict to refuse defaults", "compiler/compile.go", nil},
	{"FOAM-CASE-001", finding.Deny, "a case file that cannot be read", "fix the file so OpenFOAM can read it", "foamcase/case.go", nil},
	{"FOAM-CASE-002", finding.Deny, "a polyMesh/boundary file that is not a list of `name { type …; … }` patches", "write the patches as `N ( name { type patch; nFaces n; startFace s; } … )`", "foamcase/boundary.go", []string{"src/OpenFOAM/meshes/polyMesh/polyBoundaryMesh/polyBoundaryMesh.C"}},
	{"FOAM-RUN-020", finding.Deny, "a symbolic link in the case that the run's private copy does not take: it leaves the case, dangles or names a directory", "replace the link with a copy of what it names", "internal/snapshot/snapshot.go", nil},
	{"FOAM-RUN-021", finding.Deny, "a FIFO, socket or device in the case", "remove it from the case", "internal/snapshot/snapshot.go", nil},
	{"FOAM-RUN-022", finding.Deny, "another foamc run or gate is running on the case (the case's lock is held)", "wait until it ends, then run again", "internal/snapshot/snapshot.go", nil},
	{"FOAM-RUN-023", finding.Warn, "a result of the run not written back into the case: the case's file changed during the run, or something else took its place", "run again once nothing else changes the case", "internal/snapshot/snapshot.go", nil},
	{"FOAM-RUN-024", finding.Deny, "the gated command chooses its own case (-case, -roots, -hostRoots): the gate runs it on the copy of the case it judged", "drop the option; name the case as gate's CASE", "runner/gated.go", nil},
	{"FOAM-RUN-025", finding.Deny, "the gated command loads a library with -lib", "drop -lib; a library the case needs is judged in controlDict's libs", "runner/gated.go", nil},
	{"FOAM-RUN-026", finding.Deny, "the gated command runs a script or program the case ships (./Allrun, sh Allrun)", "run the OpenFOAM programs themselves under the gate, or use foamc run", "runner/gated.go", nil},
	{"FOAM-RUN-027", finding.Deny, "an argument of the gated command names a path outside the case (and outside the system and OpenFOAM installation)", "copy what it names into the case and name it relative to the case", "runner/gated.go", nil},
	{"FOAM-RUN-028", finding.Warn, "the kernel cannot contain the programs foamc runs (no Landlock, or no network namespace); deny with --require-containment or FOAMC_REQUIRE_CONTAINMENT=1", "run on a kernel with Landlock and (user) namespaces, or accept running uncontained", "runner/exec.go", nil},
	{"FOAM-RUN-001", finding.Deny, "foamc run cannot prepare the case as its Allrun would: a mesh-changing step after meshing (createBaffles, createPatch, extrudeMesh, refineMesh, mirrorMesh, foamyHexMesh) that foamc does not run", "mesh the case yourself as its Allrun does, then foamc run again: an existing mesh is used as it is", "runner/prepare.go", nil},
	{"FOAM-VERIFY-001", finding.Warn, "foamc verify: no results, no time directory after the start time (or not the one --time names): insufficient", "run the case (foamc run) and verify again", "verify/verify.go", nil},
	{"FOAM-VERIFY-002", finding.Warn, "foamc verify: no solver log log.<application>, or one without a solved step or without its End line: insufficient", "run the case to completion with foamc run and verify again", "verify/log.go", nil},
	{"FOAM-VERIFY-003", finding.Warn, "foamc verify: a result file or log foamc cannot read: insufficient", "check the file", "verify/fields.go", nil},
	{"FOAM-VERIFY-010", finding.Deny, "foamc verify: a field below its physical bound (k, epsilon, omega, nut, nuTilda >= 0; absolute T, rho, compressible p > 0): reject", "use bounded schemes, check inlet values and rerun", "verify/fields.go", []string{"src/finiteVolume/cfdTools/general/bound/bound.C"}},
	{"FOAM-VERIFY-011", finding.Deny, "foamc verify: nan or inf in a field's internalField or patch values: reject", "the run diverged: reduce the time step or relax under-relaxation and rerun", "verify/fields.go", nil},
	{"FOAM-VERIFY-012", finding.Deny, "foamc verify: the solver log reports a FOAM FATAL error, a floating point exception or a nan residual: reject", "fix the cause the log names and rerun", "verify/log.go", nil},
	{"FOAM-VERIFY-013", finding.Deny, "foamc verify: a steady run whose last initial residuals are above residualControl (1e-3 where unset): not converged, reject", "run more iterations or improve the setup and rerun", "verify/log.go", nil},
	{"FOAM-VERIFY-014", finding.Deny, "foamc verify: the solution diverges: a steady residual 2+ decades above its best window and rising, or continuity errors grown 1000-fold to above 1: reject", "lower under-relaxation or the time step, use bounded schemes, check mesh and boundary conditions", "verify/convergence.go", []string{"src/finiteVolume/cfdTools/incompressible/continuityErrs.H"}},
	{"FOAM-VERIFY-015", finding.Info, "foamc verify: an unconverged steady residual stalled on a plateau (within 0.25 decades of the previous window): not divergence; the flow may be unsteady", "run a transient solver and average, or improve mesh and schemes", "verify/convergence.go", nil},
	{"FOAM-VERIFY-016", finding.Info, "foamc verify: an unconverged steady residual still falling (0.25+ decades over the last window): the run stopped early", "continue the run (raise endTime)", "verify/convergence.go", nil},
	{"FOAM-VERIFY-017", finding.Deny, "foamc verify: time step continuity errors (sum local) above 1 at the last step: reject", "converge the pressure equation (tolerance, correctors) and rerun", "verify/convergence.go", []string{"src/finiteVolume/cfdTools/incompressible/continuityErrs.H"}},
	{"FOAM-VERIFY-018", finding.Deny, "foamc verify: bound() clipped a turbulence field in the last step: the final solution needed clipping, reject", "use bounded schemes for k/epsilon/omega, check inlet turbulence values, converge further", "verify/convergence.go", []string{"src/finiteVolume/cfdTools/general/bound/bound.C"}},
	{"FOAM-VERIFY-019", finding.Info, "foamc verify: bound() clipped a turbulence field earlier in the run only (start-up)", "nothing: recorded evidence", "verify/convergence.go", []string{"src/finiteVolume/cfdTools/general/bound/bound.C"}},
	{"FOAM-VERIFY-020", finding.Deny, "foamc verify: a phase fraction alpha.* outside [0, 1] by more than 1e-3 in a written field: reject", "lower maxCo/maxAlphaCo, raise nAlphaCorr or nLimiterIter and rerun", "verify/phase.go", nil},
	{"FOAM-VERIFY-021", finding.Deny, "foamc verify: MULES reported a phase fraction outside [0, 1] by more than 1e-3 in some step: reject", "lower maxCo/maxAlphaCo, raise nAlphaCorr or nLimiterIter and rerun", "verify/phase.go", nil},
	{"FOAM-VERIFY-030", finding.Deny, "foamc verify: wall functions on a wall whose mean y+ is below 5 (viscous sublayer): reject", "coarsen the near-wall cells to y+ 30..500, or resolve the wall with a low-Re treatment", "verify/wall.go", []string{"src/functionObjects/field/yPlus/yPlus.C"}},
	{"FOAM-VERIFY-031", finding.Deny, "foamc verify: wall functions on a wall whose mean y+ is above 500 (beyond the log layer): reject", "refine the near-wall cells to y+ 30..500", "verify/wall.go", []string{"src/functionObjects/field/yPlus/yPlus.C"}},
	{"FOAM-VERIFY-032", finding.Deny, "foamc verify: a resolved (low-Re) wall whose mean y+ is above 5: the viscous sublayer is not resolved, reject", "refine the near-wall cells to y+ ~ 1, or use wall functions", "verify/wall.go", []string{"src/functionObjects/field/yPlus/yPlus.C"}},
	{"FOAM-VERIFY-033", finding.Info, "foamc verify: y+ not judged: the run wrote no yPlus function-object output or yPlus field", "add the yPlus function object (foamc compile emits it for turbulent cases)", "verify/wall.go", nil},
	{"FOAM-VERIFY-034", finding.Info, "foamc verify: y+ of a wall whose treatment is valid at any y+ (nutUSpaldingWallFunction) or not classified", "nothing: recorded evidence", "verify/wall.go", nil},
	{"FOAM-VERIFY-035", finding.Deny, "foamc verify: a transient run's (interface) Courant number above its limit: 1.5 x maxCo with adjustTimeStep, else 1 for PISO/one outer corrector: reject", "reduce deltaT or set adjustTimeStep with maxCo <= 1 and rerun", "verify/timecheck.go", []string{"src/finiteVolume/cfdTools/general/include/setDeltaT.H"}},
	{"FOAM-VERIFY-036", finding.Warn, "foamc verify: a transient run with an inlet simulated less than one flow-through time (L/U from the mesh box and the inlet speed): insufficient", "run longer", "verify/timecheck.go", nil},
	{"FOAM-VERIFY-037", finding.Info, "foamc verify: flow-through times not judged: no inlet with a uniform fixed velocity", "nothing: recorded evidence", "verify/timecheck.go", nil},
	{"FOAM-VERIFY-038", finding.Info, "foamc verify: Courant number not judged: a fixed deltaT with PIMPLE and several outer correctors, or with a solver that is neither PISO nor PIMPLE, has no fixed limit", "nothing: recorded evidence", "verify/timecheck.go", nil},
	{"FOAM-VERIFY-070", finding.Info, "foamc verify: a picture of the evidence it wrote (residual history, a monitored quantity with its judged window, a profile against reference data), naming the PNG file", "nothing: open the picture", "verify/pictures.go", nil},
	{"FOAM-VERIFY-100", finding.Info, "foamc verify: a check that passed, with what it measured", "nothing: evidence for an accept", "verify/verify.go", nil},
	{"FOAM-VERIFY-040", finding.Deny, "foamc verify: the net flux of phi over the boundary exceeds 1e-3 of the inflow (mass not conserved): reject", "converge the pressure-velocity coupling (more iterations, tighter pressure tolerance) and rerun", "verify/conservation.go", nil},
	{"FOAM-VERIFY-041", finding.Info, "foamc verify: a check not made, and why (mass or energy balance of a transient compressible run, energy with a heated wall or a T-dependent Cp, inflow without rho, Reynolds number without scales)", "nothing: the reason is stated", "verify/conservation.go", nil},
	{"FOAM-VERIFY-042", finding.Deny, "foamc verify: a steady compressible run with adiabatic walls whose net total-enthalpy flux phi (Cp T + |U|^2/2) over the boundary exceeds 1e-3 of the inflow's: reject", "converge the energy equation and rerun", "verify/energy.go", nil},
	{"FOAM-VERIFY-050", finding.Deny, "foamc verify --spec: a patch holds another value than the spec's boundary (inlet U, wall velocity, static p, T): reject", "recompile the case from the spec and rerun", "verify/problem.go", nil},
	{"FOAM-VERIFY-051", finding.Deny, "foamc verify --spec: a fluid property in constant/ differs from the spec's fluid: reject", "recompile the case from the spec and rerun", "verify/problem.go", nil},
	{"FOAM-VERIFY-052", finding.Deny, "foamc verify --spec: the flux of phi through an inlet differs by more than 1 % from the spec's U times the inlet's area vector: reject", "recompile the case from the spec and rerun", "verify/problem.go", nil},
	{"FOAM-VERIFY-053", finding.Deny, "foamc verify --spec: the run's Reynolds number differs by more than 1 % from the spec's: reject", "recompile the case from the spec and rerun", "verify/problem.go", nil},
	{"FOAM-VERIFY-054", finding.Deny, "foamc verify --spec: the largest speed in the field exceeds 10 times the spec's velocity scale: reject", "check the time step, boundary values and mesh and rerun", "verify/problem.go", nil},
	{"FOAM-VERIFY-055", finding.Warn, "foamc verify: the spec recorded in the case is invalid, or the files to compare the run with its spec are missing: insufficient", "recompile the case, or keep the result fields, constant/ and the mesh", "verify/spec.go", nil},
	{"FOAM-VERIFY-056", finding.Info, "foamc verify: no spec (no --spec, none recorded by foamc compile): the problem that was asked and the expectations are not judged", "pass --spec SPEC", "verify/spec.go", nil},
	{"FOAM-VERIFY-057", finding.Deny, "foamc verify --spec: a compressible run's largest local Mach number |U| / sqrt(gamma R T) exceeds 3 times the spec's Mach scale plus 1: reject", "check the time step, boundary values, thermophysical properties and mesh and rerun", "verify/mach.go", nil},
	{"FOAM-VERIFY-060", finding.Deny, "foamc verify: an expect: item of the spec is missed (measured value outside value +- tolerance, or a line sample off its reference data): reject", "refine, converge or correct the setup; or correct the expectation", "verify/expect.go", nil},
	{"FOAM-VERIFY-061", finding.Warn, "foamc verify: an expect: item cannot be measured (no or unusable postProcessing/expect_<name>/ output, empty average window): insufficient", "compile the case with foamc compile and run it", "verify/expect.go", nil},
	{"FOAM-VERIFY-062", finding.Deny, "foamc verify: a steady run's scalar expect: item still drifts (a least-squares line over its last 10 % of rows, at least 10, or its average window, changes more than the item's tolerance): reject", "run more iterations until the monitored quantity settles", "verify/drift.go", nil},
	{"FOAM-MCP-001", finding.Deny, "foamc mcp: tool arguments that do not match the tool's input schema", "match the tool's inputSchema (tools/list)", "mcpserver/server.go", nil},
	{"FOAM-MCP-002", finding.Deny, "foamc mcp: a path outside every granted root (symlinks resolved), or no root granted", "start foamc mcp with --root DIR or grant the directory as a client root", "mcpserver/server.go", nil},
	{"FOAM-MCP-003", finding.Deny, "foamc mcp: over a limit (input or case size, run steps or wall time), or a cancelled run", "send less, or raise the server's --max-* flags", "mcpserver/server.go", nil},
	{"FOAM-MCP-004", finding.Deny, "foamc mcp: the library could not do its job (knowledge base, rule engine, OpenFOAM binaries)", "read the finding's detail; check the installation (make deps)", "mcpserver/server.go", nil},
	{"FOAM-MCP-005", finding.Deny, "foamc mcp: an unknown rule ID, retriever or boundary-condition type", "use a name the finding's repair suggests", "mcpserver/server.go", nil},
}

// GoRules returns the Go-side IDs as catalogue entries (Package "go").
func GoRules() []Rule {
	out := make([]Rule, 0, len(goRules))
	for _, g := range goRules {
		prov := g.prov
		if prov == nil {
			prov = grammar.Provenance(g.id)
		}
		out = append(out, Rule{ID: g.id, Severity: g.sev, Title: g.title, Fix: g.fix, Provenance: prov,
			Package: "go", File: g.file, Builtin: true})
	}
	return out
}
