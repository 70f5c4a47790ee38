package foamc.rules.solution.controls_test

import data.foamc.rules.solution.controls
import data.foamc.test

fvs := "/files/system~1fvSolution"

msgs(doc) := {f.msg | some f in fs} if {
	fs := controls.findings with input as doc
}

test_ok if {
	count(controls.findings) == 0 with input as test.case
	count(controls.findings) == 0 with input as test.compressible
}

test_algorithm_controls if {
	doc := test.set(test.set(test.set(test.case, concat("", [fvs, "/SIMPLE/nNonOrthogonalCorrectors"]), "none"), concat("", [fvs, "/SIMPLE/momentumPredictor"]), "maybe"), concat("", [fvs, "/SIMPLE/pRefValue"]), "zero")
	msgs(doc) == {
		"SIMPLE/nNonOrthogonalCorrectors none is not a whole number: the solver stops reading fvSolution",
		"SIMPLE/momentumPredictor maybe is not a switch (yes/no, true/false, on/off): the solver stops reading fvSolution",
		"SIMPLE/pRefValue zero is not a number: the solver stops reading fvSolution",
	}
	count(controls.findings) == 0 with input as test.set(test.case, concat("", [fvs, "/SIMPLE/momentumPredictor"]), "off")
	count(controls.findings) == 0 with input as test.set(test.case, concat("", [fvs, "/SIMPLE/consistent"]), true)
}

test_relaxation if {
	doc := test.set(test.case, concat("", [fvs, "/relaxationFactors/equations/U"]), "high")
	msgs(doc) == {"relaxationFactors/equations/U high is not a number: the solver stops reading fvSolution"}
}

# ESI v2506 reads a factor as a Function1 (`U lookup; name banana;`, mesh/blockMesh/pipe).
test_relaxation_function1 if {
	doc := test.set(test.case, concat("", [fvs, "/relaxationFactors/equations/U"]), "lookup")
	count(controls.findings) == 0 with input as doc with data.kb.release.layout.relaxationFunction1 as true
}

test_solver_controls if {
	doc := test.set(test.set(test.case, concat("", [fvs, "/solvers/p/tolerance"]), "small"), concat("", [fvs, "/solvers/p/maxIter"]), 10.5)
	msgs(doc) == {
		"solvers/p/tolerance small is not a number: the solver stops reading fvSolution",
		"solvers/p/maxIter 10.5 is not a whole number: the solver stops reading fvSolution",
	}
}

test_coupled_component_tolerances if {
	doc := test.set(test.case, concat("", [fvs, "/solvers/U"]), {"type": "coupled", "solver": "PBiCCCG", "tolerance": [1e-5, 1e-5, 1e-5], "relTol": [0, 0, 0]})
	count(controls.findings) == 0 with input as doc
	count(controls.findings) == 1 with input as test.set(doc, concat("", [fvs, "/solvers/U/relTol"]), [0, "zero", 0])
}
