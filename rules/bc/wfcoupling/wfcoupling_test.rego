package foamc.rules.bc.wfcoupling_test

import data.foamc.rules.bc.wfcoupling
import data.foamc.test

test_ok if {
	count(wfcoupling.findings) == 0 with input as test.case
}

test_kb_named_cast if {
	doc := test.set(test.set(test.case, "/files/0~1k/boundaryField/upperWall/type", "kLowReWallFunction"), "/files/0~1nut/boundaryField/upperWall", {"type": "calculated", "value": {"$uniform": 0}})
	count(wfcoupling.findings) == 2 with input as doc with data.kb.bc.kLowReWallFunction as {"nutWallFunction": "kLowReWallFunctionFvPatchScalarField.C:120"}
}

test_nut_calculated if {
	fs := wfcoupling.findings with input as test.set(test.case, "/files/0~1nut/boundaryField/upperWall", {"type": "calculated", "value": {"$uniform": 0}})
	count(fs) == 1
	some f in fs
	f.related == [{"path": "/files/0~1nut/boundaryField/upperWall/type", "message": "the nut boundary condition on this patch"}]
}
