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
