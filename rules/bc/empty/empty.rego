# METADATA
# title: empty patches and empty boundary conditions go together
# description: An empty patch takes only the empty patchField ("inconsistent patch and patchField types"), and emptyFvPatchField refuses any patch that is not empty.
# custom:
#   id: FOAM-BC-009
#   severity: deny
#   fix: Use `type empty;` exactly on the patches whose mesh type is empty.
#   provenance:
#     - src/finiteVolume/fields/fvPatchFields/fvPatchField/fvPatchFieldNew.C:151
#     - src/finiteVolume/fields/fvPatchFields/constraint/empty/emptyFvPatchField.C:55
package foamc.rules.bc.empty

import data.foamc.lib

findings contains f if {
	some b in lib.bc
	lib.final_region(lib.patch_region(b.patch))
	b.patch.type == "empty"
	b.type != "empty"
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on empty patch %s of %s: an empty patch needs type empty", [b.type, b.patch.name, b.field]),
		{
			"related": [lib.patch_related(b.patch)],
			"edits": [e | e := lib.fix_set_at(b.ptr, "{ type empty; }")],
		},
	)
}

findings contains f if {
	some b in lib.bc
	lib.final_region(lib.patch_region(b.patch))
	b.type == "empty"
	b.patch.type != "empty"
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("empty on patch %s of %s, whose mesh type is %s", [b.patch.name, b.field, b.patch.type]),
		{
			"related": [lib.patch_related(b.patch)],
		},
	)
}
