package foamc.rules.structure.fieldclass_test

import data.foamc.rules.structure.fieldclass
import data.foamc.test

test_ok if {
	count(fieldclass.findings) == 0 with input as test.case
}

test_u_scalar if {
	fs := fieldclass.findings with input as test.set(test.case, "/headers/0~1U/class", "volScalarField")
	count(fs) == 1
	some f in fs
	f.path == "/headers/0~1U/class"
}

test_p_vector if {
	count(fieldclass.findings) == 1 with input as test.set(test.case, "/headers/0~1p/class", "volVectorField")
}

test_k_vector if {
	count(fieldclass.findings) == 1 with input as test.set(test.case, "/headers/0~1k/class", "volVectorField")
}

test_unknown_field_ignored if {
	doc := object.union(test.case, {"fields": {"foo": "0/foo"}, "headers": {"0/foo": {"class": "volVectorField"}}})
	count(fieldclass.findings) == 0 with input as doc
}
