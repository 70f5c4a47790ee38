package foamc.rules.thermo.energy_test

import data.foamc.rules.thermo.energy
import data.foamc.test

test_ok if {
	count(energy.findings) == 0 with input as test.compressible
}

test_central_h if {
	count(energy.findings) == 1 with input as test.set(test.compressible, "/features/solver", "rhoCentralFoam")
}
