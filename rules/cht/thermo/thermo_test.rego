package foamc.rules.cht.thermo_test

import data.foamc.rules.cht.thermo

test_solid_without_thermo if {
	doc := {"files": {
		"constant/regionProperties": {"regions": ["fluid", ["fluid"], "solid", ["solid"]]},
		"constant/fluid/thermophysicalProperties": {},
	}}
	count(thermo.findings) == 1 with input as doc
}

test_every_region_has_thermo if {
	doc := {"files": {
		"constant/regionProperties": {"regions": ["fluid", ["fluid"], "solid", ["solid"]]},
		"constant/fluid/thermophysicalProperties": {},
		"constant/solid/thermophysicalProperties": {},
	}}
	count(thermo.findings) == 0 with input as doc
}

test_phase_thermo if {
	doc := {"files": {
		"constant/regionProperties": {"regions": ["fluid", ["water"], "solid", []]},
		"constant/water/thermophysicalProperties.liquid": {},
	}}
	count(thermo.findings) == 0 with input as doc
}
