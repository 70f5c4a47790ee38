package foamc.rules.chemistry.noreactions_test

import data.foamc.rules.chemistry.noreactions
import data.foamc.test

empty := test.set(test.reacting, "/files/constant~1reactions/reactions", {})

test_ok if {
	count(noreactions.findings) == 0 with input as test.reacting
}

test_empty if {
	count(noreactions.findings) == 1 with input as empty
}

test_chemistry_off if {
	count(noreactions.findings) == 0 with input as test.set(empty, "/files/constant~1chemistryProperties/chemistry", "off")
}
