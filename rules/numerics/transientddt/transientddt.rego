# METADATA
# title: transient solver with steadyState ddt
# description: A transient solver with `default steadyState` drops the time derivative; the run is not time-accurate.
# custom:
#   id: FOAM-NUM-005
#   severity: warn
#   fix: Use Euler or backward for a transient solver, or a steady solver for a steady problem.
#   provenance:
#     - src/finiteVolume/finiteVolume/ddtSchemes/steadyStateDdtScheme/steadyStateDdtScheme.H
package foamc.rules.numerics.transientddt

import data.foamc.lib

findings contains f if {
	lib.solver_info.steady == false
	lib.first(lib.fv_schemes.ddtSchemes["default"]) == "steadyState"
	f := lib.finding_with(
		lib.file_ptr("system/fvSchemes", ["ddtSchemes", "default"]),
		sprintf("%s is transient but ddtSchemes default is steadyState", [lib.solver]),
		{"edits": [lib.fix_set("system/fvSchemes", ["ddtSchemes", "default"], "Euler")]},
	)
}
