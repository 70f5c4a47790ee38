package foamc.rules.turbulence.alphat_test

import data.foamc.rules.turbulence.alphat
import data.foamc.test

ras := object.union(test.compressible, {"features": {"simulationType": "RAS", "turbulenceModel": "kEpsilon"}})

test_missing if {
	count(alphat.findings) == 1 with input as ras
}

test_present if {
	count(alphat.findings) == 0 with input as test.set(ras, "/fields/alphat", "0/alphat")
}

test_laminar if {
	count(alphat.findings) == 0 with input as test.compressible
}
