package foamc.rules.structure.gravity_test

import data.foamc.rules.structure.gravity
import data.foamc.test

test_buoyant_without_g if {
	doc := test.set(test.compressible, "/features/solver", "buoyantPimpleFoam")
	count(gravity.findings) == 1 with input as doc
	count(gravity.findings) == 0 with input as test.set(doc, "/files/constant~1g", {"value": [0, -9.81, 0]})
}

test_not_buoyant if {
	count(gravity.findings) == 0 with input as test.compressible
}
