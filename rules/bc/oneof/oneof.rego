# METADATA
# title: one of several keys is required
# description: e.g. flowRateInletVelocity needs volumetricFlowRate or massFlowRate ("Please supply either 'volumetricFlowRate' or 'massFlowRate'").
# custom:
#   id: FOAM-BC-005
#   severity: deny
#   fix: Add one of the listed keys (massFlowRate also needs a rho field or rhoInlet).
#   provenance:
#     - src/finiteVolume/fields/fvPatchFields/derived/flowRateInletVelocity/flowRateInletVelocityFvPatchVectorField.C:69
package foamc.rules.bc.oneof

import data.foamc.lib

findings contains f if {
	some b in lib.bc
	some o in data.kb.bc[b.type].oneOf
	count([k | some k in o.keys; lib.has(b.entry, k)]) == 0
	f := lib.finding(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on patch %s of %s needs one of: %s", [b.type, b.patch.name, b.field, concat(", ", o.keys)]),
	)
}
