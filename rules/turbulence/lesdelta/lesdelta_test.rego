package foamc.rules.turbulence.lesdelta_test

import data.foamc.rules.turbulence.lesdelta
import data.foamc.test

les(d) := test.set(test.case, "/files/constant~1turbulenceProperties", {"simulationType": "LES", "LES": d})

test_ok if {
	count(lesdelta.findings) == 0 with input as les({"LESModel": "Smagorinsky", "delta": "cubeRootVol", "cubeRootVolCoeffs": {"deltaCoeff": 1}})
}

test_no_delta if {
	count(lesdelta.findings) == 1 with input as les({"LESModel": "Smagorinsky"})
}

test_no_coeffs if {
	fs := lesdelta.findings with input as les({"LESModel": "Smagorinsky", "delta": "vanDriest"})
	count(fs) == 1
	some f in fs
	contains(f.msg, "vanDriestCoeffs")
}

test_cuberootvol_coeffs_optional if {
	count(lesdelta.findings) == 0 with input as les({"LESModel": "Smagorinsky", "delta": "cubeRootVol"})
}
