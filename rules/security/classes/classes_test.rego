package foamc.rules.security.classes_test

import data.foamc.rules.security.classes
import data.foamc.test

kb := {"vocab": {"functionObjects": ["forces", "probes", "coded"]}}

fos(d) := test.set(test.case, "/files/system~1controlDict/functions", d)

test_function_objects if {
	fs := classes.findings with input as fos({"a": {"type": "forces"}, "b": {"type": "myForces"}, "c": {"type": "coded"}, "d": {"$regex": [{"pattern": "typ(e)", "value": "evilFO"}]}})
		with data.kb as kb
	{f.path | some f in fs} == {
		"/files/system~1controlDict/functions/b/type",
		"/files/system~1controlDict/functions/d/$regex/0/value",
	}
}

test_function_object_under_pattern_name if {
	fs := classes.findings with input as fos({"$regex": [{"pattern": "f.*", "value": {"type": "evilFO"}}]}) with data.kb as kb
	count(fs) == 1
}

test_fv_options if {
	doc := test.set(test.case, "/files/constant~1fvOptions", {
		"s": {"type": "scalarSemiImplicitSource"},
		"p": {"type": "explicitPorositySource", "explicitPorositySourceCoeffs": {"type": "DarcyForchheimer"}},
		"x": {"type": "myOption"},
	})
	fs := classes.findings with input as doc with data.kb as kb
	{f.path | some f in fs} == {"/files/constant~1fvOptions/x/type"}
}

test_fv_options_sub_dict if {
	doc := test.set(test.case, "/files/system~1fvOptions", {"options": {"x": {"type": "myOption"}}})
	count(classes.findings) == 1 with input as doc with data.kb as kb
}

test_dynamic_mesh if {
	doc := test.set(test.case, "/files/constant~1dynamicMeshDict", {
		"dynamicFvMesh": "myMesh",
		"motionSolver": "solidBody",
		"solidBodyMotionFunction": "rotatingMotion",
		"sub": {"solver": "myMotion", "$regex": [{"pattern": "solidBodyMotion.*", "value": "myFunction"}]},
	})
	fs := classes.findings with input as doc with data.kb as kb
	{f.path | some f in fs} == {
		"/files/constant~1dynamicMeshDict/dynamicFvMesh",
		"/files/constant~1dynamicMeshDict/sub/solver",
		"/files/constant~1dynamicMeshDict/sub/$regex/0/value",
	}
}

test_allowed if {
	count(classes.findings) == 0 with input as fos({"b": {"type": "myForces"}}) with data.kb as kb with data.config.allow_code as true
}
