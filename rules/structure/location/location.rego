# METADATA
# title: locationInMesh lies in the mesh snappyHexMesh refines
# description: |
#   snappyHexMesh keeps the region of the background mesh that holds castellatedMeshControls'
#   locationInMesh; a point in no cell of that mesh stops it before any refinement with
#   "Point ... is not inside the mesh or on a face or edge". The background box is the
#   polyMesh's points when a mesh is there, else the blockMeshDict's vertices times its scale
#   (known only without curved edges or projection).
# custom:
#   id: FOAM-STRUCT-014
#   severity: deny
#   fix: Move locationInMesh inside the background mesh (and outside every body you want meshed around).
#   provenance:
#     - src/mesh/snappyHexMesh/snappyHexMeshDriver/refinementParameters/refinementParameters.C:243 ("is not inside the mesh or on a face or edge")
#     - src/mesh/blockMesh/blockMesh/blockMeshTopology.C:355-360 (scale, formerly convertToMeters)
#     - rules/surfaces_test.go TestSnappyLocation (snappyHexMesh v1912 stops on a point outside the blockMesh box)
package foamc.rules.structure.location

import data.foamc.lib

findings contains f if {
	b := input.features.background
	not b.locationInside
	f := lib.finding_with(
		lib.file_ptr("system/snappyHexMeshDict", ["castellatedMeshControls", "locationInMesh"]),
		sprintf("locationInMesh (%v %v %v) is outside the background mesh: snappyHexMesh stops before refining", b.locationInMesh),
		{"detail": sprintf("background box (%v %v %v) (%v %v %v) from %s", array.concat(array.concat(b.box[0], b.box[1]), [b.source]))},
	)
}
