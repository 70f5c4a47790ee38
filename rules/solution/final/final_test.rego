package foamc.rules.solution.final_test

import data.foamc.rules.solution.final
import data.foamc.test

test_pimple_ok if {
	count(final.findings) == 0 with input as test.compressible
}

test_pimple_missing if {
	doc := test.set(test.compressible, "/files/system~1fvSolution/solvers/$regex/2/pattern", "(U|h|e|k|epsilon)")
	count(final.findings) == 2 with input as doc
}

test_piso if {
	doc := object.union(test.case, {"features": {"solver": "pisoFoam", "algorithm": "PISO"}})
	fs := final.findings with input as doc
	count(fs) == 1
	count(final.findings) == 0 with input as test.set(doc, "/files/system~1fvSolution/solvers/pFinal", {"solver": "PCG"})
}

test_simple if {
	count(final.findings) == 0 with input as test.case
	count(final.findings) == 0 with input as test.set(test.case, "/features/algorithm", "PISO")
}

test_no_momentum_predictor if {
	doc := test.set(test.compressible, "/files/system~1fvSolution/PIMPLE/momentumPredictor", "no")
	count(final.findings) == 0 with input as test.set(doc, "/files/system~1fvSolution/solvers/$regex/2/pattern", "(h|e|k|epsilon)(|Final)")
}
