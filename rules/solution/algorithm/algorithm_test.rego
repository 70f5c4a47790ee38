package foamc.rules.solution.algorithm_test

import data.foamc.rules.solution.algorithm
import data.foamc.test

ico := object.union(test.case, {"features": {"solver": "icoFoam", "algorithm": "PISO"}})

test_missing if {
	count(algorithm.findings) == 1 with input as ico
}

test_present if {
	count(algorithm.findings) == 0 with input as test.set(ico, "/files/system~1fvSolution/PISO", {"nCorrectors": 2})
}

test_pimple_missing_warns if {
	fs := algorithm.findings with input as test.del(test.compressible, "/files/system~1fvSolution/PIMPLE")
	count(fs) == 1
	some f in fs
	f.severity == "warn"
}
