# METADATA
# title: thermophysicalProperties of compressible solvers
# description: Compressible, buoyant and reacting solvers construct a fluidThermo from constant/thermophysicalProperties.
# custom:
#   id: FOAM-STRUCT-004
#   severity: deny
#   fix: Create constant/thermophysicalProperties with a thermoType and mixture (copy from a tutorial of the same solver).
#   provenance:
#     - src/thermophysicalModels/basic/basicThermo/basicThermo.C:170
package foamc.rules.structure.thermo

import data.foamc.lib

findings contains f if {
	"thermophysicalProperties" in lib.solver_info.constant
	not lib.file_exists("constant/thermophysicalProperties")
	f := lib.finding_with(
		"/files",
		sprintf("%s needs constant/thermophysicalProperties, which is missing", [lib.solver]),
		{"related": [lib.missing(lib.file_ptr("constant/thermophysicalProperties", []))]},
	)
}
