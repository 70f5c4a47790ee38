# METADATA
# title: energy equation divergence schemes
# description: "The energy equation adds keys by energy variable: h needs div(phi,h) and div(phi,K); e needs div(phi,e), div(phi,K) and div(phiv,p) in transient solvers, div(phi,e) and div(phi,Ekp) in steady ones."
# custom:
#   id: FOAM-NUM-002
#   severity: deny
#   fix: Add the energy keys to divSchemes (see the message) or give a `default`.
#   provenance:
#     - applications/solvers/compressible/rhoPimpleFoam/EEqn.H:14
#     - applications/solvers/compressible/rhoSimpleFoam/EEqn.H
package foamc.rules.numerics.energykeys

import data.foamc.lib

findings contains f if {
	ds := object.get(lib.fv_schemes, "divSchemes", {})
	some key in lib.solver_info.energyDiv[input.features.energy]
	not lib.scheme_found(ds, key)
	f := lib.finding_with(
		lib.file_ptr("system/fvSchemes", ["divSchemes"]),
		sprintf("divSchemes has no entry for %s (energy variable %s) and no usable default", [key, input.features.energy]),
		{
			"fix": sprintf("Add `%s Gauss upwind;` (or another bounded scheme) to divSchemes.", [key]),
			"edits": [lib.fix_add("system/fvSchemes", ["divSchemes", key], "Gauss upwind")],
		},
	)
}
