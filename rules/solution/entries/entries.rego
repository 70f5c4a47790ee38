# METADATA
# title: a linear solver for every solved field
# description: fvMatrix::solve looks up solvers/<field> (exact key, then the last matching regex); a missing entry is a FATAL IO ERROR at the first solve.
# custom:
#   id: FOAM-SOL-001
#   severity: deny
#   fix: Add a solver entry for the field to fvSolution/solvers (or widen a regex such as "(U|k|epsilon)").
#   provenance:
#     - src/finiteVolume/fvMatrices/fvMatrix/fvMatrixSolve.C
#     - src/OpenFOAM/matrices/solution/solution.C
package foamc.rules.solution.entries

import data.foamc.lib

findings contains f if {
	solvers := object.get(lib.fv_solution, "solvers", {})
	some name in lib.solved
	not lib.found(solvers, name)
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", ["solvers"]),
		sprintf("fvSolution/solvers has no entry for %s", [name]),
		{"related": [lib.missing(lib.file_ptr("system/fvSolution", ["solvers", name]))]},
	)
}
