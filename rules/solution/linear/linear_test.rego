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

	# the one regex entry serving U, k and epsilon: its solver and its preconditioner
	count(linear.findings) == 2 with input as doc
}

test_pbicg_on_p if {
	doc := test.set(test.case, "/files/system~1fvSolution/solvers/p", {"solver": "PBiCG", "preconditioner": "DILU"})
	count(linear.findings) == 2 with input as doc
}

test_compressible_pressure_is_symmetric if {
	# rhoPimpleFoam without transonic: "Unknown symmetric matrix preconditioner type DILU"
	doc := test.set(test.compressible, "/files/system~1fvSolution/solvers/$regex/1/value", {"solver": "PBiCGStab", "preconditioner": "DILU"})
	fs := linear.findings with input as doc
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1fvSolution/solvers/$regex/1/value/preconditioner"

	# p has its own entry (GAMG); the regex "p.*" serves pFinal
	f.msg == "preconditioner DILU works only for asymmetric matrices; the pFinal equation is symmetric"
	count(linear.findings) == 0 with input as test.set(doc, "/files/system~1fvSolution/PIMPLE/transonic", true)
	count(linear.findings) == 0 with input as test.set(doc, "/features/solver", "sonicFoam")
}

test_regex_entry_reported_once if {
	doc := test.set(test.case, "/files/system~1fvSolution/solvers/$regex/0/value/solver", "smoothSolverr")
	fs := linear.findings with input as doc
	count(fs) == 1
	some f in fs

	# "(U|k|epsilon|omega|f|v2)" serves U, k and epsilon: one finding
	f.msg == "unknown linear solver \"smoothSolverr\" for U, epsilon, k"
}

test_transonic if {
	doc := test.set(test.case, "/files/system~1fvSolution/solvers/p", {"solver": "PBiCG", "preconditioner": "DILU"})
	count(linear.findings) == 0 with input as test.set(doc, "/files/system~1fvSolution/SIMPLE/transonic", "yes")
}
