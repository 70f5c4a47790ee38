package foamc.rules.bc.required_test

import data.foamc.rules.bc.required
import data.foamc.test

test_ok if {
	count(required.findings) == 0 with input as test.case
}

test_totalpressure_without_p0 if {
	fs := required.findings with input as test.set(test.case, "/files/0~1p/boundaryField/outlet", {"type": "totalPressure", "p00": 0})
	count(fs) == 1
	some f in fs
	contains(f.msg, "p0")
	f.suggest.candidates == ["p00", "type"]
}

test_inletoutlet_with_inletvalue if {
	count(required.findings) == 0 with input as test.set(test.case, "/files/0~1k/boundaryField/outlet", {"type": "inletOutlet", "inletValue": {"$uniform": 0}})
}
