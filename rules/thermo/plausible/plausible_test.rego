package foamc.rules.thermo.plausible_test

import data.foamc.rules.thermo.plausible
import data.foamc.test

test_ok if {
	count(plausible.findings) == 0 with input as test.compressible
}

test_celsius if {
	fs := plausible.findings with input as test.set(test.compressible, "/files/0~1T/internalField", {"$uniform": 0})
	count(fs) == 1
	some f in fs
	f.severity == "deny"
}

test_props if {
	doc := test.set(test.set(test.compressible, "/files/constant~1thermophysicalProperties/mixture/transport/mu", -1), "/files/constant~1thermophysicalProperties/mixture/thermodynamics/Cp", 0)
	count(plausible.findings) == 2 with input as doc
}

test_setfields_and_passive_scalar if {
	doc := test.set(test.compressible, "/files/0~1T/internalField", {"$uniform": 0})
	count(plausible.findings) == 0 with input as test.set(doc, "/files/system~1setFieldsDict", {})
	count(plausible.findings) == 0 with input as test.set(doc, "/features/solver", "scalarTransportFoam")
}

tp := "/files/constant~1thermophysicalProperties/mixture"

test_zero_denies_negative_warns if {
	fs := plausible.findings with input as test.set(test.compressible, concat("", [tp, "/transport/Pr"]), 0)
	[f] := [f | some f in fs]
	f.severity == "deny"
	gs := plausible.findings with input as test.set(test.compressible, concat("", [tp, "/thermodynamics/Cp"]), -1)
	[g] := [g | some g in gs]
	g.severity == "warn"
}

test_word if {
	fs := plausible.findings with input as test.set(test.compressible, concat("", [tp, "/specie/molWeight"]), "abc")
	[f] := [f | some f in fs]
	f.msg == "molWeight abc is not a number"
}

test_mu_zero_turbulent_only if {
	doc := test.set(test.compressible, concat("", [tp, "/transport/mu"]), 0)
	count(plausible.findings) == 0 with input as doc
	ras := test.set(test.set(doc, "/features/simulationType", "RAS"), "/features/turbulenceModel", "kEpsilon")
	[f] := [f | some f in plausible.findings] with input as ras
	f.severity == "deny"
}

test_region if {
	doc := test.set(test.compressible, "/files/constant~1heater~1thermophysicalProperties", {"mixture": {"thermodynamics": {"Cp": 0}}})
	[f] := [f | some f in plausible.findings] with input as doc
	f.path == "/files/constant~1heater~1thermophysicalProperties/mixture/thermodynamics/Cp"
}
