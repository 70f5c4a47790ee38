package foamc.rules.turbulence.les2d_test

import data.foamc.rules.turbulence.les2d
import data.foamc.test

test_2d_les if {
	count(les2d.findings) == 1 with input as test.set(test.case, "/features/simulationType", "LES")
}

test_3d_les if {
	count(les2d.findings) == 0 with input as test.set(test.set(test.case, "/features/simulationType", "LES"), "/features/twoD", false)
}
