package foamc.rules.security.includes_test

import data.foamc.rules.security.includes
import data.foamc.test

doc := test.set(test.case, "/includes", [
	{"file": "0/U", "line": 3, "target": "include/initialConditions", "resolved": "0/include/initialConditions"},
	{"file": "0/p", "line": 4, "target": "/etc/passwd", "resolved": "/etc/passwd"},
	{"file": "0/k", "line": 5, "target": "../../other/k", "resolved": "../other/k"},
	{"file": "0/k", "line": 6, "target": "caseDicts/setConstraintTypes", "resolved": "/usr/share/openfoam/etc/caseDicts/setConstraintTypes", "directive": "#includeEtc"},
	{"file": "/usr/share/openfoam/etc/caseDicts/foamyHexMeshDict", "line": 136, "target": "meshQualityDict", "resolved": "/usr/share/openfoam/etc/caseDicts/meshQualityDict"},
])

test_outside if {
	fs := includes.findings with input as doc
	count(fs) == 2
	some f in fs
	f.location == {"file": "0/p", "line": 4}
}
