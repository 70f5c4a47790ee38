package foamc.rules.thermo.thermotype_test

import data.foamc.rules.thermo.thermotype
import data.foamc.test

test_ok if {
	count(thermotype.findings) == 0 with input as test.compressible
}

test_missing_specie if {
	count(thermotype.findings) == 1 with input as test.del(test.compressible, "/files/constant~1thermophysicalProperties/thermoType/specie")
}

test_liquid if {
	doc := test.set(test.compressible, "/files/constant~1thermophysicalProperties/thermoType", {"type": "heRhoThermo", "mixture": "pureMixture", "properties": "liquid", "energy": "sensibleInternalEnergy"})
	count(thermotype.findings) == 0 with input as doc
}

test_no_thermotype if {
	count(thermotype.findings) == 1 with input as test.del(test.compressible, "/files/constant~1thermophysicalProperties/thermoType")
}
