package foamc.rules.bc.rank_test

import data.foamc.rules.bc.rank
import data.foamc.test

test_ok if {
	count(rank.findings) == 0 with input as test.case
}

# k copied from U keeps `class volVectorField`: the solver constructs a scalar k, so the
# scalar values are right and only the class is wrong (FOAM-STRUCT-008).
test_wrong_header_class_keeps_the_known_rank if {
	doc := test.set(test.case, "/headers/0~1k/class", "volVectorField")
	count(rank.findings) == 0 with input as doc
	count(data.foamc.rules.structure.fieldclass.findings) == 1 with input as doc
}

test_unknown_field_rank_from_header if {
	doc := test.set(test.set(test.case, "/fields/Tx", "0/k"), "/headers/0~1k/class", "volVectorField")
	some f in rank.findings with input as doc
	contains(f.msg, "of Tx is a scalar, the field is a vector")
}

test_scalar_in_vector_internal if {
	fs := rank.findings with input as test.set(test.case, "/files/0~1U/internalField", {"$uniform": 0})
	count(fs) == 1
	some f in fs
	f.path == "/files/0~1U/internalField"
}

test_vector_in_scalar_bc if {
	count(rank.findings) == 1 with input as test.set(test.case, "/files/0~1k/boundaryField/inlet/value", {"$uniform": [1, 0, 0]})
}

test_nonuniform if {
	count(rank.findings) == 1 with input as test.set(test.case, "/files/0~1k/internalField", {"$nonuniform": {"type": "List<vector>", "size": 3}})
	count(rank.findings) == 0 with input as test.set(test.case, "/files/0~1k/internalField", {"$nonuniform": {"type": "List<scalar>", "size": 3}})
}

test_spherical if {
	doc := object.union(test.case, {"fields": {"I": "0/I"}, "headers": {"0/I": {"class": "volSphericalTensorField"}}, "files": {"0/I": {"internalField": {"$uniform": 1}}}})
	count(rank.findings) == 0 with input as doc
}

test_empty_nonuniform if {
	count(rank.findings) == 0 with input as test.set(test.case, "/files/0~1k/boundaryField/upperWall/value", {"$nonuniform": {"type": "", "size": 0}})
}
