package foamc.rules.security.codestream_test

import data.foamc.rules.security.codestream
import data.foamc.test

doc := test.set(test.case, "/directives", [
	{"name": "#codeStream", "file": "system/blockMeshDict", "line": 19, "column": 10, "path": "/files/system~1blockMeshDict/vertices"},
	{"name": "#include", "file": "0/U", "line": 3, "column": 1},
	{"name": "#calc", "file": "0/U", "line": 4, "column": 1},
])

test_denied if {
	fs := codestream.findings with input as doc
	count(fs) == 2
	some f in fs
	f.path == "/files/system~1blockMeshDict/vertices"
}

test_allowed if {
	count(codestream.findings) == 0 with input as doc with data.config.allow_code as true
}
