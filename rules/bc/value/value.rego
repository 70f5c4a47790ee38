# METADATA
# title: fixedValue-derived boundary conditions need value
# description: fixedValueFvPatchField's dictionary constructor reads `value` when valueRequired is true ("Essential entry 'value' missing").
# custom:
#   id: FOAM-BC-003
#   severity: deny
#   fix: Add `value uniform <v>;` to the boundary condition.
#   provenance:
#     - src/finiteVolume/fields/fvPatchFields/basic/fixedValue/fixedValueFvPatchField.C
#     - src/finiteVolume/fields/fvPatchFields/fvPatchField/fvPatchField.C
package foamc.rules.bc.value

import data.foamc.lib

findings contains f if {
	some b in lib.bc
	data.kb.bc[b.type].valueRequired
	not lib.has(b.entry, "value")
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on patch %s of %s needs `value`", [b.type, b.patch.name, b.field]),
		{
			"related": [lib.missing(concat("/", [b.ptr, "value"]))],
			# the internal field's value: right in rank and, for a uniform field, in size.
			"edits": [e | e := lib.fix_add_at(concat("/", [b.ptr, "value"]), "$internalField")],
		},
	)
}
