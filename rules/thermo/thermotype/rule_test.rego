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

test_flat_names if {
	flat := {"rhoThermo": ["heRhoThermo<pureMixture,const,hConst,perfectGas,specie,sensibleEnthalpy>"]}
	doc := test.set(test.compressible, "/features/solver", "buoyantPimpleFoam")
	count(thermotype.findings) == 0 with input as doc with data.kb.vocab.thermoCombinations as flat
}

test_combination if {
	count(thermotype.findings) == 0 with input as test.set(test.compressible, "/features/solver", "buoyantPimpleFoam")
	fs := thermotype.findings with input as test.set(test.compressible, "/files/constant~1thermophysicalProperties/thermoType/thermo", "janaf")
	count(fs) == 1
	some f in fs
	f.suggest.word == "heRhoThermo<pureMixture<const<janaf<perfectGas<specie>>,sensibleEnthalpy>>>"
}
