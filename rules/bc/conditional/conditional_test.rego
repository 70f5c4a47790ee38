package foamc.rules.bc.conditional_test

import data.foamc.rules.bc.conditional
import data.foamc.test

tp(extra) := test.set(test.case, "/files/0~1p/boundaryField/outlet", object.union({"type": "totalPressure", "p0": {"$uniform": 0}}, extra))

test_psi_without_gamma if {
	fs := conditional.findings with input as tp({"psi": "thermo:psi"})
	count(fs) == 1
	some f in fs
	f.path == "/files/0~1p/boundaryField/outlet/psi"
}

test_psi_with_gamma if {
	count(conditional.findings) == 0 with input as tp({"psi": "thermo:psi", "gamma": 1.4})
}

test_psi_none if {
	count(conditional.findings) == 0 with input as tp({"psi": "none"})
}
