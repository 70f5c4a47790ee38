package foamc.rules.security.systemcall_test

import data.foamc.rules.security.systemcall
import data.foamc.test

doc := test.set(test.case, "/files/system~1controlDict/functions", {"sc": {"type": "systemCall", "executeCalls": ["echo hi"]}})

test_found if {
	fs := systemcall.findings with input as doc
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1controlDict/functions/sc"
	contains(f.msg, "echo hi")
}

test_allowed if {
	count(systemcall.findings) == 0 with input as doc with data.config.allow_code as true
}

test_pattern_keys if {
	d := test.set(test.case, "/files/system~1controlDict/functions", {"sc": {"$regex": [{"pattern": "typ(e)", "value": "systemCall"}, {"pattern": "execute.*", "value": ["id"]}]}})
	fs := systemcall.findings with input as d
	count(fs) == 1
	some f in fs
	contains(f.msg, "id")
}
