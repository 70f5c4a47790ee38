package foamc.rules.structure.shallowwater_test

import data.foamc.rules.structure.shallowwater

sw(gp) := {"features": {"solver": "shallowWaterFoam"}, "files": {"constant/gravitationalProperties": gp}}

good := {"g": ["g", {"$dims": [0, 1, -2, 0, 0, 0, 0]}, [0, 0, -9.81]], "rotating": "false"}

test_clean if {
	count(shallowwater.findings) == 0 with input as sw(good)
	count(shallowwater.findings) == 0 with input as sw({"g": [0, 0, -9.81], "rotating": "true", "Omega": [0, 0, 1]})
}

test_no_rotating if {
	count(shallowwater.findings) == 1 with input as sw({"g": [0, 0, -9.81]})
}

test_rotating_without_omega if {
	count(shallowwater.findings) == 1 with input as sw({"g": [0, 0, -9.81], "rotating": "yes"})
}

test_zero_g if {
	count(shallowwater.findings) == 1 with input as sw(object.union(good, {"g": ["g", {"$dims": [0, 1, -2, 0, 0, 0, 0]}, [0, 0, 0]]}))
}

test_other_solver if {
	count(shallowwater.findings) == 0 with input as {"features": {"solver": "interFoam"}, "files": {"constant/gravitationalProperties": {}}}
}
