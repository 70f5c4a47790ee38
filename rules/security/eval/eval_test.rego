package foamc.rules.security.eval_test

import data.foamc.rules.security.eval
import data.foamc.test

test_eval if {
	doc := test.set(test.case, "/directives", [{"name": "#eval", "file": "system/blockMeshDict", "line": 7, "column": 3}])
	fs := eval.findings with input as doc
	count(fs) == 1
}
