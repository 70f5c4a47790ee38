package foamc.rules.dims.kinematic_test

import data.foamc.rules.dims.kinematic
import data.foamc.test

test_ok if {
	count(kinematic.findings) == 0 with input as test.case
}

test_pascal if {
	fs := kinematic.findings with input as test.set(test.case, "/files/0~1p/dimensions", {"$dims": [1, -1, -2, 0, 0, 0, 0]})
	count(fs) == 1
	some f in fs
	f.path == "/files/0~1p/dimensions"
}
