package foamc.rules.security.classes_test

import data.foamc.rules.security.classes
import data.foamc.test

kb := {"version": "v1912", "vocab": {
	"functionObjects": ["forces", "probes", "coded"],
	"classes": {
		"fvOptions": ["explicitPorositySource", "scalarSemiImplicitSource"],
		"dynamicFvMeshes": ["dynamicMotionSolverFvMesh"],
		"motionSolvers": ["solidBody"],
		"solidBodyMotionFunctions": ["rotatingMotion"],
	},
}}

# Foundation 12's profile: fvModels, fvConstraints and the dynamicMeshDict mesh changers.
kb12 := {"version": "12", "release": {"id": "openfoam-12"}, "vocab": {
	"functionObjects": ["forces"],
	"classes": {
		"fvModels": ["semiImplicitSource"],
		"fvConstraints": ["limitTemperature"],
		"fvMeshMovers": ["motionSolver"],
		"fvMeshTopoChangers": ["refiner"],
		"motionSolvers": ["motionSolverList", "solidBody"],
		"solidBodyMotionFunctions": ["sixDoFMotion"],
	},
}}

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

# The message names the release judged (data.kb.version); the lists are that release's.
test_message_names_release if {
	fs := classes.findings with input as fos({"b": {"type": "myForces"}}) with data.kb as kb
	some f in fs
	contains(f.msg, "no class OpenFOAM v1912 compiles")
}

test_foundation_files if {
	doc := object.union(
		test.set(
			test.set(
				test.set(test.case, "/files/constant~1fvModels", {"s": {"type": "semiImplicitSource"}, "x": {"type": "myModel"}}),
				"/files/system~1fvConstraints", {"t": {"type": "limitTemperature"}, "y": {"type": "myConstraint"}},
			),
			"/files/constant~1dynamicMeshDict", {
				"mover": {"type": "motionSolver", "motionSolver": "motionSolverList", "solvers": {"a": {"motionSolver": "solidBody", "solidBodyMotionFunction": "sixDoFMotion"}}},
				"topoChanger": {"type": "myChanger"},
			},
		),
		{"release": {"id": "openfoam-12", "family": "foundation"}},
	)
	fs := classes.findings with input as doc with data.kb as kb12
	{f.path | some f in fs} == {
		"/files/constant~1fvModels/x/type",
		"/files/system~1fvConstraints/y/type",
		"/files/constant~1dynamicMeshDict/topoChanger/type",
	}
	every f in fs {
		contains(f.msg, "OpenFOAM 12 compiles")
		not f.severity
	}
}

# A release foamc has no profile of is judged with the nearest profile's lists: a class
# they lack is an info, since the case's release may compile it.
test_no_profile_is_info if {
	doc := object.union(fos({"b": {"type": "myForces"}}), {"release": {"id": "openfoam-11", "family": "foundation"}})
	fs := classes.findings with input as doc with data.kb as kb12
	count(fs) == 1
	some f in fs
	f.severity == "info"
	contains(f.msg, "no class list of openfoam-11")
}

# The Foundation reads its function objects from system/functions (the whole file).
test_system_functions if {
	doc := test.set(test.case, "/files/system~1functions", {"f": {"type": "forces"}, "x": {"type": "myFunction"}})
	fs := classes.findings with input as doc with data.kb as kb12
	{f.path | some f in fs} == {"/files/system~1functions/x/type"}
}
