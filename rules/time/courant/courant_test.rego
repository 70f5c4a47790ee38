package foamc.rules.time.courant_test

import data.foamc.rules.time.courant
import data.foamc.test

# icoFoam cavity: 20x20 cells of 0.005 m, lid at 1 m/s.
cavity(dt) := object.union(test.set(test.case, "/files/0~1U/boundaryField/inlet/value", {"$uniform": [1, 0, 0]}), {
	"features": {"solver": "icoFoam", "steady": false, "simulationType": "laminar"},
	"files": {
		"system/controlDict": {"deltaT": dt},
		"system/blockMeshDict": {
			"convertToMeters": 0.1,
			"vertices": [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0, 0, 0.1], [1, 0, 0.1], [1, 1, 0.1], [0, 1, 0.1]],
			"blocks": ["hex", [0, 1, 2, 3, 4, 5, 6, 7], [20, 20, 1], "simpleGrading", [1, 1, 1]],
		},
	},
})

test_tutorial_step if {
	count(courant.findings) == 0 with input as cavity(0.005)
}

test_large_step if {
	fs := courant.findings with input as cavity(0.05)
	count(fs) == 1
	some f in fs
	startswith(f.msg, "estimated Courant number 10 with deltaT 0.05 ")
}

test_fractional_estimate_one_decimal if {
	some f in courant.findings with input as cavity(0.0211)
	startswith(f.msg, "estimated Courant number 4.2 with deltaT 0.0211 ")
}

test_zone_name_and_scale if {
	doc := test.set(cavity(0.05), "/files/system~1blockMeshDict/blocks", ["hex", [0, 1, 2, 3, 4, 5, 6, 7], "zone", [20, 20, 1], "simpleGrading", [1, 1, 1]])
	count(courant.findings) == 1 with input as doc
	doc2 := test.set(test.set(doc, "/files/system~1blockMeshDict/scale", 10), "/files/system~1blockMeshDict/convertToMeters", null)
	count(courant.findings) == 0 with input as doc2
}

test_graded_blocks_skipped if {
	doc := test.set(cavity(0.05), "/files/system~1blockMeshDict/blocks", ["hex", [0, 1, 2, 3, 4, 5, 6, 7], [20, 20, 1], "simpleGrading", [2, 1, 1]])
	count(courant.findings) == 0 with input as doc
}

test_adjusting_solver if {
	doc := object.union(cavity(0.05), {"features": {"solver": "pimpleFoam"}, "files": {"system/controlDict": {"adjustTimeStep": "yes"}}})
	count(courant.findings) == 0 with input as doc
	count(courant.findings) == 1 with input as test.set(doc, "/files/system~1controlDict/adjustTimeStep", "no")
}

test_steady if {
	count(courant.findings) == 0 with input as test.set(cavity(0.05), "/features/solver", "simpleFoam")
}
