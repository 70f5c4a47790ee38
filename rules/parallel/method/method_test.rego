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

severity(doc) := s if {
	fs := method.findings with input as doc
	s := {f.severity | some f in fs}
}

scripted := object.union(with_method("scotch"), {"launches": [{"file": "Allrun", "line": 5, "column": 1, "ranks": 0, "command": "runParallel"}]})

# The run at hand decides: a serial solver gated on a case whose Allrun runs in
# parallel never reads decomposeParDict.
test_stub_scotch_serial_run if {
	severity(scripted) == {"warn"}
	severity(object.union(scripted, {"run": {"command": "simpleFoam", "parallel": false, "ranks": 0, "script": ""}})) == {"warn"}
}

test_stub_scotch_parallel_run if {
	severity(object.union(scripted, {"run": {"command": "mpirun", "parallel": true, "ranks": 2, "script": ""}})) == {"deny"}
	severity(object.union(scripted, {"run": {"command": "decomposePar", "parallel": false, "ranks": 0, "script": ""}})) == {"deny"}

	# ./Allrun launches in parallel; another script does not.
	severity(object.union(scripted, {"run": {"command": "Allrun", "parallel": false, "ranks": 0, "script": "Allrun"}})) == {"deny"}
	severity(object.union(scripted, {"run": {"command": "bash", "parallel": false, "ranks": 0, "script": "Allrun-serial"}})) == {"warn"}
}

# With no run known, a case already decomposed uses its decomposition.
test_stub_scotch_decomposed if {
	severity(test.set(with_method("scotch"), "/features/decomposed", true)) == {"deny"}
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
