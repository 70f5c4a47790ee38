package foamc.rules.dims.static_test

import data.foamc.rules.dims.static
import data.foamc.test

test_ok if {
	count(static.findings) == 0 with input as test.compressible
}

test_kinematic_in_compressible if {
	count(static.findings) == 1 with input as test.set(test.compressible, "/files/0~1p/dimensions", test.kin)
}

test_incompressible_ignored if {
	count(static.findings) == 0 with input as test.case
}
