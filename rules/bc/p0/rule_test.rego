package foamc.rules.bc.p0_test

import data.foamc.rules.bc.p0
import data.foamc.test

tp(doc, v) := test.set(doc, "/files/0~1p/boundaryField/outlet", {"type": "totalPressure", "p0": {"$uniform": v}})

test_kinematic if {
	count(p0.findings) == 1 with input as tp(test.case, 100000)
	count(p0.findings) == 0 with input as tp(test.case, 0)
}

test_static if {
	count(p0.findings) == 1 with input as tp(test.compressible, 0)
	count(p0.findings) == 0 with input as tp(test.compressible, 101325)
}
