package foamc.rules.bc.vofatmosphere_test

import data.foamc.rules.bc.vofatmosphere
import data.foamc.test

bf(atm) := {"inlet": atm, "outlet": {"type": "zeroGradient"}, "upperWall": {"type": "zeroGradient"}, "lowerWall": {"type": "zeroGradient"}, "frontAndBack": {"type": "empty"}}

vof(atm, p) := object.union(test.set(test.set(test.case, "/features/solver", "interFoam"), "/files/constant~1transportProperties", {"phases": ["water", "air"]}), {
	"fields": {"alpha.water": "0/alpha.water", "p_rgh": "0/p_rgh"},
	"headers": {"0/alpha.water": {"class": "volScalarField"}, "0/p_rgh": {"class": "volScalarField"}},
	"files": {
		"0/alpha.water": {"boundaryField": bf(atm)},
		"0/p_rgh": {"boundaryField": bf(p)},
	},
})

total := {"type": "totalPressure", "p0": {"$uniform": 0}}

test_damBreak_clean if {
	count(vofatmosphere.findings) == 0 with input as vof({"type": "inletOutlet", "inletValue": {"$uniform": 0}, "value": {"$uniform": 0}}, total)
}

test_fixed_liquid if {
	count(vofatmosphere.findings) == 1 with input as vof({"type": "fixedValue", "value": {"$uniform": 1}}, total)
}

test_inletoutlet_liquid if {
	count(vofatmosphere.findings) == 1 with input as vof({"type": "inletOutlet", "inletValue": {"$uniform": 1}, "value": {"$uniform": 1}}, total)
}

test_velocity_inlet_of_liquid if {
	count(vofatmosphere.findings) == 0 with input as vof({"type": "fixedValue", "value": {"$uniform": 1}}, {"type": "fixedFluxPressure"})
}

test_filled_domain if {
	doc := vof({"type": "inletOutlet", "inletValue": {"$uniform": 1}, "value": {"$uniform": 1}}, total)
	count(vofatmosphere.findings) == 0 with input as test.set(doc, "/files/0~1alpha.water/internalField", {"$uniform": 1})
	count(vofatmosphere.findings) == 1 with input as test.set(doc, "/files/0~1alpha.water/internalField", {"$uniform": 0})
}
