package foamc.rules.time.steadydelta_test

import data.foamc.rules.time.steadydelta
import data.foamc.test

test_ok if {
	count(steadydelta.findings) == 0 with input as test.case
}

test_small if {
	count(steadydelta.findings) == 1 with input as test.set(test.case, "/files/system~1controlDict/deltaT", 0.001)
}
