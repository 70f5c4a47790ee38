package foamc.rules.thermo.family_test

import data.foamc.rules.thermo.family
import data.foamc.test

test_any if {
	count(family.findings) == 0 with input as test.compressible
}

test_sonic_rho if {
	count(family.findings) == 1 with input as test.set(test.compressible, "/features/solver", "sonicFoam")
}

test_legacy_sonic_rho if {
	doc := test.set(test.compressible, "/files/constant~1thermophysicalProperties/thermoType", "heRhoThermo<pureMixture<const<hConst<perfectGas<specie>>,sensibleEnthalpy>>>")
	count(family.findings) == 0 with input as doc
	count(family.findings) == 1 with input as test.set(doc, "/features/solver", "sonicFoam")
}
