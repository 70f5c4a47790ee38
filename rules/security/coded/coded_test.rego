package foamc.rules.security.coded_test

import data.foamc.rules.security.coded
import data.foamc.test

doc := test.set(test.set(test.case, "/files/0~1U/boundaryField/inlet", {"type": "codedFixedValue", "name": "x", "code": "#{ #}"}), "/files/system~1controlDict/functions", {"f1": {"type": "coded"}, "f2": {"type": "scalarCodedSource"}})

test_found if {
	fs := coded.findings with input as doc
	count(fs) == 3
	some f in fs
	f.path == "/files/0~1U/boundaryField/inlet"
}

test_allowed if {
	count(coded.findings) == 0 with input as doc with data.config.allow_code as true
}

test_clean if {
	count(coded.findings) == 0 with input as test.case
}

test_non_string_type if {
	doc := test.set(test.case, "/files/system~1controlDict/functions", {"f": {"type": ["a", "b"], "libs": ["libforces.so"]}})
	count(coded.findings) == 0 with input as doc
}

test_pattern_type if {
	doc := test.set(test.case, "/files/0~1U/boundaryField/inlet", {"$regex": [{"pattern": "typ(e)", "value": "codedFixedValue"}]})
	fs := coded.findings with input as doc
	{f.path | some f in fs} == {"/files/0~1U/boundaryField/inlet"}
}

# A pattern foamc cannot translate ("re": null) is taken to match every keyword.
test_untranslatable_pattern if {
	doc := test.set(test.case, "/files/0~1U/boundaryField/inlet", {"$regex": [{"pattern": "t\\ype", "re": null, "value": "codedFixedValue"}]})
	count(coded.findings) == 1 with input as doc
}

test_other_selectors if {
	doc := test.set(test.case, "/files/constant~1dynamicMeshDict", {"dynamicFvMesh": "dynamicMotionSolverFvMesh", "motionSolver": "coded", "sub": {"$regex": [{"pattern": "s.*", "value": "coded"}, {"pattern": "coded", "value": {}}]}})
	fs := coded.findings with input as doc
	{f.path | some f in fs} == {"/files/constant~1dynamicMeshDict/motionSolver", "/files/constant~1dynamicMeshDict/sub/$regex/0/value"}
}
