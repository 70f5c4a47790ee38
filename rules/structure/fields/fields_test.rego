package foamc.rules.structure.fields_test

import data.foamc.rules.structure.fields
import data.foamc.test

test_complete if {
	count(fields.findings) == 0 with input as test.case
}

test_missing_p if {
	fs := fields.findings with input as test.del(test.case, "/fields/p")
	count(fs) == 1
	some f in fs
	contains(f.msg, "field p")
}

test_interfoam_alpha if {
	doc := object.union(test.case, {
		"features": {"solver": "interFoam"},
		"fields": {"p_rgh": "0/p_rgh"},
		"files": {"constant/transportProperties": {"phases": ["water", "air"]}},
	})
	fs := fields.findings with input as doc
	count(fs) == 1
	some f in fs
	contains(f.msg, "alpha.water")
}
