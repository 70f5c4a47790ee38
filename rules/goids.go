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

// goRules lists every Go-side finding ID but verify's (verifyRules, generated into
// verify_goids.go from the IDs verify declares with its checks), so that the
// catalogue, `foamc rules show` and SARIF's helpUri explain every ID a user can see
// (TestGoIDsCatalogued keeps them complete). The severity is the usual one; a few IDs are raised at two severities
// (noted in the title).
var goRules = []goRule{
	{"FOAM-PARSE-001", finding.Deny, "an entry is malformed (keyword without value, value without keyword)", "write the entry as `keyword value;` or `keyword { … }`", "grammar/parse.go", nil},
	{"FOAM-PARSE-002", finding.Deny, "an unterminated comment, string, verbatim block or #eval", "close it (*/, \", #}, })", "grammar/lexer.go", nil},
	{"FOAM-PARSE-003", finding.Deny, "a character no token can start or hold (single quote, control byte, lone #)", "remove the character", "grammar/lexer.go", nil},
	{"FOAM-PARSE-004", finding.Deny, "an invalid number", "write the number as OpenFOAM reads it (1e-05, not 1e-05.0)", "grammar/lexer.go", nil},
	{"FOAM-PARSE-005", finding.Deny, "a token longer than ISstream's limit (words and strings 1024, numbers 128 characters)", "shorten the token", "grammar/lexer.go", nil},
	{"FOAM-PARSE-006", finding.Deny, "unbalanced brackets: a closing bracket with nothing open, of the wrong kind, or never closed", "balance the {}, () and [] pairs", "grammar/lexer.go", nil},
	{"FOAM-PARSE-007", finding.Deny, "a missing ';' after an entry's value", "end the entry with ';'", "grammar/parse.go", nil},
	{"FOAM-PARSE-008", finding.Deny, "a file that cannot be read (missing, unreadable, too large, bad gzip)", "check the path and permissions", "grammar/parse.go", nil},
	{"FOAM-PARSE-009", finding.Deny, "an unknown #directive (no OpenFOAM release foamc reads has such a function entry)", "use a directive of the case's release (#include, #includeEtc, #remove, #calc, …)", "grammar/lexer.go", nil},
	{"FOAM-PARSE-010", finding.Deny, "a binary list whose size does not fit the file", "rewrite the file (foamFormatConvert) or fix the list's size", "grammar/lexer.go", nil},
	{"FOAM-PARSE-011", finding.Warn, "a $variable name OpenFOAM reads differently from what it looks like (bad name, unclosed bracket)", "write $name or ${name}", "grammar/parse.go", nil},
	{"FOAM-PARSE-012", finding.Deny, "brackets ( { [ nested deeper than 64 levels (foamc's bound on parsing and printing)", "flatten the structure; real dictionaries nest a few levels", "grammar/lexer.go", nil},
	{"FOAM-PARSE-013", finding.Deny, "a dictionary file with more entries than a case load reads (foamcase.MaxEntries, 200 000: memory stays in proportion)", "split the dictionary, or check the file is what it should be", "grammar/lexer.go", nil},
	{"FOAM-PARSE-014", finding.Deny, "a file with more list items than a case load reads (foamcase.MaxListItems, 200 000: memory stays in proportion)", "split the list, or check the file is what it should be", "grammar/lexer.go", nil},
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
	{"FOAM-REL-001", finding.Info, "the OpenFOAM release the case is judged as, and the evidence (--openfoam, $FOAMC_OPENFOAM, the case's banner and layout, $WM_PROJECT_VERSION)", "pass --openfoam RELEASE to judge the case as another release", "rules/release.go", nil},
	{"FOAM-REL-002", finding.Warn, "the case is for a release foamc has no profile of: only the rules that hold in every release apply (abstention)", "pass --openfoam with a release foamc has a profile of, if the case is for it", "rules/release.go", nil},
	{"FOAM-SPEC-001", finding.Deny, "a spec file that is not valid YAML or JSON", "fix the spec's syntax", "schema/document.go", nil},
	{"FOAM-SPEC-002", finding.Deny, "a spec value that violates the spec schema", "fix the value the message names (schema/spec.schema.json)", "schema/validate.go", nil},
	{"FOAM-SPEC-003", finding.Deny, "a spec key the schema does not know", "remove or correct the key (did-you-mean in the message)", "schema/validate.go", nil},
	{"FOAM-SPEC-004", finding.Deny, "a spec key given twice", "remove one of the two entries", "schema/document.go", nil},
	{"FOAM-SPEC-005", finding.Deny, "physics.flow (compressible, steady) disagrees with physics.solver", "choose a solver with that flow, or drop physics.flow", "compiler/problem.go", nil},
	{"FOAM-SPEC-006", finding.Deny, "a reacting spec its mechanism cannot satisfy: mass fractions not summing to 1, a specie or inert specie not in the mechanism, chemistry on without reactions, an unreadable mechanism", "correct the reaction block or boundary species the message locates (docs/spec.md, Reacting flow)", "compiler/family_reacting.go", nil},
	{"FOAM-STUDY-001", finding.Deny, "a study file value or field the study schema rejects (unknown field, wrong type, unequal zipped lists, a spec path the base spec lacks)", "correct the study file (docs/study.md)", "study/file.go", nil},
	{"FOAM-STUDY-002", finding.Deny, "a finished study variant whose spec or mesh inputs changed since it was recorded: not run again", "run the study with --redo, or restore the inputs", "study/run.go", nil},
	{"FOAM-STUDY-003", finding.Deny, "a convergence study whose base mesh cannot be refined (no blockMeshDict, cell counts that are not literal numbers)", "give the base spec a blockMeshDict with numeric cell counts", "study/variants.go", nil},
	{"FOAM-COMPILE-001", finding.Deny, "no assignment of the spec's open choices satisfies the rules", "relax one of the conflicting choices the message lists", "compiler/compile.go", nil},
	{"FOAM-COMPILE-002", finding.Deny, "a choice nothing in the spec, kb or rules settles", "give the value in the spec", "compiler/compile.go", nil},
	{"FOAM-COMPILE-003", finding.Deny, "a solver, model or feature foamc does not compile", "choose a supported one (foamc kb stats)", "compiler/compile.go", nil},
	{"FOAM-COMPILE-004", finding.Deny, "the compiled case still lints with a deny", "see the related deny; report it as a foamc bug if the spec is valid", "compiler/compile.go", nil},
	{"FOAM-COMPILE-005", finding.Deny, "the mesh is unreadable or its boundaries do not match the spec's patches", "fix the mesh or the spec's boundaries", "compiler/compile.go", nil},
	{"FOAM-COMPILE-006", finding.Deny, "the output directory exists (no --force) or cannot be written", "choose another directory or pass --force", "compiler/compile.go", nil},
	{"FOAM-COMPILE-007", finding.Deny, "a retrieved value needs a field or object the case lacks", "give the value in the spec", "compiler/compile.go", nil},
	{"FOAM-COMPILE-008", finding.Deny, "a retrieved value that switches an equation off (maxIter 0)", "give the solver settings in the spec", "compiler/compile.go", nil},
	{"FOAM-COMPILE-009", finding.Deny, "an expect: item the compiled case cannot measure (a name given twice, a patch not in the mesh, a force coefficient without outputs.forceCoeffs, unreadable reference data)", "correct the expect item the message locates (docs/spec.md, Expectations)", "compiler/expect.go", nil},
	{"FOAM-COMPILE-010", finding.Deny, "a target release foamc cannot prove a compiled case in: openfoam-v2506 (no v2506 solver installed), or openfoam-12 for a solver without a Foundation 12 module", "set target openfoam-v1912 or openfoam-12", "compiler/release_openfoam12.go", nil},
	{"FOAM-COMPILE-101", finding.Warn, "physics outside the model's plausible range (Reynolds number)", "check the velocity, length and viscosity", "compiler/compile.go", nil},
	{"FOAM-COMPILE-102", finding.Info, "a spec input the chosen solver ignores", "drop the input or choose a solver that reads it", "compiler/compile.go", nil},
	{"FOAM-COMPILE-103", finding.Info, "a mesh patch retyped to agree with the role the spec gives it", "give the patch that type in the mesh, or another role in the spec", "compiler/compile.go", nil},
	{"FOAM-COMPILE-104", finding.Info, "a value the spec left open, settled by knowledge-base retrieval or a documented engineering default (listed in provenance.json)", "state the value in the spec, or compile with --strict to refuse defaults", "compiler/compile.go", nil},
	{"FOAM-LINT-001", finding.Info, "more findings than one case reports (rules.MaxFindings, 10 000): the rest are counted, denies kept first", "fix the findings shown and lint again", "finding/finding.go", nil},
	{"FOAM-COMPILE-105", finding.Info, "where a blockMeshDict's patches were read: blockMesh v1912 in a scratch directory, or foamc's reading of blockMeshDict (and why)", "nothing to do; with OpenFOAM v1912 installed, blockMesh itself says which patches it makes", "compiler/blockmesh.go", []string{"src/mesh/blockMesh/blockMesh/blockMeshTopology.C", "src/OpenFOAM/meshes/polyMesh/polyMeshFromShapeMesh.C"}},
	{"FOAM-CASE-001", finding.Deny, "a case file that cannot be read", "fix the file so OpenFOAM can read it", "foamcase/case.go", nil},
	{"FOAM-CASE-002", finding.Deny, "a polyMesh/boundary file that is not a list of `name { type …; … }` patches", "write the patches as `N ( name { type patch; nFaces n; startFace s; } … )`", "foamcase/boundary.go", []string{"src/OpenFOAM/meshes/polyMesh/polyBoundaryMesh/polyBoundaryMesh.C"}},
	{"FOAM-CASE-003", finding.Deny, "a native binary (an ELF file: a shared library, a program) shipped in the case; --allow-code does not lift it", "remove it and build what the case needs from reviewed source", "foamcase/binaries.go", []string{"src/OpenFOAM/db/dynamicLibrary/dlLibraryTable/dlLibraryTable.C"}},
	{"FOAM-CASE-004", finding.Deny, "a dynamicCode/ directory shipped in the case: OpenFOAM loads its libraries instead of compiling the code it reads; --allow-code does not lift it", "remove dynamicCode/: OpenFOAM rebuilds it from the dictionaries under --allow-code", "foamcase/binaries.go", []string{"src/OpenFOAM/db/dictionary/functionEntries/codeStream/codeStream.C:126-159", "src/OpenFOAM/db/dynamicLibrary/codedBase/codedBase.C"}},
	{"FOAM-CASE-010", finding.Info, "foamc lint of a case whose Allrun runs only meshing and checking utilities (blockMesh, snappyHexMesh, checkMesh, createPatch…): the rules that judge the solver's fields, schemes, models and solution controls are not applied", "nothing to do; to judge the solver's inputs too, lint the case the solver runs (or gate the solver)", "rules/allrun.go", []string{"bin/tools/RunFunctions"}},
	{"FOAM-CASE-011", finding.Info, "foamc lint read files the case's Allrun makes before the run (restore0Dir, cp, ln -s) from their sources, without running it", "nothing to do", "rules/allrun.go", []string{"bin/tools/RunFunctions"}},
	{"FOAM-CASE-012", finding.Info, "steps of the case's Allrun whose effect foamc cannot derive (a program that writes fields or dictionaries from its inputs, a shell write, a command or script it cannot name); denies on what they write are reported as info (abstention)", "run the steps, then lint the case they leave", "rules/allrun.go", []string{"bin/tools/RunFunctions"}},
	{"FOAM-RUN-020", finding.Deny, "a symbolic link in the case that the run's private copy does not take: it leaves the case, dangles or names a directory", "replace the link with a copy of what it names", "internal/snapshot/snapshot.go", nil},
	{"FOAM-RUN-021", finding.Deny, "a FIFO, socket or device in the case", "remove it from the case", "internal/snapshot/snapshot.go", nil},
	{"FOAM-RUN-022", finding.Deny, "another foamc run or gate is running on the case (the case's lock is held)", "wait until it ends, then run again", "internal/snapshot/snapshot.go", nil},
	{"FOAM-RUN-023", finding.Warn, "a result of the run not written back into the case: the case's file changed during the run, or something else took its place", "run again once nothing else changes the case", "internal/snapshot/snapshot.go", nil},
	{"FOAM-RUN-024", finding.Deny, "the gated command chooses its own case (-case, -roots, -hostRoots): the gate runs it on the copy of the case it judged", "drop the option; name the case as gate's CASE", "runner/gated.go", nil},
	{"FOAM-RUN-025", finding.Deny, "the gated command loads a library with -lib", "drop -lib; a library the case needs is judged in controlDict's libs", "runner/gated.go", nil},
	{"FOAM-RUN-026", finding.Deny, "the gated command runs a script or program the case ships (./Allrun, sh Allrun)", "run the OpenFOAM programs themselves under the gate, or use foamc run", "runner/gated.go", nil},
	{"FOAM-RUN-027", finding.Deny, "an argument of the gated command names a path outside the case (and outside the system and OpenFOAM installation)", "copy what it names into the case and name it relative to the case", "runner/gated.go", nil},
	{"FOAM-RUN-028", finding.Warn, "the kernel cannot contain the programs foamc runs (no Landlock, or no network namespace); deny with --require-containment or FOAMC_REQUIRE_CONTAINMENT=1", "run on a kernel with Landlock and (user) namespaces, or accept running uncontained", "runner/exec.go", nil},
	{"FOAM-RUN-029", finding.Deny, "run --slurm: a job.slurm line foamc compile does not write (any other shell command, a --chdir, an --output path): the gate judges dictionaries, not shell", "recompile job.slurm with foamc compile, or read the script and pass --allow-code", "runner/slurmjob.go", nil},
	{"FOAM-RUN-001", finding.Deny, "foamc run cannot prepare the case as its Allrun would: a mesh-changing step after meshing (createBaffles, createPatch, extrudeMesh, refineMesh, mirrorMesh, foamyHexMesh) that foamc does not run", "mesh the case yourself as its Allrun does, then foamc run again: an existing mesh is used as it is", "runner/prepare.go", nil},
	{"FOAM-RUN-060", finding.Warn, "after meshing, checkMesh counts faces more than 70 degrees non-orthogonal and the schemes do not tolerate them (no limited or uncorrected laplacian with non-orthogonal correctors)", "limit the correction (Gauss linear limited corrected 0.33, limited corrected 0.33) and add 2 nNonOrthogonalCorrectors", "runner/meshcheck.go", nil},
	{"FOAM-RUN-061", finding.Warn, "after meshing, checkMesh finds highly skew faces (skewness above 4)", "limit the gradient (gradSchemes default cellLimited Gauss linear 1)", "runner/meshcheck.go", nil},
	{"FOAM-RUN-062", finding.Warn, "after meshing, checkMesh finds cells with an aspect ratio above 1000", "grow the first layer (a larger y+ target) or refine the surface further", "runner/meshcheck.go", nil},
	{"FOAM-RUN-063", finding.Deny, "after meshing, checkMesh finds zero or negative cell volumes: the solver is not started", "mesh again with OpenFOAM's default meshQualityControls and check the surface (surfaceCheck)", "runner/meshcheck.go", nil},
	{"FOAM-RUN-064", finding.Warn, "snappyHexMesh added under half the boundary layers asked for on a patch (its layer report)", "let layers extrude round sharper edges (addLayersControls featureAngle 180) or ask for fewer, thinner layers", "runner/meshcheck.go", nil},
	{"FOAM-RUN-010", finding.Deny, "foamc run --slurm preflight: the partition job.slurm asks for does not exist on the cluster", "set run.slurm.partition to one of the cluster's partitions (sinfo; the finding lists them) and compile again", "runner/slurmcheck.go", nil},
	{"FOAM-RUN-011", finding.Deny, "foamc run --slurm: srun cannot load the plugin of the job's --mpi type on a node (srun --mpi=pmix without a loadable PMIx library: \"can not load PMIx library\", \"Invalid MPI type\"), found by the preflight or in the failed job's log", "set run.slurm.launcher: mpirun, or run.slurm.mpi to a type srun --mpi=list offers there that your MPI speaks; or install the PMIx library (Debian: libpmix-dev)", "runner/slurmcheck.go", nil},
	{"FOAM-RUN-012", finding.Deny, "foamc run --slurm: the solver or its launcher (srun, mpirun) is not on a node's PATH after the job's set-up, found by the preflight or in the failed job's log", "load the module or source the bashrc that provides it (run.slurm.modules, run.slurm.setup) and compile again", "runner/slurmcheck.go", nil},
	{"FOAM-RUN-013", finding.Deny, "foamc run --slurm: the job's MPI could not start the solver's ranks (Open MPI direct-launched with a PMI it was not built for, PMI or MPI_Init failed, mpirun could not launch)", "set run.slurm.launcher: mpirun, or run.slurm.mpi to the PMI your MPI was built with (srun --mpi=list)", "runner/slurmcheck.go", nil},
	{"FOAM-RUN-030", finding.Deny, "the solver failed: it could not find a file (FOAM FATAL \"cannot find file\")", "create the file the message names, or correct the entry that names it", "runner/failure.go", nil},
	{"FOAM-RUN-031", finding.Deny, "the solver failed: a dimension check (inconsistent or incompatible dimensions)", "give the fields the dimensions the solver expects", "runner/failure.go", nil},
	{"FOAM-RUN-032", finding.Deny, "the solver failed: a boundary condition it cannot construct (unknown patchField type, a patch without an entry, a missing value)", "correct the patch's boundary condition in the field file the message names", "runner/failure.go", nil},
	{"FOAM-RUN-033", finding.Deny, "the solver failed: an unknown or ill-formed discretisation scheme", "use a scheme the message lists as valid in system/fvSchemes", "runner/failure.go", nil},
	{"FOAM-RUN-034", finding.Deny, "the solver failed: an unknown or ill-formed linear solver, preconditioner or smoother", "use a solver the message lists as valid in system/fvSolution", "runner/failure.go", nil},
	{"FOAM-RUN-035", finding.Deny, "the solver failed: a dictionary it cannot read (excess tokens, a missing ';', an entry that is not a number)", "correct the syntax at the line the message names", "runner/failure.go", nil},
	{"FOAM-RUN-036", finding.Deny, "the solver failed: the solution diverged (floating point exception, nan residuals)", "reduce the time step or the relaxation factors, or check the boundary conditions; foamc run --repair tries", "runner/failure.go", nil},
	{"FOAM-RUN-037", finding.Deny, "the solver failed: an entry missing from a dictionary outside the schemes, solvers and fields", "add the entry the message names", "runner/failure.go", nil},
	{"FOAM-RUN-038", finding.Deny, "the solver failed in a way foamc does not classify (no FOAM FATAL message, or one no class matches)", "read the solver log", "runner/failure.go", nil},
	{"FOAM-RUN-039", finding.Deny, "the run outlived its time limit (foamc run --timeout, run_case's limit)", "raise --timeout, or run fewer steps", "runner/failure.go", nil},
	{"FOAM-RUN-040", finding.Deny, "foamc run --slurm: the job was cancelled (scancel, foamc run --slurm --cancel, or by the scheduler)", "submit the job again", "runner/failure.go", nil},
	{"FOAM-MCP-001", finding.Deny, "foamc mcp: tool arguments that do not match the tool's input schema", "match the tool's inputSchema (tools/list)", "mcpserver/server.go", nil},
	{"FOAM-MCP-002", finding.Deny, "foamc mcp: a path outside every granted root (symlinks resolved), or no root granted", "start foamc mcp with --root DIR or grant the directory as a client root", "mcpserver/server.go", nil},
	{"FOAM-MCP-003", finding.Deny, "foamc mcp: over a limit (input or case size, run steps or wall time), or a cancelled run", "send less, or raise the server's --max-* flags", "mcpserver/server.go", nil},
	{"FOAM-MCP-004", finding.Deny, "foamc mcp: the library could not do its job (knowledge base, rule engine, OpenFOAM binaries)", "read the finding's detail; check the installation (make deps)", "mcpserver/server.go", nil},
	{"FOAM-MCP-005", finding.Deny, "foamc mcp: an unknown rule ID, retriever or boundary-condition type", "use a name the finding's repair suggests", "mcpserver/server.go", nil},
}

// GoRules returns the Go-side IDs as catalogue entries (Package "go").
func GoRules() []Rule {
	all := append(goRules[:len(goRules):len(goRules)], verifyRules...)
	out := make([]Rule, 0, len(all))
	for _, g := range all {
		prov := g.prov
		if prov == nil {
			prov = grammar.Provenance(g.id)
		}
		out = append(out, Rule{ID: g.id, Severity: g.sev, Title: g.title, Fix: g.fix, Provenance: prov,
			Package: "go", File: g.file, Builtin: true})
	}
	return out
}
