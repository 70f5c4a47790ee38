package foamc.rules.dims.alpha_test

import data.foamc.rules.dims.alpha
import data.foamc.test

vof(d) := test.set(
	test.set(
		test.set(
			test.set(test.case, "/features/solver", "interFoam"),
			"/files/constant~1transportProperties", {"phases": ["water", "air"]},
		),
		"/fields/alpha.water", "0/alpha.water",
	),
	"/files/0~1alpha.water", {"dimensions": {"$dims": d}},
)

test_dimensionless if {
	count(alpha.findings) == 0 with input as vof([0, 0, 0, 0, 0, 0, 0])
}

test_metres if {
	count(alpha.findings) == 1 with input as vof([0, 1, 0, 0, 0, 0, 0])
}
