package foamc.rules.model.laminarfields_test

import data.foamc.rules.model.laminarfields
import data.foamc.test

test_laminar_with_k if {
	count(laminarfields.findings) == 3 with input as test.set(test.case, "/features/simulationType", "laminar")
}

test_ras if {
	count(laminarfields.findings) == 0 with input as test.case
}
