# METADATA
# title: rhoCentralFoam reconstruction schemes
# description: rhoCentralFoam interpolates rho, U and T with `reconstruct(rho|U|T)`; a missing key silently falls back to the default (usually linear), which oscillates at shocks. Tutorials use TVD limiters.
# custom:
#   id: FOAM-NUM-007
#   severity: warn
#   fix: "Add `reconstruct(rho) vanLeer; reconstruct(U) vanLeerV; reconstruct(T) vanLeer;` to interpolationSchemes."
#   provenance:
#     - tutorials/compressible/rhoCentralFoam/obliqueShock/system/fvSchemes:44
#   applies_to:
#     solvers: [rhoCentralFoam]
package foamc.rules.numerics.reconstruct

import data.foamc.lib

tvd := {"vanLeer", "vanLeerV", "vanAlbada", "vanAlbadaV", "Minmod", "MinmodV", "limitedLinear", "limitedLinearV", "SuperBee", "MUSCL", "upwind"}

findings contains f if {
	some name in lib.solver_info.reconstruct
	key := sprintf("reconstruct(%s)", [name])
	is_ := object.get(lib.fv_schemes, "interpolationSchemes", {})
	not lib.found(is_, key)
	f := lib.finding(
		lib.file_ptr("system/fvSchemes", ["interpolationSchemes"]),
		sprintf("interpolationSchemes has no %s; rhoCentralFoam falls back to the default", [key]),
	)
}

findings contains f if {
	some name in lib.solver_info.reconstruct
	key := sprintf("reconstruct(%s)", [name])
	is_ := lib.fv_schemes.interpolationSchemes
	s := lib.first(lib.lookup(is_, key))
	not s in tvd
	f := lib.finding(
		lib.file_ptr("system/fvSchemes", array.concat(["interpolationSchemes"], lib.tokens(is_, key))),
		sprintf("%s uses %s, which is not a TVD limiter", [key, s]),
	)
}
