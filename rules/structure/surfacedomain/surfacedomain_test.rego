package foamc.rules.structure.surfacedomain_test

import data.foamc.rules.structure.surfacedomain
import data.foamc.test

body := {"name": "body.stl", "file": "constant/triSurface/body.stl", "found": true, "triangles": 12, "illegal": 0, "openEdges": 0, "multiEdges": 0, "parts": 1, "normalZones": 1, "box": [[-0.5, -0.5, -0.5], [0.5, 0.5, 0.5]], "locationInside": false}

background := {"box": [[-5, -5, -5], [15, 5, 5]], "source": "system/blockMeshDict", "locationInMesh": [-4, -4, -4], "locationInside": true}

with_case(s) := test.set(test.set(test.case, "/features/surfaces", [s]), "/features/background", background)

msgs(s) := ms if {
	ms := [f.msg | some f in surfacedomain.findings] with input as with_case(s)
}

test_inside if {
	count(msgs(body)) == 0
	count(surfacedomain.findings) == 0 with input as test.case
}

test_leaves if {
	[m] := msgs(object.union(body, {"box": [[-0.5, -0.5, -0.5], [0.5, 6, 0.5]]}))
	contains(m, "leaves the background mesh along y")
}

test_touches if {
	[m] := msgs(object.union(body, {"box": [[-0.5, -5, -0.5], [0.5, 0.5, 0.5]]}))
	contains(m, "touches the background mesh's boundary along y")
}

test_units if {
	[m] := msgs(object.union(body, {"box": [[-500, -500, -500], [500, 500, 500]]}))
	contains(m, "the units look different")
	[n] := msgs(object.union(body, {"box": [[0, 0, 0], [0.001, 0.001, 0.001]]}))
	contains(n, "ratio")
}

test_location_inside_body if {
	[m] := msgs(object.union(body, {"locationInside": true}))
	contains(m, "locationInMesh (-4 -4 -4) is inside constant/triSurface/body.stl")

	# A duct as large as the domain: an internal flow, no finding.
	count(msgs(object.union(body, {"locationInside": true, "box": [[-4.9, -4.9, -4.9], [14.9, 4.9, 4.9]]}))) == 0
}
