package foamc.rules.chemistry.yisolver_test

import data.foamc.rules.chemistry.yisolver
import data.foamc.test

test_ok if {
	count(yisolver.findings) == 0 with input as test.reacting
}

test_missing if {
	count(yisolver.findings) == 1 with input as test.del(test.reacting, "/files/system~1fvSolution/solvers/Yi")
}

test_regex if {
	doc := test.set(test.del(test.reacting, "/files/system~1fvSolution/solvers/Yi"), "/files/system~1fvSolution/solvers/$regex", [{"pattern": "Yi.*", "value": {"solver": "smoothSolver"}}])
	count(yisolver.findings) == 0 with input as doc
}

# reactingParcelFoam with PIMPLE/solvePrimaryRegion no solves no species (v2506 movingInjectorBox).
test_primary_region_off if {
	doc := test.set(test.del(test.reacting, "/files/system~1fvSolution/solvers/Yi"), "/files/system~1fvSolution/PIMPLE", {"solvePrimaryRegion": "no"})
	count(yisolver.findings) == 0 with input as doc
}
