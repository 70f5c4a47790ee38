# METADATA
# title: turbulenceProperties for solvers with a turbulence model
# description: Every solver that builds a turbulence model reads constant/turbulenceProperties, even for laminar flow (rhoCentralFoam included).
# custom:
#   id: FOAM-STRUCT-006
#   severity: deny
#   fix: "Create constant/turbulenceProperties with `simulationType laminar;` (or RAS/LES with a model)."
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/turbulenceModel.C
#     - applications/solvers/compressible/rhoCentralFoam/rhoCentralFoam.C:67
package foamc.rules.structure.turbulence

import data.foamc.lib

findings contains f if {
	lib.solver_info.turbulence
	not lib.file_exists("constant/turbulenceProperties")
	f := lib.finding_with(
		"/files",
		sprintf("%s builds a turbulence model but constant/turbulenceProperties is missing", [lib.solver]),
		{
			"related": [lib.missing(lib.file_ptr("constant/turbulenceProperties", []))],
			# laminar is what the solver runs when it has no turbulence to model.
			"edits": [lib.fix_create("constant/turbulenceProperties", lib.foam_file("dictionary", "turbulenceProperties", "simulationType laminar;\n"))],
		},
	)
}
