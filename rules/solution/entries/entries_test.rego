package foamc.rules.solution.entries_test

import data.foamc.rules.solution.entries
import data.foamc.test

test_ok if {
	count(entries.findings) == 0 with input as test.case
	count(entries.findings) == 0 with input as test.compressible
}

test_missing_p if {
	fs := entries.findings with input as test.del(test.case, "/files/system~1fvSolution/solvers/p")
	count(fs) == 1
}

test_regex_last_wins_irrelevant_for_presence if {
	doc := test.set(test.case, "/files/system~1fvSolution/solvers/$regex", [{"pattern": "(U|k)", "value": {"solver": "PBiCG"}}])
	fs := entries.findings with input as doc
	count(fs) == 1
	some f in fs
	contains(f.msg, "epsilon")
}

test_interfoam_alpha if {
	doc := object.union(test.case, {
		"features": {"solver": "interFoam", "simulationType": "laminar"},
		"files": {"constant/transportProperties": {"phases": ["water", "air"]}, "system/fvSolution": {"solvers": {"p_rgh": {"solver": "PCG"}}}},
	})
	fs := entries.findings with input as doc
	count(fs) == 1
	some f in fs
	contains(f.msg, "alpha.water")
}
