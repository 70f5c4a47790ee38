package foamc.rules.thermo.thermotype_test

import data.foamc.lib
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

# The legacy single-word thermoType (basicThermoTemplates.C:168) is the package name itself.
legacy(word) := test.set(test.compressible, "/files/constant~1thermophysicalProperties/thermoType", word)

test_thermo_type_forms if {
	lib.thermo_type({"thermoType": "heRhoThermo<pureMixture<const<hConst<perfectGas<specie>>,sensibleEnthalpy>>>"}) == {
		"type": "heRhoThermo", "mixture": "pureMixture", "transport": "const", "thermo": "hConst",
		"equationOfState": "perfectGas", "specie": "specie", "energy": "sensibleEnthalpy",
	}
	lib.thermo_type({"thermoType": "heRhoThermo<pureMixture<liquid,sensibleEnthalpy>>"}) == {
		"type": "heRhoThermo", "mixture": "pureMixture", "properties": "liquid", "energy": "sensibleEnthalpy",
	}
	lib.thermo_type({"thermoType": {"type": "hePsiThermo"}}) == {"type": "hePsiThermo"}
	not lib.thermo_type({"thermoType": "heRhoThermo<pureMixture>"})
	not lib.thermo_type({"thermoType": ["heRhoThermo<pureMixture<const<hConst<perfectGas<specie>>,", "sensibleEnthalpy>>>"]})
	not lib.thermo_type({"mixture": {}})
}

test_legacy_ok if {
	count(thermotype.findings) == 0 with input as legacy("heRhoThermo<pureMixture<const<hConst<perfectGas<specie>>,sensibleEnthalpy>>>")
}

test_legacy_liquid if {
	count(thermotype.findings) == 0 with input as legacy("heRhoThermo<pureMixture<liquid,sensibleInternalEnergy>>")
}

test_legacy_combination if {
	fs := thermotype.findings with input as legacy("heRhoThermo<pureMixture<const<janaf<perfectGas<specie>>,sensibleEnthalpy>>>")
	count(fs) == 1
	some f in fs
	f.path == "/files/constant~1thermophysicalProperties/thermoType"
	f.suggest.word == "heRhoThermo<pureMixture<const<janaf<perfectGas<specie>>,sensibleEnthalpy>>>"
}

test_legacy_not_a_name if {
	fs := thermotype.findings with input as legacy("heRhoThermo<pureMixture<const<hConst<perfectGas>>,sensibleEnthalpy>>")
	count(fs) == 1
	some f in fs
	f.path == "/files/constant~1thermophysicalProperties/thermoType"
	contains(f.msg, "neither a dictionary nor a package name")

	# Two words (a space after the comma) are no single word either.
	count(thermotype.findings) == 1 with input as legacy(["heRhoThermo<pureMixture<const<hConst<perfectGas<specie>>,", "sensibleEnthalpy>>>"])
}
