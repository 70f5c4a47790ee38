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

# A thermo file that is there but unreadable is the loader's finding, not a missing file.
test_unreadable if {
	doc := {
		"files": {"constant/regionProperties": {"regions": ["fluid", [], "solid", ["solid"]]}},
		"errors": [{"id": "FOAM-PARSE-004", "location": {"file": "constant/solid/thermophysicalProperties"}}],
	}
	count(thermo.findings) == 0 with input as doc
}
