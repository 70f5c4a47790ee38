# METADATA
# title: gravity for buoyant and VoF solvers
# description: Buoyant solvers and interFoam read constant/g (readGravitationalAcceleration.H).
# custom:
#   id: FOAM-STRUCT-005
#   severity: deny
#   fix: "Create constant/g: `dimensions [0 1 -2 0 0 0 0]; value (0 -9.81 0);`"
#   provenance:
#     - src/finiteVolume/cfdTools/general/include/readGravitationalAcceleration.H
package foamc.rules.structure.gravity

import data.foamc.lib

findings contains f if {
	lib.solver_info.gravity
	not lib.file_exists("constant/g")
	f := lib.finding_with(
		"/files",
		sprintf("%s needs constant/g, which is missing", [lib.solver]),
		{"related": [lib.missing(lib.file_ptr("constant/g", []))]},
	)
}
