# METADATA
# title: algorithm dictionary the solver requires
# description: icoFoam calls subDict("PISO") for setRefCell; most other solvers accept a missing algorithm dictionary (subOrEmptyDict).
# custom:
#   id: FOAM-SOL-005
#   severity: deny
#   fix: "Add `PISO { nCorrectors 2; nNonOrthogonalCorrectors 0; pRefCell 0; pRefValue 0; }` to fvSolution."
#   provenance:
#     - applications/solvers/incompressible/icoFoam/createFields.H:57
#     - src/finiteVolume/cfdTools/general/solutionControl/solutionControl/solutionControl.C:301
#   applies_to:
#     solvers: [icoFoam]
package foamc.rules.solution.algorithm

import data.foamc.lib

findings contains f if {
	lib.solver_info.algorithmRequired
	algo := lib.solver_info.algorithm
	lib.fv_solution
	not lib.has(lib.fv_solution, algo)
	f := {
		"path": lib.file_ptr("system/fvSolution", []),
		"msg": sprintf("%s needs the %s dictionary in fvSolution", [lib.solver, algo]),
	}
}
