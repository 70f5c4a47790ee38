package foamc.rules.solution.linear_test

import data.foamc.rules.solution.linear
import data.foamc.test

test_ok if {
	count(linear.findings) == 0 with input as test.case
	count(linear.findings) == 0 with input as test.compressible
}

test_unknown if {
	fs := linear.findings with input as test.set(test.case, "/files/system~1fvSolution/solvers/p/solver", "GAMGG")
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSolution/solvers/p/solver"
}

test_rho_diagonal if {
	count(linear.findings) == 0 with input as test.set(test.compressible, "/files/system~1fvSolution/solvers/$regex/0/value/solver", "nthn")
}

test_pcg_on_u if {
	doc := test.set(test.case, "/files/system~1fvSolution/solvers/$regex/0/value", {"solver": "PCG", "preconditioner": "DIC"})

	# U, k, epsilon: solver and preconditioner each
	count(linear.findings) == 6 with input as doc
}

test_pbicg_on_p if {
	doc := test.set(test.case, "/files/system~1fvSolution/solvers/p", {"solver": "PBiCG", "preconditioner": "DILU"})
	count(linear.findings) == 2 with input as doc
}

test_transonic if {
	doc := test.set(test.case, "/files/system~1fvSolution/solvers/p", {"solver": "PBiCG", "preconditioner": "DILU"})
	count(linear.findings) == 0 with input as test.set(doc, "/files/system~1fvSolution/SIMPLE/transonic", "yes")
}
