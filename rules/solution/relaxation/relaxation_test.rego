package foamc.rules.solution.relaxation_test

import data.foamc.rules.solution.relaxation
import data.foamc.test

test_ok if {
	count(relaxation.findings) == 0 with input as test.case
}

test_missing if {
	count(relaxation.findings) == 1 with input as test.del(test.case, "/files/system~1fvSolution/relaxationFactors")
}

test_not_consistent_needs_p if {
	doc := test.set(test.case, "/files/system~1fvSolution/SIMPLE/consistent", "no")
	count(relaxation.findings) == 1 with input as doc
	count(relaxation.findings) == 0 with input as test.set(doc, "/files/system~1fvSolution/relaxationFactors/fields", {"p": 0.3})
}

test_flat_format if {
	doc := test.set(test.case, "/files/system~1fvSolution/relaxationFactors", {"U": 0.7, "p": 0.3})
	count(relaxation.findings) == 0 with input as test.set(doc, "/files/system~1fvSolution/SIMPLE/consistent", "no")
}

test_default if {
	doc := test.set(test.case, "/files/system~1fvSolution/relaxationFactors", {"equations": {"default": 0.7}})
	count(relaxation.findings) == 0 with input as doc
}

# scalarTransportFoam loops with simpleControl but has no pressure-velocity coupling to relax.
test_scalar_transport_needs_none if {
	doc := {"features": {"solver": "scalarTransportFoam"}, "files": {"system/fvSolution": {"SIMPLE": {"nNonOrthogonalCorrectors": 0}}}}
	count(relaxation.findings) == 0 with input as doc
}
