package foamc.rules.numerics.energykeys_test

import data.foamc.rules.numerics.energykeys
import data.foamc.test

test_ok if {
	count(energykeys.findings) == 0 with input as test.compressible
}

test_e_needs_phiv if {
	fs := energykeys.findings with input as test.set(test.compressible, "/features/energy", "e")
	count(fs) == 2
}
