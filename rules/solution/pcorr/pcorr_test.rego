package foamc.rules.solution.pcorr_test

import data.foamc.rules.solution.pcorr
import data.foamc.test

vof(solver, solvers) := test.set(test.set(test.case, "/features/solver", solver), "/files/system~1fvSolution/solvers", solvers)

test_damBreak_clean if {
	count(pcorr.findings) == 0 with input as vof("interFoam", {"$regex": [{"pattern": "pcorr.*", "value": {"solver": "PCG"}}]})
}

test_missing if {
	count(pcorr.findings) == 1 with input as vof("interIsoFoam", {"p_rgh": {"solver": "PCG"}})
}

test_other_solver if {
	count(pcorr.findings) == 0 with input as vof("pimpleFoam", {})
}

test_frozen_flow if {
	doc := test.set(vof("interIsoFoam", {}), "/files/system~1fvSolution/PIMPLE", {"nNonOrthogonalCorrectors": -1})
	count(pcorr.findings) == 0 with input as doc
}

test_non_orthogonal_needs_both if {
	doc := test.set(vof("interFoam", {}), "/files/system~1fvSolution/PIMPLE", {"nNonOrthogonalCorrectors": 1})
	count(pcorr.findings) == 2 with input as doc
	count(pcorr.findings) == 1 with input as test.set(doc, "/files/system~1fvSolution/solvers", {"pcorrFinal": {"solver": "PCG"}})
}
