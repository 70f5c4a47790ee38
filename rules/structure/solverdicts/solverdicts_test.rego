package foamc.rules.structure.solverdicts_test

import data.foamc.rules.structure.solverdicts
import data.foamc.test

test_srf_needs_srfproperties if {
	doc := test.set(test.case, "/features/solver", "SRFSimpleFoam")
	fs := solverdicts.findings with input as doc
	count(fs) == 1
	some f in fs
	contains(f.msg, "SRFProperties")
	count(solverdicts.findings) == 0 with input as test.set(doc, "/files/constant~1SRFProperties", {"SRFModel": "rpm", "origin": [0, 0, 0], "axis": [0, 0, 1], "rpm": 10})
}

test_cht_region_properties if {
	count(solverdicts.findings) == 1 with input as test.set(test.case, "/features/solver", "chtMultiRegionFoam")
}

test_simplefoam_needs_nothing_extra if {
	count(solverdicts.findings) == 0 with input as test.case
}

srf(d) := test.set(test.set(test.case, "/features/solver", "SRFSimpleFoam"), "/files/constant~1SRFProperties", d)

test_srf_complete if {
	count(solverdicts.findings) == 0 with input as srf({"SRFModel": "rpm", "origin": [0, 0, 0], "axis": [0, 0, 1], "rpmCoeffs": {"rpm": 5000}})
}

test_srf_unknown_model if {
	fs := solverdicts.findings with input as srf({"SRFModel": "rmp", "origin": [0, 0, 0], "axis": [0, 0, 1]})
	count(fs) == 1
	some f in fs
	f.suggest.candidates == ["rpm"]
}

test_srf_missing_rpm_and_axis if {
	count(solverdicts.findings) == 2 with input as srf({"SRFModel": "rpm", "origin": [0, 0, 0], "rpmCoeffs": {}})
}
