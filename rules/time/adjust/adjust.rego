# METADATA
# title: adjustTimeStep on a solver that cannot adjust
# description: Only solvers that include setDeltaT.H change the time step; icoFoam, pisoFoam and the steady solvers ignore adjustTimeStep and maxCo.
# custom:
#   id: FOAM-TIME-004
#   severity: warn
#   fix: Choose deltaT for Co <= 1 yourself, or use a solver with adjustable time step (pimpleFoam).
#   provenance:
#     - src/finiteVolume/cfdTools/general/include/setDeltaT.H
#     - applications/solvers/incompressible/icoFoam/icoFoam.C
package foamc.rules.time.adjust

import data.foamc.lib

findings contains f if {
	lib.truthy(lib.control_dict.adjustTimeStep)
	lib.solver_info.setDeltaT == false
	f := lib.finding_with(
		lib.file_ptr("system/controlDict", ["adjustTimeStep"]),
		sprintf("%s does not adjust the time step; adjustTimeStep has no effect", [lib.solver]),
		{"edits": [lib.fix_remove("system/controlDict", ["adjustTimeStep"])]},
	)
}
