# METADATA
# title: algorithm dictionary the solver requires
# description: icoFoam calls subDict("PISO") for setRefCell (deny); the other solvers accept a missing algorithm dictionary (subOrEmptyDict) and fall back to defaults for every control (warn).
# custom:
#   id: FOAM-SOL-005
#   severity: deny
#   fix: "Add `PISO { nCorrectors 2; nNonOrthogonalCorrectors 0; pRefCell 0; pRefValue 0; }` to fvSolution."
#   provenance:
#     - applications/solvers/incompressible/icoFoam/createFields.H:57
#     - src/finiteVolume/cfdTools/general/solutionControl/solutionControl/solutionControl.C:301
package foamc.rules.solution.algorithm

import data.foamc.lib

findings contains f if {
	lib.solver_info.algorithmRequired
	algo := lib.solver_info.algorithm
	lib.fv_solution
	not lib.has(lib.fv_solution, algo)
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", []),
		sprintf("%s needs the %s dictionary in fvSolution", [lib.solver, algo]),
		{
			"related": [lib.missing(lib.file_ptr("system/fvSolution", [algo]))],
			"edits": [lib.fix_add("system/fvSolution", [algo], algo_default[algo])],
		},
	)
}

findings contains f if {
	lib.solver_info.algorithmRequired == false
	algo := lib.solver_info.algorithm
	algo != ""
	lib.fv_solution
	not lib.has(lib.fv_solution, algo)
	f := lib.finding_with(
		lib.file_ptr("system/fvSolution", []),
		sprintf("fvSolution has no %s dictionary: every %s control falls back to its default", [algo, algo]),
		{
			"severity": "warn",
			"edits": [lib.fix_add("system/fvSolution", [algo], algo_default[algo])],
		},
	)
}

# The controls every tutorial of the algorithm sets (solutionControl.C reads the rest
# with defaults).
algo_default := {
	"SIMPLE": "{ nNonOrthogonalCorrectors 0; }",
	"PISO": "{ nCorrectors 2; nNonOrthogonalCorrectors 0; }",
	"PIMPLE": "{ nOuterCorrectors 1; nCorrectors 2; nNonOrthogonalCorrectors 0; }",
}
