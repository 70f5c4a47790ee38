package foamc.rules.time.dead_test

import data.foamc.rules.time.dead
import data.foamc.test

cd := "/files/system~1controlDict"

pimple(extra) := object.union(test.set(test.case, "/features/solver", "pimpleFoam"), {"files": {"system/controlDict": extra}})

test_ok if {
	count(dead.findings) == 0 with input as test.case
	count(dead.findings) == 0 with input as pimple({"adjustTimeStep": "yes", "maxCo": 0.5, "maxDeltaT": 1})
}

test_dead_maxco if {
	fs := dead.findings with input as pimple({"maxCo": 0.5, "deltaT": 1e-5, "endTime": 5})
	[f] := [f | some f in fs]
	contains(f.msg, "maxCo 0.5 has no effect")
	contains(f.msg, "(500000 steps to endTime)")
	f.edits == [{"op": "add", "file": "system/controlDict", "pointer": "/adjustTimeStep", "value": "yes"}]
	f.related[0].path == "/files/system~1controlDict/deltaT"
}

test_dead_both_adjust_off if {
	fs := dead.findings with input as pimple({"adjustTimeStep": "no", "maxCo": 0.5, "maxDeltaT": 0.1})
	[f] := [f | some f in fs]
	startswith(f.msg, "maxCo 0.5 and maxDeltaT 0.1 have no effect")
	f.path == "/files/system~1controlDict/maxCo"
	f.edits == [{"op": "set", "file": "system/controlDict", "pointer": "/adjustTimeStep", "value": "yes"}]
	[r.path | some r in f.related] == ["/files/system~1controlDict/adjustTimeStep", "/files/system~1controlDict/maxDeltaT"]
}

test_maxdeltat_alone if {
	fs := dead.findings with input as pimple({"maxDeltaT": 0.1})
	[f] := [f | some f in fs]
	f.path == "/files/system~1controlDict/maxDeltaT"
	count(f.edits) == 1
}

test_no_setdeltat_removes if {
	doc := object.union(test.case, {"files": {"system/controlDict": {"maxCo": 0.9, "maxDeltaT": 1}}})
	fs := dead.findings with input as doc
	[f] := [f | some f in fs]
	f.edits == [
		{"op": "remove", "file": "system/controlDict", "pointer": "/maxCo"},
		{"op": "remove", "file": "system/controlDict", "pointer": "/maxDeltaT"},
	]
}

test_chemfoam_exempt if {
	doc := object.union(test.set(test.case, "/features/solver", "chemFoam"), {"files": {"system/controlDict": {"maxDeltaT": 0.1}}})
	count(dead.findings) == 0 with input as doc
}
