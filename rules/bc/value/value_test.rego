package foamc.rules.bc.value_test

import data.foamc.rules.bc.value
import data.foamc.test

test_ok if {
	count(value.findings) == 0 with input as test.case
}

test_missing_value if {
	fs := value.findings with input as test.set(test.case, "/files/0~1U/boundaryField/inlet", {"type": "fixedValue"})
	count(fs) == 1
}
