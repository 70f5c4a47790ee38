package foamc.rules.structure.transport_test

import data.foamc.rules.structure.transport
import data.foamc.test

test_complete if {
	count(transport.findings) == 0 with input as test.case
}

test_missing_file if {
	fs := transport.findings with input as test.del(test.case, "/files/constant~1transportProperties")
	count(fs) == 1
}

test_missing_nu if {
	fs := transport.findings with input as test.del(test.case, "/files/constant~1transportProperties/nu")
	count(fs) == 1
	some f in fs
	contains(f.msg, "nu")
}

test_non_newtonian_needs_no_nu if {
	doc := test.set(test.case, "/files/constant~1transportProperties", {"transportModel": "CrossPowerLaw"})
	count(transport.findings) == 0 with input as doc
}

test_icofoam_nu if {
	doc := object.union(test.case, {"features": {"solver": "icoFoam"}, "files": {"constant/transportProperties": {"transportModel": null}}})
	count(transport.findings) == 0 with input as doc
	doc2 := test.set(doc, "/files/constant~1transportProperties", {})
	count(transport.findings) == 1 with input as doc2
}

test_interfoam_sigma if {
	doc := object.union(test.case, {"features": {"solver": "interFoam"}, "files": {"constant/transportProperties": {"phases": ["water", "air"]}}})
	fs := transport.findings with input as doc
	count(fs) == 1
	some f in fs
	contains(f.msg, "sigma")
}

# scalarTransportFoam reads DT (createFields.H:50): v1912 stops with "Entry 'DT' not found".
test_scalar_transport_dt if {
	doc := {"features": {"solver": "scalarTransportFoam"}, "files": {"constant/transportProperties": {"D": 0.01}}}
	count(transport.findings) == 1 with input as doc
	count(transport.findings) == 0 with input as {"features": {"solver": "scalarTransportFoam"}, "files": {"constant/transportProperties": {"DT": 0.01}}}
}
