package foamc.rules.time.steadydelta_test

import data.foamc.rules.time.steadydelta
import data.foamc.test

test_ok if {
	count(steadydelta.findings) == 0 with input as test.case
}

test_small if {
	count(steadydelta.findings) == 1 with input as test.set(test.case, "/files/system~1controlDict/deltaT", 0.001)
}

test_rescaled if {
	doc := test.set(test.set(test.set(test.case, "/files/system~1controlDict/deltaT", 0.001), "/files/system~1controlDict/endTime", 0.25), "/files/system~1controlDict/writeControl", "runTime")
	fs := steadydelta.findings with input as test.set(doc, "/files/system~1controlDict/writeInterval", 0.01)
	[f] := [f | some f in fs]
	[[e.pointer, e.value] | some e in f.edits] == [["/deltaT", "1"], ["/endTime", "250"], ["/writeInterval", "10"]]
}

test_timestep_interval_kept if {
	fs := steadydelta.findings with input as test.set(test.case, "/files/system~1controlDict/deltaT", 0.5)
	[f] := [f | some f in fs]
	[e.pointer | some e in f.edits] == ["/deltaT", "/endTime"]
}
