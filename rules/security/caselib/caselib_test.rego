package foamc.rules.security.caselib_test

import data.foamc.rules.security.caselib
import data.foamc.test

libs(names) := test.set(test.case, "/files/system~1controlDict/libs", names)

test_case_library if {
	fs := caselib.findings with input as libs(["libforces.so", "$FOAM_CASE/libevil.so", "./libevil.so", "<case>/libx.so", "~/lib/liby.so", "/opt/x/libforces.so", "/usr/lib/../../tmp/libz.so"])
	count(fs) == 6
	paths := {f.path | some f in fs}
	paths == {sprintf("/files/system~1controlDict/libs/%d", [i]) | some i in numbers.range(1, 6)}
}

test_openfoam_and_bare_names if {
	count(caselib.findings) == 0 with input as libs(["forces", "libmyBCs.so", "/usr/lib/libforces.so", "/usr/lib/openmpi-system/libPstream.so"])
}

test_other_library_keys if {
	doc := test.set(test.set(test.case, "/files/system~1controlDict/functions", {"f": {"type": "surfaces", "functionObjectLibs": ["$FOAM_CASE/a.so"]}}), "/files/constant~1dynamicMeshDict", {"dynamicFvMeshLibs": ["../b.so"]})
	count(caselib.findings) == 2 with input as doc
}

test_allowed if {
	count(caselib.findings) == 0 with input as libs(["$FOAM_CASE/libevil.so"]) with data.config.allow_code as true
}

test_pattern_key if {
	fs := caselib.findings with input as test.set(test.case, "/files/system~1controlDict/$regex", [{"pattern": "li(b)s", "value": ["$FOAM_CASE/x.so"]}])
	count(fs) == 1
}
