# METADATA
# title: LES needs a delta
# description: LESModel reads `delta` from the LES dictionary (LESModel.C:108); vanDriest and maxDeltaxyzCubeRoot read their <delta>Coeffs with subDict (the others use optionalSubDict).
# custom:
#   id: FOAM-FM-004
#   severity: deny
#   fix: "Add `delta cubeRootVol;` to the LES dictionary of constant/turbulenceProperties (vanDriest also needs `vanDriestCoeffs { delta cubeRootVol; cubeRootVolCoeffs {...} }`)."
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/LES/LESModel/LESModel.C:108
#     - src/TurbulenceModels/turbulenceModels/LES/LESdeltas/vanDriestDelta/vanDriestDelta.C:113
package foamc.rules.turbulence.lesdelta

import data.foamc.lib

tp := "constant/turbulenceProperties"

findings contains f if {
	les := input.files[tp].LES
	input.files[tp].simulationType == "LES"
	not lib.has(les, "delta")
	f := lib.finding_with(
		lib.file_ptr(tp, ["LES"]),
		"the LES dictionary has no `delta` entry",
		{
			"related": [lib.missing(lib.file_ptr(tp, ["LES", "delta"]))],
			# cubeRootVol reads no coefficients dictionary (LESdeltas/cubeRootVolDelta).
			"edits": [lib.fix_add(tp, ["LES", "delta"], "cubeRootVol")],
		},
	)
}

findings contains f if {
	les := input.files[tp].LES
	input.files[tp].simulationType == "LES"
	delta := les.delta
	delta in {"vanDriest", "maxDeltaxyzCubeRoot"}
	coeffs := sprintf("%sCoeffs", [delta])
	not lib.has(les, coeffs)
	f := lib.finding_with(
		lib.file_ptr(tp, ["LES", "delta"]),
		sprintf("delta %s needs the sub-dictionary %s in the LES dictionary", [delta, coeffs]),
		{
			"related": [lib.missing(lib.file_ptr(tp, ["LES", coeffs]))],
			# vanDriest damps a geometric delta it reads from its Coeffs (vanDriestDelta.C:107-117).
			"edits": [lib.fix_add(tp, ["LES", coeffs], "{ delta cubeRootVol; }") | delta == "vanDriest"],
		},
	)
}
