package foamc.rules.numerics.transientddt_test

import data.foamc.rules.numerics.transientddt
import data.foamc.test

test_ok if {
	count(transientddt.findings) == 0 with input as test.compressible
}

test_steady if {
	count(transientddt.findings) == 1 with input as test.set(test.compressible, "/files/system~1fvSchemes/ddtSchemes/default", "steadyState")
}

test_unknown_solver if {
	doc := test.set(test.set(test.compressible, "/features/solver", "overRhoSimpleFoam"), "/files/system~1fvSchemes/ddtSchemes/default", "steadyState")
	count(transientddt.findings) == 0 with input as doc
}
