package foamc.rules.numerics.divkeys_test

import data.foamc.rules.numerics.divkeys
import data.foamc.test

test_ok if {
	count(divkeys.findings) == 0 with input as test.case
}

test_missing_regex_key if {
	fs := divkeys.findings with input as test.del(test.case, "/files/system~1fvSchemes/divSchemes/$regex")
	count(fs) == 2
}

test_default_used if {
	doc := test.set(test.del(test.case, "/files/system~1fvSchemes/divSchemes/$regex"), "/files/system~1fvSchemes/divSchemes/default", ["Gauss", "linear"])
	count(divkeys.findings) == 0 with input as doc
}

test_maxwell if {
	doc := object.union(test.case, {
		"features": {"simulationType": "laminar"},
		"files": {"constant/turbulenceProperties": {"simulationType": "laminar", "laminar": {"laminarModel": "Maxwell"}}},
	})
	count(divkeys.findings) == 0 with input as test.del(doc, "/files/system~1fvSchemes/divSchemes/div((nuEff*dev2(T(grad(U)))))")
	doc2 := test.set(doc, "/files/constant~1turbulenceProperties/laminar/laminarModel", "Stokes")
	count(divkeys.findings) == 1 with input as test.del(doc2, "/files/system~1fvSchemes/divSchemes/div((nuEff*dev2(T(grad(U)))))")
}

test_spalart if {
	doc := test.set(test.case, "/features/turbulenceModel", "SpalartAllmaras")
	fs := divkeys.findings with input as doc
	count(fs) == 1
	some f in fs
	contains(f.msg, "div(phi,nuTilda)")
}
