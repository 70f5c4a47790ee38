# METADATA
# title: boundary condition has its required keys
# description: Keys the header Usage table marks required, united with the keys the dictionary constructor reads without a default (kb contract `required`).
# custom:
#   id: FOAM-BC-002
#   severity: deny
#   fix: Add the missing key to the boundary condition (see `foamc kb bc <type>` for its meaning and units).
#   provenance:
#     - kb contracts (header Usage tables united with the .C dictionary constructors)
package foamc.rules.bc.required

import data.foamc.lib

findings contains f if {
	some b in lib.bc
	c := data.kb.bc[b.type]
	some key in c.required
	key != "value"
	not lib.has(b.entry, key)
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on patch %s of %s needs `%s`", [b.type, b.patch.name, b.field, key]),
		{
			"related": [lib.missing(concat("/", [b.ptr, key]))],
			"detail": sprintf("evidence: %s", [concat(", ", c.provenance)]),
			"suggest": lib.suggest(key, [k | some k, _ in b.entry]),
		},
	)
}
