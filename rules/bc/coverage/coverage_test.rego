package foamc.rules.bc.coverage_test

import data.foamc.rules.bc.coverage
import data.foamc.test

test_ok if {
	count(coverage.findings) == 0 with input as test.case
}

test_missing_inlet if {
	fs := coverage.findings with input as test.del(test.case, "/files/0~1U/boundaryField/inlet")
	count(fs) == 1
	some f in fs
	f.related == ["/patches/0"]
}

test_group_and_regex if {
	bf := {"wall": {"type": "noSlip"}, "$regex": [{"pattern": "(in|out)let", "value": {"type": "zeroGradient"}}]}
	count(coverage.findings) == 0 with input as test.set(test.case, "/files/0~1U/boundaryField", bf)
}

test_empty_defaults if {
	count(coverage.findings) == 0 with input as test.del(test.case, "/files/0~1U/boundaryField/frontAndBack")
}

test_snappy_changes_patches if {
	doc := test.set(test.set(test.case, "/files/system~1snappyHexMeshDict", {}), "/patches/0/source", "system/blockMeshDict")
	count(coverage.findings) == 0 with input as test.del(doc, "/files/0~1U/boundaryField/inlet")
}

test_wall_group if {
	bf := test.set(test.del(test.del(test.case, "/files/0~1U/boundaryField/upperWall"), "/files/0~1U/boundaryField/lowerWall"), "/files/0~1U/boundaryField/wall", {"type": "noSlip"})
	count(coverage.findings) == 0 with input as test.set(bf, "/patches/2/inGroups", [])
}

test_regions if {
	doc := object.union(test.case, {
		"patches": array.concat(test.patches, [{"name": "hot", "type": "wall", "region": "heater"}]),
		"fields": {"heater/T": "0/heater/T"},
		"headers": {"0/heater/T": {"class": "volScalarField"}},
		"files": {"0/heater/T": {"boundaryField": {"cold": {"type": "zeroGradient"}}}},
	})
	fs := coverage.findings with input as doc
	count(fs) == 1
	some f in fs
	contains(f.msg, "patch hot")
}

test_no_boundary_field if {
	fs := coverage.findings with input as test.del(test.case, "/files/0~1k/boundaryField")
	count(fs) == 1
	some f in fs
	f.path == "/files/0~1k"
}
