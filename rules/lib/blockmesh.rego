package foamc.lib

# blockMeshDict geometry, for rules that estimate from the mesh a case will generate
# (time/courant, bc/supersonicinlet).

bmd := input.files["system/blockMeshDict"] if file_exists("system/blockMeshDict")

else := input.files["constant/polyMesh/blockMeshDict"]

bmd_scale := bmd.scale if is_number(bmd.scale)

else := bmd.convertToMeters if is_number(bmd.convertToMeters)

else := 1

# vertex is the scaled position of blockMeshDict vertex id.
vertex(id) := [(x * bmd_scale) | some x in bmd.vertices[id]]

sub(a, b) := [a[0] - b[0], a[1] - b[1], a[2] - b[2]]

dot(a, b) := ((a[0] * b[0]) + (a[1] * b[1])) + (a[2] * b[2])

cross(a, b) := [(a[1] * b[2]) - (a[2] * b[1]), (a[2] * b[0]) - (a[0] * b[2]), (a[0] * b[1]) - (a[1] * b[0])]

# block_patch_faces are the vertex-id quads blockMeshDict's boundary list gives patch name.
block_patch_faces(name) := d.faces if {
	bs := bmd.boundary
	some i, w in bs
	w == name
	d := bs[i + 1]
	is_object(d)
	is_array(d.faces)
}

# block_face_normal is the area-weighted normal of quad ids, (c - a) x (d - b): blockMesh's
# convention (vertices clockwise seen from inside the block) makes it point out of the domain.
block_face_normal(ids) := cross(sub(vertex(ids[2]), vertex(ids[0])), sub(vertex(ids[3]), vertex(ids[1]))) if count(ids) == 4
