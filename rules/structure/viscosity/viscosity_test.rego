package foamc.rules.structure.viscosity_test

import data.foamc.rules.structure.viscosity
import data.foamc.test

nu := "/files/constant~1transportProperties/nu"

test_ok if {
	count(viscosity.findings) == 0 with input as test.case
	count(viscosity.findings) == 0 with input as test.set(test.case, nu, 1e-5)
}

test_word if {
	fs := viscosity.findings with input as test.set(test.case, nu, [{"$dims": [0, 2, -1, 0, 0, 0, 0]}, "abc"])
	[f] := [f | some f in fs]
	contains(f.msg, "not a number")
}

test_negative if {
	fs := viscosity.findings with input as test.set(test.case, nu, -0.01)
	[f] := [f | some f in fs]
	f.msg == "nu -0.01 is negative"
}

test_zero_noted if {
	fs := viscosity.findings with input as test.set(test.case, nu, 0)
	[f] := [f | some f in fs]
	f.severity == "info"
}

test_phase if {
	tp := {"phases": ["water", "air"], "water": {"nu": -1}, "air": {"nu": 1.48e-05}, "sigma": 0.07}
	fs := viscosity.findings with input as test.set(test.case, "/files/constant~1transportProperties", tp)
	[f] := [f | some f in fs]
	f.path == "/files/constant~1transportProperties/water/nu"
}
