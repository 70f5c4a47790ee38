# METADATA
# title: unbounded linear convection in compressible solvers
# description: Central `Gauss linear` on div(phi,U), div(phi,h) or div(phi,e) oscillates at shocks and steep gradients; compressible tutorials use upwind-biased or limited schemes.
# custom:
#   id: FOAM-NUM-008
#   severity: warn
#   fix: Use a limited scheme (`Gauss limitedLinear 1`, `Gauss linearUpwind grad(U)`, `Gauss upwind`).
#   provenance:
#     - tutorials/compressible/rhoPimpleFoam/RAS/angledDuct/system/fvSchemes
#   applies_to:
#     features: [compressible]
package foamc.rules.numerics.shocklinear

import data.foamc.lib

findings contains f if {
	lib.solver_info.compressible
	ds := lib.fv_schemes.divSchemes
	some key in ["div(phi,U)", "div(phi,h)", "div(phi,e)"]
	lib.found(ds, key)
	ws := lib.words(lib.lookup(ds, key))
	ws == ["Gauss", "linear"]
	f := {
		"path": lib.file_ptr("system/fvSchemes", array.concat(["divSchemes"], lib.tokens(ds, key))),
		"msg": sprintf("%s uses Gauss linear in compressible solver %s", [key, lib.solver]),
	}
}
