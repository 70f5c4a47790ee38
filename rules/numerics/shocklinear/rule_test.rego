package foamc.rules.numerics.shocklinear_test

import data.foamc.rules.numerics.shocklinear
import data.foamc.test

test_ok if {
	count(shocklinear.findings) == 0 with input as test.compressible
}

test_linear if {
	count(shocklinear.findings) == 1 with input as test.set(test.compressible, "/files/system~1fvSchemes/divSchemes/div(phi,U)", ["Gauss", "linear"])
}
