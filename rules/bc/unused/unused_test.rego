package foamc.rules.bc.unused_test

import data.foamc.rules.bc.unused
import data.foamc.test

test_ok if {
	count(unused.findings) == 0 with input as test.case
}

test_misspelt if {
	doc := test.set(test.case, "/files/0~1U/boundaryField/inlett", {"type": "zeroGradient"})
	fs := unused.findings with input as doc
	count(fs) == 1
	some f in fs
	f.suggest.candidates[0] == "inlet"
}

test_constraint_group_keys if {
	count(unused.findings) == 0 with input as test.set(test.case, "/files/0~1U/boundaryField/wedge", {"type": "wedge"})
}

test_blockmesh_default_patch if {
	doc := test.set(test.set(test.case, "/patches/0/source", "system/blockMeshDict"), "/files/system~1blockMeshDict/defaultPatch", {"name": "sides", "type": "wall"})
	count(unused.findings) == 0 with input as test.set(doc, "/files/0~1U/boundaryField/sides", {"type": "noSlip"})
	count(unused.findings) == 1 with input as test.set(doc, "/files/0~1U/boundaryField/defaultFaces", {"type": "empty"})
	count(unused.findings) == 0 with input as test.set(test.set(test.case, "/patches/0/source", "system/blockMeshDict"), "/files/0~1U/boundaryField/defaultFaces", {"type": "empty"})
}
