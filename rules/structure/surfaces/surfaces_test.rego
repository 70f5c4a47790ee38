package foamc.rules.structure.surfaces_test

import data.foamc.rules.structure.surfaces
import data.foamc.test

sound := {"name": "body.stl", "file": "constant/triSurface/body.stl", "found": true, "triangles": 1280, "illegal": 0, "openEdges": 0, "multiEdges": 0, "parts": 1, "normalZones": 1, "box": [[0, 0, 0], [1, 1, 1]], "locationInside": false}

with_surface(s) := test.set(test.case, "/features/surfaces", [s])

msgs(s) := ms if {
	ms := [f.msg | some f in surfaces.findings] with input as with_surface(s)
}

test_sound if {
	count(surfaces.findings) == 0 with input as with_surface(sound)
	count(surfaces.findings) == 0 with input as test.case
}

test_missing if {
	[m] := msgs(object.union(sound, {"found": false}))
	contains(m, "Cannot find triSurfaceMesh")
}

test_open if {
	[f] := [f | some f in surfaces.findings] with input as with_surface(object.union(sound, {"openEdges": 3, "firstOpenEdge": [1, 2, 3]}))
	contains(f.msg, "3 edges of one triangle")
	f.detail == "an open edge at (1 2 3)"
	f.path == "/files/system~1snappyHexMeshDict/geometry/body.stl"
}

test_normals if {
	[m] := msgs(object.union(sound, {"normalZones": 2}))
	contains(m, "2 zones of consistent normals in 1 part")
}
