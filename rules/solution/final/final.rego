# METADATA
# title: Final solver entries for PISO and PIMPLE
# description: In the final corrector fvMatrix::solve selects <field>Final (PIMPLE every solved field in the last outer iteration, PISO the pressure in the last corrector).
# custom:
#   id: FOAM-SOL-002
#   severity: deny
#   fix: "Add <field>Final entries, e.g. `pFinal { $p; relTol 0; }` or a regex \"(U|k|epsilon)Final\"."
#   provenance:
#     - src/finiteVolume/cfdTools/general/solutionControl/pimpleControl/pimpleControl.C
#     - src/finiteVolume/fvMatrices/fvMatrix/fvMatrixSolve.C
package foamc.rules.solution.final

import data.foamc.lib

finals contains name if {
	lib.algorithm == "PIMPLE"
	some name in lib.solved
	not startswith(name, "alpha.")
}

finals contains lib.solver_info.pressure if lib.algorithm == "PISO"

findings contains f if {
	solvers := object.get(lib.fv_solution, "solvers", {})
	some name in finals
	key := concat("", [name, "Final"])
	not lib.found(solvers, key)
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", ["solvers"]),
		sprintf("%s needs fvSolution/solvers/%s", [lib.algorithm, key]),
		{
			"related": [lib.missing(lib.file_ptr("system/fvSolution", ["solvers", key]))],
			# the tutorials' form: the field's own solver, converged fully in the final corrector.
			"edits": [lib.fix_add("system/fvSolution", ["solvers", key], sprintf("{ $%s; relTol 0; }", [name])) | lib.has(solvers, name)],
		},
	)
}
