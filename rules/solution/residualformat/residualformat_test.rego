package foamc.rules.solution.residualformat_test

import data.foamc.rules.solution.residualformat
import data.foamc.test

test_ok if {
	count(residualformat.findings) == 0 with input as test.case
}

test_simple_dict if {
	count(residualformat.findings) == 1 with input as test.set(test.case, "/files/system~1fvSolution/SIMPLE/residualControl/p", {"tolerance": 1e-3})
}

test_pimple_scalar if {
	doc := test.set(test.compressible, "/files/system~1fvSolution/PIMPLE/residualControl", {"p": 1e-3, "$regex": [{"pattern": "(U|h)", "value": {"tolerance": 1e-3, "relTol": 0}}]})
	fs := residualformat.findings with input as doc
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSolution/PIMPLE/residualControl/p"
}
