package foamc.rules.bc.nutwall_test

import data.foamc.rules.bc.nutwall
import data.foamc.test

test_ok if {
	count(nutwall.findings) == 0 with input as test.case
}

test_on_inlet if {
	fs := nutwall.findings with input as test.set(test.case, "/files/0~1nut/boundaryField/inlet/type", "nutkWallFunction")
	count(fs) == 1
}

test_by_name if {
	count(nutwall.findings) == 1 with input as test.set(test.case, "/files/0~1nut/boundaryField/inlet/type", "nutURoughWallFunction")
}
