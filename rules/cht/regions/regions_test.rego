package foamc.rules.cht.regions_test

import data.foamc.rules.cht.regions

doc(listed) := {
	"files": {
		"constant/regionProperties": {"regions": ["fluid", ["fluid"], "solid", listed]},
		"constant/fluid/thermophysicalProperties": {},
		"constant/solid/thermophysicalProperties": {},
	},
	"meshes": {},
}

test_region_not_listed if {
	count(regions.findings) == 1 with input as doc([])
}

test_all_listed if {
	count(regions.findings) == 0 with input as doc(["solid"])
}
