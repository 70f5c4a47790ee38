package foamc.rules.time.write_test

import data.foamc.rules.time.write
import data.foamc.test

test_ok if {
	count(write.findings) == 0 with input as test.case
	count(write.findings) == 0 with input as test.compressible
}

test_too_long if {
	count(write.findings) == 1 with input as test.set(test.case, "/files/system~1controlDict/writeInterval", 5000)
	count(write.findings) == 1 with input as test.set(test.compressible, "/files/system~1controlDict/writeInterval", 1)
}
