package foamc.rules.solution.simplec_test

import data.foamc.rules.solution.simplec
import data.foamc.test

test_ok if {
	count(simplec.findings) == 0 with input as test.case
}

test_one if {
	fs := simplec.findings with input as test.set(test.case, "/files/system~1fvSolution/relaxationFactors/equations/U", 1)
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSolution/relaxationFactors/equations/U"
}
