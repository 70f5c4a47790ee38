package foamc.rules.turbulence.fields_test

import data.foamc.rules.turbulence.fields
import data.foamc.test

test_complete if {
	count(fields.findings) == 0 with input as test.case
}

test_missing_epsilon if {
	fs := fields.findings with input as test.del(test.case, "/fields/epsilon")
	count(fs) == 1
	some f in fs
	contains(f.msg, "epsilon")
}

test_laminar_needs_nothing if {
	doc := test.set(test.set(test.case, "/features/simulationType", "laminar"), "/fields", {"U": "0/U", "p": "0/p"})
	count(fields.findings) == 0 with input as doc
}
