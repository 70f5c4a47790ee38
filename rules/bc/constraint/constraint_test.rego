package foamc.rules.bc.constraint_test

import data.foamc.rules.bc.constraint
import data.foamc.test

test_ok if {
	count(constraint.findings) == 0 with input as test.case
}

test_symmetryplane_on_patch if {
	count(constraint.findings) == 1 with input as test.set(test.case, "/files/0~1p/boundaryField/outlet", {"type": "symmetryPlane"})
}

axis := json.patch(test.case, [{"op": "replace", "path": "/patches/1", "value": {"name": "outlet", "type": "wedge", "inGroups": ["wedge"]}}])

test_zerogradient_on_wedge if {
	fs := constraint.findings with input as axis

	# p, U, k, epsilon on the wedge outlet; nut has calculated
	count(fs) == 5
}

test_patchtype_allows if {
	doc := test.set(axis, "/files/0~1p/boundaryField/outlet", {"type": "fixedJump", "patchType": "wedge"})
	fs := constraint.findings with input as doc
	count(fs) == 4
}

test_derived_patch_type if {
	doc := json.patch(test.case, [{"op": "replace", "path": "/patches/1", "value": {"name": "outlet", "type": "cyclicPeriodicAMI"}}])
	count(constraint.findings) == 0 with input as test.set(doc, "/files/0~1p/boundaryField/outlet", {"type": "cyclicAMI"})
}

test_fallback_without_kb if {
	count(constraint.findings) == 1 with input as test.set(test.case, "/files/0~1p/boundaryField/outlet", {"type": "cyclicSlip"})
}
