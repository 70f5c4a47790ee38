package foamc.rules.numerics.bounded_test

import data.foamc.rules.numerics.bounded
import data.foamc.test

test_ok if {
	count(bounded.findings) == 0 with input as test.case
}

test_unbounded if {
	doc := test.set(test.case, "/files/system~1fvSchemes/divSchemes/div(phi,U)", ["Gauss", "upwind"])
	count(bounded.findings) == 1 with input as doc
}

test_unbounded_regex if {
	doc := test.set(test.case, "/files/system~1fvSchemes/divSchemes/$regex/0/value", ["Gauss", "upwind"])
	count(bounded.findings) == 1 with input as doc
}
