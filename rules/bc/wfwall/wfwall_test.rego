package foamc.rules.bc.wfwall_test

import data.foamc.rules.bc.wfwall
import data.foamc.test

test_ok if {
	count(wfwall.findings) == 0 with input as test.case
}

test_kqr_on_inlet if {
	count(wfwall.findings) == 1 with input as test.set(test.case, "/files/0~1k/boundaryField/inlet/type", "kqRWallFunction")
}
