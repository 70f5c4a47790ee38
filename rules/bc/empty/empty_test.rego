package foamc.rules.bc.empty_test

import data.foamc.rules.bc.empty
import data.foamc.test

test_ok if {
	count(empty.findings) == 0 with input as test.case
}

test_zero_gradient_on_empty if {
	fs := empty.findings with input as test.set(test.case, "/files/0~1p/boundaryField/frontAndBack/type", "zeroGradient")
	count(fs) == 1
	some f in fs
	f.related == [{"path": "/patches/4", "message": "the patch in the mesh"}]
}

test_empty_on_wall if {
	count(empty.findings) == 1 with input as test.set(test.case, "/files/0~1p/boundaryField/upperWall", {"type": "empty"})
}
