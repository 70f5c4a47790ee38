package foamc.rules.time.adjust_test

import data.foamc.rules.time.adjust
import data.foamc.test

test_ico if {
	doc := test.set(test.set(test.case, "/features/solver", "icoFoam"), "/files/system~1controlDict/adjustTimeStep", "yes")
	count(adjust.findings) == 1 with input as doc
}

test_pimple if {
	count(adjust.findings) == 0 with input as test.set(test.compressible, "/files/system~1controlDict/adjustTimeStep", "yes")
}

test_unknown_solver if {
	doc := test.set(test.set(test.case, "/features/solver", "PDRFoam"), "/files/system~1controlDict/adjustTimeStep", "yes")
	count(adjust.findings) == 0 with input as doc
}
