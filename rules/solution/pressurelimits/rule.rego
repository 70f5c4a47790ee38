# METADATA
# title: pMinFactor/pMaxFactor need a fixed pressure
# description: rhoSimpleFoam's pressureControl scales the limits by the fixed-value pressure boundaries; without one it stops and asks for pMin/pMax (pressureControl.C:104-113).
# custom:
#   id: FOAM-SOL-010
#   severity: deny
#   fix: Give absolute `pMin`/`pMax` in the SIMPLE dictionary, or fix p on a boundary.
#   provenance:
#     - src/finiteVolume/cfdTools/general/pressureControl/pressureControl.C:104
#   applies_to:
#     solvers: [rhoSimpleFoam]
package foamc.rules.solution.pressurelimits

import data.foamc.lib

findings contains f if {
	lib.solver == "rhoSimpleFoam"
	d := lib.fv_solution.SIMPLE
	some key in ["pMinFactor", "pMaxFactor"]
	lib.has(d, key)
	lib.patched("p")
	not lib.fixes_value("p")
	f := {
		"path": lib.file_ptr("system/fvSolution", ["SIMPLE", key]),
		"msg": sprintf("%s needs a fixed-value p boundary, and p has none", [key]),
	}
}
