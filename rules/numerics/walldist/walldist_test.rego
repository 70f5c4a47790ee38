package foamc.rules.numerics.walldist_test

import data.foamc.rules.numerics.walldist
import data.foamc.test

sst := test.set(test.case, "/features/turbulenceModel", "kOmegaSST")

test_kepsilon if {
	count(walldist.findings) == 0 with input as test.case
}

test_sst_without if {
	count(walldist.findings) == 1 with input as sst
}

test_sst_with if {
	count(walldist.findings) == 0 with input as test.set(sst, "/files/system~1fvSchemes/wallDist", {"method": "meshWave"})
}

test_vandriest_needs_none if {
	doc := object.union(test.case, {
		"features": {"simulationType": "LES", "turbulenceModel": "Smagorinsky"},
		"files": {"constant/turbulenceProperties": {"simulationType": "LES", "LES": {"delta": "vanDriest"}}},
	})
	count(walldist.findings) == 0 with input as doc
}
