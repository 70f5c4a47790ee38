# METADATA
# title: steady solver with a transient ddt scheme
# description: Steady solvers never assemble a time derivative with SIMPLE; a transient ddt default usually means a copied fvSchemes (3 tutorials do it on purpose as pseudo-transient).
# custom:
#   id: FOAM-NUM-004
#   severity: warn
#   fix: "Use `ddtSchemes { default steadyState; }` for a steady solver."
#   provenance:
#     - tutorials/incompressible/simpleFoam/pitzDaily/system/fvSchemes
package foamc.rules.numerics.steadyddt

import data.foamc.lib

findings contains f if {
	lib.solver_info.steady
	d := lib.first(lib.fv_schemes.ddtSchemes["default"])
	d != "steadyState"
	f := lib.finding_with(
		lib.file_ptr("system/fvSchemes", ["ddtSchemes", "default"]),
		sprintf("%s is steady but ddtSchemes default is %s", [lib.solver, d]),
		{"edits": [lib.fix_set("system/fvSchemes", ["ddtSchemes", "default"], "steadyState")]},
	)
}
