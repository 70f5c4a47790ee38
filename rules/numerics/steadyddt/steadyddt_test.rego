package foamc.rules.numerics.steadyddt_test

import data.foamc.rules.numerics.steadyddt
import data.foamc.test

test_ok if {
	count(steadyddt.findings) == 0 with input as test.case
}

test_euler if {
	count(steadyddt.findings) == 1 with input as test.set(test.case, "/files/system~1fvSchemes/ddtSchemes/default", "Euler")
}
