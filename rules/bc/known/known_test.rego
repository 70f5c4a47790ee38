package foamc.rules.bc.known_test

import data.foamc.rules.bc.known
import data.foamc.test

test_all_known if {
	count(known.findings) == 0 with input as test.case
}

test_misspelled if {
	fs := known.findings with input as test.set(test.case, "/files/0~1U/boundaryField/inlet/type", "fixedValu")
	count(fs) == 1
	some f in fs
	f.path == "/files/0~1U/boundaryField/inlet/type"
	"fixedValue" in f.suggest.candidates
	f.related == [{"path": "/patches/0", "message": "the patch in the mesh"}]
}

test_alias if {
	fs := known.findings with input as test.set(test.case, "/files/0~1U/boundaryField/inlet/type", "turbulentDigitalFilter")
	some f in fs
	f.suggest.candidates == ["turbulentDigitalFilterInlet"]
}

test_namespaced_left_to_bc016 if {
	count(known.findings) == 0 with input as test.set(test.case, "/files/0~1k/boundaryField/upperWall", {"type": "alphatWallFunction"})
}

test_wrong_rank if {
	fs := known.findings with input as test.set(test.case, "/files/0~1p/boundaryField/outlet/type", "noSlip")
	count(fs) == 1
	some f in fs
	contains(f.msg, "scalar")
}

test_no_kb if {
	count(known.findings) == 0 with input as test.set(test.case, "/files/0~1U/boundaryField/inlet/type", "fixedValu") with data.kb as {"solvers": {}}
}

test_solver_local if {
	doc := test.set(test.case, "/files/0~1p/boundaryField/outlet", {"type": "alphaContactAngle"})
	fs := known.findings with input as doc with data.kb.bc.alphaContactAngle as {"ranks": ["scalar"], "solvers": ["multiphaseEulerFoam"]}
	count(fs) == 1
	some f in fs
	contains(f.msg, "compiled only into multiphaseEulerFoam")
	count(known.findings) == 0 with input as test.set(doc, "/features/solver", "multiphaseEulerFoam") with data.kb.bc.alphaContactAngle as {"ranks": ["scalar"], "solvers": ["multiphaseEulerFoam"]}
}
