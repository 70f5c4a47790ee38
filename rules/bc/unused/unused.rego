# METADATA
# title: boundary conditions for patches the mesh does not have
# description: readField only applies entries whose key names a patch or a patch group; other entries are silently ignored, usually a renamed or misspelt patch.
# custom:
#   id: FOAM-BC-008
#   severity: warn
#   fix: Rename the entry to the patch name in constant/polyMesh/boundary, or remove it.
#   provenance:
#     - src/OpenFOAM/fields/GeometricFields/GeometricField/GeometricBoundaryField.C:51
package foamc.rules.bc.unused

import data.foamc.lib

names(region) := {p.name | some p in input.patches; lib.patch_region(p) == region} | {g | some p in input.patches; lib.patch_region(p) == region; some g in lib.groups(p)}

# blockMesh puts faces no boundary entry covers into the default patch (defaultPatch name,
# else defaultFaces); foamcase lists the patches blockMeshDict names, so that one may be
# missing from input.patches.
default_patch contains name if {
	some p in input.patches
	contains(object.get(p, "source", ""), "blockMeshDict")
	bmd := input.files[p.source]
	name := object.get(object.get(bmd, "defaultPatch", {}), "name", "defaultFaces")
}

findings contains f if {
	some name, file in input.fields
	lib.final_region(lib.field_region(name))
	lib.vol_field(name)
	some key, v in input.files[file].boundaryField
	is_object(v)
	key != "$regex"
	not key in names(lib.field_region(name))
	not key in default_patch

	# group keys from caseDicts/setConstraintTypes
	not key in lib.constraint_types
	f := lib.finding_with(
		lib.file_ptr(file, ["boundaryField", key]),
		sprintf("%s: boundaryField entry %s matches no patch of the mesh", [name, key]),
		{
			"suggest": lib.suggest(key, [p.name | some p in input.patches; lib.patch_region(p) == lib.field_region(name)]),
			# OpenFOAM ignores the entry; removing it keeps what runs and drops the noise.
			"edits": [lib.fix_remove(file, ["boundaryField", key])],
		},
	)
}
