package foamc.rules.structure.location_test

import data.foamc.rules.structure.location
import data.foamc.test

bg(inside) := test.set(test.case, "/features/background", {"box": [[-1, -1, -1], [1, 1, 1]], "source": "system/blockMeshDict", "locationInMesh": [1.5, 0.9, 0.9], "locationInside": inside})

test_inside if {
	count(location.findings) == 0 with input as bg(true)
	count(location.findings) == 0 with input as test.case
}

test_outside if {
	[f] := [f | some f in location.findings] with input as bg(false)
	contains(f.msg, "locationInMesh (1.5 0.9 0.9) is outside the background mesh")
	f.detail == "background box (-1 -1 -1) (1 1 1) from system/blockMeshDict"
}
