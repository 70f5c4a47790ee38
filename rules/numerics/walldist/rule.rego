# METADATA
# title: wall distance method for models that need it
# description: kOmegaSST, SpalartAllmaras (and DES variants) and the vanDriest LES delta use the wall distance; wallDist reads `wallDist { method meshWave; }` from fvSchemes.
# custom:
#   id: FOAM-NUM-009
#   severity: deny
#   fix: "Add `wallDist { method meshWave; }` to system/fvSchemes."
#   provenance:
#     - src/finiteVolume/fvMesh/wallDist/wallDist/wallDist.C
#     - tutorials/incompressible/simpleFoam/pitzDaily/system/fvSchemes:55
package foamc.rules.numerics.walldist

import data.foamc.lib

needs_wall_dist := input.features.turbulenceModel if lib.model_info.wallDist

else := "vanDriest" if {
	lib.turbulent
	input.files["constant/turbulenceProperties"].LES.delta == "vanDriest"
}

findings contains f if {
	why := needs_wall_dist
	lib.fv_schemes
	not lib.has(object.get(lib.fv_schemes, "wallDist", {}), "method")
	f := {
		"path": lib.file_ptr("system/fvSchemes", []),
		"msg": sprintf("%s needs the wall distance: fvSchemes has no wallDist { method ...; }", [why]),
	}
}
