# METADATA
# title: divergence schemes the solver and model look up
# description: |
#   fvSchemes::divScheme(name) returns the default only when it is set and not `none`
#   (fvSchemes.C:420-436). The keys follow from solver x model x compressibility: div(phi,U)
#   (interFoam div(rhoPhi,U)), the stress term div((nuEff*dev2(T(grad(U))))) or, with a density
#   field, div(((rho*nuEff)*dev2(T(grad(U))))), and div(phi,<field>) per transported model field.
# custom:
#   id: FOAM-NUM-001
#   severity: deny
#   fix: Add the missing key to divSchemes (e.g. `div(phi,k) bounded Gauss limitedLinear 1;`) or give a `default`.
#   provenance:
#     - src/finiteVolume/finiteVolume/fvSchemes/fvSchemes.C:420
#     - src/TurbulenceModels/turbulenceModels/linearViscousStress/linearViscousStress.C:102
package foamc.rules.numerics.divkeys

import data.foamc.lib

needed contains key if some key in lib.solver_div

needed contains key if some key in lib.model_div

findings contains f if {
	ds := object.get(lib.fv_schemes, "divSchemes", {})
	some key in needed
	not lib.scheme_found(ds, key)
	f := lib.finding_with(
		lib.file_ptr("system/fvSchemes", ["divSchemes"]),
		sprintf("divSchemes has no entry for %s and no usable default", [key]),
		{
			"fix": sprintf("Add `%s Gauss linear;` (or a bounded/upwind-biased scheme for convection) to divSchemes.", [key]),
			"edits": [lib.fix_add("system/fvSchemes", ["divSchemes", key], "Gauss linear")],
		},
	)
}
