package foamc.rules.time.controls_test

import data.foamc.rules.time.controls
import data.foamc.test

cd := "/files/system~1controlDict"

test_ok if {
	count(controls.findings) == 0 with input as test.case
}

test_no_header if {
	fs := controls.findings with input as test.del(test.case, "/headers/system~1controlDict")
	[f] := [f | some f in fs]
	contains(f.msg, "no FoamFile header")
}

test_header_only if {
	fs := controls.findings with input as test.set(test.case, cd, {})
	count(fs) == 2 # deltaT and writeInterval; startTime and endTime only when asked for
}

test_missing_start_and_end if {
	fs := controls.findings with input as test.del(test.del(test.case, "/files/system~1controlDict/startTime"), "/files/system~1controlDict/endTime")
	count(fs) == 2
}

test_write_frequency if {
	doc := test.set(test.del(test.case, "/files/system~1controlDict/writeInterval"), "/files/system~1controlDict/writeFrequency", 10)
	count(controls.findings) == 0 with input as doc
}

test_deltat_zero if {
	fs := controls.findings with input as test.set(test.case, "/files/system~1controlDict/deltaT", 0)
	[f] := [f | some f in fs]
	contains(f.msg, "not positive")
	not f.severity
}

test_deltat_word if {
	fs := controls.findings with input as test.set(test.case, "/files/system~1controlDict/deltaT", "small")
	[f] := [f | some f in fs]
	contains(f.msg, "not a number")
}

test_end_not_after_start if {
	fs := controls.findings with input as test.set(test.case, "/files/system~1controlDict/endTime", 0)
	[f] := [f | some f in fs]
	f.severity == "warn"
}

test_end_half_step if {
	count(controls.findings) == 0 with input as test.set(test.case, "/files/system~1controlDict/endTime", 0.5)
	count(controls.findings) == 1 with input as test.set(test.case, "/files/system~1controlDict/endTime", 0.4)
}

test_latest_time_not_compared if {
	doc := test.set(test.set(test.case, "/files/system~1controlDict/endTime", 0), "/files/system~1controlDict/startFrom", "latestTime")
	count(controls.findings) == 0 with input as doc
}

test_utility_exempt if {
	doc := test.set(test.set(test.set(test.case, "/files/system~1controlDict/deltaT", 0), "/files/system~1controlDict/endTime", 0), "/files/system~1controlDict/application", "blockMesh")
	count(controls.findings) == 0 with input as doc
}
