package foamc.rules.time.budget_test

import data.foamc.rules.time.budget
import data.foamc.test

run(cdict) := object.union(test.set(test.case, "/features/solver", "pimpleFoam"), {"files": {"system/controlDict": cdict}})

test_ok if {
	count(budget.findings) == 0 with input as test.case
}

test_over_budget_with_cells if {
	doc := object.union(run({"deltaT": 1e-5, "endTime": 5}), {"meshes": {"": {"nCells": 12225, "source": "system/blockMeshDict"}}})
	fs := budget.findings with input as doc
	[f] := [f | some f in fs]
	f.msg == "endTime 5 / deltaT 1e-05 is 500000 fixed time steps (budget 100000): with 12225 cells at least 14 h of CPU time"
}

test_durations if {
	budget.duration(30) == "30 s"
	budget.duration(600) == "10 min"
	budget.duration(200000) == "2 days"
}

test_no_cells if {
	fs := budget.findings with input as run({"deltaT": 1e-6, "endTime": 1})
	[f] := [f | some f in fs]
	endswith(f.msg, "(budget 100000)")
}

test_adjusting_exempt if {
	count(budget.findings) == 0 with input as run({"deltaT": 1e-6, "endTime": 1, "adjustTimeStep": "yes"})
	count(budget.findings) == 1 with input as run({"deltaT": 1e-6, "endTime": 1, "adjustTimeStep": "no"})
}

test_steady_iterations if {
	count(budget.findings) == 1 with input as object.union(test.case, {"files": {"system/controlDict": {"deltaT": 0.001, "endTime": 200}}})
}

test_latest_time_start if {
	doc := run({"deltaT": 1e-5, "endTime": 5, "startFrom": "latestTime", "startTime": 4.9})
	count(budget.findings) == 1 with input as doc
}
