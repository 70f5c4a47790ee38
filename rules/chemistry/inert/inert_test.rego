package foamc.rules.chemistry.inert_test

import data.foamc.rules.chemistry.inert
import data.foamc.test

test_ok if {
	count(inert.findings) == 0 with input as test.reacting
}

test_missing if {
	count(inert.findings) == 1 with input as test.del(test.reacting, "/files/constant~1thermophysicalProperties/inertSpecie")
}

test_not_a_specie if {
	fs := inert.findings with input as test.set(test.reacting, "/files/constant~1thermophysicalProperties/inertSpecie", "Ar")
	count(fs) == 1
	some f in fs
	f.path == "/files/constant~1thermophysicalProperties/inertSpecie"
}

# A non-reacting solver reads no inertSpecie.
test_other_solver if {
	count(inert.findings) == 0 with input as test.set(test.del(test.reacting, "/files/constant~1thermophysicalProperties/inertSpecie"), "/features/solver", "rhoPimpleFoam")
}
