# METADATA
# title: conditionally required boundary condition keys
# description: Keys the constructor reads only in some modes, e.g. totalPressure reads `gamma` when `psi` is not none (the Usage table says optional).
# custom:
#   id: FOAM-BC-004
#   severity: deny
#   fix: Add the key the selected mode needs, or remove the key that selects the mode.
#   provenance:
#     - src/finiteVolume/fields/fvPatchFields/derived/totalPressure/totalPressureFvPatchScalarField.C:65
package foamc.rules.bc.conditional

import data.foamc.lib

findings contains f if {
	some b in lib.bc
	some cond in data.kb.bc[b.type].conditional
	when := b.entry[cond.when]
	not when in object.get(cond, "unless", [])
	not lib.has(b.entry, cond.key)
	f := lib.finding_with(
		concat("/", [b.ptr, cond.when]),
		sprintf("%s on patch %s of %s: `%s %v` requires `%s`", [b.type, b.patch.name, b.field, cond.when, when, cond.key]),
		{
			"related": [lib.missing(concat("/", [b.ptr, cond.key]))],
			"detail": sprintf("evidence: %s", [object.get(cond, "provenance", "")]),
		},
	)
}
