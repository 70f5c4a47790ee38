package foamc.rules.structure.thermo_test

import data.foamc.rules.structure.thermo
import data.foamc.test

test_present if {
	count(thermo.findings) == 0 with input as test.compressible
}

test_missing if {
	count(thermo.findings) == 1 with input as test.del(test.compressible, "/files/constant~1thermophysicalProperties")
}

test_incompressible_ignored if {
	count(thermo.findings) == 0 with input as test.case
}
