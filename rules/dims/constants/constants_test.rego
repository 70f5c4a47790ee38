package foamc.rules.dims.constants_test

import data.foamc.rules.dims.constants
import data.foamc.test

test_ok if {
	count(constants.findings) == 0 with input as test.set(test.case, "/files/constant~1g", {"dimensions": {"$dims": [0, 1, -2, 0, 0, 0, 0]}, "value": [0, -9.81, 0]})
}

test_g_wrong if {
	count(constants.findings) == 1 with input as test.set(test.case, "/files/constant~1g", {"dimensions": {"$dims": [0, 1, -1, 0, 0, 0, 0]}})
}

test_nu_wrong if {
	count(constants.findings) == 1 with input as test.set(test.case, "/files/constant~1transportProperties/nu", [{"$dims": [1, -1, -1, 0, 0, 0, 0]}, 1e-5])
}

test_nu_plain if {
	count(constants.findings) == 0 with input as test.set(test.case, "/files/constant~1transportProperties/nu", 1e-5)
}
