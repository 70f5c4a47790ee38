package foamc.rules.cht.coupling_test

import data.foamc.rules.cht.coupling

coupled := {"type": "compressible::turbulentTemperatureCoupledBaffleMixed", "Tnbr": "T", "kappaMethod": "solidThermo"}

doc(solid_iface) := {
	"files": {
		"constant/regionProperties": {"regions": ["fluid", ["fluid"], "solid", ["solid"]]},
		"0/fluid/T": {"boundaryField": {"$regex": [{"pattern": "fluid_to_.*", "value": coupled}]}},
		"0/solid/T": {"boundaryField": {"$regex": [{"pattern": "solid_to_.*", "value": solid_iface}]}},
	},
	"fields": {"fluid/T": "0/fluid/T", "solid/T": "0/solid/T"},
	"patches": [],
	"meshes": {},
}

test_one_side_only if {
	count(coupling.findings) == 1 with input as doc({"type": "zeroGradient"})
}

test_both_sides if {
	count(coupling.findings) == 0 with input as doc(coupled)
}
