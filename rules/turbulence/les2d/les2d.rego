# METADATA
# title: LES on a 2D mesh
# description: OpenFOAM warns "Case is 2D, LES is not strictly applicable" (cubeRootVolDelta.C:58); turbulence is three-dimensional.
# custom:
#   id: FOAM-FM-005
#   severity: warn
#   fix: Use a 3D mesh for LES, or a RAS model for a 2D case.
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/LES/LESdeltas/cubeRootVolDelta/cubeRootVolDelta.C:58
#   applies_to:
#     features: [twoD]
package foamc.rules.turbulence.les2d

import data.foamc.lib

findings contains f if {
	input.features.simulationType == "LES"
	input.features.twoD
	f := lib.finding(
		lib.file_ptr("constant/turbulenceProperties", ["simulationType"]),
		"LES on a 2D mesh (the case has empty patches)",
	)
}
