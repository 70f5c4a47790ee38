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

# block_patches is the patch list blockMesh reads (blockMeshTopology.C): the older
# `patches ( type name (faces) … )` when present, after its optional leading count.
block_patches := bmd.patches[1] if {
	is_number(bmd.patches[0])
	is_array(bmd.patches[1])
} else := bmd.patches

# block_patch_faces are the faces blockMeshDict gives patch name: from the patches list
# (type, name, faces) when there is one, else from the boundary list.
block_patch_faces(name) := fs if {
	ps := block_patches
	some i, w in ps
	i % 3 == 1
	w == name
	fs := ps[i + 1]
	is_array(fs)
}

block_patch_faces(name) := d.faces if {
	not bmd.patches
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
