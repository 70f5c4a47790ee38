package foamc.rules.parallel.divisions_test

import data.foamc.rules.parallel.divisions
import data.foamc.test

dict(d) := test.set(test.case, "/files/system~1decomposeParDict", d)

test_product_differs if {
	fs := divisions.findings with input as dict({"numberOfSubdomains": 2, "method": "simple", "coeffs": {"n": [3, 1, 1]}})
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1decomposeParDict/coeffs/n"
	contains(f.msg, "makes 3 subdomains but numberOfSubdomains is 2")
}

test_method_coeffs_win if {
	# hierarchicalCoeffs is read before coeffs.
	doc := dict({"numberOfSubdomains": 4, "method": "hierarchical", "hierarchicalCoeffs": {"n": [2, 1, 1]}, "coeffs": {"n": [2, 2, 1]}})
	fs := divisions.findings with input as doc
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1decomposeParDict/hierarchicalCoeffs/n"
}

test_consistent if {
	count(divisions.findings) == 0 with input as dict({"numberOfSubdomains": 4, "method": "hierarchical", "coeffs": {"n": [2, 2, 1]}})
	count(divisions.findings) == 0 with input as dict({"numberOfSubdomains": 4, "method": "random"})
}
