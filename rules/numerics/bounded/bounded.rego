# METADATA
# title: steady convection schemes should be bounded
# description: In steady SIMPLE runs the continuity error is not zero until convergence; `bounded Gauss` removes the div(phi) part and keeps transported scalars bounded (pitzDaily).
# custom:
#   id: FOAM-NUM-006
#   severity: warn
#   fix: Prefix the convection scheme with `bounded` (e.g. `bounded Gauss linearUpwind grad(U)`).
#   provenance:
#     - tutorials/incompressible/simpleFoam/pitzDaily/system/fvSchemes:31
package foamc.rules.numerics.bounded

import data.foamc.lib

convection(key) if regex.match(`^div\(phi,[A-Za-z_.]+\)$`, key)

findings contains f if {
	lib.solver_info.steady
	lib.solver_info.compressible == false
	ds := lib.fv_schemes.divSchemes
	some key, v in ds
	convection(key)
	lib.words(v)[0] == "Gauss"
	f := lib.finding(
		lib.file_ptr("system/fvSchemes", ["divSchemes", key]),
		sprintf("%s uses unbounded Gauss in a steady solver", [key]),
	)
}

findings contains f if {
	lib.solver_info.steady
	lib.solver_info.compressible == false
	some i, e in lib.fv_schemes.divSchemes["$regex"]
	lib.words(e.value)[0] == "Gauss"
	regex.match(`^div\\?\(phi`, e.pattern)
	f := lib.finding(
		lib.file_ptr("system/fvSchemes", ["divSchemes", "$regex", i, "value"]),
		sprintf("%s uses unbounded Gauss in a steady solver", [e.pattern]),
	)
}
