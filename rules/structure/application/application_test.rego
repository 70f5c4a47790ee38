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

app(name) := f if {
	fs := application.findings with input as test.set(test.case, "/files/system~1controlDict/application", name)
	[f] := [f | some f in fs]
}

test_misspelt if {
	f := app("simpelFoam")
	f.suggest.word == "simpelFoam"
	f.severity == "deny"
	f.msg == "application simpelFoam is a misspelling of simpleFoam: the run starts simpelFoam, which does not exist"
	app("simplefoam").severity == "deny"
	app("icoFaom").severity == "deny"
	app("icoFom").severity == "deny"
	app("icoFoan").severity == "deny"
}

test_unknown_custom_solver if {
	f := app("myChannelFoam")
	not f.severity
	contains(f.msg, "not a v1912 solver or utility")
	not app("rhoFoam").severity
	not app("icoFoam2").severity
	not app(1).severity
}

test_no_header_no_finding if {
	doc := test.del(test.del(test.case, "/files/system~1controlDict/application"), "/headers/system~1controlDict")
	count(application.findings) == 0 with input as doc
}
