# METADATA
# title: wall distance method for models that need it
# description: kOmegaSST, SpalartAllmaras, their DES variants, kkLOmega and kOmegaSSTLM use wallDist, which reads `wallDist { method meshWave; }` from fvSchemes (subDict, FATAL when missing). The vanDriest delta computes its own distance.
# custom:
#   id: FOAM-NUM-009
#   severity: deny
#   fix: "Add `wallDist { method meshWave; }` to system/fvSchemes."
#   provenance:
#     - src/finiteVolume/fvMesh/wallDist/wallDist/wallDist.C
#     - tutorials/incompressible/simpleFoam/pitzDaily/system/fvSchemes:55
package foamc.rules.numerics.walldist

import data.foamc.lib

# The vanDriest delta computes its own wall distance (wallDistData in vanDriestDelta.C:86).
needs_wall_dist := input.features.turbulenceModel if lib.model_info.wallDist

findings contains f if {
	why := needs_wall_dist
	lib.fv_schemes
	not lib.has(object.get(lib.fv_schemes, "wallDist", {}), "method")
	f := lib.finding(
		lib.file_ptr("system/fvSchemes", []),
		sprintf("%s needs the wall distance: fvSchemes has no wallDist { method ...; }", [why]),
	)
}
