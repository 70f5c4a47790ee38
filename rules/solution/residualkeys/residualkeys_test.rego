package foamc.rules.solution.residualkeys_test

import data.foamc.rules.solution.residualkeys
import data.foamc.test

test_ok if {
	count(residualkeys.findings) == 0 with input as test.case
}

test_literal if {
	count(residualkeys.findings) == 1 with input as test.set(test.case, "/files/system~1fvSolution/SIMPLE/residualControl/nuTilda", 1e-3)
}

test_regex if {
	doc := test.set(test.case, "/files/system~1fvSolution/SIMPLE/residualControl/$regex/0/pattern", "(omega|f|v2)")
	count(residualkeys.findings) == 1 with input as doc
}

test_radiation if {
	doc := test.set(test.case, "/files/constant~1radiationProperties", {"radiationModel": "fvDOM"})
	doc2 := test.set(test.set(doc, "/files/system~1fvSolution/SIMPLE/residualControl/G", 1e-3), "/files/system~1fvSolution/SIMPLE/residualControl/$regex/1", {"pattern": "ILambda.*", "value": 1e-3})
	count(residualkeys.findings) == 0 with input as doc2
}
