# METADATA
# title: decomposition method available in this OpenFOAM
# description: |
#   decomposePar selects the method by name from the decompositionMethod table. Debian's
#   v1912 build links scotch, metis and kahip as dummy stub libraries, which stop with
#   "Attempted to use <scotch> without the scotchDecomp library loaded", and ptscotch (or a
#   misspelling) is no method at all: "Unknown decompositionMethod type ptscotch".
#   It is a deny when the run gated is parallel (foamc gate -- mpirun/srun/-parallel,
#   decomposePar, a script of the case that launches in parallel; foamc run --parallel N,
#   --slurm with a parallel job.slurm) or, with no run known, when the case is already
#   decomposed; a warning otherwise: only decomposePar reads the dictionary, a serial
#   solver never does.
# custom:
#   id: FOAM-PAR-001
#   severity: deny
#   fix: "Use a geometric method: `method simple; coeffs { n (2 1 1); }` or `method hierarchical;` with n multiplying to numberOfSubdomains"
#   provenance:
#     - src/parallel/decompose/decompositionMethods/decompositionMethod/decompositionMethod.C
#     - src/dummyThirdParty/scotchDecomp/dummyScotchDecomp.C
#     - "decomposePar on Debian's openfoam 1912.200626: docs/parallel.md"
package foamc.rules.parallel.method

import data.foamc.lib

# The methods decomposePar lists in Debian's v1912 ("Valid decompositionMethod types").
available := {"hierarchical", "manual", "multiLevel", "none", "random", "simple", "structured"}

# Listed, but the library behind them is the dummy stub.
stubs := {"kahip", "metis", "scotch"}

findings contains f if {
	some name, d in lib.decompose_dicts
	m := lib.lookup(d, "method")
	stubs[m]
	f := lib.finding_with(
		lib.file_ptr(name, lib.tokens(d, "method")),
		sprintf("method %s is a stub in this OpenFOAM build: decomposePar stops with \"Attempted to use <%s> without the %sDecomp library loaded\"", [m, m, m]),
		{"severity": lib.decompose_severity},
	)
}

findings contains f if {
	some name, d in lib.decompose_dicts
	m := lib.lookup(d, "method")
	is_string(m)
	not available[m]
	not stubs[m]
	f := lib.finding_with(
		lib.file_ptr(name, lib.tokens(d, "method")),
		sprintf("unknown decomposition method %s: decomposePar stops with \"Unknown decompositionMethod type %s\"", [m, m]),
		{"severity": lib.decompose_severity, "suggest": lib.suggest(m, sort(available))},
	)
}
