package foamc.rules.solution.pressurelimits_test

import data.foamc.rules.solution.pressurelimits
import data.foamc.test

rs := object.union(test.compressible, {"features": {"solver": "rhoSimpleFoam", "algorithm": "SIMPLE"}, "files": {"system/fvSolution": {"SIMPLE": {"pMinFactor": 0.1}}}})

test_fixed if {
	count(pressurelimits.findings) == 0 with input as rs
}

test_closed if {
	count(pressurelimits.findings) == 1 with input as test.set(rs, "/files/0~1p/boundaryField/outlet", {"type": "zeroGradient"})
}
