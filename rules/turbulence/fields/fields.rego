# METADATA
# title: turbulence model fields exist
# description: Eddy-viscosity models read nut and their transported fields (k, epsilon, omega, nuTilda...) with MUST_READ.
# custom:
#   id: FOAM-FM-002
#   severity: deny
#   fix: Add the field file for the model (e.g. 0/k, 0/epsilon and 0/nut for kEpsilon) with wall functions on walls.
#   provenance:
#     - src/TurbulenceModels/turbulenceModels/eddyViscosity/eddyViscosity.C:63
#     - kb/curated/models.json
package foamc.rules.turbulence.fields

import data.foamc.lib

findings contains f if {
	some name in lib.model_fields
	not lib.has(input.fields, name)
	dir := object.get(input.features, "fieldDir", "0")
	f := lib.finding_with(
		lib.file_ptr("constant/turbulenceProperties", [input.features.simulationType]),
		sprintf("turbulence model %s reads field %s, but %s/%s does not exist", [input.features.turbulenceModel, name, dir, name]),
		{"related": [lib.missing(lib.file_ptr(concat("/", [dir, name]), []))]},
	)
}
