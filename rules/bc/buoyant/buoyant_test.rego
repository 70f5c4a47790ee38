package foamc.rules.bc.buoyant_test

import data.foamc.rules.bc.buoyant
import data.foamc.test

b := object.union(test.compressible, {
	"features": {"solver": "buoyantPimpleFoam"},
	"fields": {"p_rgh": "0/p_rgh"},
	"headers": {"0/p_rgh": {"class": "volScalarField"}},
	"files": {"0/p_rgh": {"boundaryField": test.scalar_bf({"type": "fixedValue", "value": {"$uniform": 1e5}}, {"type": "fixedValue", "value": {"$uniform": 1e5}}, {"type": "fixedFluxPressure"})}},
})

calc := {"type": "calculated", "value": {"$uniform": 1e5}}

good := test.set(b, "/files/0~1p/boundaryField", test.scalar_bf(calc, calc, calc))

test_ok if {
	count(buoyant.findings) == 0 with input as good
}

test_zero_gradient_wall if {
	count(buoyant.findings) == 1 with input as test.set(good, "/files/0~1p_rgh/boundaryField/upperWall/type", "zeroGradient")
}

test_p_not_calculated if {
	count(buoyant.findings) == 1 with input as test.set(good, "/files/0~1p/boundaryField/outlet/type", "zeroGradient")
}
