package foamc.rules.cht.tnbr_test

import data.foamc.rules.cht.tnbr

doc(nbr) := {
	"files": {
		"constant/regionProperties": {"regions": ["fluid", ["fluid"], "solid", ["solid"]]},
		"0/fluid/T": {"boundaryField": {"$regex": [{"pattern": "fluid_to_.*", "value": {"type": "compressible::turbulentTemperatureCoupledBaffleMixed", "Tnbr": "T"}}]}},
		"0/solid/T": {"boundaryField": {"$regex": [{"pattern": "solid_to_.*", "value": {"type": "compressible::turbulentTemperatureCoupledBaffleMixed", "Tnbr": nbr}}]}},
	},
	"fields": {"fluid/T": "0/fluid/T", "solid/T": "0/solid/T"},
	"patches": [],
	"meshes": {},
}

test_tnbr_mismatch if {
	count(tnbr.findings) == 1 with input as doc("Ts")
}

test_tnbr_T if {
	count(tnbr.findings) == 0 with input as doc("T")
}
