package foamc.rules.structure.listsize_test

import data.foamc.rules.structure.listsize
import data.foamc.test

meshed := object.union(test.case, {
	"meshes": {"": {"source": "constant/polyMesh/owner", "nCells": 400}},
	"patches": [object.union(p, {"nFaces": 20, "source": "constant/polyMesh/boundary"}) | some p in test.patches],
})

test_ok if {
	count(listsize.findings) == 0 with input as meshed
	count(listsize.findings) == 0 with input as test.set(meshed, "/files/0~1p/internalField", {"$nonuniform": {"type": "scalar", "size": 400}})
}

test_cells if {
	fs := listsize.findings with input as test.set(meshed, "/files/0~1p/internalField", {"$nonuniform": {"type": "scalar", "size": 3}})
	[f] := [f | some f in fs]
	f.msg == "p internalField has 3 values, the mesh has 400 cells"
	f.related == [{"path": "/meshes/", "message": "the mesh: 400 cells"}]
}

test_no_owner_count if {
	doc := test.set(test.case, "/files/0~1p/internalField", {"$nonuniform": {"type": "scalar", "size": 3}})
	count(listsize.findings) == 0 with input as doc
}

test_patch if {
	fs := listsize.findings with input as test.set(meshed, "/files/0~1U/boundaryField/inlet/value", {"$nonuniform": {"type": "vector", "size": 2}})
	[f] := [f | some f in fs]
	f.path == "/files/0~1U/boundaryField/inlet/value"
	f.related == [{"path": "/patches/0", "message": "the patch in the mesh: 20 faces"}]
}

test_blockmesh_patch_faces if {
	doc := object.union(test.case, {"patches": [object.union(p, {"nFaces": 1, "meshFaces": 2, "source": "system/blockMeshDict"}) | some p in test.patches]})
	count(listsize.findings) == 0 with input as test.set(doc, "/files/0~1U/boundaryField/inlet/value", {"$nonuniform": {"type": "vector", "size": 2}})
	count(listsize.findings) == 1 with input as test.set(doc, "/files/0~1U/boundaryField/inlet/value", {"$nonuniform": {"type": "vector", "size": 1}})
}

test_blockmesh_unknown_faces if {
	doc := object.union(test.case, {"patches": [object.union(p, {"nFaces": 1, "source": "system/blockMeshDict"}) | some p in test.patches]})
	count(listsize.findings) == 0 with input as test.set(doc, "/files/0~1U/boundaryField/inlet/value", {"$nonuniform": {"type": "vector", "size": 1}})
}

test_mesh_changer if {
	doc := test.set(meshed, "/files/system~1snappyHexMeshDict", {})
	count(listsize.findings) == 0 with input as test.set(doc, "/files/0~1p/internalField", {"$nonuniform": {"type": "scalar", "size": 3}})
}
