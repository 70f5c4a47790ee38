# METADATA
# title: constraint boundary conditions match constraint patches
# description: A constraint patch (wedge, symmetryPlane, symmetry, cyclic...) takes the patchField of the same name unless the entry says `patchType <type>;`, and constraint patchFields refCast their patch.
# custom:
#   id: FOAM-BC-010
#   severity: deny
#   fix: Use the constraint type of the mesh patch (e.g. `type wedge;` on a wedge patch), or change the patch type in constant/polyMesh/boundary.
#   provenance:
#     - src/finiteVolume/fields/fvPatchFields/fvPatchField/fvPatchFieldNew.C:140
#     - src/finiteVolume/fields/fvPatchFields/constraint/wedge/wedgeFvPatchField.C
package foamc.rules.bc.constraint

import data.foamc.lib

non_empty := lib.constraint_types - {"empty"}

needed(t) := c if {
	c := data.kb.bc[t].constraint
	c != ""
}

else := t if t in non_empty

# Patch types derived from a constraint type (their fvPatch passes the refCast).
derived := {
	"cyclicPeriodicAMI": "cyclicAMI", "cyclicACMI": "cyclicAMI", "cyclicSlip": "cyclic",
	"nonuniformTransformCyclic": "cyclic", "processorCyclic": "processor",
}

accepts(p, c) if p.type == c

accepts(p, c) if derived[p.type] == c

accepts(p, c) if c in object.get(p, "inGroups", [])

# A constraint patchField on a patch of another type.
findings contains f if {
	some b in lib.bc
	lib.final_region(lib.patch_region(b.patch))
	c := needed(b.type)
	c != "empty"
	not accepts(b.patch, c)
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on patch %s of %s, whose mesh type is %s", [b.type, b.patch.name, b.field, b.patch.type]),
		{
			"related": [lib.patch_related(b.patch)],
		},
	)
}

# Another patchField on a constraint patch, without `patchType`.
findings contains f if {
	some b in lib.bc
	lib.final_region(lib.patch_region(b.patch))
	b.patch.type in non_empty
	b.type != b.patch.type
	not needed(b.type)
	object.get(b.entry, "patchType", "") != b.patch.type
	f := lib.finding_with(
		concat("/", [b.ptr, "type"]),
		sprintf("%s on %s patch %s of %s: inconsistent patch and patchField types", [b.type, b.patch.type, b.patch.name, b.field]),
		{
			"related": [lib.patch_related(b.patch)],
		},
	)
}
