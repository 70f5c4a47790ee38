package foamc.rules.chemistry.fractions_test

import data.foamc.rules.chemistry.fractions
import data.foamc.test

test_ok if {
	count(fractions.findings) == 0 with input as test.reacting
}

test_sum if {
	fs := fractions.findings with input as test.set(test.reacting, "/files/0~1N2/boundaryField/air/value", {"$uniform": 0.7})
	count(fs) == 1
	some f in fs
	contains(f.msg, "sum to 0.93")
}

# A patch where one specie is not fixed (inletOutlet) is not judged.
test_not_all_fixed if {
	count(fractions.findings) == 0 with input as test.set(test.reacting, "/files/0~1N2/boundaryField/outlet/inletValue", {"$uniform": 0.5})
}
