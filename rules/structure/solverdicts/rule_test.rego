package foamc.rules.structure.solverdicts_test

import data.foamc.rules.structure.solverdicts
import data.foamc.test

test_srf_needs_srfproperties if {
	doc := test.set(test.case, "/features/solver", "SRFSimpleFoam")
	fs := solverdicts.findings with input as doc
	count(fs) == 1
	some f in fs
	contains(f.msg, "SRFProperties")
	count(solverdicts.findings) == 0 with input as test.set(doc, "/files/constant~1SRFProperties", {})
}

test_cht_region_properties if {
	count(solverdicts.findings) == 1 with input as test.set(test.case, "/features/solver", "chtMultiRegionFoam")
}

test_simplefoam_needs_nothing_extra if {
	count(solverdicts.findings) == 0 with input as test.case
}
