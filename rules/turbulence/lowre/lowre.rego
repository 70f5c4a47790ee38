# METADATA
# title: low-Re model with high-Re wall functions
# description: Low-Re models (LaunderSharmaKE, kkLOmega...) resolve the viscous sublayer; epsilon/omega wall functions or nutkWallFunction on their walls are physically wrong (OpenFOAM runs them without a message).
# custom:
#   id: FOAM-FM-007
#   severity: warn
#   fix: For a low-Re model use fixedValue 0 for k and nutLowReWallFunction (or calculated) for nut on walls, and a mesh with y+ ~ 1.
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/RAS/LaunderSharmaKE/LaunderSharmaKE.H
#     - kb/curated/models.json (lowRe)
package foamc.rules.turbulence.lowre

import data.foamc.lib

high_re := {"epsilonWallFunction", "omegaWallFunction", "nutkWallFunction", "nutUWallFunction"}

findings contains f if {
	lib.model_info.lowRe
	some b in lib.bc
	b.type in high_re
	f := lib.finding(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on %s of %s: a high-Re wall function with the low-Re model %s", [b.type, b.patch.name, b.field, input.features.turbulenceModel]),
	)
}
