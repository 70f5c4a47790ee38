# METADATA
# title: unbounded linear convection in compressible solvers
# description: Central `Gauss linear` on the convection of a solved field (div(phi,U), div(phi,h) or div(phi,e), div(phi,k)...), given explicitly or through the divSchemes default, oscillates at shocks and steep gradients; compressible tutorials use upwind-biased or limited schemes.
# custom:
#   id: FOAM-NUM-008
#   severity: warn
#   fix: Use a limited scheme (`Gauss limitedLinear 1`, `Gauss linearUpwind grad(U)`, `Gauss upwind`) for the named terms.
#   provenance:
#     - tutorials/compressible/rhoPimpleFoam/RAS/angledDuct/system/fvSchemes
#     - src/finiteVolume/finiteVolume/fvSchemes/fvSchemes.C:420
#   applies_to:
#     features: [compressible]
package foamc.rules.numerics.shocklinear

import data.foamc.lib

# convection are the divSchemes keys of the solver's convection terms: its momentum (and
# species) keys without the stress term, the energy variable's own div(phi,he) (EEqn.H:14;
# not div(phi,K) or div(phiv,p)), and div(phi,<field>) of the transported model fields.
convection contains key if {
	some key in lib.solver_info.div
	not contains(key, "dev2")
}

convection contains key if {
	key := sprintf("div(phi,%s)", [input.features.energy])
	key in lib.solver_info.energyDiv[input.features.energy]
}

convection contains key if some key in lib.model_div

linear(v) if lib.words(v) == ["Gauss", "linear"]

# Explicit entries (exact or regex).
findings contains f if {
	lib.solver_info.compressible
	ds := lib.fv_schemes.divSchemes
	some key in convection
	lib.found(ds, key)
	linear(lib.lookup(ds, key))
	f := lib.finding(
		lib.file_ptr("system/fvSchemes", array.concat(["divSchemes"], lib.tokens(ds, key))),
		sprintf("%s uses Gauss linear in compressible solver %s", [key, lib.solver]),
	)
}

# Keys without an entry take the default (fvSchemes.C:427-435).
findings contains f if {
	lib.solver_info.compressible
	ds := lib.fv_schemes.divSchemes
	linear(ds["default"])
	keys := sort([key | some key in convection; not lib.found(ds, key)])
	count(keys) > 0
	f := lib.finding(
		lib.file_ptr("system/fvSchemes", ["divSchemes", "default"]),
		sprintf("the divSchemes default Gauss linear is used for %s in compressible solver %s", [concat(", ", keys), lib.solver]),
	)
}
