package foamc.rules.solution.transientresidual_test

import data.foamc.rules.solution.transientresidual

st(simple) := {"features": {"solver": "scalarTransportFoam"}, "files": {"system/fvSolution": {"SIMPLE": simple}}}

test_transient_with_residual_control if {
	count(transientresidual.findings) == 1 with input as st({"nNonOrthogonalCorrectors": 0, "residualControl": {"T": 1e-2}})
}

test_transient_without if {
	count(transientresidual.findings) == 0 with input as st({"nNonOrthogonalCorrectors": 0})
}

test_steady_solver if {
	doc := {"features": {"solver": "simpleFoam"}, "files": {"system/fvSolution": {"SIMPLE": {"residualControl": {"p": 1e-2}}}}}
	count(transientresidual.findings) == 0 with input as doc
}
