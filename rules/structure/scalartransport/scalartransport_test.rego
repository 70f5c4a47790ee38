package foamc.rules.structure.scalartransport_test

import data.foamc.rules.structure.scalartransport

fo := {"tracer": {"type": "scalarTransport", "field": "tracer", "D": 1e-4}}

doc := {
	"fields": {"tracer": "0/tracer"},
	"files": {
		"system/controlDict": {"functions": fo},
		"system/fvSchemes": {"divSchemes": {"default": "none", "div(phi,tracer)": ["Gauss", "limitedLinear", 1]}},
		"system/fvSolution": {"solvers": {"tracer": {"solver": "PBiCGStab"}}},
	},
}

test_clean if {
	count(scalartransport.findings) == 0 with input as doc
}

test_missing_everything if {
	bare := {"files": {"system/controlDict": {"functions": fo}, "system/fvSchemes": {"divSchemes": {"default": "none"}}, "system/fvSolution": {"solvers": {}}}}
	count(scalartransport.findings) == 3 with input as bare
}

test_default_field_name if {
	d := json.patch(doc, [{"op": "replace", "path": "/files/system~1controlDict/functions", "value": {"s1": {"type": "scalarTransport"}}}])
	count(scalartransport.findings) == 3 with input as d
}

# A function object of another region reads that region's files (windshieldCondensation's cabin).
test_other_region if {
	bare := {"files": {"system/controlDict": {"functions": {"H2O": {"type": "scalarTransport", "field": "H2O", "region": "cabin"}}}, "system/fvSchemes": {"divSchemes": {"default": "none"}}, "system/fvSolution": {"solvers": {}}}}
	count(scalartransport.findings) == 0 with input as bare
}
