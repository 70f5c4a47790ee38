package foamc.rules.turbulence.lowre_test

import data.foamc.rules.turbulence.lowre
import data.foamc.test

test_low_re_with_wall_functions if {
	doc := test.set(test.case, "/features/turbulenceModel", "LaunderSharmaKE")

	# epsilonWallFunction and nutkWallFunction on two walls each
	count(lowre.findings) == 4 with input as doc
}

test_high_re if {
	count(lowre.findings) == 0 with input as test.case
}
