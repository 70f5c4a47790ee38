# METADATA
# title: nonuniform lists as long as the mesh
# description: |
#   A `nonuniform List<T> N(...)` internalField must have one value per cell and a patch
#   value one per patch face; Field reads the list and stops with "size N is not equal to
#   the given value of M" otherwise. The cell count is the `nCells:` note of the region's
#   polyMesh/owner header and the face count the patch's nFaces in polyMesh/boundary; before
#   meshing, the cells and patch faces blockMesh will make from hex blocks (the products of
#   their cell counts). Only when the region's mesh is the one the solver will see
#   (lib.final_region: no mesh utility changes it before the run; a split region's own mesh).
# custom:
#   id: FOAM-STRUCT-011
#   severity: deny
#   fix: Write the field for the current mesh (map or re-initialise it, e.g. mapFields or setFields), or regenerate the mesh it was written for.
#   provenance:
#     - src/OpenFOAM/fields/Fields/Field/Field.C:215-226 (size check against the mesh)
#     - src/OpenFOAM/meshes/polyMesh/polyMeshInitMesh.C:102 (the owner note nCells:)
#     - src/mesh/blockMesh/blocks/block/blockCreate.C:51-53 (ni nj nk cells per hex block)
#     - fault corpus ico-p-nonuniform-size, ico-u-patch-nonuniform-size (faults/outcomes.json)
#   applies_to:
#     releases: [any]
package foamc.rules.structure.listsize

import data.foamc.lib

findings contains f if {
	some name, file in input.fields
	lib.vol_field(name)
	list := lib.field(name).internalField["$nonuniform"]
	region := lib.field_region(name)
	lib.final_region(region)
	cells := input.meshes[region].nCells
	list.size != cells
	f := lib.finding_with(
		lib.file_ptr(file, ["internalField"]),
		sprintf("%s internalField has %d values, the mesh has %d cells", [name, list.size, cells]),
		{
			"related": [lib.related(lib.ptr(["meshes", region]), sprintf("the mesh: %d cells", [cells]))],
		},
	)
}

# mesh_faces is a patch's face count: nFaces of polyMesh/boundary, else the faces blockMesh
# will make for it (blockMeshDict's nFaces counts block faces).
mesh_faces(p) := p.nFaces if endswith(p.source, "polyMesh/boundary")

else := p.meshFaces

value_keys := ["value", "refValue", "refGradient", "valueFraction", "gradient", "inletValue"]

findings contains f if {
	some b in lib.bc
	lib.final_region(lib.patch_region(b.patch))
	faces := mesh_faces(b.patch)
	some key in value_keys
	list := b.entry[key]["$nonuniform"]
	list.size != faces
	f := lib.finding_with(
		concat("/", [b.ptr, key]),
		sprintf("%s %s %s has %d values, patch %s has %d faces", [b.field, b.patch.name, key, list.size, b.patch.name, faces]),
		{
			"related": [lib.related(lib.patch_ptr(b.patch), sprintf("the patch in the mesh: %d faces", [faces]))],
		},
	)
}
