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
	f.related == [{"path": "/patches/0", "message": "the patch in the mesh"}, {"path": "/files/0~1U/boundaryField/inlet", "message": "missing"}]
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
		"patches": array.concat(test.patches, [{"name": "hot", "type": "wall", "region": "heater", "source": "constant/heater/polyMesh/boundary"}]),
		"fields": {"heater/T": "0/heater/T"},
		"headers": {"0/heater/T": {"class": "volScalarField"}},
		"files": {"0/heater/T": {"boundaryField": {"cold": {"type": "zeroGradient"}}}},
	})
	fs := coverage.findings with input as doc
	count(fs) == 1
	some f in fs
	contains(f.msg, "patch hot")
	f.related == [
		{"path": "/patches/5", "message": "the patch in the mesh"},
		{"path": "/files/0~1heater~1T/boundaryField/hot", "message": "missing"},
	]

	# Region fields are checked against the region's own mesh; in a case with
	# regionProperties the default region's (blockMesh) patches are not final.
	split := test.set(doc, "/files/constant~1regionProperties", {"regions": ["solid", ["heater"]]})
	count(coverage.findings) == 1 with input as split
	unsplit := test.set(split, "/patches/5/source", "system/blockMeshDict")
	count(coverage.findings) == 0 with input as unsplit
}

# A patch of the same name in two regions: the related location is the field's own region's.
test_region_related if {
	doc := object.union(test.case, {
		"patches": array.concat(test.patches, [
			{"name": "inlet", "type": "patch", "region": "air", "source": "constant/air/polyMesh/boundary"},
			{"name": "inlet", "type": "patch", "region": "heater", "source": "constant/heater/polyMesh/boundary"},
		]),
		"fields": {"heater/T": "0/heater/T"},
		"headers": {"0/heater/T": {"class": "volScalarField"}},
		"files": {"0/heater/T": {"boundaryField": {}}},
	})
	[f] := [f | some f in coverage.findings] with input as doc
	f.related[0] == {"path": "/patches/6", "message": "the patch in the mesh"}
}

test_no_boundary_field if {
	fs := coverage.findings with input as test.del(test.case, "/files/0~1k/boundaryField")
	count(fs) == 1
	some f in fs
	f.path == "/files/0~1k"
}
