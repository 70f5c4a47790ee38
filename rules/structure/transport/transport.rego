# METADATA
# title: transportProperties of incompressible solvers
# description: Incompressible solvers read constant/transportProperties (icoFoam `nu`; scalarTransportFoam `DT`, createFields.H:50; singlePhaseTransportModel `transportModel` and, for Newtonian, `nu`); interFoam needs `phases` and `sigma`.
# custom:
#   id: FOAM-STRUCT-003
#   severity: deny
#   fix: Create constant/transportProperties with `transportModel Newtonian;` and `nu [0 2 -1 0 0 0 0] <value>;` (interFoam also `phases (water air);` and `sigma`).
#   provenance:
#     - applications/solvers/incompressible/icoFoam/createFields.H:7
#     - src/transportModels/incompressible/singlePhaseTransportModel/singlePhaseTransportModel.C
#     - src/transportModels/interfaceProperties/surfaceTensionModels/constant/constantSurfaceTension.C:53
package foamc.rules.structure.transport

import data.foamc.lib

file := "constant/transportProperties"

findings contains f if {
	"transportProperties" in lib.solver_info.constant
	not lib.file_exists(file)
	f := lib.finding_with("/files", sprintf("%s reads %s, which is missing", [lib.solver, file]), {"related": [lib.missing(lib.file_ptr(file, []))]})
}

# singlePhaseTransportModel: nu only for Newtonian; other models read <model>Coeffs.
needs(key) if {
	key in lib.solver_info.transport
	key != "nu"
}

needs("nu") if {
	"nu" in lib.solver_info.transport
	lib.solver_info.turbulence == false
}

needs("nu") if {
	"nu" in lib.solver_info.transport
	lib.solver_info.turbulence
	object.get(input.files[file], "transportModel", "Newtonian") == "Newtonian"
}

needs("transportModel") if {
	"nu" in lib.solver_info.transport
	lib.solver_info.turbulence
}

findings contains f if {
	tp := input.files[file]
	some key in {"nu", "transportModel", "phases", "sigma", "DT"}
	needs(key)
	not lib.has(tp, key)
	f := lib.finding_with(
		lib.file_ptr(file, []),
		sprintf("%s: keyword %s is missing (%s reads it)", [file, key, lib.solver]),
		{"related": [lib.missing(lib.file_ptr(file, [key]))]},
	)
}
