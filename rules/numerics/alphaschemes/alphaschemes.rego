# METADATA
# title: VoF phase-fraction convection schemes
# description: |
#   The MULES alpha equation of interFoam looks up div(phi,alpha) and div(phirb,alpha) by name
#   (VoF/alphaEqn.H:2-3); fvSchemes::divScheme falls back to a default only when one is set and
#   not `none`, so a missing entry stops the solver at the first time step ("Entry
#   'div(phirb,alpha)' not found in dictionary .../fvSchemes.divSchemes").
# custom:
#   id: FOAM-NUM-011
#   severity: deny
#   fix: Add `div(phi,alpha) Gauss vanLeer;` and `div(phirb,alpha) Gauss linear;` to divSchemes (damBreak).
#   provenance:
#     - applications/solvers/multiphase/VoF/alphaEqn.H:2
#     - src/finiteVolume/finiteVolume/fvSchemes/fvSchemes.C:420
package foamc.rules.numerics.alphaschemes

import data.foamc.lib

# the schemes of the v1912 damBreak tutorial
schemes := {"div(phi,alpha)": "Gauss vanLeer", "div(phirb,alpha)": "Gauss linear"}

findings contains f if {
	lib.solver in lib.vof_mules
	ds := object.get(lib.fv_schemes, "divSchemes", {})
	some key, scheme in schemes
	not lib.scheme_found(ds, key)
	f := lib.finding_with(
		lib.file_ptr("system/fvSchemes", ["divSchemes"]),
		sprintf("divSchemes has no entry for %s and no usable default (%s's alpha equation looks it up)", [key, lib.solver]),
		{
			"related": [lib.missing(lib.file_ptr("system/fvSchemes", ["divSchemes", key]))],
			"edits": [lib.fix_add("system/fvSchemes", ["divSchemes", key], scheme)],
		},
	)
}
