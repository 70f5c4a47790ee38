package foamc.rules.structure.application_test

import data.foamc.rules.structure.application
import data.foamc.test

test_ok if {
	count(application.findings) == 0 with input as test.case
}

test_utility if {
	count(application.findings) == 0 with input as test.set(test.case, "/files/system~1controlDict/application", "snappyHexMesh")
}

test_missing if {
	fs := application.findings with input as test.del(test.case, "/files/system~1controlDict/application")
	[f] := [f | some f in fs]
	contains(f.msg, "no application")
}

test_unknown if {
	fs := application.findings with input as test.set(test.case, "/files/system~1controlDict/application", "simpelFoam")
	[f] := [f | some f in fs]
	f.suggest.word == "simpelFoam"
}

test_no_header_no_finding if {
	doc := test.del(test.del(test.case, "/files/system~1controlDict/application"), "/headers/system~1controlDict")
	count(application.findings) == 0 with input as doc
}
