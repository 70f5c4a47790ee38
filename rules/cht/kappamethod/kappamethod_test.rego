package foamc.rules.cht.kappamethod_test

import data.foamc.rules.cht.kappamethod

doc(m) := {
	"files": {
		"constant/regionProperties": {"regions": ["fluid", ["fluid"], "solid", ["solid"]]},
		"0/fluid/T": {"boundaryField": {"$regex": [{"pattern": "fluid_to_.*", "value": {"type": "compressible::turbulentTemperatureCoupledBaffleMixed", "kappaMethod": m}}]}},
	},
	"fields": {"fluid/T": "0/fluid/T"},
}

test_solid_method_in_fluid if {
	count(kappamethod.findings) == 1 with input as doc("solidThermo")
}

test_fluid_method_in_fluid if {
	count(kappamethod.findings) == 0 with input as doc("fluidThermo")
}

test_fluid_method_in_solid_runs if {
	doc := {
		"files": {
			"constant/regionProperties": {"regions": ["fluid", [], "solid", ["solid"]]},
			"0/solid/T": {"boundaryField": {"$regex": [{"pattern": "solid_to_.*", "value": {"type": "compressible::turbulentTemperatureCoupledBaffleMixed", "kappaMethod": "fluidThermo"}}]}},
		},
		"fields": {"solid/T": "0/solid/T"},
	}
	count(kappamethod.findings) == 0 with input as doc
}
