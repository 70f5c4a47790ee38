package foamc.rules.bc.p0_test

import data.foamc.rules.bc.p0
import data.foamc.test

tp(doc, v) := test.set(doc, "/files/0~1p/boundaryField/outlet", {"type": "totalPressure", "p0": {"$uniform": v}})

test_kinematic if {
	count(p0.findings) == 1 with input as tp(test.case, 100000)
	count(p0.findings) == 0 with input as tp(test.case, 0)
}

test_static if {
	count(p0.findings) == 1 with input as tp(test.compressible, 0)
	count(p0.findings) == 0 with input as tp(test.compressible, 101325)
}

test_static_vacuum_denies if {
	some f in p0.findings with input as tp(test.compressible, 0)
	f.severity == "deny"
	some g in p0.findings with input as tp(test.compressible, 1.2)
	g.severity == "warn"
}

test_kinematic_deny_beyond_flow_speed if {
	# the fixture's inlet is 10 m/s: 50 * 100 = 5000 m2/s2 is the limit
	some f in p0.findings with input as tp(test.case, 100000)
	f.severity == "deny"
	some g in p0.findings with input as tp(test.case, 6000)
	g.severity == "deny"
	count(p0.findings) == 0 with input as tp(test.case, 4000)
}

test_kinematic_without_velocity_scale_warns if {
	still := test.set(test.set(tp(test.case, 100000), "/files/0~1U/internalField", {"$uniform": [0, 0, 0]}), "/files/0~1U/boundaryField/inlet/value", {"$uniform": [0, 0, 0]})
	some f in p0.findings with input as still
	f.severity == "warn"
}
