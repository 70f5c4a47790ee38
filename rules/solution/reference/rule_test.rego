package foamc.rules.solution.reference_test

import data.foamc.rules.solution.reference
import data.foamc.test

closed := test.set(test.case, "/files/0~1p/boundaryField/outlet", {"type": "zeroGradient"})

test_open if {
	count(reference.findings) == 0 with input as test.case
}

test_closed if {
	fs := reference.findings with input as closed
	count(fs) == 1
	some f in fs
	contains(f.msg, "pRefCell|pRefPoint and pRefValue")
}

test_closed_with_ref if {
	doc := test.set(test.set(closed, "/files/system~1fvSolution/SIMPLE/pRefPoint", [0, 0, 0]), "/files/system~1fvSolution/SIMPLE/pRefValue", 0)
	count(reference.findings) == 0 with input as doc
}

test_calculated_fixes if {
	count(reference.findings) == 0 with input as test.set(closed, "/files/0~1p/boundaryField/outlet", {"type": "calculated", "value": {"$uniform": 0}})
}

test_kb_bases if {
	doc := test.set(closed, "/files/0~1p/boundaryField/outlet", {"type": "myFixed"})
	count(reference.findings) == 0 with input as doc with data.kb.bc.myFixed as {"bases": ["fixedValue"]}
	count(reference.findings) == 1 with input as doc with data.kb.bc.myFixed as {"bases": ["zeroGradient"]}
}
