package foamc.rules.time.startup_test

import data.foamc.rules.time.startup
import data.foamc.test

cd := "/files/system~1controlDict"

with_cd(key, v) := test.set(test.case, concat("/", [cd, key]), v)

one(doc) := f if {
	fs := startup.findings with input as doc
	[f] := [f | some f in fs]
}

test_ok if {
	count(startup.findings) == 0 with input as test.case
	count(startup.findings) == 0 with input as test.compressible
}

test_enums if {
	contains(one(with_cd("startFrom", "start")).detail, "expected startTime, firstTime or latestTime")
	one(with_cd("stopAt", "end")).suggest.word == "end"
	contains(one(with_cd("writeControl", "timestep")).msg, "writeControl timestep is not one of")
	count(startup.findings) == 0 with input as with_cd("writeControl", "none")
}

test_write_interval_steps if {
	f := one(with_cd("writeInterval", 0.01))
	contains(f.msg, "writeInterval 0.01 is below 1")
	f.edits[0].value == "runTime"
	count(f.related) == 1
	count(startup.findings) == 0 with input as with_cd("writeInterval", 1.5)
	count(startup.findings) == 0 with input as with_cd("writeControl", "runTime") with input.files["system/controlDict"].writeInterval as 0.01
}

test_write_interval_default_control if {
	doc := test.del(with_cd("writeInterval", 0.5), "/files/system~1controlDict/writeControl")
	f := one(doc)
	f.related == []
}

test_write_interval_zero_runtime if {
	doc := test.set(with_cd("writeInterval", 0), "/files/system~1controlDict/writeControl", "adjustableRunTime")
	contains(one(doc).msg, "divides by it")
}

test_end_inf if {
	f := one(with_cd("endTime", "inf"))
	contains(f.fix, "no `inf`")
	contains(f.detail, "expected scalar")
}

test_end_not_read if {
	doc := test.set(with_cd("endTime", "inf"), "/files/system~1controlDict/stopAt", "writeNow")
	count(startup.findings) == 0 with input as doc
}

test_end_read_without_stop_at if {
	doc := test.del(with_cd("endTime", "never"), "/files/system~1controlDict/stopAt")
	contains(one(doc).fix, "Give endTime as a number")
}

test_start_time_word if {
	contains(one(with_cd("startTime", "zero")).msg, "startTime zero is not a number")
	doc := test.set(with_cd("startTime", "zero"), "/files/system~1controlDict/startFrom", "latestTime")
	count(startup.findings) == 0 with input as doc
}

test_write_frequency_word if {
	doc := test.del(with_cd("writeFrequency", "often"), "/files/system~1controlDict/writeInterval")
	contains(one(doc).msg, "writeFrequency often")
}

test_labels if {
	contains(one(with_cd("timePrecision", "six")).msg, "not an integer")
	contains(one(with_cd("writePrecision", 6.5)).msg, "not an integer")
	contains(one(with_cd("purgeWrite", 1.5)).msg, "not an integer")
	count(startup.findings) == 0 with input as with_cd("purgeWrite", 2)
}

test_switches if {
	one(with_cd("runTimeModifiable", "maybe")).suggest.word == "maybe"
	contains(one(with_cd("adjustTimeStep", 0.5)).msg, "not a switch")
	every v in [true, "yes", "off", "n", 1] {
		count(startup.findings) == 0 with input as with_cd("adjustTimeStep", v)
	}
}

test_courant_controls if {
	pimple := test.set(test.case, "/features/solver", "pimpleFoam")
	fs := startup.findings with input as test.set(pimple, concat("/", [cd, "maxCo"]), "small")
	[f] := [f | some f in fs]
	f.msg == "maxCo small is not a number: OpenFOAM stops reading controlDict"
	count(startup.findings) == 0 with input as with_cd("maxCo", "small")
}
