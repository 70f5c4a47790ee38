package foamc.rules.dims.fields_test

import data.foamc.rules.dims.fields
import data.foamc.test

test_ok if {
	count(fields.findings) == 0 with input as test.case
}

test_k_wrong if {
	count(fields.findings) == 1 with input as test.set(test.case, "/files/0~1k/dimensions", {"$dims": [0, 2, -3, 0, 0, 0, 0]})
}

alphat(d, comp) := object.union(test.case, {
	"features": {"compressible": comp},
	"fields": {"alphat": "0/alphat"},
	"headers": {"0/alphat": {"class": "volScalarField"}},
	"files": {"0/alphat": {"dimensions": {"$dims": d}}},
})

test_alphat if {
	count(fields.findings) == 0 with input as alphat([0, 2, -1, 0, 0, 0, 0], false)
	count(fields.findings) == 1 with input as alphat([0, 2, -1, 0, 0, 0, 0], true)
}
