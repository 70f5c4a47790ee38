package foamc.rules.bc.coverage_test

import data.foamc.rules.bc.coverage
import data.foamc.test

test_ok if {
	count(coverage.findings) == 0 with input as test.case
}

test_missing_inlet if {
	fs := coverage.findings with input as test.del(test.case, "/files/0~1U/boundaryField/inlet")
	count(fs) == 1
	some f in fs
	f.related == ["/patches/0"]
}

test_group_and_regex if {
	bf := {"wall": {"type": "noSlip"}, "$regex": [{"pattern": "(in|out)let", "value": {"type": "zeroGradient"}}]}
	count(coverage.findings) == 0 with input as test.set(test.case, "/files/0~1U/boundaryField", bf)
}

test_empty_defaults if {
	count(coverage.findings) == 0 with input as test.del(test.case, "/files/0~1U/boundaryField/frontAndBack")
}
