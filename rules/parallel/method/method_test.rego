package foamc.rules.parallel.method_test

import data.foamc.rules.parallel.method
import data.foamc.test

with_method(m) := test.set(test.case, "/files/system~1decomposeParDict", {"numberOfSubdomains": 2, "method": m, "coeffs": {"n": [2, 1, 1]}})

test_stub_scotch if {
	fs := method.findings with input as with_method("scotch")
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1decomposeParDict/method"
	contains(f.msg, "stub")
	f.severity == "warn"
}

test_stub_scotch_parallel_run if {
	doc := object.union(with_method("scotch"), {"launches": [{"file": "Allrun", "line": 5, "column": 1, "ranks": 0, "command": "runParallel"}]})
	fs := method.findings with input as doc
	count(fs) == 1
	some f in fs
	f.severity == "deny"
}

test_unknown_ptscotch if {
	fs := method.findings with input as with_method("ptscotch")
	count(fs) == 1
	some f in fs
	contains(f.msg, "Unknown decompositionMethod type ptscotch")
	f.suggest.word == "ptscotch"
}

test_available if {
	count(method.findings) == 0 with input as with_method("simple")
	count(method.findings) == 0 with input as with_method("hierarchical")
	count(method.findings) == 0 with input as test.case
}

test_region_dict if {
	doc := test.set(test.case, "/files/system~1heater~1decomposeParDict", {"numberOfSubdomains": 2, "method": "metis"})
	count(method.findings) == 1 with input as doc
}
