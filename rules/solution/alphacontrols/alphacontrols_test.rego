package foamc.rules.solution.alphacontrols_test

import data.foamc.rules.solution.alphacontrols
import data.foamc.test

controls := {"nAlphaCorr": 2, "nAlphaSubCycles": 1, "cAlpha": 1, "MULESCorr": "yes", "solver": "smoothSolver"}

vof(solver, solvers) := test.set(
	test.set(
		test.set(test.case, "/features/solver", solver),
		"/files/constant~1transportProperties", {"phases": ["water", "air"]},
	),
	"/files/system~1fvSolution/solvers", solvers,
)

regex(c) := {"$regex": [{"pattern": "alpha.water.*", "value": c}]}

test_damBreak_clean if {
	count(alphacontrols.findings) == 0 with input as vof("interFoam", regex(controls))
}

test_missing_under_regex if {
	fs := alphacontrols.findings with input as vof("interFoam", regex(object.remove(controls, ["cAlpha", "nAlphaCorr"])))
	count(fs) == 2
	some f in fs
	f.path == "/files/system~1fvSolution/solvers/$regex/0/value"
	some e in f.edits
	e.pointer == "/solvers/alpha.water.*/cAlpha"
}

test_missing_literal if {
	fs := alphacontrols.findings with input as vof("interFoam", {"alpha.water": object.remove(controls, ["nAlphaSubCycles"])})
	count(fs) == 1
	some f in fs
	some e in f.edits
	e.pointer == "/solvers/alpha.water/nAlphaSubCycles"
}

test_iso_reads_no_nAlphaCorr if {
	count(alphacontrols.findings) == 0 with input as vof("interIsoFoam", regex(object.remove(controls, ["nAlphaCorr"])))
}

test_not_vof if {
	count(alphacontrols.findings) == 0 with input as vof("simpleFoam", regex({}))
}
