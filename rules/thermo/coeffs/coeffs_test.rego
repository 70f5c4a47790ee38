package foamc.rules.thermo.coeffs_test

import data.foamc.rules.thermo.coeffs
import data.foamc.test

test_ok if {
	count(coeffs.findings) == 0 with input as test.compressible
}

test_missing_cp if {
	fs := coeffs.findings with input as test.del(test.compressible, "/files/constant~1thermophysicalProperties/mixture/thermodynamics/Cp")
	count(fs) == 1
	some f in fs
	contains(f.msg, "Cp")
}

test_sutherland if {
	count(coeffs.findings) == 2 with input as test.set(test.compressible, "/files/constant~1thermophysicalProperties/thermoType/transport", "sutherland")
}

test_legacy_sutherland if {
	doc := test.set(test.compressible, "/files/constant~1thermophysicalProperties/thermoType", "heRhoThermo<pureMixture<sutherland<hConst<perfectGas<specie>>,sensibleEnthalpy>>>")
	count(coeffs.findings) == 2 with input as doc
}
