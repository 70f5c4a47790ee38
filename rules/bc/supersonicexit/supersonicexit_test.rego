package foamc.rules.bc.supersonicexit_test

import data.foamc.rules.bc.supersonicexit
import data.foamc.test

# A non-dimensional gas (R = 8314.47/11640.3, gamma = 1.4: c = 1 at T = 1), inflow at Ma 3.
doc(outlet_p, speed) := object.union(test.compressible, {
	"fields": {"U": "0/U", "T": "0/T", "p": "0/p"},
	"files": {
		"constant/thermophysicalProperties": {"mixture": {"specie": {"molWeight": 11640.3}, "thermodynamics": {"Cp": 2.5}}},
		"0/U": {"boundaryField": test.scalar_bf({"type": "fixedValue", "value": {"$uniform": [speed, 0, 0]}}, {"type": "inletOutlet"}, {"type": "noSlip"})},
		"0/T": {"boundaryField": test.scalar_bf({"type": "fixedValue", "value": {"$uniform": 1}}, {"type": "inletOutlet"}, {"type": "zeroGradient"})},
		"0/p": {"boundaryField": test.scalar_bf({"type": "fixedValue", "value": {"$uniform": 1}}, outlet_p, {"type": "zeroGradient"})},
	},
})

test_fixed_p_supersonic if {
	count(supersonicexit.findings) == 1 with input as doc({"type": "fixedValue", "value": {"$uniform": 1}}, 3)
}

test_wave_transmissive if {
	count(supersonicexit.findings) == 0 with input as doc({"type": "waveTransmissive", "gamma": 1.4, "fieldInf": 1}, 3)
}

test_subsonic_inlet if {
	count(supersonicexit.findings) == 0 with input as doc({"type": "fixedValue", "value": {"$uniform": 1}}, 0.5)
}
