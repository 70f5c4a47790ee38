# METADATA
# title: k and alphat wall functions on non-wall patches
# description: kqRWallFunction, kLowReWallFunction and the alphat wall functions do not check their patch; on an inlet or outlet they act as zeroGradient and the intended condition is lost.
# custom:
#   id: FOAM-BC-013
#   severity: warn
#   fix: Use an inlet/outlet condition (fixedValue, inletOutlet, turbulentIntensityKineticEnergyInlet...) on non-wall patches.
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/derivedFvPatchFields/wallFunctions/kqRWallFunctions/kqRWallFunction/kqRWallFunctionFvPatchField.H
package foamc.rules.bc.wfwall

import data.foamc.lib

findings contains f if {
	some b in lib.bc
	lib.final_region(lib.patch_region(b.patch))
	regex.match(`^(kqR|kLowRe|(compressible::)?alphat.*)WallFunction$`, b.type)
	not lib.is_wall(b.patch)
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on patch %s (%s), which is not a wall", [b.type, b.patch.name, b.patch.type]),
		{
			"related": [lib.patch_related(b.patch)],
		},
	)
}
