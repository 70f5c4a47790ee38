package foamc.rules.structure.files_test

import data.foamc.rules.structure.files
import data.foamc.test

test_complete_case_passes if {
	count(files.findings) == 0 with input as test.case
}

test_missing_fvsolution if {
	fs := files.findings with input as test.del(test.case, "/files/system~1fvSolution")
	count(fs) == 1
	some f in fs
	contains(f.msg, "system/fvSolution")
}

# An unreadable controlDict (a FIFO) is reported by the loader, not as missing.
test_unreadable_is_not_missing if {
	doc := test.del(test.case, "/files/system~1controlDict")
	count(files.findings) == 1 with input as doc
	unreadable := test.set(doc, "/errors", [{
		"id": "FOAM-PARSE-008", "severity": "deny",
		"summary": "cannot read system/controlDict: not a regular file (a named pipe)",
		"location": {"file": "system/controlDict", "line": 0, "column": 0, "path": ""},
	}])
	count(files.findings) == 0 with input as unreadable
}

test_no_mesh_and_no_blockmeshdict if {
	doc := test.set(test.del(test.case, "/files/system~1blockMeshDict"), "/patches", [])
	fs := files.findings with input as doc
	count(fs) == 1
	some f in fs
	f.path == "/patches"
	f.severity == "warn"
}

test_converter_input_is_enough if {
	doc := test.set(test.del(test.case, "/files/system~1blockMeshDict"), "/patches", [])
	count(files.findings) == 0 with input as test.set(doc, "/features/meshInputs", ["mesh.msh"])
}

test_blockmeshdict_is_enough if {
	count(files.findings) == 0 with input as test.set(test.case, "/patches", [])
}

test_multi_region if {
	doc := test.set(test.del(test.case, "/files/system~1fvSolution"), "/files/constant~1regionProperties", {"regions": []})
	count(files.findings) == 0 with input as doc
}

# foamMultiRun keeps fvSchemes per region even before a set-up step writes its regionSolvers.
test_region_application if {
	doc := test.set(test.del(test.case, "/files/system~1fvSchemes"), "/files/system~1controlDict/application", "foamMultiRun")
	count(files.findings) == 1 with input as doc
	count(files.findings) == 0 with input as doc with data.kb.release.layout.regionApplications as ["foamMultiRun"]
}
