# METADATA
# title: compressible RAS/LES needs alphat
# description: The compressible eddy-diffusivity model reads alphat with MUST_READ; compressible laminar does not.
# custom:
#   id: FOAM-FM-003
#   severity: deny
#   fix: Add 0/alphat (dimensions [1 -1 -1 0 0 0 0], compressible::alphatWallFunction on walls, calculated elsewhere).
#   provenance:
#     - src/TurbulenceModels/compressible/EddyDiffusivity/EddyDiffusivity.C:77
#   applies_to:
#     features: [compressible]
package foamc.rules.turbulence.alphat

import data.foamc.lib

findings contains f if {
	input.features.compressible
	lib.turbulent
	lib.solver_info.turbulence
	not lib.has(input.fields, "alphat")
	dir := object.get(input.features, "fieldDir", "0")
	f := lib.finding_with(
		lib.file_ptr("constant/turbulenceProperties", ["simulationType"]),
		sprintf("compressible %s turbulence reads alphat, but %s/alphat does not exist", [input.features.simulationType, dir]),
		{"related": [lib.missing(lib.file_ptr(concat("/", [dir, "alphat"]), []))]},
	)
}
