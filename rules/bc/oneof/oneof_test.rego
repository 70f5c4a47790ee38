package foamc.rules.bc.oneof_test

import data.foamc.rules.bc.oneof
import data.foamc.test

test_none if {
	count(oneof.findings) == 1 with input as test.set(test.case, "/files/0~1U/boundaryField/inlet", {"type": "flowRateInletVelocity", "value": {"$uniform": [0, 0, 0]}})
}

test_one if {
	count(oneof.findings) == 0 with input as test.set(test.case, "/files/0~1U/boundaryField/inlet", {"type": "flowRateInletVelocity", "volumetricFlowRate": 0.1})
}
