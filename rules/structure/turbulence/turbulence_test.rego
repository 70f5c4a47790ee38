package foamc.rules.structure.turbulence_test

import data.foamc.rules.structure.turbulence
import data.foamc.test

test_present if {
	count(turbulence.findings) == 0 with input as test.case
}

test_missing if {
	count(turbulence.findings) == 1 with input as test.del(test.case, "/files/constant~1turbulenceProperties")
}

test_icofoam_builds_no_model if {
	doc := test.set(test.del(test.case, "/files/constant~1turbulenceProperties"), "/features/solver", "icoFoam")
	count(turbulence.findings) == 0 with input as doc
}
