# METADATA
# title: every mesh patch has a boundary condition
# description: GeometricBoundaryField::readField sets patches by exact name, then patch groups, then wildcard keys; empty patches default to empty. A patch left over is a FATAL IO ERROR ("Cannot find patchField entry for <patch>").
# custom:
#   id: FOAM-BC-007
#   severity: deny
#   fix: Add an entry for the patch to boundaryField (its name, one of its groups, a regex, or `#includeEtc "caseDicts/setConstraintTypes"` for constraint patches).
#   provenance:
#     - src/OpenFOAM/fields/GeometricFields/GeometricField/GeometricBoundaryField.C:174
package foamc.rules.bc.coverage

import data.foamc.lib

findings contains f if {
	some name, file in input.fields
	lib.final_region(lib.field_region(name))
	lib.vol_field(name)
	bf := input.files[file].boundaryField
	some p in input.patches
	lib.patch_region(p) == lib.field_region(name)
	p.type != "empty"
	not lib.bc_tokens(bf, p)
	f := lib.finding_with(
		lib.file_ptr(file, ["boundaryField"]),
		sprintf("%s has no boundary condition for patch %s (%s)", [name, p.name, p.type]),
		{
			"related": [lib.patch_related(p), lib.missing(lib.file_ptr(file, ["boundaryField", p.name]))],
		},
	)
}

# A field the solver or model reads must have a boundaryField at all.
read_fields := {n | some n in lib.solver_info.fields} | lib.model_fields

findings contains f if {
	some name in read_fields
	file := input.fields[name]
	lib.vol_field(name)
	not lib.has(input.files[file], "boundaryField")
	f := lib.finding(lib.file_ptr(file, []), sprintf("%s has no boundaryField", [file]))
}
