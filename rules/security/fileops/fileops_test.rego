package foamc.rules.security.fileops_test

import data.foamc.rules.security.fileops
import data.foamc.test

fos(d) := test.set(test.case, "/files/system~1controlDict/functions", d)

test_time_activated if {
	fs := fileops.findings with input as fos({"swap": {"type": "timeActivatedFileUpdate", "fileToUpdate": "$FOAM_CASE/system/controlDict"}})
	count(fs) == 1
	some f in fs
	f.path == "/files/system~1controlDict/functions/swap"
}

test_time_activated_pattern_key if {
	fs := fileops.findings with input as fos({"swap": {"$regex": [{"pattern": "typ(e)", "value": "timeActivatedFileUpdate"}]}})
	count(fs) == 1
}

test_paths if {
	fs := fileops.findings with input as fos({
		"a": {"type": "abort", "file": "/home/u/.bashrc"},
		"b": {"type": "vtkWrite", "directory": "$FOAM_CASE/../x"},
		"c": {"type": "ensightWrite", "directory": "<case>/ensight"},
		"d": {"type": "dataCloud", "directory": "postProcessing/d"},
		"e": {"type": "externalCoupled", "commsDir": "${HOME}/c"},
		"g": {"type": "externalCoupled", "commsDir": "<case>/comms"},
		"h": {"type": "abort"},
	})
	{f.path | some f in fs} == {
		"/files/system~1controlDict/functions/a/file",
		"/files/system~1controlDict/functions/b/directory",
		"/files/system~1controlDict/functions/e/commsDir",
	}
}

test_allowed if {
	count(fileops.findings) == 0 with input as fos({"swap": {"type": "timeActivatedFileUpdate"}}) with data.config.allow_code as true
}
