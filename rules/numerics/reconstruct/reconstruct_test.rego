package foamc.rules.numerics.reconstruct_test

import data.foamc.rules.numerics.reconstruct
import data.foamc.test

central := test.set(test.compressible, "/features/solver", "rhoCentralFoam")

test_missing if {
	count(reconstruct.findings) == 3 with input as central
}

test_ok if {
	doc := test.set(central, "/files/system~1fvSchemes/interpolationSchemes", {
		"default": "linear", "reconstruct(rho)": "vanLeer", "reconstruct(U)": "vanLeerV",
		"$regex": [{"pattern": "reconstruct\\(T\\)", "value": "vanLeer"}],
	})
	count(reconstruct.findings) == 0 with input as doc
}

test_linear if {
	doc := test.set(central, "/files/system~1fvSchemes/interpolationSchemes", {"reconstruct(rho)": "linear", "reconstruct(U)": "vanLeerV", "reconstruct(T)": "vanLeer"})
	count(reconstruct.findings) == 1 with input as doc
}
