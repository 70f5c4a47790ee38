package foamc.rules.structure.waterdepth_test

import data.foamc.rules.structure.waterdepth

sw(hfile) := {"features": {"solver": "shallowWaterFoam"}, "fields": {"h": "0/h"}, "files": {"0/h": hfile}}

test_wet if {
	count(waterdepth.findings) == 0 with input as sw({"internalField": {"$uniform": 0.1}, "boundaryField": {"outlet": {"type": "fixedValue", "value": {"$uniform": 0.1}}}})
	count(waterdepth.findings) == 0 with input as sw({"internalField": {"$nonuniform": {"size": 3, "type": "scalar"}}})
}

test_dry if {
	count(waterdepth.findings) == 1 with input as sw({"internalField": {"$uniform": 0}})
	count(waterdepth.findings) == 2 with input as sw({"internalField": {"$uniform": -0.1}, "boundaryField": {"outlet": {"type": "fixedValue", "value": {"$uniform": 0}}}})
}

test_other_solver if {
	count(waterdepth.findings) == 0 with input as {"features": {"solver": "interFoam"}, "fields": {"h": "0/h"}, "files": {"0/h": {"internalField": {"$uniform": 0}}}}
}
